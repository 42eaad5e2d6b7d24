"""Mine All Mines: the shapes of the views the rules give (``rules.view``), for the bots, the
sampler and the screens. Plain JSON data; the type checker holds the rules and their readers to
these keys."""
from __future__ import annotations

from typing import Any, TypedDict, Union

#: A dwarf card: "dealer", "blacksmith", or the gem (0-4) of a mining dwarf.
Dwarf = Union[str, int]


class Owned(TypedDict):
    """The cards a seat owns, by id."""

    jewelry: list[str]
    support: list[str]
    ach: list[str]


class TurnState(TypedDict):
    """What the seat whose turn it is has done this turn."""

    dealer: bool
    traded: bool
    bought: bool
    claimed: bool
    steal_from: list[int]  # the victims still to rob after a Foe dig, in order
    lamp_left: int  # gems that may still go on a Lamp just bought


class MineAllMinesView(TypedDict):
    game: str
    n: int
    viewer: int | None  # None: the table view
    round: int  # from 1
    rounds_total: int
    first: int  # the First Player of this round
    seat: int  # whose turn it is
    phase: str  # "play", "steal", "lamp", "act" or "over"
    to_act: list[int]
    turn: int  # turns taken this round
    turns_total: int
    hand: list[Dwarf] | None  # the viewer's dwarves (None on the table view)
    discards: list[Dwarf] | None  # the viewer's random discards this round
    hand_counts: list[int]
    dropped: list[list[Dwarf]]  # per seat: dwarves discarded as unplayable (public)
    mines: list[list[list[int] | None]]  # per mine, per place: None or [gem, owner]
    market_dwarves: list[list[Any]]  # [dwarf, owner]
    market: list[int]  # gems in the Marketplace, per gem
    supply: list[int]
    gems: list[list[int]]  # per seat, per gem
    lamp: list[list[int]]  # per seat, per gem: gems on the Lamp
    jewelry_shown: list[str | None]
    jewelry_left: int
    support_shown: list[str | None]
    support_left: int
    achievements_shown: list[str | None]
    owned: list[Owned]
    used: list[list[str]]  # per seat: Support cards used this round
    turn_state: TurnState
    vp: list[int]
