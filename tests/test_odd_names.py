"""Names are plain text everywhere: markup-looking names, emoji and long names show as typed and
crash nothing, in every game (hot seat, so the curtain and the choose-player screen too), the
setup, the saves screen and the results."""
from __future__ import annotations

import pytest
from screen_text import screen_text

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession

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
        for _ in range(100):  # until the bots' first moves are made and the curtain is up
            await pilot.pause(0.02)
            if isinstance(app.screen, CurtainScreen) and (
                    ODD[0] in screen_text(app) or ODD[1] in screen_text(app)):
                break
        if game_id == "this-is-mine":  # it starts with a public decision, on the table view
            assert not isinstance(app.screen, CurtainScreen)
            text = screen_text(app)
            assert all(shown(text, name) for name in ODD[:n])
        else:
            assert isinstance(app.screen, CurtainScreen)
            text = screen_text(app)
            assert ODD[0] in text or ODD[1] in text  # the curtain names the player as typed
            await pilot.press("enter")
            for _ in range(100):
                await pilot.pause(0.02)
                text = screen_text(app)
                if "viewing as" in text:
                    break
            assert "viewing as" in text and (shown(text, ODD[0]) or shown(text, ODD[1]))
        # the choose-player screen of a peek, from the next curtain
        for _ in range(50):
            if isinstance(app.screen, CurtainScreen):
                break
            await pilot.press("enter")
            await pilot.pause(0.02)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("p")
            await pilot.pause(0.05)
            text = screen_text(app)
            assert ODD[0] in text and ODD[1] in text
            await pilot.press("escape")
            await pilot.pause(0.05)
        # finish the game with the rules and look at the results
        import random

        rng = random.Random(1)
        done = Match.from_json(match.to_json())  # a copy: the app's bots go on with theirs
        while not done.is_over():
            seat = done.to_act()[0]
            legal = done.legal_actions(seat)
            done.apply(seat, legal[rng.randrange(len(legal))])
        app.show_results(GameSession(done, None))
        await pilot.pause(0.2)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        for name in ODD[:n]:
            assert shown(text, name), f"{name!r} is not on the results screen"


async def test_odd_names_in_the_saves_screen_and_the_picker():
    from allmine_tui.ui.screens.saves import SavesScreen

    match = Match("all-mine", [Seat(ODD[0]), Seat(ODD[1], "random"), Seat(ODD[3], "random")], 4)
    storage.write_save(storage.new_save_path("all-mine"), match)
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        app.push_screen(SavesScreen())
        await pilot.pause(0.5)
        text = screen_text(app)
        assert ODD[0] in text and ODD[3][:8] in text


async def test_odd_names_typed_on_the_setup_screen():
    from textual.widgets import Input

    from allmine_tui.ui.screens.setup import SetupScreen

    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("all-mine"))
        await pilot.pause(0.2)
        inputs = [i for i in app.screen.query(Input) if "name" in (i.id or "")]
        assert inputs
        inputs[0].value = ODD[0]
        inputs[1].value = ODD[0]  # the same name twice: the message quotes it as typed
        await pilot.pause(0.1)
        await pilot.press("ctrl+s")
        await pilot.pause(0.2)
        assert isinstance(app.screen, SetupScreen)
        app.screen.action_start()
        await pilot.pause(0.2)
        assert ODD[0] in screen_text(app)


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
