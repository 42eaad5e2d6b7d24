"""Pilot tests of the menu screens: picker, setup, saves, help, results and the too-small message."""
from __future__ import annotations

from textual.widgets import DataTable, Input, Markdown, Select, Static

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.help import HelpScreen
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.screens.results import ResultsScreen, winners_line
from allmine_tui.ui.screens.saves import SavesScreen
from allmine_tui.ui.screens.setup import SetupScreen, check_names, parse_seed
from allmine_tui.ui.screens.too_small import TooSmallScreen
from allmine_tui.ui.session import GameSession
from helpers import wait_until

SIZE = (120, 40)



def save_files() -> list:
    folder = storage.saves_dir()
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def finished_match(seed: int = 7) -> Match:
    match = Match("all-mine", [Seat("Ann", "random"), Seat("Bob", "random"),
                               Seat("Cleo", "random")], seed)
    match.run_bots()
    assert match.is_over()
    return match


def write_game(seed: int = 3, finished: bool = False):
    if finished:
        match = finished_match(seed)
    else:
        match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")],
                      seed)
    path = storage.new_save_path("all-mine")
    storage.write_save(path, match)
    return path



def text_of(widget: Static) -> str:
    return str(widget.render())


# -- picker ------------------------------------------------------------------------------------
async def test_picker_lists_all_mine():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        games = text_of(app.screen.query_one("#game-list", Static))
        assert any("All Mine!" in line and "3–4" in line for line in games.splitlines())
        assert "All Mine!" in text_of(app.screen.query_one("#detail-title", Static))
        assert "ALL MINE!" in text_of(app.screen.query_one("#picker-title", Static))
        assert "No game in progress" in text_of(app.screen.query_one("#continue-line", Static))


async def test_picker_continue_line_and_enter_resumes_newest(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")  # the game screen just waits; see below
    path = write_game()
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        # the saves are read in a thread once the picker is up
        await wait_until(pilot, lambda: "Continue:" in text_of(
            app.screen.query_one("#continue-line", Static)))
        line = text_of(app.screen.query_one("#continue-line", Static))
        assert line.startswith("Continue: All Mine! · Ann")
        assert "hand 1/3" in line and "[enter]" in line
        assert "1 in progress" in text_of(app.screen.query_one("#detail-saves", Static))
        assert "Continue (1)" in text_of(app.screen.query_one("#continue-game", Static))
        await pilot.press("c")  # this game's saves
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.is_mounted)
        assert app.screen.game_id == "all-mine" and app.screen.query_one(DataTable).row_count == 1
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, PickerScreen))
        assert getattr(app.screen, "session").save_path == path


async def test_picker_continue_line_click_resumes(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")
    write_game(seed=4, finished=True)  # finished games are not offered on the continue line
    path = write_game(seed=9)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "Continue:" in text_of(
            app.screen.query_one("#continue-line", Static)))
        await pilot.click("#continue-line")
        await wait_until(pilot, lambda: not isinstance(app.screen, PickerScreen))
        assert getattr(app.screen, "session").save_path == path
        await pilot.press("q")  # the game's "menu" key: back to the picker, refreshed
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
        assert "Continue: All Mine!" in text_of(app.screen.query_one("#continue-line", Static))


async def test_picker_keys_open_screens_and_escape_returns():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, kind in (("n", SetupScreen), ("s", SavesScreen), ("question_mark", HelpScreen),
                          ("r", HelpScreen)):
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, kind) and app.screen.is_mounted)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)


async def test_picker_buttons_work_with_the_mouse():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#rules")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted)
        assert app.screen.game_id == "all-mine"
        await pilot.press("escape")
        await pilot.click("#new-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)


# -- setup -------------------------------------------------------------------------------------
def test_check_names_and_parse_seed():
    assert check_names(["Ann", "Bob", "Cleo"]) == [None, None, None]
    problems = check_names(["Ann", " ann ", ""])
    assert problems[0] is None and "names must differ" in problems[1]
    assert "needs a name" in problems[2]
    assert parse_seed("42") == 42 and parse_seed(" -3 ") == -3
    assert parse_seed("dragons") == "dragons"
    assert isinstance(parse_seed("   "), int)


async def test_setup_rejects_duplicate_and_empty_names():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        screen = app.screen
        screen.query_one("#name-1", Input).value = "ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = screen.query_one("#setup-error", Static)
        assert error.display and "names must differ" in text_of(error)
        assert screen.query_one("#name-1", Input).has_class("-invalid")
        assert app.screen is screen and save_files() == []

        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#name-2", Input).value = "   "
        await pilot.click("#start")
        await pilot.pause()
        assert "Seat 3 needs a name" in text_of(error)
        assert not screen.query_one("#name-1", Input).has_class("-invalid")
        assert screen.query_one("#name-2", Input).has_class("-invalid")
        assert app.screen is screen and save_files() == []


async def test_tab_from_start_never_lands_on_back_and_back_keeps_the_table():
    """Tab from Start goes round to the first field (an Enter there opens a list, it does not
    leave); leaving with Esc keeps the table being set up for the next visit."""
    from textual.widgets import Button

    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        screen = app.screen
        assert screen.focused is screen.query_one("#start", Button)
        await pilot.press("tab")
        assert screen.focused is not screen.query_one("#back", Button)
        assert screen.focused is screen.query_one("#player-count")
        screen.query_one("#name-0", Input).value = "Zoe"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        assert app.screen.query_one("#name-0", Input).value == "Zoe"


async def test_setup_rows_follow_player_count_and_bot_choice():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("all-mine"))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#seat-3").display is False
        assert screen.query_one("#level-0", Select).disabled  # seat 1 is a human
        assert screen.query_one("#level-1", Select).value == "normal"
        # All Mine! has no option of its own: only the table's (whether hints are allowed)
        assert [o.id for o in screen.query(Select) if o.id and o.id.startswith("opt-")] == []
        assert screen.query_one("#hints", Select).value == "on"
        screen.query_one("#player-count", Select).value = 4
        screen.query_one("#kind-0", Select).value = "bot"
        await pilot.pause()
        assert screen.query_one("#seat-3").display is True
        assert not screen.query_one("#level-0", Select).disabled
        assert [name for name, _bot, _level in screen.seat_rows()] == ["Ann", "Bob", "Cleo",
                                                                         "Dan"]


async def test_setup_start_with_three_bots_writes_a_save(monkeypatch):
    # Bots think slowly here, so the game is still waiting for its first bot move when the test
    # ends: this test is about the set-up, not about the game screen.
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("all-mine"))
        await pilot.pause()
        screen = app.screen
        for i in range(3):
            screen.query_one(f"#kind-{i}", Select).value = "bot"
        screen.query_one("#level-1", Select).value = "expert"
        screen.query_one("#level-2", Select).value = "random"
        screen.query_one("#seed", Input).value = "1234"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.screen is not screen)
        files = save_files()
        assert len(files) == 1
        match, _doc = storage.load_match(files[0])
        assert [s.name for s in match.seats] == ["Ann", "Bob", "Cleo"]
        assert [s.bot for s in match.seats] == ["normal", "expert", "random"]
        assert match.seed == 1234
        assert screen not in app.screen_stack  # setup is gone: leaving the game returns to picker
        assert isinstance(app.screen_stack[1], PickerScreen)


async def test_setup_offers_game_options(monkeypatch):
    import dataclasses

    from allmine_tui.engine import OptionSpec
    from allmine_tui.games.all_mine.rules import RULES

    option = OptionSpec("pace", "Pace", ("calm", "brisk"), "calm", "How fast to play.")
    monkeypatch.setattr(RULES, "info", dataclasses.replace(RULES.info, options=(option,)))
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("all-mine"))
        await pilot.pause()
        screen = app.screen
        select = screen.query_one("#opt-pace", Select)
        assert select.value == "calm"
        assert "No options for this game." not in [text_of(s) for s in screen.query(Static)]
        select.value = "brisk"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.screen is not screen)
        _match, doc = storage.load_match(save_files()[0])
        assert doc["options"] == {"pace": "brisk"}


# -- saves -------------------------------------------------------------------------------------
async def test_saves_lists_valid_and_unreadable_and_never_touches_garbage(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")  # the opened game just waits for its bots
    good = write_game()
    garbage = storage.saves_dir() / "broken.json"
    content = b'{"format": "allmine-save", "version": 1, "game": "all-mi'
    garbage.write_bytes(content)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.is_mounted)
        screen = app.screen
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        rows = {key.value: [str(c) for c in table.get_row(key)] for key in table.rows}
        assert rows[str(good)][0] == "All Mine!"
        assert "hand 1/3" in rows[str(good)][2] and rows[str(good)][3].startswith("Ann, Bob")
        bad = rows[str(garbage)]
        assert "broken.json" in bad[0]
        assert bad[3].startswith("UNREADABLE: damaged or truncated save")
        assert str(storage.saves_dir()) in text_of(screen.query_one("#saves-folder", Static))

        # select the unreadable one: a notification, the file unchanged, still on this screen
        table.move_cursor(row=table.get_row_index(str(garbage)))
        await pilot.pause()
        assert "cannot be opened" in text_of(screen.query_one("#saves-detail", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert any("damaged" in n.message for n in app._notifications)
        assert garbage.read_bytes() == content

        # the readable one opens the game
        table.move_cursor(row=table.get_row_index(str(good)))
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, SavesScreen))
        assert getattr(app.screen, "session").save_path == good
    assert garbage.read_bytes() == content


async def test_saves_empty_state_and_finished_save_opens_results():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SavesScreen())
        await pilot.pause()
        assert "No saved games" in text_of(app.screen.query_one("#saves-empty", Static))
        await pilot.press("escape")
        await pilot.pause()
        write_game(seed=5, finished=True)
        app.push_screen(SavesScreen("all-mine"))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        assert "finished" in str(table.get_row_at(0)[2])
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.is_mounted)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)


# -- help --------------------------------------------------------------------------------------
async def test_help_shows_app_help_and_rules_with_controls():
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted)
        source = app.screen.query_one(Markdown).source
        assert "Hot seat and the curtain" in source and "All Mine!" in source
        await pilot.press("question_mark")  # ? closes it again
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)

        app.push_screen(HelpScreen("all-mine", "- *x* does a thing"))
        await pilot.pause()
        md = app.screen.query_one(Markdown)
        assert "trump display" in md.source and "treasure heap" in md.source
        assert md.source.rstrip().endswith("## Controls\n\n- *x* does a thing")
        assert len(md.children) > 5  # it really rendered blocks
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)


# -- results -----------------------------------------------------------------------------------
def test_winners_line():
    names = ["Ann", "Bob", "Cleo"]
    assert winners_line(names, [0]) == "Ann wins!"
    assert winners_line(names, [0, 1]) == "Ann and Bob share the win!"
    assert winners_line(names, [0, 1, 2]) == "Ann, Bob and Cleo share the win!"


async def test_results_show_the_breakdown():
    match = finished_match()
    session = GameSession(match, None)
    result = match.rules.result(match.state)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ResultsScreen(session))
        await pilot.pause()
        screen = app.screen
        winners = text_of(screen.query_one("#results-winners", Static))
        assert winners_line(session.names, result.winners) in winners
        table = screen.query_one(DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[0] == ""
        for seat, name in enumerate(session.names):
            expected = f"★ {name}" if seat in result.winners else name
            assert labels[seat + 1] == expected
        assert table.row_count == len(result.table)
        last = [str(c) for c in table.get_row_at(table.row_count - 1)]
        assert last == ["Total"] + [str(s) for s in result.scores]
        assert str(table.get_row_at(0)[0]) == "Hand 1 predictions"

        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted)
        assert app.screen.game_id == "all-mine"
        assert not any(isinstance(s, ResultsScreen) for s in app.screen_stack)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)


async def test_results_enter_returns_to_picker():
    session = GameSession(finished_match(11), None)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen(None))  # something in between is popped too
        app.push_screen(ResultsScreen(session))
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen) and app.screen.is_mounted)
        assert len(app.screen_stack) == 2


# -- too small ---------------------------------------------------------------------------------
async def test_too_small_terminal_shows_enlarge_message():
    app = AllMineApp()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen)
                         and bool(app.screen.query("#too-small-message")), "the message mounted")
        message = text_of(app.screen.query_one("#too-small-message", Static))
        assert "Please enlarge the terminal" in message and "80×24" in message


async def test_in_a_browser_the_message_says_how_to_make_room(monkeypatch):
    """A browser window too small for the table: zoom out or widen the window (a terminal's
    advice would not help there)."""
    from textual.app import App

    monkeypatch.setattr(App, "is_web", property(lambda self: True))
    app = AllMineApp()
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen)
                         and bool(app.screen.query("#too-small-message")), "the message mounted")
        message = text_of(app.screen.query_one("#too-small-message", Static))
        assert "zoom out" in message and "80×24" in message and "terminal" not in message


async def test_the_saves_screen_offers_only_what_works_for_the_highlighted_save():
    """An unreadable save offers neither Open nor Delete (keys line and buttons); a good one
    offers both."""
    from textual.widgets import Button

    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "aaa-broken.json").write_text("{ not json", encoding="utf-8")
    write_game(seed=3)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.is_mounted)
        screen = app.screen
        await wait_until(pilot, lambda: screen.query_one(DataTable).row_count == 2)
        table = screen.query_one(DataTable)
        for row in range(2):
            table.move_cursor(row=row)
            await pilot.pause()
            info = screen.current()
            assert screen.query_one("#delete", Button).disabled == (not info.ok)
            assert screen.query_one("#open", Button).disabled == (not info.ok)
            assert screen.check_action("delete", ()) == info.ok
