"""This is Mine!: the shapes of the views the rules give (``rules.view``), for the bots, the
sampler and the screens. Plain JSON data; the type checker holds the rules and their readers to
these keys."""
from __future__ import annotations

from typing import TypedDict


class LotView(TypedDict):
    """A lot on the table. Its cards are hidden (None) once another seat owns it, until the end."""

    name: str  # "A" to "D"
    cards: list[int] | None
    size: int
    money: int  # Money Cards left on it by refusals
    owner: int | None


class ThisIsMineView(TypedDict):
    game: str
    n: int
    viewer: int | None  # None: the table view
    round: int  # from 1
    rounds_total: int
    phase: str  # "split", "negotiate", "balance", "discard", "copy" or "over"
    to_act: list[int]
    round_leader: int  # who splits this round
    leader: int  # whose claim is on the table
    claim: int | None  # the lot claimed
    asked: list[int]  # seats still to answer the claim, in order
    revealed: list[int]  # this round's cards, while being split
    assign: list[int]  # the lot of each revealed card put so far
    lots: list[LotView]
    deck_count: int
    money: list[int]  # Money Cards per seat
    coins: list[int]  # coin value per seat
    pile: int  # Money Cards out of play
    hand: list[int] | None  # the viewer's collection (None on the table view)
    hands: list[list[int]] | None  # every collection, once the game is over
    hand_counts: list[int]
    balance_ask: list[int]  # seats still to be asked about the Balance Card
    to_discard: list[int] | None  # per seat: Relative discards still owed (the end)
    copies_owed: list[int] | None  # per seat: Suitcase copies still owed (the end)
    my_discards: list[str] | None  # the viewer's own secret choices so far
    my_copies: list[str] | None
    discards: list[list[str]] | None  # everyone's, once the game is over
    copies: list[list[str]] | None
