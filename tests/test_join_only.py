"""The join-only app (``allmine join``, ``allmine serve --join-only``) and the join screen (issue
20): no game list, saves, records or new games by any key or palette command; a finished shared
game goes back to the join screen, never into a local game; codes typed with spaces; a wrong code
echoed only by its start; codes from standard input or the environment."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from allmine_tui import shared, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.join_app import FORBIDDEN, JoinApp
from allmine_tui.ui.screens.join import JoinScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.shared_session import SharedSession
from helpers import wait_until



def hosted(seed: int = 3):
    return shared.host(Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")],
                             seed))


def stack(app) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


def error_line(app) -> str:
    return str(app.screen.query_one("#join-error").render())


async def test_no_key_or_command_reaches_the_host_s_own_games():
    local = Match("all-mine", [Seat("Zeno"), Seat("Yara", "random"), Seat("Xan", "random")], 4)
    storage.write_save(storage.new_save_path("all-mine"), local)
    app = JoinApp()
    seen: set[str] = set()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert stack(app)[-1] == "JoinScreen"
        await pilot.press("tab")  # off the code field: keys go to the screen and the app
        for key in ("n", "s", "t", "c", "r", "j", "enter", "escape", "q", "question_mark",
                    "f1", "escape", "ctrl+s"):
            await pilot.press(key)
            await pilot.pause()
            seen.update(stack(app))
        # the palette offers none of the app's own commands
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert set(titles) <= {"Theme", "Quit", "Keys"}
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Saved", "enter")
        await pilot.pause()
        seen.update(stack(app))
        await pilot.press("escape")
        await pilot.pause()
        # and a screen of the host's games is refused even if something asks for one
        from allmine_tui.ui.screens.picker import PickerScreen
        from allmine_tui.ui.screens.saves import SavesScreen

        app.push_screen(PickerScreen())
        app.switch_screen(SavesScreen())
        await pilot.pause()
        seen.update(stack(app))
        app.pop_screen()  # the join screen stays at the bottom
        await pilot.pause()
        assert stack(app)[-1] == "JoinScreen"
    assert not seen & FORBIDDEN, seen


async def test_a_code_typed_with_spaces_opens_the_seat_and_leaving_comes_back():
    _path, codes = hosted()
    app = JoinApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press(*codes[1].upper().replace("-", " "), "enter")
        await wait_until(pilot, lambda: getattr(app.screen, "viewer", None) is not None,
                         "the seat opened")
        game = app.screen
        assert game.viewer == 1 and stack(app)[-2] == "JoinScreen"
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is not game, "the game left")
        assert stack(app)[-1] == "JoinScreen"
        assert app.screen.query_one("#join-codes").value == ""
    shared.join([codes[1]]).close()  # the seat was given back


async def test_a_wrong_code_is_echoed_only_by_its_start():
    hosted()
    app = JoinApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.query_one("#join-codes").value = "zq" * 50_000
        await pilot.press("enter")
        await pilot.pause()
        line = error_line(app)
        assert line == "No shared game has the join code 'zqzq…'."
        app.screen.query_one("#join-codes").value = "\x1b[31mred"
        await pilot.press("enter")
        await pilot.pause()
        assert "\x1b" not in error_line(app)


def echoes_at_most_four(text: str, typed: str) -> bool:
    """Whether ``text`` holds no five characters in a row of ``typed`` (as typed, or with its
    dashes left out)."""
    forms = {typed, typed.replace("-", ""), typed.upper()}
    return not any(form[i:i + 5] in text for form in forms for i in range(len(form) - 4))


async def test_a_code_with_a_typo_is_echoed_by_at_most_four_characters():
    _path, codes = hosted()
    typo = codes[1][:-1] + ("a" if codes[1][-1] != "a" else "b")  # one character wrong
    with pytest.raises(shared.SharedError) as wrong:
        shared.join([typo])
    assert str(wrong.value) == f"No shared game has the join code '{typo[:4]}…'."
    cli = run_join("-", stdin=typo + "\n")
    assert cli.returncode == 2 and cli.stderr == f"allmine: {wrong.value}\n"
    assert echoes_at_most_four(cli.stdout + cli.stderr, typo)
    app = JoinApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press(*typo, "enter")
        await wait_until(pilot, lambda: "No shared game" in error_line(app), "the error line")
        assert error_line(app) == str(wrong.value)
        app.screen.query_one("#join-codes").value = ""  # (what is typed shows in the field)
        await pilot.pause()
        assert "No shared game" in error_line(app)
        shown = "\n".join(str(w.render()) for w in app.screen.query("*")
                          if hasattr(w, "render") and w.id != "join-codes")
        assert echoes_at_most_four(shown, typo), shown


def finished_shared_game():
    """A shared game played to its end by one screen joined as both people."""
    path, codes = hosted(5)
    play = shared.join([codes[0], codes[1]])
    while not play.match.is_over():
        bots = play.match.bot_seats_to_act()
        if bots:
            play.act(bots[0], *play.bot_move(bots[0]))
            continue
        seat = play.match.human_seats_to_act()[0]
        play.act(seat, play.match.legal_actions(seat)[0])
    return play


@pytest.mark.parametrize("app_class", [JoinApp, AllMineApp], ids=["join-only", "whole-app"])
async def test_a_finished_shared_game_goes_back_to_the_join_screen(app_class):
    local = Match("all-mine", [Seat("Zeno"), Seat("Yara", "random"), Seat("Xan", "random")], 4)
    storage.write_save(storage.new_save_path("all-mine"), local)  # the newest local game
    play = finished_shared_game()
    app = app_class(SharedSession(play))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("n")  # no new local game from here
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        await pilot.press("enter")  # an Enter more: still joining, never the newest local game
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        assert "PlayScreen" not in " ".join(stack(app)) and len(
            [s for s in app.screen_stack if hasattr(s, "session")]) == 0
    play.close()


def run_join(*args, stdin: str = "", env: dict | None = None):
    return subprocess.run([sys.executable, "-m", "allmine_tui", "join", *args],
                          input=stdin, env=dict(os.environ, **(env or {})),
                          capture_output=True, text=True, timeout=60)


def test_codes_without_a_command_line_argument():
    hosted()
    wrong = "No shared game has the join code 'abcd…'.\n"
    piped = run_join("-", stdin="abcd efgh jkmn\n")
    assert piped.returncode == 2 and piped.stderr == "allmine: " + wrong
    from_env = run_join(env={"ALLMINE_JOIN_CODE": "ABCD-EFGH-JKMN"})
    assert from_env.returncode == 2 and from_env.stderr == "allmine: " + wrong
    long = run_join("x" * 5000)
    assert long.returncode == 2
    assert long.stderr == "allmine: No shared game has the join code 'xxxx…'.\n"


def test_split_codes():
    assert shared.split_codes("k7qm 3xzd p9fa") == ["k7qm-3xzd-p9fa"]
    assert shared.split_codes("K7QM-3XZD-P9FA,h2wc8rtne5vb") == ["k7qm-3xzd-p9fa",
                                                                  "h2wc-8rtn-e5vb"]
    assert shared.split_codes("  ") == []
    assert shared.split_codes("abc def") == ["abc", "def"]  # not whole codes: word by word
    assert shared.shown_code("x" * 100) == "xxxx…"
    assert shared.shown_code("k7qm-3xzd-p9fa") == "k7qm…"
    assert shared.shown_code("abc") == "abc"
