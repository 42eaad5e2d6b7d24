"""The results screen at the sizes people play at: at 100×30 every game's score breakdown is on
screen whole, its total row included; where it is taller than the screen, its pane scrolls (one
scroll bar, never the table inside it); the round by round scrolls inside its table, under its
header, between its title and notes; the keys reach whichever table is shown."""
from __future__ import annotations

import pytest
from textual.widgets import DataTable

from allmine_tui.games import GAMES
from allmine_tui.ui import textual_internals as internals
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import wait_until
from snapshot_helpers import finished_four

#: every registered game (each seats four: the finished game is played by four)
GAMES_SHOWN = sorted(GAMES)


async def _open(pilot, match) -> ResultsScreen:
    app = pilot.app
    await pilot.pause()
    await app.push_screen(ResultsScreen(GameSession(match, None)))
    await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen))
    await pilot.pause(0.2)  # (the tables are fitted to the room after the first layout)
    screen = app.screen
    assert isinstance(screen, ResultsScreen)
    return screen


def _painted(app) -> list[str]:
    return [strip.text for strip in internals.compositor(app.screen).render_strips()]


@pytest.mark.parametrize("game_id", GAMES_SHOWN)
async def test_the_whole_breakdown_is_on_screen_at_100x30(game_id):
    match = finished_four(game_id, 4)
    result = match.rules.result(match.state)
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open(pilot, match)
        table = screen.query_one("#results-table", DataTable)
        assert table.row_count == len(result.table)
        assert table.max_scroll_y == 0  # the table never scrolls inside its pane
        # every row, the last (the totals) too, painted in the frame
        painted = _painted(app)
        for label, values in result.table:
            cells = [str(label)] + [str(v) for v in values]
            assert any(all(c in line for c in cells) and line.lstrip("│ ").startswith(str(label))
                       for line in painted), f"row {label!r} not on screen"
        # the totals row is the bold one, with the winners' totals marked (not a tie-break
        # row listed after it)
        for row in range(table.row_count):
            cells = table.get_row_at(row)
            totals = str(cells[0]).startswith("Total")
            assert ("bold" in str(cells[0].style)) == totals
            marked = [seat for seat, cell in enumerate(cells[1:]) if "reverse" in str(cell.style)]
            assert marked == (sorted(result.winners) if totals else [])


async def test_a_pane_taller_than_the_screen_scrolls_by_keys_on_either_table():
    match = finished_four("all-mine", 4)
    app = AllMineApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, match)
        pane = screen.query_one("#breakdown-pane")
        table = screen.query_one("#results-table", DataTable)
        assert table.max_scroll_y == 0 and pane.max_scroll_y > 0
        assert screen.focused is table
        await pilot.press("down")
        await pilot.pause()
        assert pane.scroll_y == 1
        await pilot.press("pagedown")
        await pilot.pause()
        assert pane.scroll_y == pane.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert pane.scroll_y == 0
        await pilot.press("tab")  # the round by round, in its own pane
        await pilot.pause(0.1)
        rounds = screen.query_one("#history-pane")
        history = screen.query_one("#history-table", DataTable)
        assert rounds.display and not pane.display
        assert screen.focused is history
        # the round by round scrolls inside, under its header, with its title and notes on
        # screen: its pane has nothing to scroll
        assert rounds.max_scroll_y == 0 and history.max_scroll_y > 0
        notes = screen.query_one("#history-notes")
        assert notes.region.height > 0 and rounds.region.contains_region(notes.region)
        await pilot.press("down", "down")
        await pilot.pause()
        assert history.scroll_y == 2
        await pilot.press("tab")
        await pilot.pause(0.1)
        assert screen.focused is table and pane.display


async def test_side_by_side_tab_gives_the_keys_to_the_other_table():
    match = finished_four("mine-all-mine", 4)
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, match)
        body = screen.query_one("#results-body")
        breakdown = screen.query_one("#results-table", DataTable)
        history = screen.query_one("#history-table", DataTable)
        assert not body.has_class("-narrow") and breakdown.display and history.display
        assert screen.focused is breakdown
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is history
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is breakdown


async def test_the_round_by_round_fits_the_width_again_after_a_resize():
    match = finished_four("all-in", 4)
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open(pilot, match)
        await pilot.press("tab")
        await pilot.pause(0.1)
        history = screen.query_one("#history-table", DataTable)
        for size in ((80, 24), (100, 30), (90, 26)):
            await pilot.resize_terminal(*size)
            await pilot.pause(0.3)
            assert history.display and history.region.width <= size[0]
            assert history.max_scroll_x == 0, f"sideways scroll at {size}"
            assert screen.query_one("#history-pane").max_scroll_y == 0
