"""Layout snapshots of the shared screens at 100×30 and 120×40 (pytest-textual-snapshot). A
change in how they look fails here until the snapshot is looked at and updated with
``pytest tests/test_snapshots_shell.py --snapshot-update``."""
from __future__ import annotations

from pathlib import Path

import pytest

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession

SIZES = [(100, 30), (120, 40)]
SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.fixture(autouse=True)
def still(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40"])
def test_picker(snap_compare, size):
    assert snap_compare(AllMineApp(), terminal_size=size, press=["down", "down"])


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40"])
def test_setup(snap_compare, size):
    async def open_setup(pilot):
        from allmine_tui.ui.screens.setup import SetupScreen

        await pilot.app.push_screen(SetupScreen("all-in"))
        await pilot.pause()

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=open_setup)


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40"])
def test_curtain(snap_compare, size):
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")], 5)
    assert snap_compare(AllMineApp(GameSession(match, None)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40"])
def test_results_with_history(snap_compare, size):
    match = storage.load_match(SAVES / "all-mine-finished.json")[0]

    async def open_results(pilot):
        from allmine_tui.ui.screens.results import ResultsScreen

        await pilot.app.push_screen(ResultsScreen(GameSession(match, None)))
        await pilot.pause()

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=open_results)


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40"])
def test_help_of_a_game(snap_compare, size):
    assert snap_compare(AllMineApp(), terminal_size=size, press=["r"])
