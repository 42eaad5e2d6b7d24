"""All In player sheets, loaded from ``assets/all-in/sheets/<id>.json``.

A sheet file is readable data::

    {
      "id": "QD",                 # the sheet's id: the printed Golden Card, as parse_card() reads it
      "name": "Q♦ (basic)",       # shown in menus
      "golden": "QD",             # the printed Golden Card
      "layout": ["*oooo.", ...],  # one string per grid row, one character per grid cell:
                                  #   "." no space, "o" a card space, "*" a starting space (the dot),
                                  #   "G" the printed Golden Card (exactly one)
      "cuts": [[[0, 3], [0, 4]], ...],   # pairs of [row, col] spaces that touch in the grid but are
                                         # NOT linked by a line (every other touching pair is linked)
      "hands": [{"letter": "A", "cells": [[0, 0], [0, 1], [0, 2], [0, 3]], "icon": 1, "bonus": 3}, ...]
    }

A hand is a straight horizontal or vertical run of linked spaces; ``icon`` is 1 (one player figure)
or 2 (two figures), ``bonus`` the Best-Scoring-Hand points printed beside it. The loader checks the
structure (known characters, one Golden Card, cuts between touching spaces, hands on straight linked
runs); the design invariants of shared/RULINGS.md are checked for every sheet by
tests/test_all_in_sheets.py.

Design conventions of the bundled sheets (also tested): the hands are exactly the lines of 3 or more
linked spaces (cuts end a line), so every space lies in a hand; hands are lettered rows first (top to
bottom, left to right), then columns (left to right); a 5-card hand prints two figures and bonus 4,
a 4-card hand one figure and bonus 3, a 3-card hand one figure and bonus 2.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from allmine_tui.paths import assets_root
from allmine_tui.games.all_in.cards import is_joker, parse_card

BASIC = "QD"

SPACE, START, GOLDEN, EMPTY = "o", "*", "G", "."


@dataclass(frozen=True)
class Hand:
    letter: str
    cells: tuple[int, ...]      # indices into Sheet.cells, in line order
    icon: int                   # 1 = one player figure, 2 = two figures
    bonus: int                  # Best-Scoring-Hand bonus points


@dataclass(frozen=True)
class Sheet:
    id: str                     # e.g. "QD"
    name: str                   # e.g. "Q♦ (basic)"
    golden: int                 # the printed Golden Card (card int)
    golden_cell: int            # index of the Golden Card's space in cells
    cells: tuple[tuple[int, int], ...]   # (row, col) of every space, golden included, sorted by (row, col)
    links: tuple[tuple[int, int], ...]   # linked pairs (i, j), i < j
    starts: tuple[int, ...]             # starting spaces (the dot)
    hands: tuple[Hand, ...]             # sorted by letter
    neighbors: tuple[frozenset[int], ...]  # per cell: cells linked to it by a line
    around_golden: tuple[int, ...]      # the 8 cells around the golden cell (diagonals included)
    hands_of_cell: tuple[tuple[int, ...], ...]  # per cell: indices into hands of the hands containing it


def sheets_dir() -> Path:
    return assets_root() / "all-in" / "sheets"


def _pos(value: object, where: str) -> tuple[int, int]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) for v in value)):
        raise ValueError(f"{where}: expected [row, col], got {value!r}")
    return (value[0], value[1])


def parse_sheet(data: dict, source: str = "sheet") -> Sheet:
    """Build a Sheet from the decoded JSON of a sheet file (ValueError on a malformed file)."""
    try:
        sheet_id = str(data["id"])
        name = str(data["name"])
        golden = parse_card(str(data["golden"]))
        layout = list(data["layout"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"{source}: bad or missing id/name/golden/layout ({exc})") from None
    if is_joker(golden):
        raise ValueError(f"{source}: the Golden Card cannot be a Joker")

    kinds: dict[tuple[int, int], str] = {}
    for r, row in enumerate(layout):
        for c, ch in enumerate(str(row)):
            if ch not in (SPACE, START, GOLDEN, EMPTY):
                raise ValueError(f"{source}: unknown layout character {ch!r} at row {r}, col {c}")
            if ch != EMPTY:
                kinds[(r, c)] = ch
    golden_pos = [p for p, ch in kinds.items() if ch == GOLDEN]
    if len(golden_pos) != 1:
        raise ValueError(f"{source}: the layout needs exactly one 'G' (found {len(golden_pos)})")

    cells = tuple(sorted(kinds))
    index = {p: i for i, p in enumerate(cells)}

    cuts: set[frozenset[tuple[int, int]]] = set()
    for k, pair in enumerate(data.get("cuts", [])):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ValueError(f"{source}: cut #{k} must be a pair of [row, col]")
        a, b = _pos(pair[0], f"{source} cut #{k}"), _pos(pair[1], f"{source} cut #{k}")
        if a not in index or b not in index:
            raise ValueError(f"{source}: cut #{k} {list(a)}-{list(b)} is not between two spaces")
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ValueError(f"{source}: cut #{k} {list(a)}-{list(b)} joins spaces that do not touch")
        cuts.add(frozenset((a, b)))

    links: list[tuple[int, int]] = []
    for (r, c) in cells:
        for other in ((r, c + 1), (r + 1, c)):
            if other in index and frozenset(((r, c), other)) not in cuts:
                links.append((index[(r, c)], index[other]))
    links.sort()
    neighbor_sets: list[set[int]] = [set() for _ in cells]
    for i, j in links:
        neighbor_sets[i].add(j)
        neighbor_sets[j].add(i)

    hands: list[Hand] = []
    for k, raw in enumerate(data.get("hands", [])):
        try:
            letter = str(raw["letter"])
            positions = sorted(_pos(p, f"{source} hand #{k}") for p in raw["cells"])
            icon = int(raw["icon"])
            bonus = int(raw["bonus"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{source}: bad hand #{k} ({exc})") from None
        for p in positions:
            if p not in index:
                raise ValueError(f"{source}: hand {letter} uses {list(p)}, which is not a space")
        ids = tuple(index[p] for p in positions)
        for i, j in zip(ids, ids[1:]):
            if j not in neighbor_sets[i]:
                raise ValueError(f"{source}: hand {letter} is not a straight run of linked spaces "
                                 f"({list(cells[i])} and {list(cells[j])})")
        if len({p[0] for p in positions}) != 1 and len({p[1] for p in positions}) != 1:
            raise ValueError(f"{source}: hand {letter} is neither a row nor a column")
        hands.append(Hand(letter, ids, icon, bonus))
    hands.sort(key=lambda h: h.letter)

    golden_cell = index[golden_pos[0]]
    gr, gc = golden_pos[0]
    around = tuple(sorted(index[(gr + dr, gc + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if (dr or dc) and (gr + dr, gc + dc) in index))
    hands_of_cell = tuple(tuple(h for h, hand in enumerate(hands) if i in hand.cells)
                          for i in range(len(cells)))
    return Sheet(
        id=sheet_id,
        name=name,
        golden=golden,
        golden_cell=golden_cell,
        cells=cells,
        links=tuple(links),
        starts=tuple(index[p] for p in cells if kinds[p] == START),
        hands=tuple(hands),
        neighbors=tuple(frozenset(s) for s in neighbor_sets),
        around_golden=around,
        hands_of_cell=hands_of_cell,
    )


def load_sheet_file(path: Path) -> Sheet:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name}: cannot read sheet ({exc})") from None
    sheet = parse_sheet(data, path.name)
    if sheet.id != path.stem:
        raise ValueError(f"{path.name}: id {sheet.id!r} does not match the file name")
    return sheet


@cache
def load_sheets() -> dict[str, Sheet]:
    """Every sheet by id: the basic Q♦ sheet first, then the others by id."""
    sheets = [load_sheet_file(p) for p in sorted(sheets_dir().glob("*.json"))]
    sheets.sort(key=lambda s: (s.id != BASIC, s.id))
    return {s.id: s for s in sheets}


def get_sheet(sheet_id: str) -> Sheet:
    sheets = load_sheets()
    if sheet_id not in sheets:
        raise ValueError(f"unknown All In sheet {sheet_id!r} (known: {', '.join(sheets)})")
    return sheets[sheet_id]


@cache
def space_names(sheet) -> tuple[str, ...]:
    """Per space, the letters of the hands it lies in, as the sheet shows them: the row hand's
    letter, then the column hand's ("A×F"); a space in one hand only has one letter."""
    out = []
    for cell, hands in enumerate(sheet.hands_of_cell):
        letters = []
        for h in hands:
            hand = sheet.hands[h]
            rows = {sheet.cells[c][0] for c in hand.cells}
            letters.append((0 if len(rows) == 1 else 1, hand.letter))
        out.append("×".join(letter for _k, letter in sorted(letters)))
    return tuple(out)
