"""All In, learn to play: a guided first game against one bot, in our own words.

Two players, the fewest that show the whole game: with one, nobody races for the chips of a hand
or for the Best Scoring Hand bonuses. The seed (241) deals Q♣ and A♠ first (four cards to choose
from: each as it is, or the value of one with the suit of the other) and a Joker in round 5, when
the learner has seen the basics; its Golden Deck holds a Joker too.

Every lesson reads the learner's own view only (``RULES.view(state, 0)``): their sheet, the
revealed cards, what the table knows.
"""
from __future__ import annotations

from ...engine.tutorial import Lesson, Tutorial
from .cards import card_name, is_joker, suit_of, value_name, value_of
from .poker import evaluate
from .sheets import get_sheet

LEARNER = 0
SEED = 241


def _me(view) -> dict:
    return view["players"][LEARNER]


def _writing(view) -> bool:
    return view["phase"] == "write" and bool(view.get("legal_cells"))


def _golden_card(view) -> str:
    return card_name(get_sheet(_me(view)["sheet"]).golden)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# -- the lessons' texts ---------------------------------------------------------------------------
def _goal(view, names) -> str:
    return (f"All In lasts {view['rounds']} rounds. Each round two cards are turned up and "
            f"everyone writes ONE card on their own sheet, in secret. Each row or column of "
            f"linked spaces is a hand with a letter. At the end every hand scores as in "
            f"poker: Pair 2, Two Pair 4, Three of a Kind 6, Straight 8, Full House 10, Four of "
            f"a Kind 12, Straight Flush 14 (no Flush).")


def _hands(view, names) -> str:
    sheet = get_sheet(_me(view)["sheet"])
    letters = [sheet.hands[h].letter for h in sheet.hands_of_cell[sheet.golden_cell]]
    return (f"Your hands, one per line: chip icon, bonus, cards so far, best combination so far. "
            f"★{_golden_card(view)}, the Golden Card printed on your sheet, counts in hands "
            f"{_and(letters)}. A twist: equal values combine only in different suits (7♠ 7♥ "
            f"is a Pair, 7♠ 7♠ is not).")


def _choices(a: int, b: int) -> list[str]:
    """The cards writable for free from ``a`` and ``b`` (neither a Joker)."""
    out = []
    for c in (a, b, suit_of(b) * 13 + value_of(a) - 1, suit_of(a) * 13 + value_of(b) - 1):
        if card_name(c) not in out:
            out.append(card_name(c))
    return out


def _write(view, names) -> str:
    a, b = view["revealed"]
    if is_joker(a) or is_joker(b):
        free = "the cards the grid marks 0"
    else:
        free = _and(_choices(a, b))
    return (f"Your card this round: one of the two revealed cards, or the value of one with "
            f"the suit of the other. Here that makes {free}, all free. The grid shows every "
            f"card (suits in rows, values in columns): a number is its cost in chips, 0 is "
            f"free, a dot is out of reach. Tab jumps to the next card you can make; Enter "
            f"takes it.")


def _start(view, names) -> str:
    return ("Then the space. In rounds 1 and 2 your card goes on a starting space, the ones "
            "with a • in the corner. Spaces you may use have a heavy border and a +; the "
            "arrows move the cursor (▶ ◀), and the hands list shows what your card would do to "
            "each hand through it (▲ better, = the same). Enter writes it: only then is it "
            "final. Esc goes back to the cards.")


def _grow(view, names) -> str:
    return ("From now on, each card goes on an empty space linked by a line to a card you "
            "wrote already: side by side (──) or one above the other (│). The + spaces are "
            "exactly those. Plan your rows and columns: a five-card hand can become a Straight "
            "(8) or a Straight Flush (14); a three-card hand holds at most Three of a Kind.")


def _joker_out(view) -> bool:
    return _writing(view) and any(is_joker(c) for c in view["revealed"])


def _joker(view, names) -> str:
    a, b = view["revealed"]
    if is_joker(a) and is_joker(b):
        return ("Two Jokers! You may write any card you like this round, for free. A Joker is "
                "never written itself: it stands for the card you choose.")
    other = b if is_joker(a) else a
    v, s = value_name(value_of(other)), card_name(other)[-1]
    return (f"A Joker is revealed. It is wild: keep the value of {card_name(other)} and choose "
            f"any suit (any {v}), or keep its suit and choose any value (any {s}). The grid "
            f"marks all of these 0, free. The Joker itself is never written.")


def _completed_any(view) -> bool:
    return _writing(view) and bool(view["first_round"])


def _completed(view, names) -> str:
    done = [f"{'you' if s == LEARNER else names[s]} {' '.join(p['completed'])}"
            for s, p in enumerate(view["players"]) if p["completed"]]
    return (f"Hands completed so far: {_and(done)}. A hand is complete when all its spaces hold "
            f"a card, whatever they make, and that wins chips: ♟1 gives 1 chip to the first to "
            f"complete it, then nothing; ♟♟2 gives 2 to the first, then 1 to each later one "
            f"(the list strikes the icon out: ♟♟2→1, ♟1→0). The table shows everyone's "
            f"completed hands and chips won; how many they have left is secret (?).")


def _has_chips(view) -> bool:
    me = _me(view)
    return _writing(view) and me["chips_spent"] is not None and \
        me["chips_won"] - me["chips_spent"] > 0


def _chips(view, names) -> str:
    me = _me(view)
    left = me["chips_won"] - me["chips_spent"]
    return (f"You have {left} chip{'s' if left != 1 else ''} (● at the top right). When you "
            f"write, chips bend the revealed cards: 1 chip moves a value up or down by one (K "
            f"and A wrap around), 2 chips change a suit, as often as you can pay. The grid "
            f"counts it for you: a number above 0 there is the price. Each chip never spent is 1 "
            f"point at the end.")


def _golden_now(view) -> bool:
    return view["phase"] == "golden" and view.get("golden_deck") is not None


def _golden(view, names) -> str:
    deck = view.get("golden_deck") or []
    joker = " A Joker there becomes any card you like." if any(is_joker(c) for c in deck) \
        else ""
    return (f"You surrounded your Golden Card: all eight spaces around ★{_golden_card(view)} "
            f"hold cards. Your reward, once a game: one card of the Golden Deck (the {len(deck)} "
            f"cards set aside at the start), free, written on ANY empty space, linked or not."
            f"{joker} ←/→ choose, Enter takes it, then pick the space; ✗ no card turns it "
            f"down.")


def _late(view) -> bool:
    return _writing(view) and view["round"] >= view["rounds"] - 3


def _points_now(view) -> int:
    """What the learner's hands would score if the game ended now (before any bonus)."""
    me = _me(view)
    sheet = get_sheet(me["sheet"])
    written = me["written"]
    points = 0
    for hand in sheet.hands:
        cards = [sheet.golden if c == sheet.golden_cell else written[c] for c in hand.cells
                 if c == sheet.golden_cell or written[c] is not None]
        points += evaluate(cards).points
    return points


def _best(view, names) -> str:
    points = _points_now(view)
    after = view["rounds"] - view["round"]
    others = _and([names[s] for s in range(view["n"]) if s != LEARNER])
    now = f"yours make {points} points now." if points else "yours make nothing yet."
    return (f"This round and {after} more. At the end every hand scores, full or not: {now} "
            f"Letter by letter your hand is compared with {others}'s: the stronger combination "
            f"(then the higher cards) wins its bonus, +2 to +4; a tie shares it. Unused chips: "
            f"1 point each.")


LESSONS = [
    Lesson("goal", lambda v: v["round"] == 1 and _writing(v), _goal, target="#sheet"),
    Lesson("hands", lambda v: v["round"] == 1 and _writing(v), _hands, target="#hands"),
    Lesson("card", lambda v: _writing(v) and v["round"] <= 2, _write, target="#choices"),
    Lesson("start", lambda v: _writing(v) and v["round"] <= 2, _start, target="#sheet"),
    Lesson("links", lambda v: _writing(v) and v["round"] >= 3, _grow, target="#sheet"),
    Lesson("joker", _joker_out, _joker, target="#choices"),
    Lesson("completed", _completed_any, _completed, target="#table"),
    Lesson("chips", _has_chips, _chips, target="#choices"),
    Lesson("golden", _golden_now, _golden, target="#choices"),
    Lesson("best", _late, _best, target="#hands"),
]


def ending(result, seat: int, names: list[str]) -> str:
    """The learner's own result, explained from the score breakdown (``result.table``)."""
    rows = {label: values[seat] for label, values in result.table}
    if seat in result.winners:
        verdict = "you won!" if len(result.winners) == 1 else "a shared win!"
    else:
        verdict = f"{_and([names[w] for w in result.winners])} won with " \
                  f"{result.scores[result.winners[0]]}."
    lines = [f"You scored {result.scores[seat]} points; {verdict}"]
    made = [f"{label[5:]} {cell.rstrip('★')}" for label, cell in rows.items()
            if label.startswith("Hand ") and cell != "—"]
    lines.append(f"Hands: {rows['Hands']} points"
                 + (f" ({', '.join(made)})." if made else " (no combination)."))
    best = [label[5:] for label, cell in rows.items()
            if label.startswith("Hand ") and str(cell).endswith("★")]
    lines.append(f"Best Scoring Hand bonuses: {rows['Best hands ★']}"
                 + (f" (★ on {_and(best)})." if best else " (no hand was the best of its "
                                                          "letter)."))
    lines.append(f"Unused chips: {rows['Unused chips']}, 1 point each. In all: {rows['Hands']} "
                 f"+ {rows['Best hands ★']} + {rows['Unused chips']} = {rows['Total']}.")
    lines.append("Rule: each hand scores its combination, the best of each letter its "
                 "bonus, each chip kept 1.")
    return "\n".join(lines)


TUTORIAL = Tutorial(
    seed=SEED,
    seats=[("You", None), ("Bob", "normal")],
    lessons=LESSONS,
    ending=ending,
    intro="A guided game against Bob, a bot: the coach explains each part of All In the first "
          "time it comes up. o goes on (Enter plays moves); Esc: no more lessons.",
)
