"""Layout snapshots of the All In table at 100×30 and 120×40 (pytest-textual-snapshot): choosing a
card, choosing its space with the hands through the cursor marked, the Golden Deck, and the final
sheets. A change in how they look fails here until the SVGs are looked at and updated with
``pytest tests/test_snapshots_all_in.py --snapshot-update -n 0``."""
from __future__ import annotations

import random

import pytest

from test_all_in_ui import surround_the_golden_card, surrounded_soon

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession

SIZES = [(100, 30), (120, 40)]
IDS = ["100x30", "120x40"]


@pytest.fixture(autouse=True)
def no_bot_delay(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")


def played(match: Match, rounds: int, seed: int = 1) -> Match:
    """Play ``rounds`` rounds: the bots by themselves, the people by a seeded random choice."""
    rng = random.Random(seed)
    while match.state.round <= rounds and not match.is_over():
        match.run_bots()
        for seat in match.human_seats_to_act():
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def app_of(match: Match) -> AllMineApp:
    return AllMineApp(GameSession(match, None))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_choosing_a_card(snap_compare, size):
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 4)
    assert snap_compare(app_of(played(match, 6)), terminal_size=size, press=["right", "down"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_choosing_the_space_on_an_advanced_sheet(snap_compare, size):
    """Four players on advanced sheets in round 10: the card is taken, the cursor on the sheet,
    the hands through it marked with what they would become."""
    seats = [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal"), Seat("Dot", "random")]
    match = Match("all-in", seats, 7, {"sheets": "advanced"})
    assert snap_compare(app_of(played(match, 9)), terminal_size=size,
                        press=["tab", "enter", "right"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_golden_deck(snap_compare, size):
    async def surround(pilot):
        await surround_the_golden_card(pilot)
        await pilot.press("right")

    assert snap_compare(app_of(surrounded_soon()), terminal_size=size, run_before=surround)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_final_sheets(snap_compare, size):
    match = played(Match("all-in", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal")],
                         3), 99)
    assert match.is_over()

    async def open_sheets(pilot):
        from allmine_tui.games.all_in.final_sheets import FinalSheetsScreen

        await pilot.app.push_screen(FinalSheetsScreen(pilot.app.screen.session))
        await pilot.pause()
        await pilot.press("2")

    assert snap_compare(app_of(match), terminal_size=size, run_before=open_sheets)
