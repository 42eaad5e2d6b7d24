"""Shared games through the app: separate processes, each a real (headless) app joined with join
codes, play one game to the end by key presses, with the hot-seat audit reading every frame of
each screen; the final save must be exactly the replay of its log. Also the app side of joining
(the game list's Join screen) and what a single seat's screen shows while others play."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import wait_until
from privacy_audit import Audit, Leak, game_screen

from allmine_tui import shared, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.join import JoinScreen
from allmine_tui.ui.shared_session import SharedSession

WORKER = Path(__file__).with_name("shared_screen_worker.py")



def host(game_id, names, bots, seed):
    seats = [Seat(n) for n in names] + [Seat(f"Bot{i + 1}", "random") for i in range(bots)]
    return shared.host(Match(game_id, seats, seed))


TABLES = [
    # (game, people, bots, seed, the seats of each screen)
    ("mine-all-mine", ["Ann", "Bob"], 1, 2, [[0], [1]]),
    # one screen with two people taking turns behind the curtain, another with one
    ("mine-all-mine", ["Ann", "Bob", "Cleo"], 1, 4, [[0, 1], [2]]),
]


@pytest.mark.parametrize("game_id,names,bots,seed,screens", TABLES,
                         ids=["one-seat-each", "hot-seat-and-remote"])
def test_screens_in_separate_processes_play_a_game_to_the_end(game_id, names, bots, seed,
                                                              screens):
    path, codes = host(game_id, names, bots, seed)
    workers = [subprocess.Popen([sys.executable, str(WORKER), str(i), *(codes[s] for s in seats)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for i, seats in enumerate(screens)]
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err[-3000:]
        reports.append(json.loads(out))
    match, doc = storage.load_match(path)  # replays the log; the snapshot must match it
    replayed = Match.replay(match.game_id, match.seats, match.seed, match.options, match.log)
    assert replayed.rules.state_to_json(replayed.state) == doc["state"]
    assert match.is_over()
    for seats, report in zip(screens, reports):
        assert report["seats"] == seats and report["over"] and report["results"]
        assert report["log"] == len(match.log)  # every screen saw the whole game
        assert report["checks"] > 10
    people = {s for seats in screens for s in seats}
    assert {seat for seat, _a in match.log} >= people  # everyone played their own seat
    from allmine_tui import records

    assert len(records.load().valid) == 1  # recorded once, by the screen that ended it


async def test_the_join_screen_opens_a_seat_or_says_why_not():
    _path, codes = host("all-mine", ["Ann", "Bob"], 1, 3)
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        assert isinstance(app.screen, JoinScreen)
        await pilot.press(*"wrong", "enter")
        error = str(app.screen.query_one("#join-error").render())
        assert "No shared game has the join code 'wron…'" in error  # four characters at most
        assert isinstance(app.screen, JoinScreen)
        app.screen.query_one("#join-codes").value = codes[1].upper()
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app)
        assert game is not None and game.viewer == 1 and app.screen is game
        with pytest.raises(shared.SharedError, match="already open"):
            shared.join([codes[1]])
        await pilot.press("q")  # leaving gives the seat back
        await pilot.pause()
        assert game_screen(app) is None
    shared.join([codes[1]]).close()


async def test_a_single_seat_screen_never_shows_a_curtain_or_another_view():
    """Ann's screen, while Bob (elsewhere) and a bot play: always Ann's view, nothing of theirs,
    and Bob's moves arrive by themselves."""
    _path, codes = host("all-mine", ["Ann", "Bob"], 1, 7)
    ann = shared.join([codes[0]])
    app = AllMineApp(SharedSession(ann))
    audit = Audit(app, ann.match, ann.seats)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = game_screen(app)
        bob = shared.join([codes[1]])
        for _ in range(30):  # Bob and the bot play; Ann only watches
            bob.poll()
            seat = next((s for s in bob.match.to_act() if s != 0), None)
            if seat is None:
                break
            if seat == 1:
                bob.act(1, bob.match.legal_actions(1)[0])
            else:
                bob.act(seat, *bob.bot_move(seat))
            await wait_until(pilot, lambda: len(ann.match.log) >= len(bob.match.log),
                             "the move on Ann's screen (read from the file)")
            await pilot.pause()
            assert not isinstance(app.screen, CurtainScreen)
            assert game.viewer == 0
            audit.check()
        bob.poll()
        await wait_until(pilot, lambda: len(ann.match.log) == len(bob.match.log), "both caught up")
        assert ann.match.log == bob.match.log and len(ann.match.log) >= 2
        bob.close()
        audit.check()
        game.viewer = 1  # a screen that showed another seat's view would be caught
        with pytest.raises(Leak):
            game.redraw()
            await pilot.pause()
            audit.check()


def test_join_on_the_command_line_refuses_in_one_line(data_dir):
    _path, codes = host("all-mine", ["Ann", "Bob"], 1, 3)
    env = dict(os.environ)

    def join(*args):
        return subprocess.run([sys.executable, "-m", "allmine_tui", "join", *args], env=env,
                              capture_output=True, text=True, timeout=60)

    wrong = join("abcd-efgh-jkmn")
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert wrong.stderr == "allmine: No shared game has the join code 'abcd…'.\n"
    held = shared.join([codes[0]])  # Ann's seat is open on another screen
    taken = join(codes[0])
    assert taken.returncode == 2
    assert taken.stderr == ("allmine: Ann's seat is already open on another screen; close it "
                            "there first.\n")
    held.close()
    host_out = subprocess.run([sys.executable, "-m", "allmine_tui", "host", "all-mine",
                               "--players", "Ann,bot:Cleo", "--seed", "4"], env=env,
                              capture_output=True, text=True, timeout=60)
    assert host_out.returncode == 2
    assert host_out.stderr == ("allmine: error: All Mine! is for 3–4 players, not 2 (see allmine "
                               "host --help)\n")
    made = subprocess.run([sys.executable, "-m", "allmine_tui", "host", "all-mine", "--players",
                           "Ann,Bob,bot:Cleo"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert made.returncode == 0, made.stderr
    printed = [line.split()[-1] for line in made.stdout.splitlines() if " join " in line]
    assert len(printed) == 2
    resume = subprocess.run([sys.executable, "-m", "allmine_tui", "resume",
                             str(next((data_dir / "shared").glob("*.json")))], env=env,
                            capture_output=True, text=True, timeout=60)
    assert resume.returncode == 2 and "is a shared game" in resume.stderr


async def test_a_move_taken_back_on_one_screen_is_taken_back_everywhere():
    path, codes = host("all-mine", ["Ann", "Bob"], 1, 9)
    ann = shared.join([codes[0]])
    app = AllMineApp(SharedSession(ann))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c", "g", "enter")  # Ann's secret prediction
        await pilot.pause()
        logged = json.loads(path.read_text())["log"]
        assert [0, ["predict", 0, 1]] in logged
        bob = shared.join([codes[1]])
        await pilot.press("u")
        await pilot.pause()
        logged = json.loads(path.read_text())["log"]
        assert all(seat != 0 for seat, _a in logged)
        assert [e.kind for e in bob.poll()] == ["undo"]  # announced on Bob's screen
        assert all(seat != 0 for seat, _a in bob.match.log)
        assert 0 in ann.match.to_act()
        bob.close()
