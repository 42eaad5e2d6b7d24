"""Mine All Mines, learn to play: a guided first game against one bot, in our own words.

Two players (the fewest the game allows): four short rounds of five dwarves each. Seed 89 deals
the learner the first turn of the game with the Dealer and four mining dwarves, and shows a
Ring for two Sapphires beside the "2 Rings" achievement: a first purchase within reach of the
first round, and a claim soon after.
"""
from __future__ import annotations

from ...engine.tutorial import Lesson, Tutorial
from .data import GEM_NAMES, load
from .pyramid import FOE, FRIEND, relation
from .tables import holdings, meets_need, payments_for

LEARNER = 0


def _mine(view) -> bool:
    return LEARNER in view["to_act"]


def _phase(*phases: str):
    return lambda view: view["phase"] in phases and _mine(view)


def _miners(view) -> list[int]:
    return [d for d in view["hand"] or [] if isinstance(d, int)]


def _entrance_open(view) -> bool:
    """The learner may make a Mine action: an empty entrance of a gem whose dwarf they hold."""
    return view["phase"] == "play" and _mine(view) and any(
        view["mines"][g][0] is None for g in _miners(view))


def _someone_digs(view) -> bool:
    """A dwarf of another player stands in a mine and the learner holds a mining dwarf."""
    return view["phase"] == "play" and _mine(view) and bool(_miners(view)) and _other_dwarf(
        view) is not None


def _other_dwarf(view) -> tuple[int, int, int] | None:
    """(gem, owner, mine) of the first dwarf of another player in the mines."""
    for m in range(5):
        for d in view["mines"][m]:
            if d is not None and d[1] != LEARNER:
                return d[0], d[1], m
    return None


def _affordable(view) -> list[str]:
    gems = tuple(view["gems"][LEARNER])
    shown = [c for c in view["jewelry_shown"] + view["support_shown"] if c is not None]
    return [c for c in shown if payments_for(c, gems, False)]


def _can_buy(view) -> bool:
    return view["phase"] == "act" and _mine(view) and not view["turn_state"]["bought"] \
        and bool(_affordable(view))


def _can_claim(view) -> bool:
    own = view["owned"][LEARNER]
    if not _mine(view) or view["turn_state"]["claimed"] or not (own["jewelry"] or own["support"]):
        return False
    have = holdings(own["jewelry"], own["support"])
    return any(meets_need(have, a) for a in view["achievements_shown"] if a is not None)


def _names(gems: list[int]) -> str:
    return " and ".join(GEM_NAMES[g] for g in gems)


# -- what the coach says ------------------------------------------------------------------------
def _goal(view, names) -> str:
    return (f"Welcome! In Mine All Mines your dwarves dig gems out of five mines, and gems buy "
            f"cards. Victory points (VP) come from the Jewelry and Support cards you buy (here "
            f"in the market panel), the achievements you claim and gems put on a Lamp. "
            f"{view['rounds_total']} rounds; the most VP at the end wins.")


def _dwarves(view, names) -> str:
    aside = ", ".join(GEM_NAMES[d] if isinstance(d, int) else d.capitalize()
                      for d in view["discards"] or [])
    return (f"This line is your hand. Everyone owns the same 7 dwarves; each round some are "
            f"set aside at random (yours now: {aside}) and you play the others, one per turn. "
            f"The five miners go into the mines; the Dealer and the Blacksmith go to the "
            f"Marketplace instead (the Blacksmith takes any 1 gem from the supply).")


def _mine_action(view, names) -> str:
    return ("Each mine is a small pyramid of places. Its top place, the entrance, takes only "
            "a dwarf of the mine's own gem: that is a Mine action, worth 1 of that gem from the "
            "supply. The places you may use now are marked ++. The menu below lists every "
            "move with what it brings: ↑/↓ and Enter choose, Esc goes back a level.")


def _dig(view, names) -> str:
    found = _other_dwarf(view)
    assert found is not None  # (the lesson applies only then)
    gem, owner, mine = found
    friends = [g for g in range(5) if relation(gem, g) == FRIEND]
    foes = [g for g in range(5) if relation(gem, g) == FOE]
    return (f"{names[owner]}'s {GEM_NAMES[gem]} dwarf is in the {GEM_NAMES[mine]} mine: you "
            f"may dig below it. "
            f"Its friends are {_names(friends)}, its foes {_names(foes)} (every dwarf has two "
            f"of each). A friend goes down-right (╲+): your gem, plus one gem of each other "
            f"player's dwarf straight up that friendly line. A foe goes down-left (−╱): your "
            f"gem, and you steal a gem from each other player up that hostile line.")


def _steal(view, names) -> str:
    victim = (view["turn_state"]["steal_from"] or [1 - LEARNER])[0]
    return (f"Your foe dwarf took its gem; now choose which of {names[victim]}'s gems you "
            f"steal. Nobody may hold more than 3 of one gem, so only gems you have fewer than "
            f"3 of are offered (a gem you may not hold also stays in the supply: 'kept back').")


def _act(view, names) -> str:
    text = ("Your dwarf is played. Now, if you like: one trade of 3 of your gems for any 1 "
            "from the supply, then buy one face-up card and claim one achievement. Trade "
            "before you buy: after a purchase no trade is allowed. e ends your turn; u takes "
            "back a move of this turn.")
    if sum(view["gems"][LEARNER]) < 3 and not _affordable(view):
        text += " Nothing is within your reach yet, so the menu only offers e."
    return text


def _cards(view, names) -> str:
    data = load()
    labels = [f"the {data.jewelry[c].type.capitalize()}" if c in data.jewelry
              else f"the {data.support[c].name}" for c in _affordable(view)]
    listed = ", ".join(labels[:-1]) + " or " + labels[-1] if len(labels) > 1 else labels[0]
    return (f"You can pay for {listed} now. A cost lists the gems to hand in ('any': any gem). "
            f"Jewelry is worth 2 or 3 VP and nothing else; a Support card has a power you may "
            f"use once each round, and its VP may be 0 or below. A bought card is replaced "
            f"from its deck. Achievements ask for cards you own: you keep the cards.")


def _claim(view, names) -> str:
    return ("Your cards now meet an achievement's demand: claim it from the menu (one per "
            "turn) for its VP. You keep the cards it counts, and nobody else can take that "
            "achievement any more.")


def _dealer(view, names) -> str:
    return ("Your Dealer is at the Marketplace: this turn you may swap your gems one for one "
            "with the gems lying there, as often as you like (before you buy). The "
            "Marketplace keeps what you give, for the next Dealer.")


def _first_vp(view, names) -> str:
    data = load()
    own = view["owned"][LEARNER]
    parts = [f"{data.jewelry[j].type.capitalize()} {data.jewelry[j].vp}" for j in own["jewelry"]]
    parts += [f"{data.support[c].name} by sets" if c.startswith("mine-")
              else f"{data.support[c].name} {data.support[c].vp:+d}" for c in own["support"]]
    parts += [f"achievement {data.achievements[a].name} {data.achievements[a].vp}"
              for a in own["ach"]]
    return (f"You have {view['vp'][LEARNER]} VP now ({', '.join(parts)}), counted in the VP "
            f"column of the players' table. Cards stay with you to the end, and so do their "
            f"VP. Gems left over score nothing (they only break a tie): turn them into cards.")


LESSONS = [
    Lesson("goal", _phase("play"), _goal, target="#market"),
    Lesson("dwarves", _phase("play"), _dwarves, target="#hand"),
    Lesson("mine", _entrance_open, _mine_action, target="#mines"),
    Lesson("dig", _someone_digs, _dig, target="#mines"),
    Lesson("steal", _phase("steal"), _steal, target="#players"),
    Lesson("act", _phase("act"), _act, target="#moves"),
    Lesson("cards", _can_buy, _cards, target="#market"),
    Lesson("dealer", lambda v: _phase("act")(v) and v["turn_state"]["dealer"], _dealer,
           target="#market"),
    Lesson("claim", _can_claim, _claim, target="#market"),
    Lesson("vp", lambda v: _mine(v) and any(v["owned"][LEARNER].values()), _first_vp,
           target="#players"),
]


#: what each line of the result's table counts, said to the learner
SOURCES = {
    "Jewelry VP": "printed on your Jewelry cards",
    "Support VP": "printed on your Support cards (a few are negative)",
    "VP Helper": "your VP Helper: 1 for each Helper card you own",
    "Mine sets": "your Mine cards, by sets: 1, 3 or 6 VP for 1, 2 or 3",
    "Achievements": "the achievements you claimed",
    "Lamp gems": "1 for each gem on your Lamp",
}


def ending(result, seat: int, names: list[str]) -> str:
    """The learner's own result, explained from the score breakdown."""
    score = result.scores[seat]
    lines = [f"You scored {score} point{'' if score == 1 else 's'}; "
             + ("you won!" if seat in result.winners else
                f"{' and '.join(names[w] for w in result.winners)} won.")]
    rows = dict(result.table)
    for label, why in SOURCES.items():
        if rows.get(label, [0] * (seat + 1))[seat]:
            lines.append(f"{label}: {rows[label][seat]}, {why}")
    gems = rows.get("Gems left (1st tie-break)")
    left = f" (you kept {gems[seat]})" if gems else ""
    lines.append(f"In short: VP come only from cards bought, achievements claimed and Lamp "
                 f"gems. Gems left over{left} count only to break a tie of VP, then the "
                 f"Jewelry cards owned.")
    return "\n".join(lines)


TUTORIAL = Tutorial(
    seed=89,
    seats=[("You", None), ("Bob", "normal")],
    lessons=LESSONS,
    ending=ending,
    intro="A guided game against Bob, a bot: the coach explains each part of the game the "
          "first time it comes up. o goes on (Enter plays moves); Esc: no more lessons.",
)
