"""All In cards: a poker deck with two Jokers.

A card is an int: ``suit * 13 + (value - 1)`` with values 1..13 (A=1, J=11, Q=12, K=13) and suits
0..3 = ♠ ♥ ♦ ♣ (letters S H D C); the Jokers are 52 and 53. Suits always carry a symbol and a letter.
"""
from __future__ import annotations

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_LETTERS = ("S", "H", "D", "C")
VALUE_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKERS = (52, 53)
DECK = tuple(range(54))


def card(value: int, suit: int) -> int:
    return suit * 13 + value - 1


def value_of(c: int) -> int:
    return c % 13 + 1


def suit_of(c: int) -> int:
    return c // 13


def is_joker(c: int) -> bool:
    return c >= 52


def value_name(value: int) -> str:
    return VALUE_NAMES.get(value, str(value))


def card_name(c: int) -> str:
    """'Q♦', '10♣', 'A♠' or 'Joker'."""
    if is_joker(c):
        return "Joker"
    return f"{value_name(value_of(c))}{SUIT_SYMBOLS[suit_of(c)]}"


def parse_card(text: str) -> int:
    """'QD', 'Q♦', '10c', 'joker' -> card int (for tests, data files and the command line)."""
    t = text.strip().upper()
    if t in ("JOKER", "JK", "*"):
        return JOKERS[0]
    suit_char = t[-1]
    if suit_char in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(suit_char)
    else:
        suit = SUIT_LETTERS.index(suit_char)
    v = t[:-1]
    names = {"A": 1, "J": 11, "Q": 12, "K": 13}
    value = names[v] if v in names else int(v)
    if not 1 <= value <= 13:
        raise ValueError(text)
    return card(value, suit)


def value_distance(a: int, b: int) -> int:
    """Chip steps from value a to value b, going around between K and A."""
    d = abs(a - b)
    return min(d, 13 - d)


def card_cost(target: int, revealed: tuple[int, int] | list[int]) -> int:
    """``write_cost`` of a card that is not a Joker (Jokers are never written)."""
    cost = write_cost(target, revealed)
    if cost is None:
        raise ValueError("a Joker is never written on a sheet")
    return cost


def write_cost(target: int, revealed: tuple[int, int] | list[int]) -> int | None:
    """The fewest chips needed to write ``target`` from the two revealed cards, or None.

    Without Jokers the value comes from either card and the suit from either card; 1 chip per
    value step (K and A wrap), 2 chips to change the suit. With one Joker, the other card supplies
    the value (Joker as any suit) or the suit (Joker as any value). Two Jokers make any card.
    """
    if is_joker(target):
        return None
    a, b = revealed
    tv, ts = value_of(target), suit_of(target)
    if is_joker(a) and is_joker(b):
        return 0
    if is_joker(a) or is_joker(b):
        other = b if is_joker(a) else a
        by_value = value_distance(value_of(other), tv)
        by_suit = 0 if suit_of(other) == ts else 2
        return min(by_value, by_suit)
    value_cost = min(value_distance(value_of(a), tv), value_distance(value_of(b), tv))
    suit_cost = 0 if ts in (suit_of(a), suit_of(b)) else 2
    return value_cost + suit_cost
