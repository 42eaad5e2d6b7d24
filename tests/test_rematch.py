"""The results screen: the round-by-round history beside the scores, and Play again."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from allmine_tui import storage
from allmine_tui.engine.history import Timeline
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import game_screen, until_idle, wait_until

SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.fixture(autouse=True)
def slow_bots(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")  # the new game just waits for its bots


@pytest.mark.parametrize("size, narrow", [((80, 24), True), ((200, 50), False)])
async def test_history_table_beside_or_below(size, narrow):
    match = storage.load_match(SAVES / "all-in-finished.json")[0]
    timeline = Timeline(match)
    history = timeline.hooks.history(timeline)
    app = AllMineApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        results = ResultsScreen(GameSession(match, None))
        app.push_screen(results)
        await wait_until(pilot, lambda: app.screen is results, "the results")
        await until_idle(pilot)
        table = app.screen.query_one("#history-table", DataTable)
        assert table.row_count == len(history.rows)
        assert str(table.get_row_at(0)[0]) == history.rows[0].label
        last = [str(c) for c in table.get_row_at(table.row_count - 1)][1:]
        assert [c.split("\n")[0] for c in last] == [str(s) for s in history.rows[-1].scores]
        assert app.screen.query_one("#results-body").has_class("-narrow") is narrow


async def test_play_again_same_seats_and_options_new_seed():
    match = storage.load_match(SAVES / "all-in-finished.json")[0]
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(ResultsScreen(GameSession(match, None)))
        await pilot.pause()
        await pilot.press("p")
        await wait_until(pilot, lambda: game_screen(app) is not None, "the new game")
        new = game_screen(app).match  # (behind its curtain, when several people play)
        assert new.game_id == "all-in" and new.seats == match.seats
        assert new.options == match.options and new.seed != match.seed
        # (the bots wait 60 s, but a secret decision has no pause: some may have written already)
        assert all(new.seats[s].bot for s, _a in new.log)
        saved = list(storage.saves_dir().glob("all-in-*.json"))
        assert len(saved) == 1 and storage.load_match(saved[0])[0].seed == new.seed
        assert not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
