"""All In: the shapes of the views the rules give (``rules.view``), for the bots, the sampler and
the screens. Plain JSON data; the type checker holds the rules and their readers to these keys."""
from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from .poker import Evaluation


class PlayerView(TypedDict):
    """One sheet as the viewer may know it: another player's written cards and chips spent stay
    hidden (None) until the end; how many spaces are filled is public."""

    sheet: str  # the sheet's id
    completed: list[str]  # letters of the hands completed
    chips_won: int
    chips_spent: int | None
    written: list[int | None] | None  # per space: the card written there, or None
    filled: int
    done: bool  # has finished this phase
    golden_used: bool


class AllInView(TypedDict):
    game: str
    n: int
    viewer: int | None  # None: the table view
    phase: str  # "write", "golden" or "over"
    to_act: list[int]
    round: int  # 1..23
    rounds: int
    revealed: list[int]  # this round's two cards
    golden_size: int
    discard: list[int]  # every earlier round's two cards, in order
    deck_size: int
    players: list[PlayerView]
    first_round: dict[str, int]  # hand letter -> the round it was first completed
    pickers: list[int]  # the players choosing from the Golden Deck now
    mode: str  # "basic", "advanced" or "shared"
    # a seat's own view only (absent from the table view):
    choice: NotRequired[int | None]  # the card chosen, not yet written
    golden_pick: NotRequired[int | None]
    last_written: NotRequired[int | None]  # the space written last
    golden_deck: NotRequired[list[int] | None]  # while picking from it
    legal_cells: NotRequired[list[int]]  # where the viewer may write now


class SheetScore(TypedDict):
    """One player's sheet scored (``scoring.scoring``)."""

    hands: dict[str, Evaluation]  # hand letter -> its poker evaluation
    hand_points: int
    bonus: int  # Best Scoring Hand bonuses won
    unused_chips: int
    total: int


class Scoring(TypedDict):
    """Every sheet scored: the hand letters, each player's score, and per letter the players
    whose hand is the Best Scoring Hand (ties share it)."""

    letters: list[str]
    players: list[SheetScore]
    best: dict[str, list[int]]
