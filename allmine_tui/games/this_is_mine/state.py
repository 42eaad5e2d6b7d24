"""This is Mine!: the state of a game, its phases and constants.

Shared by the rules, the bots, the sampler and the screens; nothing here changes a state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.jsonstate import JsonState

SPLIT, NEGOTIATE, BALANCE, DISCARD, COPY, OVER = (
    "split", "negotiate", "balance", "discard", "copy", "over")
LOT_NAMES = "ABCD"
NOT_COPIED = ("relative", "tv", "radio", "suitcase")


def lot_name(i: int) -> str:
    return LOT_NAMES[i]


@dataclass
class ThisIsMineState(JsonState):
    n: int
    seed: int | str
    round_no: int = 0  # 0-based
    phase: str = SPLIT
    deck: list = field(default_factory=list)
    removed: list = field(default_factory=list)  # 2 players: 5 cards nobody sees
    revealed: list = field(default_factory=list)  # this round's cards, while being split
    assign: list = field(default_factory=list)  # lot per revealed card put so far
    lots: list = field(default_factory=list)  # {"cards", "money", "owner"}
    round_leader: int = 0  # who splits (and first claims) this round
    leader: int = 0  # whose claim is on the table
    claim: int | None = None  # the claimed lot
    asked: list = field(default_factory=list)  # seats still to answer, in order
    hands: list = field(default_factory=list)  # per seat: cards (secret)
    money: list = field(default_factory=list)  # Money Cards per seat (public)
    pile: int = 0  # Money Cards not in play
    coins: list = field(default_factory=list)  # coin value per seat (public)
    refusals: list = field(default_factory=list)  # per seat, for the record
    balance_ask: list = field(default_factory=list)  # seats still to be asked
    balance_log: list = field(default_factory=list)  # per redistribution: {"round", "moves"}
    to_discard: list = field(default_factory=list)  # per seat: discards still owed (end)
    discards: list = field(default_factory=list)  # per seat: types discarded (secret till all)
    copies: list = field(default_factory=list)  # per seat: types copied by each Suitcase
    copies_owed: list = field(default_factory=list)  # per seat
