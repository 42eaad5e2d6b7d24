"""All In poker scoring: the best category of one hand of cards, and its Best-Scoring-Hand key.

Categories (no Flush): Pair 2, Two Pair 4, Three of a Kind 6, Straight 8, Full House 10,
Four of a Kind 12, Straight Flush 14 points. Cards of equal value only combine when their suits are
pairwise different (three A♥ are not even a Pair; A♥ A♥ A♠ is a Pair). A Straight is five cards of
consecutive values in any suits, Ace low (A-2-3-4-5, the lowest) or high (10-J-Q-K-A), never wrapping
past the Ace; a Straight Flush is a Straight in one suit.

The key compares hands of the Best Scoring Hand: ``(category, combination values..., kicker)`` with
Ace = 14 everywhere except the wheel, whose top card is the 5; Two Pair lists the higher pair first,
Full House the three first; the kicker is the highest card of the hand outside the combination
(0 if none). "Nothing" has the key ``(0, highest card)``.
"""
from __future__ import annotations

from dataclasses import dataclass

from allmine_tui.games.all_in.cards import suit_of, value_of

CATEGORY_NAMES = ("Nothing", "Pair", "Two Pair", "Three of a Kind", "Straight", "Full House",
                  "Four of a Kind", "Straight Flush")
#: the same, short enough for narrow columns (the results' breakdown, the hands list at 100 columns)
SHORT_NAMES = ("—", "Pair", "2 Pair", "Trips", "Straight", "Full H.", "Quads", "S.Flush")
POINTS = (0, 2, 4, 6, 8, 10, 12, 14)

NOTHING, PAIR, TWO_PAIR, THREE, STRAIGHT, FULL_HOUSE, FOUR, STRAIGHT_FLUSH = range(8)


@dataclass(frozen=True)
class Evaluation:
    category: int            # index into CATEGORY_NAMES
    points: int              # POINTS[category]
    key: tuple               # compare with > for the Best Scoring Hand
    used: tuple[int, ...]    # the cards forming the combination (empty for Nothing)

    @property
    def name(self) -> str:
        return CATEGORY_NAMES[self.category]


def high(value: int) -> int:
    """A card value for comparisons: Ace = 14."""
    return 14 if value == 1 else value


def _kicker(counts: dict[int, int], used: tuple[int, ...]) -> int:
    """The highest value (Ace = 14) left in the hand once the used cards are taken out, 0 if none."""
    left = dict(counts)
    for c in used:
        left[value_of(c)] -= 1
    return max((high(v) for v, n in left.items() if n > 0), default=0)


_WINDOW = 0b11111


def _straight_top(values) -> int:
    """The top card (Ace = 14; the wheel's is 5) of the best straight these values (1..13) contain,
    0 if none."""
    mask = 0
    for v in values:
        mask |= 1 << v
    if mask & 2:                 # the Ace is also the card above the King
        mask |= 1 << 14
    for top in range(14, 4, -1):
        if (mask >> (top - 4)) & _WINDOW == _WINDOW:
            return top
    return 0


def _run(top: int) -> tuple[int, ...]:
    """The values (1..13) of the straight with this top card, top first."""
    return tuple(1 if v == 14 else v for v in range(top, top - 5, -1))


def evaluate(cards: list[int] | tuple[int, ...]) -> Evaluation:
    """The single best category of one hand (0 to 6 real cards; duplicates allowed) and its key."""
    cards = tuple(cards)
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise ValueError(f"not a real card: {c!r}")
    counts: dict[int, int] = {}
    by_value: dict[int, dict[int, int]] = {}   # value -> suit -> first card of that suit
    by_suit: dict[int, dict[int, int]] = {}    # suit -> value -> card
    for c in cards:
        v, s = value_of(c), suit_of(c)
        counts[v] = counts.get(v, 0) + 1
        by_value.setdefault(v, {}).setdefault(s, c)
        by_suit.setdefault(s, {}).setdefault(v, c)
    # values with at least k different suits, strongest first
    ranked = sorted(by_value, key=high, reverse=True)
    kinds = {k: [v for v in ranked if len(by_value[v]) >= k] for k in (2, 3, 4)}

    def of_kind(v: int, k: int) -> tuple[int, ...]:
        return tuple(by_value[v].values())[:k]

    def result(category: int, values: tuple[int, ...], used: tuple[int, ...]) -> Evaluation:
        key = (category, *values, _kicker(counts, used))
        return Evaluation(category, POINTS[category], key, used)

    if len(cards) >= 5:
        flush_top, flush_suit = max((_straight_top(vs), s) for s, vs in by_suit.items())
        if flush_top:
            used = tuple(by_suit[flush_suit][v] for v in _run(flush_top))
            return result(STRAIGHT_FLUSH, (flush_top,), used)
    if kinds[4]:
        v = kinds[4][0]
        return result(FOUR, (high(v),), of_kind(v, 4))
    if kinds[3]:
        t = kinds[3][0]
        pairs = [v for v in kinds[2] if v != t]
        if pairs:
            return result(FULL_HOUSE, (high(t), high(pairs[0])), of_kind(t, 3) + of_kind(pairs[0], 2))
    top = _straight_top(counts) if len(counts) >= 5 else 0
    if top:
        return result(STRAIGHT, (top,), tuple(next(iter(by_value[v].values())) for v in _run(top)))
    if kinds[3]:
        t = kinds[3][0]
        return result(THREE, (high(t),), of_kind(t, 3))
    if len(kinds[2]) >= 2:
        a, b = kinds[2][:2]
        return result(TWO_PAIR, (high(a), high(b)), of_kind(a, 2) + of_kind(b, 2))
    if kinds[2]:
        v = kinds[2][0]
        return result(PAIR, (high(v),), of_kind(v, 2))
    return Evaluation(NOTHING, 0, (NOTHING, max((high(v) for v in counts), default=0)), ())
