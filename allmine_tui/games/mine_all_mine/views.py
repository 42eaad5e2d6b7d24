"""Mine, All Mine!: the shapes of the views the rules give (``rules.view``) and of the records in
them, for the bots, the sampler and the screens. Plain JSON data; the type checker holds the
rules and their readers to these keys."""
from __future__ import annotations

from typing import TypedDict


class Planet(TypedDict):
    """One of the round's planet cards, as it lies: which card, which side and end."""

    card: int
    side: str  # "planet" or "moon"
    name: str
    end: str  # "high" or "low"
    resources: list[int]  # per location of this card


class Fleet(TypedDict):
    """A fleet's stats (``fleets.fleet_stats``): ships and actions summed."""

    seat: int
    cards: list[list[int]]  # [card, option]
    speed: int
    attack: int
    cargo: int
    actions: list[str]  # ids of the actions chosen (option 3 of standard cards)


class FleetOutcome(Fleet):
    """A fleet in a round's record: its stats, where it went and what it got."""

    location: int  # after a Warp Jump; above the last location: it never arrived
    set_location: int  # before the Warp Jump
    skip: bool  # a location was skipped before it
    arrives: bool
    carried: int
    bonus: int
    bonuses: list[list]  # [action id, points]
    fled_at: int | None  # the location where it was chased off
    points: int


class TurnRecord(TypedDict):
    """One location's turn: who was there, who fled, the mining steps ([[seat, taken], ...]
    per step), and what was lost, picked up by a Scavenger, left, and scored as bonuses."""

    location: int  # from 1
    resources: int
    present: list[int]
    fled: list[int]
    steps: list[list[list[int]]]
    lost: int
    left: int
    scavenged: int
    bonus: list[list]  # [seat, action id, points]


class RoundRecord(TypedDict):
    """How the last round went (``fleets.resolve_round``, with the round and its planets)."""

    resources: list[int]
    fleets: list[FleetOutcome]
    turns: list[TurnRecord]
    round: int  # from 0
    planets: list[Planet]


class RoundScore(TypedDict):
    round: int  # from 0
    carried: list[int]
    bonus: list[int]
    points: list[int]


class DealView(TypedDict):
    """The last Phase 4 deal as a seat may know it: the order, the draws, how many cards each
    got, and which cards the viewer got."""

    round: int
    order: list[int]
    draws: list[int]
    counts: list[int]
    mine: list[int]


class MineAllMineView(TypedDict):
    game: str
    n: int
    viewer: int | None  # None: the table view
    mode: str  # "standard" or "beginner"
    phase: str  # "fleet" or "over"
    to_act: list[int]
    round: int  # from 1
    rounds_total: int
    planets: list[Planet]
    resources: list[int]  # per location, in order
    hand: list[int] | None  # the viewer's cards (None on the table view)
    pending: list[list[int]] | None  # the viewer's fleet being built: [card, option]
    preview: Fleet | None  # its stats so far
    launched: list[bool]
    hand_counts: list[int]
    deck_count: int
    scores: list[int]
    history: list[RoundScore]
    last_round: RoundRecord | None  # public once the round is played
    last_deal: DealView | None
