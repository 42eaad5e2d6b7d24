"""Screens opened over others: the command palette opened twice, and the "please enlarge" message
with a palette or a curtain opened over it, then the terminal made large again."""
from __future__ import annotations

from textual import events
from textual.command import CommandPalette

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.help import HelpScreen
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.screens.too_small import TooSmallScreen
from allmine_tui.ui.session import GameSession
from helpers import until_idle, wait_until

BIG = (120, 40)




def palettes(app) -> int:
    return sum(isinstance(s, CommandPalette) for s in app.screen_stack)


def too_smalls(app) -> int:
    return sum(isinstance(s, TooSmallScreen) for s in app.screen_stack)


def palette_asks(app) -> list[int]:
    """Each time the app is asked for a palette (ctrl+p handled), the palettes then open."""
    asks: list[int] = []
    ask = app.action_command_palette

    def counted() -> None:
        ask()
        asks.append(palettes(app))
    app.action_command_palette = counted
    return asks


async def test_ctrl_p_while_a_palette_is_open_under_another_screen():
    app = AllMineApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: palettes(app) == 1)
        app.push_screen(HelpScreen(None))  # something opens over the palette
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        asks = palette_asks(app)
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: asks, "ctrl+p handled")
        await until_idle(pilot)
        assert palettes(app) == 1 and isinstance(app.screen, HelpScreen)


async def test_ctrl_p_pressed_twice_before_the_palette_is_up():
    app = AllMineApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        for key in ("ctrl+p", "ctrl+p", "escape", "ctrl+p", "ctrl+p"):
            app.post_message(events.Key(key, None))  # no pause between the keys
        await until_idle(pilot)
        # the app takes ctrl+p at once, the palette its escape when it gets to it: which comes
        # last depends on the scheduling, so none or one palette is left, never two
        assert palettes(app) <= 1
        if palettes(app):
            await pilot.press("escape")
            await wait_until(pilot, lambda: palettes(app) == 0)
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen.is_mounted)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)


async def test_palette_over_the_enlarge_message_then_large_again():
    app = AllMineApp()
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen) and app.screen.is_mounted)
        asks = palette_asks(app)
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: palettes(app) == 1 and isinstance(app.screen, TooSmallScreen),
                         "the palette under the message")
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: len(asks) == 2, "the second ctrl+p handled")
        await until_idle(pilot)
        assert asks == [1, 1]
        assert palettes(app) == 1 and too_smalls(app) == 1
        assert isinstance(app.screen, TooSmallScreen)  # still too small for the palette
        await pilot.resize_terminal(*BIG)
        await wait_until(pilot, lambda: too_smalls(app) == 0)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)


async def test_curtain_over_the_enlarge_message_then_large_again(tmp_path):
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 11)
    app = AllMineApp(GameSession(match, tmp_path / "hot.json"))
    async with app.run_test(size=BIG) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.is_mounted)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, CurtainScreen))
        game = app.screen
        await pilot.resize_terminal(90, 26)  # too small for a game, not for a curtain
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen) and app.screen.is_mounted)
        game.flow.hide()  # the curtain comes up, as when the turn passes to someone else
        game.render_flow()
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        await until_idle(pilot)
        assert too_smalls(app) == 0 and isinstance(app.screen, CurtainScreen)  # it fits in 90x26
        await pilot.resize_terminal(*BIG)
        await until_idle(pilot)
        assert too_smalls(app) == 0 and isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game)
        assert too_smalls(app) == 0


async def test_a_small_terminal_still_shows_the_message_over_a_new_screen():
    app = AllMineApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen) and app.screen.is_mounted)
        app.push_screen(HelpScreen(None))
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen) and app.screen.is_mounted)
        assert too_smalls(app) == 1
        await pilot.resize_terminal(*BIG)
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted)
        assert too_smalls(app) == 0
