"""What's this (issue 23): every game screen lists its marks and their meanings (key k), and a mark
on the board explains itself when the mouse is over it."""
from __future__ import annotations

import pytest

from allmine_tui.ui import textual_internals as internals
from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.legend import LegendLine, LegendScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.lines import TextLines
from helpers import until_idle, wait_until



def game_ids_with_legends() -> list[str]:
    return [g for g in GAMES if GAMES[g].screen().LEGEND]


def test_every_game_screen_has_a_legend():
    missing = [g for g in GAMES if not GAMES[g].screen().LEGEND]
    assert missing == [], f"no legend of marks for {missing}"


async def open_game(game_id: str, pilot, app) -> None:
    await wait_until(pilot, lambda: getattr(app.screen, "actor", None) is not None,
                     "the person's decision")
    await until_idle(pilot)


@pytest.mark.parametrize("game_id", game_ids_with_legends())
async def test_k_lists_every_mark_and_each_line_explains_itself(game_id):
    game = GAMES[game_id]
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "random") for i in range(1, game.max_players)]
    app = AllMineApp(GameSession(Match(game_id, seats, 3), None))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(game_id, pilot, app)
        board = app.screen
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)
        lines = list(app.screen.query(LegendLine))
        assert [(line.mark, line.meaning) for line in lines] == board.legend()
        assert all(line.tooltip and line.meaning in str(line.tooltip) for line in lines)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board


@pytest.mark.parametrize("game_id", game_ids_with_legends())
async def test_a_mark_on_the_board_explains_itself_under_the_mouse(game_id):
    game = GAMES[game_id]
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "random") for i in range(1, game.max_players)]
    app = AllMineApp(GameSession(Match(game_id, seats, 3), None))
    async with app.run_test(size=(120, 40), tooltips=True) as pilot:
        await open_game(game_id, pilot, app)
        board = app.screen
        meanings = dict(board.legend())
        checked = 0
        hovered: set[str] = set()  # each mark once, where it is first found
        for widget in board.query(TextLines):
            if not widget.display or widget.region.height == 0:
                continue
            region = widget.content_region
            for y, line in enumerate(widget.content.plain.splitlines()[:region.height]):
                for mark, meaning in meanings.items():
                    x = line.find(mark)
                    if x < 0 or x >= region.width or len(mark) < 2 and not mark.strip() \
                            or mark in hovered:
                        continue
                    point = (region.x + x, region.y + y)
                    if app.get_widget_at(*point)[0] is not widget:
                        continue  # (not on view there: a part hidden for now, say)
                    hovered.add(mark)
                    # the last mark's tooltip may be up where this one is: put it away first
                    internals.clear_tooltip(board)
                    await pilot.pause()
                    # the mouse leaves first: a mark where it already stands would get no move
                    # (and so no tooltip) from hovering it again
                    await pilot.hover(offset=(0, 0))
                    await pilot.pause()
                    await pilot.hover(offset=point)
                    try:  # (the tooltip comes with the mouse move: a busy machine is slow)
                        await wait_until(pilot, lambda: widget.tooltip is not None,
                                         "a tooltip", timeout=3)
                    except AssertionError:
                        pass  # the assertion below says which mark had none
                    tip = str(widget.tooltip)
                    # the longest mark there wins ("✗ void" over "✗"): its meaning is shown
                    assert tip in meanings.values(), (mark, tip)
                    checked += 1
        assert checked >= 3, "marks on screen to hover"
