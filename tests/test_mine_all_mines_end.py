"""Mine All Mines at the end of a game: the final table (f on the results) and the replay (v)
show every player's line (VP, gems, cards) and the keys line at 100×30 as at 120×40, at the
largest table (5 players), and offer no key of a turn (nobody plays there)."""
from __future__ import annotations

import functools
import re

import pytest
from screen_text import screen_lines

from allmine_tui.engine import Match, Seat
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import on_screen, until_idle, wait_until

NAMES = ["Ann", "Abe", "Bob", "Cleo", "Dan"]
SIZES = [(100, 30), (120, 40)]


@functools.cache
def finished_log(seed: int) -> tuple:
    bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES], seed)
    while not bots.is_over():
        seat = bots.to_act()[0]
        bots.apply(seat, bots.bot_choice(seat))
    return tuple(bots.log)


def finished(seed: int = 1) -> Match:
    seats = [Seat(x) if i == 0 else Seat(x, "normal") for i, x in enumerate(NAMES)]
    return Match.replay("mine-all-mines", seats, seed, {}, list(finished_log(seed)))


async def results_of(pilot, match: Match) -> ResultsScreen:
    """The results of ``match`` on top, drawn."""
    results = ResultsScreen(GameSession(match, None))
    await pilot.app.push_screen(results)
    await wait_until(pilot, lambda: pilot.app.screen is results, "the results")
    await until_idle(pilot)
    return results


def player_lines(lines: list[str], match: Match) -> list[str]:
    """The painted player lines: tag, name, then that player's VP."""
    view = match.view(None)
    found = []
    for s, name in enumerate(NAMES):
        pattern = re.compile(rf"^[ ▶]*{name[:2]}\s+{name}\s+(⚑\s+)?{view['vp'][s]}\s+Di\d")
        found += [line for line in lines if pattern.search(line.strip(" │┃"))]
    return found


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40"])
@pytest.mark.parametrize("key", ["f", "v"], ids=["final-table", "replay"])
async def test_every_players_line_and_the_keys_line_are_on_screen(size, key):
    match = finished()
    app = AllMineApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await results_of(pilot, match)
        await pilot.press(key)
        screen = await on_screen(pilot, MineAllMinesScreen)
        if key == "v":  # the replay opens at the deal: on to the end
            replay = screen.session
            assert replay.position == 0
            await pilot.press("end")
            await wait_until(pilot, lambda: replay.position == replay.timeline.last, "the end")
            await until_idle(pilot)
        lines = screen_lines(app)
        shown = match if key == "f" else screen.session.match
        assert len(player_lines(lines, shown)) == 5, "\n".join(lines)
        keys = lines[-1]
        # (the keys line shortens descriptions to their first word when all do not fit)
        assert "tab Whose" in keys and ("Replay" in keys if key == "f" else "On" in keys)
        # keys of a turn cannot work here: they are not offered
        assert "End turn" not in keys and "Choose" not in keys
        # the board is above the keys line, the menu pane's text is there too
        assert "Every hand is open" in "\n".join(lines)


@pytest.mark.parametrize("key", ["f", "v"], ids=["final-table", "replay"])
async def test_keys_count_at_once_where_nobody_plays(monkeypatch, key):
    """The grace that drops keys typed ahead for the next person has nothing to protect once
    the game is over: q right after f (or v) goes back to the results."""
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "30")
    match = finished()
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        results = await results_of(pilot, match)
        await pilot.press(key)
        screen = await on_screen(pilot, MineAllMinesScreen)
        assert screen.session.seat == 0
        # (were the keys dropped, 30 s of grace would outlast the waits)
        await pilot.press("tab")  # whose dwarves the board shows: the next seat's
        await wait_until(pilot, lambda: screen.session.seat == 1, "the next seat's dwarves")
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is results, "back at the results")


async def test_the_final_tables_log_ends_with_the_game_and_keeps_its_last_lines():
    """A whole game's log is about 1,500 lines: the final table writes the last ones only (it
    opens faster), ending on the game's end, each wrapped once to the width it is shown at."""
    from allmine_tui.games.mine_all_mines.bottom import QuietLog

    match = finished()
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await results_of(pilot, match)
        await pilot.press("f")
        log = (await on_screen(pilot, MineAllMinesScreen)).query_one(QuietLog)
        lines = log.text.plain.splitlines()
        assert len(lines) == QuietLog.KEEP + 1 and lines[0] == QuietLog.EARLIER
        assert lines[-1].startswith("Game over:")
        assert log.virtual_size.width <= log.scrollable_content_region.width
