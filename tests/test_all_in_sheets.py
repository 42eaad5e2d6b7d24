"""All In sheets: the design invariants of shared/RULINGS.md ("All In", Sheets), checked for every sheet.

The raw JSON files are re-read here and the grid geometry is recomputed independently of the loader,
so a loader bug cannot hide a bad sheet (and the other way round).
"""
from __future__ import annotations

import json
import random
from collections import deque

import pytest

from allmine_tui.games.all_in.cards import is_joker, parse_card
from allmine_tui.games.all_in.sheets import (
    BASIC,
    Hand,
    Sheet,
    get_sheet,
    load_sheets,
    parse_sheet,
    sheets_dir,
)
from allmine_tui.paths import asset

SHEETS = load_sheets()
IDS = list(SHEETS)
FILES = sorted(sheets_dir().glob("*.json"))

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))


def raw(sheet_id: str) -> dict:
    return json.loads(asset("all-in", f"sheets/{sheet_id}.json").read_text(encoding="utf-8"))


def grid(sheet_id: str) -> tuple[dict[tuple[int, int], str], set[frozenset]]:
    """Spaces by (row, col) with their layout character, and the cut pairs, straight from the file."""
    data = raw(sheet_id)
    spaces = {(r, c): ch for r, row in enumerate(data["layout"]) for c, ch in enumerate(row) if ch != "."}
    cuts = {frozenset((tuple(a), tuple(b))) for a, b in data.get("cuts", [])}
    return spaces, cuts


def independent_links(sheet_id: str) -> set[frozenset]:
    spaces, cuts = grid(sheet_id)
    links = set()
    for (r, c) in spaces:
        for dr, dc in ORTHOGONAL:
            other = (r + dr, c + dc)
            if other in spaces and frozenset(((r, c), other)) not in cuts:
                links.add(frozenset(((r, c), other)))
    return links


def line_runs(sheet: Sheet) -> list[tuple[int, ...]]:
    """Every maximal horizontal or vertical run of linked spaces (length >= 2)."""
    index = {p: i for i, p in enumerate(sheet.cells)}
    runs = []
    for dr, dc in ((0, 1), (1, 0)):
        for i, (r, c) in enumerate(sheet.cells):
            prev = index.get((r - dr, c - dc))
            if prev is not None and prev in sheet.neighbors[i]:
                continue  # not the start of a run
            run = [i]
            while True:
                r2, c2 = sheet.cells[run[-1]]
                nxt = index.get((r2 + dr, c2 + dc))
                if nxt is None or nxt not in sheet.neighbors[run[-1]]:
                    break
                run.append(nxt)
            if len(run) >= 2:
                runs.append(tuple(run))
    return runs


# --- the set of sheets ------------------------------------------------------------------------------

def test_basic_sheet_first_and_three_advanced_sheets_with_other_golden_cards():
    assert IDS[0] == BASIC == "QD"
    assert SHEETS[BASIC].golden == parse_card("Q♦")
    assert "basic" in SHEETS[BASIC].name
    others = [s for s in SHEETS.values() if s.id != BASIC]
    assert len(others) >= 3
    goldens = [s.golden for s in SHEETS.values()]
    assert len(set(goldens)) == len(goldens)


def test_one_sheet_per_file_and_ids_match_files():
    assert sorted(p.stem for p in FILES) == sorted(IDS)
    for sheet in SHEETS.values():
        assert raw(sheet.id)["id"] == sheet.id


def test_load_sheets_is_cached_and_get_sheet():
    assert load_sheets() is load_sheets()
    for sheet_id in IDS:
        assert get_sheet(sheet_id) is SHEETS[sheet_id]
    with pytest.raises(ValueError, match="unknown All In sheet 'XX'"):
        get_sheet("XX")


def test_sheets_differ_in_layout():
    layouts = [tuple(raw(i)["layout"]) for i in IDS]
    shapes = [frozenset(s.cells) for s in SHEETS.values()]
    assert len(set(layouts)) == len(layouts)
    assert len(set(shapes)) == len(shapes)


def test_every_sheet_uses_the_same_unique_letters():
    letter_sets = []
    for sheet in SHEETS.values():
        letters = [h.letter for h in sheet.hands]
        assert len(letters) == len(set(letters)), sheet.id
        assert letters == sorted(letters), sheet.id  # hands sorted by letter
        letter_sets.append(tuple(letters))
    assert len(set(letter_sets)) == 1
    assert letter_sets[0] == tuple("ABCDEFGHIJ")


# --- invariants of each sheet ------------------------------------------------------------------------

@pytest.mark.parametrize("sheet_id", IDS)
def test_golden_card_is_a_real_card_printed_once(sheet_id):
    sheet = SHEETS[sheet_id]
    data = raw(sheet_id)
    assert not is_joker(sheet.golden)
    assert 0 <= sheet.golden < 52
    assert sheet.golden == parse_card(data["golden"]) == parse_card(sheet_id)
    spaces, _cuts = grid(sheet_id)
    goldens = [p for p, ch in spaces.items() if ch == "G"]
    assert len(goldens) == 1
    assert sheet.cells[sheet.golden_cell] == goldens[0]


@pytest.mark.parametrize("sheet_id", IDS)
def test_cells_are_the_layout_spaces_sorted(sheet_id):
    sheet = SHEETS[sheet_id]
    spaces, _cuts = grid(sheet_id)
    assert list(sheet.cells) == sorted(spaces)
    assert set(spaces.values()) <= {"o", "*", "G"}


@pytest.mark.parametrize("sheet_id", IDS)
def test_the_eight_spaces_around_the_golden_card_are_card_spaces(sheet_id):
    sheet = SHEETS[sheet_id]
    spaces, _cuts = grid(sheet_id)
    gr, gc = sheet.cells[sheet.golden_cell]
    around = [(gr + dr, gc + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    assert all(p in spaces for p in around)
    assert len(sheet.around_golden) == 8
    assert sorted(sheet.cells[i] for i in sheet.around_golden) == sorted(around)
    assert sheet.golden_cell not in sheet.around_golden


@pytest.mark.parametrize("sheet_id", IDS)
def test_size_writable_spaces(sheet_id):
    sheet = SHEETS[sheet_id]
    writable = len(sheet.cells) - 1
    assert writable >= 24
    # a 23-round game (plus at most one Golden Deck card) fills most of the sheet
    assert writable <= 30


@pytest.mark.parametrize("sheet_id", IDS)
def test_starting_spaces(sheet_id):
    sheet = SHEETS[sheet_id]
    spaces, _cuts = grid(sheet_id)
    assert len(sheet.starts) >= 2
    assert sheet.golden_cell not in sheet.starts
    assert len(set(sheet.starts)) == len(sheet.starts)
    assert sorted(sheet.cells[i] for i in sheet.starts) == sorted(p for p, ch in spaces.items() if ch == "*")


@pytest.mark.parametrize("sheet_id", IDS)
def test_links_join_orthogonal_neighbours_and_match_the_file(sheet_id):
    sheet = SHEETS[sheet_id]
    spaces, cuts = grid(sheet_id)
    for i, j in sheet.links:
        assert i < j
        (r1, c1), (r2, c2) = sheet.cells[i], sheet.cells[j]
        assert abs(r1 - r2) + abs(c1 - c2) == 1
    assert list(sheet.links) == sorted(set(sheet.links))
    assert {frozenset((sheet.cells[i], sheet.cells[j])) for i, j in sheet.links} == independent_links(sheet_id)
    # every cut really separates two touching spaces (otherwise it is a typo in the file)
    for cut in cuts:
        a, b = tuple(cut)
        assert a in spaces and b in spaces
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@pytest.mark.parametrize("sheet_id", IDS)
def test_neighbors_and_hands_of_cell_are_consistent(sheet_id):
    sheet = SHEETS[sheet_id]
    n = len(sheet.cells)
    assert len(sheet.neighbors) == len(sheet.hands_of_cell) == n
    for i in range(n):
        expected = {j for a, b in sheet.links for j in (a, b) if i in (a, b) and j != i}
        assert sheet.neighbors[i] == frozenset(expected)
        assert sheet.hands_of_cell[i] == tuple(h for h, hand in enumerate(sheet.hands) if i in hand.cells)


@pytest.mark.parametrize("sheet_id", IDS)
def test_writable_spaces_connected_without_the_golden_card(sheet_id):
    sheet = SHEETS[sheet_id]
    writable = [i for i in range(len(sheet.cells)) if i != sheet.golden_cell]
    seen = {writable[0]}
    queue = deque(seen)
    while queue:
        i = queue.popleft()
        for j in sheet.neighbors[i]:
            if j != sheet.golden_cell and j not in seen:
                seen.add(j)
                queue.append(j)
    assert seen == set(writable)


@pytest.mark.parametrize("sheet_id", IDS)
def test_hands_are_straight_linked_runs_of_three_to_five(sheet_id):
    sheet = SHEETS[sheet_id]
    lengths = set()
    for hand in sheet.hands:
        assert isinstance(hand, Hand)
        assert 3 <= len(hand.cells) <= 5, hand
        lengths.add(len(hand.cells))
        pos = [sheet.cells[i] for i in hand.cells]
        rows, cols = {r for r, _ in pos}, {c for _, c in pos}
        assert len(rows) == 1 or len(cols) == 1, hand.letter
        # in line order, each space one step further and linked to the previous one by a line
        for (a, pa), (b, pb) in zip(zip(hand.cells, pos), zip(hand.cells[1:], pos[1:])):
            assert (pb[0] - pa[0], pb[1] - pa[1]) in ((0, 1), (1, 0)), hand.letter
            assert b in sheet.neighbors[a], hand.letter
    assert len(lengths) >= 2, "hand lengths must vary"


@pytest.mark.parametrize("sheet_id", IDS)
def test_hands_are_exactly_the_lines_of_three_or_more(sheet_id):
    """Design rule of these sheets: a hand takes its whole line ("all the vertical or horizontal
    adjacent card spaces linked with a line"), and every line of 3+ linked spaces is a hand."""
    sheet = SHEETS[sheet_id]
    runs = {run for run in line_runs(sheet) if len(run) >= 3}
    assert {hand.cells for hand in sheet.hands} == runs


@pytest.mark.parametrize("sheet_id", IDS)
def test_spaces_belong_to_hands(sheet_id):
    sheet = SHEETS[sheet_id]
    # Every space should lie in a hand; the rulings allow "perhaps a few" outside (at most 2 here).
    # The current sheets have none outside.
    outside = [sheet.cells[i] for i, hands in enumerate(sheet.hands_of_cell) if not hands]
    assert len(outside) <= 2
    assert outside == []
    # the printed Golden Card counts in the hands it lies in: make sure it lies in at least one
    assert sheet.hands_of_cell[sheet.golden_cell]


@pytest.mark.parametrize("sheet_id", IDS)
def test_icons_and_bonuses(sheet_id):
    sheet = SHEETS[sheet_id]
    icons = {hand.icon for hand in sheet.hands}
    assert icons == {1, 2}
    for hand in sheet.hands:
        assert isinstance(hand.bonus, int) and 1 <= hand.bonus <= 5, hand


@pytest.mark.parametrize("sheet_id", IDS)
def test_random_fill_reaches_every_writable_space(sheet_id):
    """Rounds 1-2 on an empty starting space, then on a random empty space linked to a written card:
    nobody is ever forced to skip before the sheet is full."""
    sheet = SHEETS[sheet_id]
    writable = {i for i in range(len(sheet.cells)) if i != sheet.golden_cell}
    for seed in range(300):
        rng = random.Random(seed)
        written: set[int] = set()
        for round_no in range(1, len(writable) + 1):
            if round_no <= 2:
                legal = [c for c in sheet.starts if c not in written]
            else:
                legal = sorted(c for c in writable - written if sheet.neighbors[c] & written)
            assert legal, (sheet_id, seed, round_no)
            written.add(rng.choice(legal))
        assert written == writable


# --- the loader rejects malformed files --------------------------------------------------------------

GOOD = {
    "id": "2S", "name": "test", "golden": "2S",
    "layout": ["*oo", "oGo", "oo*"],
    "cuts": [],
    "hands": [{"letter": "A", "cells": [[0, 0], [0, 1], [0, 2]], "icon": 1, "bonus": 1}],
}


def variant(**changes) -> dict:
    data = json.loads(json.dumps(GOOD))
    data.update(changes)
    return data


def test_parse_small_sheet():
    sheet = parse_sheet(GOOD)
    assert sheet.cells == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2))
    assert sheet.golden_cell == 4
    assert sheet.starts == (0, 8)
    assert sheet.around_golden == (0, 1, 2, 3, 5, 6, 7, 8)
    assert sheet.hands == (Hand("A", (0, 1, 2), 1, 1),)
    assert sheet.neighbors[4] == frozenset({1, 3, 5, 7})
    assert (3, 6) in sheet.links
    cut = parse_sheet(variant(cuts=[[[2, 0], [1, 0]]]))
    assert (3, 6) not in cut.links and 6 not in cut.neighbors[3]
    assert len(cut.links) == len(sheet.links) - 1


@pytest.mark.parametrize("changes, message", [
    ({"layout": ["ooo", "ooo"]}, "exactly one 'G'"),
    ({"layout": ["oGo", "oGo"]}, "exactly one 'G'"),
    ({"layout": ["oGx"]}, "unknown layout character"),
    ({"golden": "joker"}, "Joker"),
    ({"cuts": [[[0, 0], [1, 1]]]}, "do not touch"),
    ({"cuts": [[[0, 0], [5, 5]]]}, "not between two spaces"),
    ({"hands": [{"letter": "A", "cells": [[0, 0], [1, 1], [2, 2]], "icon": 1, "bonus": 1}]}, "linked"),
    ({"hands": [{"letter": "A", "cells": [[0, 0], [0, 2]], "icon": 1, "bonus": 1}]}, "linked"),
    ({"hands": [{"letter": "A", "cells": [[0, 0], [0, 9]], "icon": 1, "bonus": 1}]}, "not a space"),
    ({"cuts": [[[0, 0], [0, 1]]]} | {"hands": GOOD["hands"]}, "linked"),
])
def test_parse_rejects_malformed_sheets(changes, message):
    with pytest.raises(ValueError, match=message):
        parse_sheet(variant(**changes))
