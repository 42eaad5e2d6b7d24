"""All In: the state of a game, its phases and constants.

Shared by the rules, the bots, the sampler and the screens; nothing here changes a state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.jsonstate import JsonState

ROUNDS = 23
GOLDEN_SIZE = 8
WRITE, GOLDEN, OVER = "write", "golden", "over"
MAX_USEFUL_CHIPS = 8  # 6 value steps + a suit change reach any card


def cell_name(sheet, cell: int) -> str:
    """A space as the sheet shows it: the letters of the hands it lies in, the row's first
    ('C×H'; the sheet prints hand letters, never row or column numbers)."""
    from .sheets import space_names

    return space_names(sheet)[cell]


@dataclass
class AllInState(JsonState):
    DERIVED = frozenset({"frontier"})
    n: int
    seed: int | str
    mode: str
    sheet_ids: list
    deck: list = field(default_factory=list)  # main deck, drawn from the end
    golden_deck: list = field(default_factory=list)
    discard: list = field(default_factory=list)  # revealed cards of past rounds
    removed: list = field(default_factory=list)  # Golden Deck cards taken out of the game
    round: int = 0  # 1..23
    revealed: list = field(default_factory=list)
    phase: str = WRITE
    written: list = field(default_factory=list)  # per player: card or None per cell
    choice: list = field(default_factory=list)  # per player: card chosen, not yet placed
    done: list = field(default_factory=list)  # per player: finished this phase
    pickers: list = field(default_factory=list)  # players choosing from the Golden Deck now
    golden_pick: list = field(default_factory=list)  # per player: Golden Deck card picked now
    golden_used: list = field(default_factory=list)
    chips_won: list = field(default_factory=list)
    chips_spent: list = field(default_factory=list)
    completed: list = field(default_factory=list)  # per player: letters declared
    first_round: dict = field(default_factory=dict)  # letter -> round it was first completed
    last_written: list = field(default_factory=list)  # per player: cell written last (private)
    round_cells: list = field(default_factory=list)  # per player: cells written this round
    # derived, not saved: legal spaces per (player, number of written spaces)
    frontier: dict = field(default_factory=dict, repr=False, compare=False)
