"""All Mine!: the shapes of the views the rules give (``rules.view``) and of the hand records in
them, for the bots, the sampler and the screens. Plain JSON data; the type checker holds the
rules and their readers to these keys."""
from __future__ import annotations

from typing import TypedDict


class PlayerScore(TypedDict):
    """One player's line in a hand's record."""

    most: int  # the suit predicted Most
    fewest: int
    counts: list[int]  # cards collected per suit
    most_points: int
    fewest_points: int
    bonus: int
    total: int


class HandRecord(TypedDict):
    """A scored hand (the rules keep one per hand played)."""

    hand: int  # from 0
    dealer: int
    players: list[PlayerScore]


class AllMineView(TypedDict):
    game: str
    n: int
    viewer: int | None  # None: the table view
    phase: str  # "predict", "play", "heap" or "over"
    to_act: list[int]
    hand_no: int  # from 0
    hands_total: int
    dealer: int
    display: list[list[int]]  # the trump display: [suit, number], strongest first
    hand: list[int] | None  # the viewer's cards, strongest first (None on the table view)
    playable: list[int]  # the viewer's cards that may be played now
    hand_suits: list[list[int]]  # per seat, per suit: cards held (their backs show the suit)
    heap: list[int]  # cards left on each suit's heap
    predicted: list[bool]
    predictions: list[list[int] | None]  # [most, fewest]: the viewer's own, or all once revealed
    leader: int
    trick: list[list[int]]  # [seat, card] in play order
    last_trick: list[list[int]]
    last_winner: int | None
    prev_trick: list[list[int]]
    prev_winner: int | None
    tricks_done: int
    tricks_total: int
    heap_taker: int | None  # who still owes a heap choice
    won: list[list[int]]  # per seat, per suit: cards collected this hand
    trick_cards: list[list[int]]  # per seat: the faces of the trick cards won this hand
    scores: list[int]
    history: list[HandRecord]
