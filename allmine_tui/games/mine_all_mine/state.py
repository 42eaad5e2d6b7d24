"""Mine, All Mine!: the state of a game, its phases and constants.

Shared by the rules, the bots, the sampler and the screens; nothing here changes a state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.jsonstate import JsonState

FLEET, OVER = "fleet", "over"
ROUNDS = 3
HAND_START = 3
TURN_NAMES = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")


@dataclass
class MineAllMineState(JsonState):
    n: int
    seed: int | str
    mode: str = "standard"
    round_no: int = 0  # 0-based
    phase: str = FLEET
    hands: list = field(default_factory=list)  # per seat: held card numbers (fleet cards included)
    deck: list = field(default_factory=list)  # undealt card numbers
    table: list = field(default_factory=list)  # cards played in the final round (face up)
    pending: list = field(default_factory=list)  # per seat: [[card, option]] chosen, secret
    launched: list = field(default_factory=list)  # per seat: bool
    planets: list = field(default_factory=list)  # this round's cards: dicts (see _planets)
    scores: list = field(default_factory=list)
    history: list = field(default_factory=list)  # per round: {"round", "carried", "bonus", "points"}
    last_round: dict | None = None  # the last resolution: planets, fleets, turns (public)
    last_deal: dict | None = None  # order, draws, dealt [[seat, card]] (cards private)
