"""All Mine! cards, the trump order a display defines, and the scoring of one hand.

A treasure card is an int 0..47: ``suit * 12 + (number - 1)``. Suits are 0..3 in the order
Crystals, Gold, Mushrooms, Dragon eggs; each has a letter and a symbol so no one depends on colour.
"""
from __future__ import annotations

from collections.abc import Sequence

SUITS = ("Crystals", "Gold", "Mushrooms", "Dragon eggs")
LETTERS = ("C", "G", "M", "D")
SYMBOLS = ("◆", "$", "▲", "●")
NUMBERS = 12
DECK = tuple(range(4 * NUMBERS))


def card(suit: int, number: int) -> int:
    return suit * NUMBERS + number - 1


def suit_of(c: int) -> int:
    return c // NUMBERS


def number_of(c: int) -> int:
    return c % NUMBERS + 1


def suit_tag(suit: int) -> str:
    return f"{SYMBOLS[suit]}{LETTERS[suit]}"


def card_name(c: int) -> str:
    """Short name such as '◆C9' (symbol, letter, number)."""
    return f"{suit_tag(suit_of(c))}{number_of(c)}"


def parse_card(text: str) -> int:
    """'C9', 'c 9' or '◆C9' -> card int (used by tests and the command line)."""
    t = text.strip().upper().replace(" ", "")
    t = t.lstrip("".join(SYMBOLS))
    suit = LETTERS.index(t[0])
    number = int(t[1:])
    if not 1 <= number <= NUMBERS:
        raise ValueError(text)
    return card(suit, number)


def strength_table(display: Sequence[Sequence[int]]) -> list[int]:
    """Strength of every card for one hand; higher beats lower.

    ``display`` is the four (suit, number) duos from strongest to weakest. The four super-trump cards
    come first in display order, then every other card by its suit's place in the display, then by
    number.
    """
    strength = [0] * len(DECK)
    suit_rank = {suit: 3 - i for i, (suit, _number) in enumerate(display)}
    for c in DECK:
        strength[c] = suit_rank[suit_of(c)] * 100 + number_of(c)
    for i, (suit, number) in enumerate(display):
        strength[card(suit, number)] = 1000 - i
    return strength


def is_super_trump(c: int, display) -> bool:
    return any(card(s, n) == c for s, n in display)


def score_hand(counts: list[int], most: int, fewest: int) -> dict[str, int]:
    """Points of one player's hand from their counts per suit and their two predictions.

    A prediction is right when its suit's count is the highest (Most) or lowest (Fewest) of the four:
    5 points when no other suit shares that count, 3 when one does. If both are right, the difference
    between the two suits' counts is added as a bonus.
    """
    hi, lo = max(counts), min(counts)
    most_pts = 0
    if counts[most] == hi:
        most_pts = 5 if counts.count(hi) == 1 else 3
    fewest_pts = 0
    if counts[fewest] == lo:
        fewest_pts = 5 if counts.count(lo) == 1 else 3
    bonus = counts[most] - counts[fewest] if most_pts and fewest_pts else 0
    return {"most": most_pts, "fewest": fewest_pts, "bonus": bonus,
            "total": most_pts + fewest_pts + bonus}
