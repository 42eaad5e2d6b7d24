"""Mine All Mines: the state of a game, its phases and constants, and the names of things.

Shared by the rules, the bots, the sampler and the screens; nothing here changes a state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.jsonstate import JsonState
from .data import GEM_NAMES
from .views import Dwarf

PLAY, STEAL, LAMP, ACT, OVER = "play", "steal", "lamp", "act", "over"
DWARVES: tuple[Dwarf, ...] = ("dealer", "blacksmith", 0, 1, 2, 3, 4)  # 0..4: the mining dwarves by gem
ROUNDS = {2: 4, 3: 3, 4: 4, 5: 5}
DISCARDS = {2: 2, 3: 2, 4: 3, 5: 3}
LAMP_MAX = 5
JEWELRY_SHOWN = {2: 3, 3: 3, 4: 3, 5: 4}
SUPPORT_SHOWN = 2
ACHIEVEMENTS_SHOWN = 5
MINE_SET_VP = (0, 1, 3, 6)


def gem_name(g: int) -> str:
    return GEM_NAMES[g]


def dwarf_name(d) -> str:
    return {"dealer": "Dealer", "blacksmith": "Blacksmith"}.get(d, f"{GEM_NAMES[d]} dwarf"
                                                                if isinstance(d, int) else str(d))


def jewel_name(kind: str) -> str:
    """'a Ring', 'a Necklace', ... and 'Earrings' (a pair: no article)."""
    return "Earrings" if kind == "earrings" else f"a {kind.capitalize()}"


def mine_set_vp(count: int) -> int:
    """Mine cards: sets of up to 3 score 1 / 3 / 6."""
    full, rest = divmod(count, 3)
    return full * MINE_SET_VP[3] + MINE_SET_VP[rest]


@dataclass
class MineAllMinesState(JsonState):
    n: int
    seed: int | str
    round_no: int = 0  # 0-based
    first: int = 0  # the First Player of this round
    turn: int = 0  # turns taken this round
    seat: int = 0  # whose turn
    phase: str = PLAY
    hands: list = field(default_factory=list)  # per seat: dwarves (secret)
    discards: list = field(default_factory=list)  # per seat: the random discards (secret)
    dropped: list = field(default_factory=list)  # per seat: dwarves discarded as unplayable (public)
    mines: list = field(default_factory=list)  # 5 x 6 places: None or [gem, owner]
    market_dwarves: list = field(default_factory=list)  # [[dwarf, owner]]
    market: list = field(default_factory=list)  # gems in the Marketplace, per type
    supply: list = field(default_factory=list)  # per type
    gems: list = field(default_factory=list)  # per seat, per type
    lamp: list = field(default_factory=list)  # per seat, per type: gems on the Lamp
    jewelry_deck: list = field(default_factory=list)
    jewelry_shown: list = field(default_factory=list)  # ids or None (an empty place)
    support_deck: list = field(default_factory=list)
    support_shown: list = field(default_factory=list)
    achievements_shown: list = field(default_factory=list)  # ids or None
    achievements_box: list = field(default_factory=list)  # not used this game
    owned: list = field(default_factory=list)  # per seat: {"jewelry": [], "support": [], "ach": []}
    used: list = field(default_factory=list)  # per seat: support ids used this round
    # this turn
    dealer: bool = False
    traded: bool = False
    bought: bool = False
    claimed: bool = False
    steal_from: list = field(default_factory=list)  # victims still to rob
    lamp_left: int = 0
