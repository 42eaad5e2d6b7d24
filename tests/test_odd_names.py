"""Names are plain text everywhere: markup-looking names, emoji and long names show as typed and
crash nothing, in every game (hot seat, so the curtain and the choose-player screen too), the
setup, the saves screen and the results."""
from __future__ import annotations

import pytest
from screen_text import screen_lines, screen_text

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.choose_player import ChoosePlayerScreen
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import game_screen, on_screen, until_idle, wait_until

ODD = ["[/]Ann", "[b]x[/b]", "🐉Drake", "[link=a:b]y"]



def shown(text: str, name: str) -> bool:
    """The name (or the start of it, where a narrow column shortens it) is on screen as typed."""
    return name[:6] in text


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_odd_names_through_curtain_board_peek_and_results(game_id):
    n = min(4, GAMES[game_id].max_players)
    seats = [Seat(ODD[0]), Seat(ODD[1]), Seat(ODD[2], "random"), Seat(ODD[3], "random")][:n]
    match = Match(game_id, seats, 3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        if game_id == "this-is-mine":  # it starts with a public decision, on the table view
            await on_screen(pilot)
            assert game_screen(app).viewer is None
            text = screen_text(app)
            assert all(shown(text, name) for name in ODD[:n])
        else:  # the bots' first moves are made and the curtain is up
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
            await pilot.pause()
            player = app.screen.player
            assert player in ODD[:2] and player in screen_text(app)  # named as typed
            await pilot.press("enter")
            await wait_until(pilot, lambda: "viewing as" in screen_text(app), "the player's view")
            assert shown(screen_text(app), player)
        # the choose-player screen of a peek: from the next curtain, or from the table view where
        # This is Mine! takes its public decisions (no curtain before them)
        keys = {"mine-all-mine": ("enter", "l")}.get(game_id, ("enter",))  # a card, launched
        for _ in range(50):
            if isinstance(app.screen, CurtainScreen) or game_screen(app).viewer is None:
                break
            await pilot.press(*keys)
            await until_idle(pilot)  # the move made, or refused, and the bots' answers
        before = type(app.screen)
        assert (before is CurtainScreen) == (game_id != "this-is-mine")
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoosePlayerScreen), "the chooser")
        await pilot.pause()
        text = screen_text(app)
        assert ODD[0] in text and ODD[1] in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: type(app.screen) is before, "the chooser closed")
        # finish the game with the rules and look at the results
        import random

        rng = random.Random(1)
        done = Match.from_json(match.to_json())  # a copy: the app's bots go on with theirs
        while not done.is_over():
            seat = done.to_act()[0]
            legal = done.legal_actions(seat)
            done.apply(seat, legal[rng.randrange(len(legal))])
        app.show_results(GameSession(done, None))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await until_idle(pilot)
        text = screen_text(app)
        for name in ODD[:n]:
            assert shown(text, name), f"{name!r} is not on the results screen"


async def test_odd_names_in_the_saves_screen_and_the_picker():
    from allmine_tui.ui.screens.picker import PickerScreen
    from allmine_tui.ui.screens.saves import SavesScreen

    match = Match("all-mine", [Seat(ODD[0]), Seat(ODD[1], "random"), Seat(ODD[3], "random")], 4)
    storage.write_save(storage.new_save_path("all-mine"), match)
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")
        await until_idle(pilot)
        app.push_screen(SavesScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
        await until_idle(pilot)
        text = screen_text(app)
        assert ODD[0] in text and ODD[3][:8] in text


async def test_odd_names_typed_on_the_setup_screen():
    from textual.widgets import Input

    from allmine_tui.ui.screens.setup import SetupScreen

    def quoted(app) -> bool:  # the message on screen (not only the field) has the name as typed
        return any("already the name" in line and f"'{ODD[0]}'" in line
                   for line in screen_lines(app))

    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("all-mine"))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup")
        await until_idle(pilot)
        inputs = [i for i in app.screen.query(Input) if "name" in (i.id or "")]
        assert inputs
        inputs[0].value = ODD[0]
        inputs[1].value = ODD[0]  # the same name twice: the message quotes it as typed
        await pilot.pause()
        setup = app.screen
        await pilot.press("ctrl+s")
        error = setup.query_one("#setup-error")
        await wait_until(pilot, lambda: error.has_class("-shown"), "the names refused")
        await until_idle(pilot)
        assert app.screen is setup  # no game started
        assert quoted(app)
        setup.action_start()  # again, not through the key: the same refusal
        await until_idle(pilot)
        assert app.screen is setup and quoted(app)


def test_odd_names_on_the_command_line(tmp_path):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "allmine_tui", "saves"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0
    match = Match("all-mine", [Seat("[/]"), Seat("B", "random"), Seat("C", "random")], 1)
    storage.write_save(storage.new_save_path("all-mine"), match)
    proc = subprocess.run([sys.executable, "-m", "allmine_tui", "saves"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "[/]" in proc.stdout


def test_one_name_rule_on_the_command_line_and_the_setup():
    import subprocess
    import sys

    from allmine_tui.ui.screens.setup import check_names

    long = "Maximilian-Alexandra"  # 20 characters: over the limit of 16
    proc = subprocess.run([sys.executable, "-m", "allmine_tui", "new", "all-mine", "--players",
                           f"{long},bot:B,bot:C"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "at most 16" in proc.stderr
    assert "at most 16" in (check_names([long, "Bob", "Cleo"])[0] or "")
    assert check_names(["Maximilian-Alexa", "Bob", "Cleo"]) == [None, None, None]  # 16: fine
    proc = subprocess.run([sys.executable, "-m", "allmine_tui", "new", "all-mine", "--players",
                           "a\x1bb,bot:B,bot:C"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "control characters" in proc.stderr


def test_a_guided_game_s_log_speaks_to_you_in_the_second_person():
    from allmine_tui.engine.names import with_names

    names = ["You", "Bob"]
    assert with_names("{0} plays $G10.", names) == "You play $G10."
    assert with_names("{0} has written a card.", names) == "You have written a card."
    assert with_names("{0}'s Relatives take: {1}'s Bottle.", names) \
        == "Your Relatives take: Bob's Bottle."
    assert with_names("{0} passes; {1} wins.", names) == "You pass; Bob wins."
    assert with_names("Hand 1 scored: {0} 5, {1} 3.", names) == "Hand 1 scored: You 5, Bob 3."
    # a second verb of the sentence agrees too; a noun or another player's verb does not change
    assert with_names("{0} completes hand A and wins 2 chips.", names) \
        == "You complete hand A and win 2 chips."
    assert with_names("{0} has a full Cargo and scores 3.", names) \
        == "You have a full Cargo and score 3."
    assert with_names("{0} takes the trick and the points.", names) \
        == "You take the trick and the points."
    assert with_names("{0} plays 7 and {1} wins.", names) == "You play 7 and Bob wins."
    assert with_names("{1} completes hand A and wins.", names) == "Bob completes hand A and wins."
    # any other table: exactly str.format, odd names included
    odd = ["{0}", "Bob's"]
    assert with_names("{0} plays, {1} wins.", odd) == "{0} plays, Bob's wins."


def test_odd_names_in_all_mine_s_end_of_hand_notice():
    """The notice at the end of each hand heads its last trick's columns with the players'
    names: drawn as typed, never read as markup (a "[/]" name crashed the app there)."""
    from rich.console import Console

    from allmine_tui.games.all_mine.widgets import hand_over
    from allmine_tui.simulate import play_out

    names = ODD[:3]
    match = Match("all-mine", [Seat(name, "random") for name in names], 6)
    play_out(match)
    view = match.view(None)
    console = Console(width=100, record=True, color_system=None)
    for record in view["history"]:
        console.print(hand_over(record, view, names, [], False))
    text = console.export_text()
    assert view["history"] and all(name[:6] in text for name in names)
