"""The shape of a mine (RULINGS): a pyramid of 3 rows with 1, 2 and 3 places.

    row 1:        0            place 0 is the entrance (a Mine action, the mine's own gem only)
    row 2:     1     2         below each dwarf: its left place is its Foe (−) side,
    row 3:   3    4    5       its right place its Friend (+) side

Place 4 is the Friend side of place 1 and the Foe side of place 2. A reward line runs from the new
dwarf's parent upwards while each link has the same relation (a straight edge of the pyramid).
"""
from __future__ import annotations

import functools

from .data import load

FRIEND, FOE = "friend", "foe"
PLACES = 6
#: place -> [(parent place, the side of the parent this place is on)]
PARENTS: dict[int, tuple[tuple[int, str], ...]] = {
    0: (),
    1: ((0, FOE),),
    2: ((0, FRIEND),),
    3: ((1, FOE),),
    4: ((1, FRIEND), (2, FOE)),
    5: ((2, FRIEND),),
}


def relation(a: int, b: int) -> str | None:
    """FRIEND or FOE between two dwarf gems (None for the same gem)."""
    return _relations()[a][b]


@functools.cache
def _relations() -> tuple[tuple[str | None, ...], ...]:
    friends = load().friends
    return tuple(tuple(None if a == b else FRIEND if frozenset((a, b)) in friends else FOE
                       for b in range(5)) for a in range(5))


def matching_parents(mine: list, place: int, gem: int) -> list[tuple[int, str]]:
    """The present parents of ``place`` whose side there matches their relation to ``gem``."""
    out = []
    for parent, side in PARENTS[place]:
        d = mine[parent]
        if d is not None and relation(gem, d[0]) == side:
            out.append((parent, side))
    return out


def line_up(parent: int, side: str) -> list[int]:
    """Places up the line from ``parent`` (included) while the links keep the relation ``side``."""
    out = [parent]
    p = parent
    while True:
        nxt = [gp for gp, s in PARENTS[p] if s == side]
        if not nxt:
            return out
        p = nxt[0]
        out.append(p)


def dig_line(mine: list, place: int, gem: int, side: str) -> tuple[int, list[int]]:
    """For a ``gem`` dwarf just dug in at ``place`` on its ``side`` (``mine`` already holds it):
    (its parent, the reward line up from the parent)."""
    parent = next(p for p, s in matching_parents(mine, place, gem) if s == side)
    return parent, line_up(parent, side)


def foe_victims(mine: list, line: list[int], seat: int) -> list[int]:
    """The owners of the dwarves on a Foe line, other than ``seat``, once each, in line order:
    the players a Foe dig steals from."""
    out: list[int] = []
    for p in line:
        owner = mine[p][1]
        if owner != seat and owner not in out:
            out.append(owner)
    return out
