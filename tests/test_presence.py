"""Who is at a shared game (issue 20): every screen shows who is connected; a screen that is killed
shows as "Bob left (waiting 0:40)" on the others, "Bob is back" when he joins again; a move taken
back on one screen is announced on the others."""
from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import threading


from allmine_tui import locks, shared
from allmine_tui.engine import Match, Seat
from allmine_tui.presence import Presence
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.shared_session import SharedSession
from allmine_tui.ui.widgets.log import GameLog
from helpers import notice_text, wait_until



def hosted(seed: int = 3, game: str = "all-mine"):
    return shared.host(Match(game, [Seat("Ann"), Seat("Bob"), Seat("Dan"),
                                    Seat("Cleo", "random")], seed))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_line_and_the_news_as_people_come_and_go():
    path, codes = hosted()
    game = shared.SharedGame(path)
    clock = Clock()
    seen = Presence(game, ["Ann", "Bob", "Dan", "Cleo"], [0, 1, 2], [0], clock)
    assert seen.line() == "Bob has not joined yet · Dan has not joined yet · here: Ann (you)"
    bob = shared.join([codes[1]])
    assert seen.check() == ["Bob joined."]
    assert seen.line() == "Dan has not joined yet · here: Ann (you), Bob"
    assert seen.check() == []
    bob.close()
    assert seen.check() == ["Bob left (their seat waits for them)."]
    clock.now += 40
    assert seen.line().startswith("Bob left (waiting 0:40) · Dan has not joined yet")
    clock.now += 65
    assert seen.line().startswith("Bob left (waiting 1:45)")
    bob = shared.join([codes[1]])
    assert seen.check() == ["Bob is back."]
    assert seen.line() == "Dan has not joined yet · Bob is back · here: Ann (you), Bob"
    clock.now += 11
    assert seen.line() == "Dan has not joined yet · here: Ann (you), Bob"
    # a screen opened after Bob left sees him gone at once (his seat was open before)
    bob.close()
    later = Presence(game, ["Ann", "Bob", "Dan", "Cleo"], [0, 1, 2], [2], clock)
    assert later.line() == "Bob left (waiting 0:00) · Ann has not joined yet · here: Dan (you)"
    assert later.check() == []


def test_looking_never_keeps_a_person_from_joining():
    path, codes = hosted(4)
    game = shared.SharedGame(path)
    lock = game.seat_lock_path(1)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.touch()
    looking = os.open(lock, os.O_RDONLY)
    fcntl.flock(looking, fcntl.LOCK_SH)  # another screen looking, as is_held does
    threading.Timer(0.1, lambda: os.close(looking)).start()  # ... for a moment
    bob = shared.join([codes[1]])  # waits the moment out, is not refused
    assert locks.is_held(lock)
    bob.close()
    assert not locks.is_held(lock)


def border(app) -> str:
    return " ".join(str(log.border_title or "") for log in app.screen.query(GameLog))



def bob_screen(code: str) -> subprocess.Popen:
    """Bob's screen: the real app (``allmine join``, the code in the environment), headless."""
    env = dict(os.environ, ALLMINE_JOIN_CODE=code,
               TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    return subprocess.Popen([sys.executable, "-m", "allmine_tui", "join"], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


async def test_a_killed_screen_shows_as_left_then_back():
    path, codes = hosted(5)
    ann = shared.join([codes[0]])
    app = AllMineApp(SharedSession(ann))
    bob = bob_screen(codes[1])
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await wait_until(pilot, lambda: "Ann (you), Bob" in border(app))
            await wait_until(pilot, lambda: "Bob joined." in notice_text(app), "the join told")
            bob.send_signal(signal.SIGKILL)  # no goodbye: the system drops his seat's lock
            bob.wait(10)
            await wait_until(pilot, lambda: "Bob left (waiting 0:0" in border(app))
            await wait_until(pilot, lambda: "Bob left (their seat waits for them)." in notice_text(app),
                             "the leaving told")
            assert "here: Ann (you)" in border(app) and "Ann (you), Bob" not in border(app)
            await wait_until(pilot, lambda: "Bob left (waiting 0:02)" in border(app))
            bob = bob_screen(codes[1])  # he opens his seat again
            await wait_until(pilot, lambda: "Bob is back" in border(app))
            await wait_until(pilot, lambda: "Bob is back." in notice_text(app), "the return told")
            assert "Ann (you), Bob" in border(app)
    finally:
        if bob.poll() is None:
            bob.kill()
            bob.wait(10)
        ann.close()


async def test_a_take_back_on_another_screen_is_announced():
    path, codes = hosted(6)
    ann = shared.join([codes[0]])
    app = AllMineApp(SharedSession(ann))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        bob = shared.join([codes[1]])
        action = bob.match.legal_actions(1)[0]
        assert bob.act(1, action)[0]  # Bob's secret prediction, on his screen
        await wait_until(pilot, lambda: len(ann.match.log) == len(bob.match.log))
        assert bob.undo(1) is None  # ... taken back there
        await wait_until(pilot, lambda: "Bob took back a move." in notice_text(app))
        log = app.screen.query_one(GameLog)
        await wait_until(pilot, lambda: "Bob took back a move." in log.text.plain)
        assert all(seat != 1 for seat, _a in ann.match.log)
        bob.close()
    ann.close()
