"""Turn the legal actions of a Mine All Mines turn into a menu a person can read.

Each action gets a *path* of labels, e.g. ``["Trade 3 gems for 1", "get Gold", "give D D S"]``:
the screen shows one level at a time (a level with a single entry is skipped). Pure Python, from
the view only, so tests can check the labels without a screen.

Also here: ``last_turn``, what the turn on show changed (for the table's marks), read from the
public log lines and the view.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...engine import Action
from .data import GEM_NAMES, LETTERS, load
from .pyramid import FRIEND, dig_line, foe_victims
from .views import MineAllMinesView

ROW_NAMES = {0: "entrance", 1: "row 2 left", 2: "row 2 right", 3: "row 3 left",
             4: "row 3 middle", 5: "row 3 right"}
ROW_SHORT = {0: "entrance", 1: "row 2 L", 2: "row 2 R", 3: "row 3 L", 4: "row 3 M", 5: "row 3 R"}
END_LABEL = "End your turn"
SHORT = ("Di", "Sa", "Ru", "Em", "Go")
MINE_SETS = "1/3/6 VP for 1/2/3 Mines"


@dataclass(frozen=True)
class Unplayable:
    """A menu line that is not a move: a dwarf that cannot be played, and why."""
    reason: str


def support_vp(cid: str) -> str:
    """What a Support card is worth: its printed VP, or the set scoring of the Mine cards."""
    if cid.startswith("mine-"):
        return MINE_SETS
    vp = load().support[cid].vp
    return f"{vp:+d} VP" if vp else "0 VP"


def gems_text(letters: str) -> str:
    return ", ".join(GEM_NAMES[LETTERS.index(c)] for c in letters) or "nothing"


def dwarf_label(d) -> str:
    if d == "dealer":
        return "Dealer"
    if d == "blacksmith":
        return "Blacksmith"
    return f"{GEM_NAMES[d]} dwarf"


def dig_yield(view: MineAllMinesView, seat: int, action: Action) -> tuple[list[int], list[int]]:
    """(gems from the supply, players robbed) if ``action`` (a dig) is played now, before the
    3-per-gem limit and the supply are applied."""
    gem, m, q, side, cart = action.args
    mine: list[Any] = [list(p) if p else None for p in view["mines"][m]]
    mine[q] = [gem, seat]
    _parent, line = dig_line(mine, q, gem, side)
    if side == FRIEND:
        gems = [gem] * (2 if cart else 1)
        gems += [mine[p][0] for p in line if mine[p][1] != seat]
        return gems, []
    return [gem], foe_victims(mine, line, seat)


def _taken(view: MineAllMinesView, seat: int, gems: list[int]) -> tuple[list[int], list[int]]:
    """What the seat would really get of ``gems`` from the supply (the limit of 3 and an empty
    pile keep the rest there), and its gems afterwards."""
    held = list(view["gems"][seat])
    supply = list(view["supply"])
    got = []
    for g in gems:
        if held[g] < 3 and supply[g] > 0:
            held[g] += 1
            supply[g] -= 1
            got.append(g)
    return got, held


def _gains(view: MineAllMinesView, seat: int, gems: list[int]) -> str:
    """The gems a move really brings ('+Di +Sa'), and how many stay in the supply (the line
    above the menu says why: see ``move_hint``)."""
    got, _held = _taken(view, seat, gems)
    text = " ".join("+" + SHORT[g] for g in got) or "no gem"
    lost = len(gems) - len(got)
    return text + (f" ({lost} kept back)" if lost else "")


def _robbed(view: MineAllMinesView, seat: int, action: Action) -> tuple[list[int], list[int]]:
    """(players a foe dig steals from, players on its line who have nothing it may take)."""
    gems, victims = dig_yield(view, seat, action)
    _got, held = _taken(view, seat, gems)
    can = [v for v in victims if any(n and held[g] < 3 for g, n in enumerate(view["gems"][v]))]
    return can, [v for v in victims if v not in can]


def _steals(view: MineAllMinesView, seat: int, action: Action, names: list[str], word: str) -> str:
    """What a foe line really takes: whom it robs, or "no steal" when nobody on it has a gem
    the player may take (the line above the menu names them)."""
    can, empty = _robbed(view, seat, action)
    if can:
        joiner = ", " if word == "steal from" else " and "
        return f", {word} " + joiner.join(names[v] for v in can)
    return ", no steal" if empty else ""


def path(view: MineAllMinesView, action: Action, names: list[str], compact: bool = False) -> list[str]:
    """The menu path of ``action`` for the seat to act. ``compact`` (for a line that would not
    fit) names gems by their two letters past the first level, which it keeps the same."""
    seat = view["seat"]
    k, a = action.kind, action.args
    data = load()
    gem_name = SHORT.__getitem__ if compact else GEM_NAMES.__getitem__
    if k == "dealer":
        return ["Dealer: to the Marketplace, then swap gems 1 for 1 there"]
    if k == "blacksmith":
        if not a:
            return ["Blacksmith: to the Marketplace (no gem can be taken)"]
        return ["Blacksmith: take 1 gem from the supply", f"take {GEM_NAMES[a[0]]}"]
    if k == "mine":
        gem, tools = a
        got = _gains(view, seat, [gem] * (2 if tools else 1))
        where = "Mine action" if compact else "Mine action at the entrance"
        return [dwarf_label(gem), f"{where}: {got}"
                + (" (Tools)" if tools else "")]
    if k == "dig":
        gem, m, q, side, cart = a
        gems, _victims = dig_yield(view, seat, action)
        line = "friend +" if side == FRIEND else "foe −"
        got = _gains(view, seat, gems) + _steals(view, seat, action, names,
                                                 "steal from" if compact else "steal 1 from")
        row = (ROW_SHORT if compact else ROW_NAMES)[q]
        return [dwarf_label(gem), f"{gem_name(m)} mine, {row}, {line}: {got}"
                + (" (Cart)" if cart else "")]
    if k == "discard":
        return ["No dwarf fits: set one aside (ends your turn)", dwarf_label(a[0])]
    if k == "steal":
        return [f"Steal 1 gem from {names[a[0]]}", GEM_NAMES[a[1]]]
    if k == "lamp":
        return [f"Put 1 {GEM_NAMES[a[0]]} on the Lamp (1 VP each, "
                f"{view['turn_state']['lamp_left']} more at most)"]
    if k == "lamp_done":
        return ["Done with the Lamp"]
    if k == "swap":
        return ["Swap 1 for 1 with the Marketplace (Dealer)", f"give {gem_name(a[0])}",
                f"get {gem_name(a[1])}"]
    if k == "trade":
        size = len(a[0])
        return [f"Trade {size} gems for 1 from the supply" + (" (Trade Helper)" if size == 2 else ""),
                f"get {gem_name(a[1])}",
                f"give {' '.join(SHORT[LETTERS.index(c)] for c in a[0])}" if compact else
                f"give {gems_text(a[0])}"]
    if k == "helper":
        cid, give, get = a
        return [f"{data.support[cid].name}: turn 1 {GEM_NAMES[give]} into another gem",
                f"get {gem_name(get)}"]
    if k == "buy":
        cid, pay, jeweler = a
        return ["Buy a card", card_label(cid),
                f"pay {' '.join(SHORT[LETTERS.index(c)] for c in pay)}"
                + (" (Jeweler: 1 less)" if jeweler else "")]
    if k == "claim":
        ach = data.achievements[a[0]]
        return [f"Claim the achievement {ach.name} ({ach.vp} VP)"]
    if k == "end":
        return [END_LABEL]
    return [" ".join(str(x) for x in action.to_json())]


def menu_items(view: MineAllMinesView, legal: list[Action], names: list[str],
               room: int) -> list[tuple[list[str], Action]]:
    """The menu's (path, action) items, each path ``compact`` where the line it makes would be
    longer than ``room``: a lone move under a first-level line shows as its whole path joined
    by " · " (as ``ChoiceTree`` shows it), else a level's line is its own label."""
    paths = [path(view, a, names) for a in legal]
    firsts = [p[0] for p in paths]
    out = []
    for p, act in zip(paths, legal):
        lone = firsts.count(p[0]) == 1
        longest = len(" · ".join(p)) if lone else max(len(x) for x in p[1:]) if p[1:] else 0
        out.append((path(view, act, names, compact=True) if longest > room else p, act))
    return out


def card_label(cid: str) -> str:
    """A card for sale, by what it is worth (the payment lines say what it costs)."""
    data = load()
    if cid in data.jewelry:
        j = data.jewelry[cid]
        return f"{j.type.capitalize()} {j.vp} VP"
    return f"{data.support[cid].name} ({support_vp(cid)})"


def cost_letters(cost) -> str:
    return " ".join("any" if g < 0 else GEM_NAMES[g][:2] for g in cost)


def blocked_dwarves(view: MineAllMinesView, legal: list[Action]) -> list[tuple[str, str]]:
    """(dwarf, why not) for each dwarf in the viewer's hand that has no legal play now."""
    hand = view.get("hand")
    if view["phase"] != "play" or not hand:
        return []
    playable = {a.args[0] if a.kind in ("mine", "dig") else a.kind for a in legal
                if a.kind in ("dealer", "blacksmith", "mine", "dig")}
    out = []
    for d in dict.fromkeys(hand):
        if d in playable or not isinstance(d, int):
            continue
        out.append((f"{dwarf_label(d)}: no place for it now",
                    f"The {dwarf_label(d)} cannot be played: its entrance is taken and no free "
                    f"place lies under a friend (+) or a foe (−) of it."))
    return out


def move_hint(view: MineAllMinesView, actions: list, names: list[str] | None = None) -> str:
    """What the player should know about the line under the cursor before choosing it: what a
    short menu line leaves out (gems kept back, who has nothing to steal), what cannot be
    taken back. Several sentences are joined by " · ", the most important first."""
    acts = [a for a in actions if isinstance(a, Action)]
    if len(acts) == 1 and acts[0].kind in ("mine", "dig"):
        return _dwarf_hint(view, acts[0], names or [f"player {i + 1}" for i in range(view["n"])])
    if acts and all(a.kind == "buy" for a in acts):
        turns = [bool(view["jewelry_left"] if a.args[0].startswith("J") else view["support_left"])
                 for a in acts]
        if all(turns):
            return "A purchase turns up a new card: it cannot be taken back."
        if any(turns):
            return "A purchase that turns up a new card cannot be taken back."
        return "Its pile is empty, so nothing turns up: u could take this purchase back."
    if acts and all(a.kind == "discard" for a in acts):
        return "Setting a dwarf aside ends your turn."
    return ""


def _dwarf_hint(view: MineAllMinesView, action: Action, names: list[str]) -> str:
    seat = view["seat"]
    if action.kind == "mine":
        gem, tools = action.args
        gems = [gem] * (2 if tools else 1)
        parts = []
    else:
        gems, _victims = dig_yield(view, seat, action)
        can, empty = _robbed(view, seat, action)
        verb = "has" if len(empty) == 1 else "have"
        parts = [f"{' and '.join(names[v] for v in empty)} {verb} nothing you may steal."] \
            if empty else []
        if can:
            parts.append("Then you choose the gem you take from "
                         + " and from ".join(names[v] for v in can) + ".")
    got, _held = _taken(view, seat, gems)
    if len(got) < len(gems):
        parts.insert(0, "Kept back: at most 3 of a gem, and the supply may run short.")
    return " · ".join(parts)


def undone_label(action: Action) -> str:
    """What key u would take back, said for the player who made ``action``."""
    return {"dealer": "your dwarf", "blacksmith": "your dwarf", "mine": "your dwarf",
            "dig": "your dwarf", "steal": "your steal", "lamp": "your last Lamp gem",
            "lamp_done": "closing the Lamp", "swap": "your last swap", "trade": "your trade",
            "helper": "your helper's trade", "buy": "your purchase",
            "claim": "your claim"}.get(action.kind, "your last move")


def targets(view: MineAllMinesView, actions: list[Action]) -> set[tuple[int, int]]:
    """Mine places (mine, place) that ``actions`` would fill: for highlighting the pyramids."""
    out = set()
    for act in actions:
        if act.kind == "mine":
            out.add((act.args[0], 0))
        elif act.kind == "dig":
            out.add((act.args[1], act.args[2]))
    return out


# -- what the last turn changed -------------------------------------------------------------------
@dataclass
class LastTurn:
    """What the turn on show changed, for the table to mark: read from the public log lines
    of that turn and the view (never from a move itself, nor the state), so a mark shows only
    what everyone was told. ``seat`` is whose turn it is (None: nothing to show)."""

    seat: int | None = None
    places: frozenset = frozenset()  # (mine, place) of the dwarf played
    market: frozenset = frozenset()  # (dwarf, owner) of a Dealer or Blacksmith played
    gems: dict = field(default_factory=dict)  # seat -> {gem: net change this turn}
    lamp: frozenset = frozenset()  # seats that put gems on their Lamp
    jewels: dict = field(default_factory=dict)  # seat -> {jewelry type bought}
    support: dict = field(default_factory=dict)  # seat -> {Support card name bought}
    claimed: frozenset = frozenset()  # achievement ids claimed

    def key(self) -> tuple:
        """Something equal for two equal sets of marks (for skipping a redraw)."""
        return (self.seat, self.places, self.market,
                tuple(sorted((s, tuple(sorted(g.items()))) for s, g in self.gems.items())),
                self.lamp, tuple(sorted((s, tuple(sorted(v))) for s, v in self.jewels.items())),
                tuple(sorted((s, tuple(sorted(v))) for s, v in self.support.items())),
                self.claimed)

    def seat_key(self, seat: int) -> tuple:
        """The marks on ``seat``'s line of the players' table, as a value."""
        return (tuple(sorted(self.gems.get(seat, {}).items())), seat in self.lamp,
                tuple(sorted(self.jewels.get(seat, ()))), tuple(sorted(self.support.get(seat, ()))),
                self.claimed)

    def gem_change(self, seat: int, gem: int) -> int:
        return self.gems.get(seat, {}).get(gem, 0)


_SEAT = re.compile(r"\{(\d+)\}")
_GEM = "|".join(GEM_NAMES)
_PLAYS = re.compile(rf"plays the ({_GEM}) dwarf (?:at the ({_GEM}) mine entrance|in the ({_GEM}) "
                    rf"mine)")
_TO_MARKET = re.compile(r"plays the (Dealer|Blacksmith) to the Marketplace")
_TAKES = re.compile(rf"takes (\d+) ({_GEM}) from the supply")
_RETURNS = re.compile(rf"returns ((?:{_GEM})(?:, (?:{_GEM}))*) to the supply")
_SWAPS = re.compile(rf"swaps 1 ({_GEM}) for the Marketplace's ({_GEM})")
_LAMP = re.compile(rf"puts 1 ({_GEM}) on the Lamp")
_STEALS = re.compile(rf"steals 1 ({_GEM}) from \{{(\d+)\}}")
_BUYS_JEWEL = re.compile(r"buys (?:an? )?(Ring|Necklace|Crown|Earrings|Bracelet) \(")
_BUYS = re.compile(r"buys (.+)\.$")
_CLAIMS = re.compile(r"claims the achievement (.+) \(\d+ VP\)")
#: the kinds of log line a turn is made of (a round's end and the game's are not)
TURN_KINDS = frozenset({"play", "gem", "steal", "discard", "buy", "claim", "support", "info"})


def turn_events(events: list) -> tuple[list, int | None, bool]:
    """The log lines of the turn on show: the last run of lines of one player's turn (what a
    turn that just ended did stays on show until the next player's first move), whose turn it
    is (None: no turn to show), and whether a new round began after it (its dwarves have left
    the mines)."""
    out: list = []
    seat = None
    new_round = False
    for event in reversed(events):
        if event.kind not in TURN_KINDS:
            if out:
                break
            new_round = new_round or event.kind == "round"
            continue
        found = _SEAT.search(event.text)
        actor = int(found.group(1)) if found else None
        if seat is None:
            seat = actor
        elif actor != seat:
            break
        out.append(event)
    out.reverse()
    return out, seat, new_round


def last_turn(events: list, view: MineAllMinesView) -> LastTurn:
    """What the turn on show changed (see ``LastTurn``), from the public text of its log lines
    and the ``view`` (to find where the dwarf named in them stands)."""
    lines, seat, new_round = turn_events(events)
    new_round = new_round and view["phase"] != "over"  # the last round's mines stay as they are
    if seat is None:
        return LastTurn()
    gem_of = {name: g for g, name in enumerate(GEM_NAMES)}
    places, market, lamp, claimed = set(), set(), set(), set()
    gems: dict[int, dict[int, int]] = {}
    jewels: dict[int, set] = {}
    support: dict[int, set] = {}
    achievements = {a.name: aid for aid, a in load().achievements.items()}

    def change(who: int, gem: int, by: int) -> None:
        counts = gems.setdefault(who, {})
        counts[gem] = counts.get(gem, 0) + by

    for event in lines:
        text = event.text
        if event.kind == "play" and not new_round:
            if found := _PLAYS.search(text):
                gem = gem_of[found.group(1)]
                mine = gem_of[found.group(2) or found.group(3)]
                for q, d in enumerate(view["mines"][mine]):
                    if d is not None and list(d) == [gem, seat]:
                        places.add((mine, q))
            elif found := _TO_MARKET.search(text):
                market.add((found.group(1).lower(), seat))
        elif event.kind == "gem":
            if found := _TAKES.search(text):
                change(seat, gem_of[found.group(2)], int(found.group(1)))
            elif found := _RETURNS.search(text):
                for name in found.group(1).split(", "):
                    change(seat, gem_of[name], -1)
            elif found := _SWAPS.search(text):
                change(seat, gem_of[found.group(1)], -1)
                change(seat, gem_of[found.group(2)], 1)
            elif found := _LAMP.search(text):
                change(seat, gem_of[found.group(1)], -1)
                lamp.add(seat)
        elif event.kind == "steal" and (found := _STEALS.search(text)):
            change(seat, gem_of[found.group(1)], 1)
            change(int(found.group(2)), gem_of[found.group(1)], -1)
        elif event.kind == "buy":
            if found := _BUYS_JEWEL.search(text):
                jewels.setdefault(seat, set()).add(found.group(1).lower())
            elif found := _BUYS.search(text):
                support.setdefault(seat, set()).add(found.group(1))
        elif event.kind == "claim" and (found := _CLAIMS.search(text)):
            if found.group(1) in achievements:
                claimed.add(achievements[found.group(1)])
    gems = {s: {g: n for g, n in counts.items() if n} for s, counts in gems.items()}
    return LastTurn(seat, frozenset(places), frozenset(market),
                    {s: c for s, c in gems.items() if c}, frozenset(lamp), jewels, support,
                    frozenset(claimed))
