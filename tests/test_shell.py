"""The shell around the games: the setup remembers the last table, the saves screen deletes, the
picker comes back on the game just played, the palette knows the app's commands, Esc closes the
Keys panel, the log rewraps after a resize."""
from __future__ import annotations

import pytest
from screen_text import screen_text
from textual.widgets import DataTable, Input, Select

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.confirm import ConfirmScreen
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.screens.saves import SavesScreen
from allmine_tui.ui.screens.setup import SetupScreen
from allmine_tui.ui.session import GameSession
from helpers import wait_until

SIZE = (100, 30)


@pytest.fixture(autouse=True)
def slow_bots(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")  # games just wait: these tests look at menus



async def test_setup_remembers_the_last_table_and_starts_on_start():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(SetupScreen("all-in"))
        await pilot.pause()
        setup = app.screen
        assert app.focused.id == "start"
        counts = setup.query_one("#player-count", Select)
        assert "1 player" in [str(label) for label, _v in counts._options]
        counts.value = 3
        await pilot.pause()
        setup.query_one("#name-1", Input).value = "Zoë"
        setup.query_one("#kind-1", Select).value = "human"
        setup.query_one("#level-2", Select).value = "random"
        setup.query_one("#opt-sheets", Select).value = "advanced"
        await pilot.pause()
        await pilot.press("enter")  # on Start
        await wait_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
        for _ in range(5):
            if isinstance(app.screen, PickerScreen):
                break
            left = app.screen
            await pilot.press("escape" if "Pass the keyboard" in screen_text(app) else "q")
            await wait_until(pilot, lambda: app.screen is not left, "the screen left")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
        await app.push_screen(SetupScreen("all-in"))
        await pilot.pause()
        again = app.screen
        assert again.player_count == 3
        assert again.seat_rows() == [("Ann", False, "normal"), ("Zoë", False, "normal"),
                                     ("Cleo", True, "random")]
        assert again.options() == {"sheets": "advanced"}
        # every field is a Tab stop, the scrolling body is not
        stops = []
        for _ in range(20):
            await pilot.press("tab")
            stops.append(app.focused.id)
        assert "seed" in stops and "setup-body" not in stops


async def test_saves_screen_deletes_after_a_yes_only():
    keep = storage.new_save_path("all-mine")
    storage.write_save(keep, Match("all-mine", [Seat("Ann"), Seat("B", "random"),
                                                Seat("C", "random")], 1))
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(SavesScreen())
        await wait_until(pilot, lambda: app.screen.query_one(DataTable).row_count == 1)
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen.is_mounted)
        assert "Delete this saved game" in screen_text(app)
        await pilot.press("enter")  # the focus is on Keep: Enter alone deletes nothing
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.is_mounted)
        assert keep.exists()
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen.is_mounted)
        await pilot.press("y")
        await wait_until(pilot, lambda: not keep.exists())
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.is_mounted)
        assert app.screen.query_one(DataTable).row_count == 0


async def test_the_picker_comes_back_on_the_game_just_played():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen
        assert picker.game_id == "all-mine"
        from allmine_tui.ui.screens.picker import open_game

        match = Match("this-is-mine", [Seat("Ann"), Seat("B", "random")], 2)
        open_game(app, GameSession(match, None))
        await wait_until(pilot, lambda: app.screen is not picker)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is picker)
        assert picker.game_id == "this-is-mine"
        # a choice made on the picker is not undone when a dialog closes
        await pilot.press("up")
        chosen = picker.game_id
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is picker)
        assert picker.game_id == chosen


async def test_a_game_opened_from_the_command_line_is_where_the_picker_comes_back():
    """``allmine new this-is-mine`` opens the app straight on the game: leaving it, the picker
    shows This is Mine!, not the game played before."""
    from allmine_tui import prefs

    prefs.remember_game("mine-all-mines")
    match = Match("this-is-mine", [Seat("Ann"), Seat("B", "random")], 2)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "session", None) is not None)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
        await pilot.pause()
        assert app.screen.game_id == "this-is-mine"


async def test_the_picker_offers_resume_only_when_there_is_a_game_to_resume():
    from allmine_tui.ui.widgets.keybar import KeyBar

    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")
        line = app.screen.query_one("#continue-line")
        await wait_until(pilot, lambda: "No game in progress" in str(line.content),
                         "the saves read")
        keys = app.screen.query_one(KeyBar)
        assert "Resume" not in str(keys.content) and "New game" in str(keys.content)
    match = Match("all-mine", [Seat("Ann"), Seat("B", "random"), Seat("C", "random")], 2)
    storage.write_save(storage.new_save_path("all-mine"), match)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")
        keys = app.screen.query_one(KeyBar)
        await wait_until(pilot, lambda: "Resume" in str(keys.content), "Resume offered")
        assert "Continue:" in str(app.screen.query_one("#continue-line").content)


async def test_palette_has_the_app_commands():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Continue the latest game", "New game: All In", "Rules: Mine All Mines",
                       "Saved games", "Records"):
            assert wanted in titles
        # from a game screen, New game goes back to the games list, then to the setup
        from allmine_tui.ui.screens.picker import open_game

        open_game(app, GameSession(Match("all-mine", [Seat("Ann"), Seat("B", "random"),
                                                      Seat("C", "random")], 3), None))
        await wait_until(pilot, lambda: not isinstance(app.screen, PickerScreen))
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "New game: All In")
        command.callback()
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        await pilot.pause()
        assert app.screen.game_id == "all-in"
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["PickerScreen",
                                                                       "SetupScreen"]


async def test_escape_closes_the_keys_panel():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_show_help_panel()
        await wait_until(pilot, lambda: bool(app.screen.query("HelpPanel")))
        await pilot.press("escape")
        await wait_until(pilot, lambda: not app.screen.query("HelpPanel"))
        assert isinstance(app.screen, PickerScreen)


async def test_the_log_rewraps_after_a_resize_and_keeps_the_newest_line():
    from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
    from allmine_tui.ui.widgets.log import GameLog

    match = Match("mine-all-mines", [Seat("Ann", "random"), Seat("Bob", "random")], 4)
    for _ in range(30):
        match.step_bot()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        # (the bots wait 60 s before each move: the log holds still while it is measured, and
        # the app is never idle, so the waits are for the log itself)
        await wait_until(pilot, lambda: isinstance(app.screen, MineAllMinesScreen), "the game")
        log = app.screen.query_one(GameLog)
        await wait_until(pilot, lambda: log._shown == len(match.events) and log.size.width,
                         "the log written")
        await pilot.pause()
        newest = match.events[-1].text.format(*[s.name for s in match.seats]).split()[-1]
        assert newest in screen_text(app)
        assert log.scroll_y >= log.max_scroll_y - 1
        narrow_lines, narrow_width = log.virtual_size.height, log.size.width
        await pilot.resize_terminal(240, 40)
        await wait_until(pilot, lambda: log.size.width > narrow_width
                         and log._wrapped_at == log._width(), "the log rewrapped wider")
        await pilot.pause()
        assert len(match.log) == 30  # no move came in between
        assert log.virtual_size.height < narrow_lines  # fewer lines: the text rewrapped
        assert log.scroll_y >= log.max_scroll_y - 1  # and the newest is still in view


async def test_new_game_from_the_results_starts_from_that_table():
    from allmine_tui.ui.screens.results import ResultsScreen

    match = Match("mine-all-mine", [Seat("Ann"), Seat("Zed", "random"), Seat("Kim", "normal")], 2,
                  {"mode": "beginner"})
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        done = Match.from_json(match.to_json())
        import random

        rng = random.Random(0)
        while not done.is_over():
            seat = done.to_act()[0]
            legal = done.legal_actions(seat)
            done.apply(seat, legal[rng.randrange(len(legal))])
        await app.push_screen(ResultsScreen(GameSession(done, None)))
        await pilot.pause()
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        await pilot.pause()
        setup = app.screen
        assert setup.seat_rows() == [("Ann", False, "normal"), ("Zed", True, "random"),
                                     ("Kim", True, "normal")]
        assert setup.options() == {"mode": "beginner"}


async def test_the_same_notice_twice_is_shown_once():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(5):
            app.notify("You cannot play that now.")
            await pilot.pause()
        app.notify("Something else.")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert messages.count("You cannot play that now.") == 1
        assert "Something else." in messages


async def test_a_notice_of_a_game_leaves_with_it():
    """A notice meant for one person (here Ann's refused pick) is gone from the games list when
    she leaves with q: only the "game saved" line is left, which names nobody's cards."""
    monkeypatch_delay = pytest.MonkeyPatch()
    monkeypatch_delay.setenv("ALLMINE_BOT_DELAY", "0")
    from allmine_tui.ui.screens.curtain import CurtainScreen

    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 3)
    app = AllMineApp()
    try:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            from allmine_tui.ui.screens.picker import open_game

            open_game(app, GameSession(match, None))
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                           and app.screen.listening)
            await pilot.press("enter")
            await wait_until(pilot, lambda: getattr(app.screen, "actor", None) is not None)
            await pilot.press("c", "c")  # the same suit twice: refused, with a notice
            await wait_until(pilot, lambda: any("different suits" in n.message
                                                for n in app._notifications), "the refusal")
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
            await wait_until(pilot, lambda: any("saved" in n.message
                                                for n in app._notifications), "'game saved'")
            await pilot.pause()
            messages = [n.message for n in app._notifications]
            assert not any("different suits" in m for m in messages)
            assert any("saved" in m for m in messages)
    finally:
        monkeypatch_delay.undo()
