"""The background autosave: the newest state always reaches the disk, saves never queue up, errors
are reported, reading a save waits for its write, and the process flushes before it exits."""
from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.session import GameSession

GAME = "all-mine"


@pytest.fixture(autouse=True)
def quiet_writer():
    """The process's one writer thread may still hold a document of an earlier test in this
    worker (a move saved less than a pause before that test ended): it is written first, so
    that these tests see only their own writes."""
    assert storage.flush_autosaves(timeout=30)
    yield


def new_match(seed=3) -> Match:
    return Match(GAME, [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], seed)


def play_one(match: Match) -> None:
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])


@pytest.fixture
def gated_writes(monkeypatch):
    """write_atomic that waits for ``gate`` before writing; records every text written."""
    gate = threading.Event()
    started = threading.Event()
    written: list[str] = []
    real = storage.write_atomic

    def slow_write(path, text):
        started.set()
        assert gate.wait(30)
        written.append(text)
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", slow_write)
    return gate, started, written


def test_save_reaches_the_disk_after_flush():
    path = storage.saves_dir() / "a.json"
    match = new_match()
    saver = storage.AutoSaver(path)
    for _ in range(5):
        play_one(match)
        assert saver.save(match) is None
    assert saver.flush()
    loaded, doc = storage.load_match(path)
    assert loaded.log == match.log
    assert not saver.busy


def test_saves_while_a_write_is_running_are_not_queued(gated_writes):
    gate, started, written = gated_writes
    path = storage.saves_dir() / "b.json"
    match = new_match()
    saver = storage.AutoSaver(path)
    play_one(match)
    saver.save(match)
    assert started.wait(10)  # the first write is under way and blocked
    for _ in range(6):  # the player goes on: save() returns although the disk is busy
        play_one(match)
        saver.save(match)
    assert saver.busy and written == []
    gate.set()
    assert saver.flush()
    assert len(written) == 2  # the first document, then only the newest of the other six
    loaded, _ = storage.load_match(path)
    assert loaded.log == match.log


def test_loading_a_save_waits_for_its_pending_write(gated_writes):
    gate, started, _written = gated_writes
    path = storage.saves_dir() / "c.json"
    match = new_match()
    saver = storage.AutoSaver(path)
    for _ in range(3):
        play_one(match)
    saver.save(match)
    assert started.wait(10)
    threading.Timer(0.2, gate.set).start()
    loaded, _ = storage.load_match(path)  # blocks until the write is done
    assert loaded.log == match.log


def test_a_failed_write_is_reported_on_the_next_save(monkeypatch):
    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", full_disk)
    saver = storage.AutoSaver(storage.saves_dir() / "d.json")
    match = new_match()
    assert saver.save(match) is None
    saver.flush()
    assert saver.save(match) == "Autosave failed: No space left on device"
    saver.flush()


def test_session_autosave_reports_failures(monkeypatch, tmp_path):
    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    session = GameSession(new_match(), tmp_path / "e.json")
    monkeypatch.setattr(storage, "write_atomic", full_disk)
    session.autosave()
    session._saver.flush()
    session.autosave()
    assert session.save_error == "Autosave failed: No space left on device"


EXIT_AT_ONCE = r"""
import sys
from pathlib import Path
from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES

match = Match(GAMES["all-mine"], [Seat("A"), Seat("B", "random"), Seat("C", "random")], 8)
saver = storage.AutoSaver(Path(sys.argv[1]))
for _ in range(30):
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    saver.save(match)
print(len(match.log))
"""


def test_the_newest_save_is_written_before_the_process_exits(tmp_path):
    path = tmp_path / "exit.json"
    proc = subprocess.run([sys.executable, "-c", EXIT_AT_ONCE, str(path)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    loaded, _ = storage.load_match(path)
    assert len(loaded.log) == int(proc.stdout) == 30


def test_an_unexpected_error_does_not_stop_the_writer(monkeypatch):
    real = storage.write_atomic
    calls = []

    path = storage.saves_dir() / "f.json"

    def flaky(to, text):
        if to == path:
            calls.append(to)
            if len(calls) == 1:
                raise RuntimeError("surprise")
        real(to, text)

    monkeypatch.setattr(storage, "write_atomic", flaky)
    saver = storage.AutoSaver(path)
    match = new_match()
    saver.save(match)
    assert saver.flush()
    play_one(match)
    assert saver.save(match) == "Autosave failed: surprise"
    assert saver.flush()
    loaded, _ = storage.load_match(path)
    assert loaded.log == match.log


def test_a_save_waits_a_moment_before_its_write_unless_flushed(monkeypatch):
    """The writer leaves the interpreter to the frame that shows the move: a document is
    written PAUSE after it was handed over (a newer one handed over meanwhile replaces it), or
    at once when someone waits for it (flush, a load, the process's exit)."""
    import time

    written: list[float] = []
    real = storage.write_atomic

    target = storage.saves_dir() / "paused.json"

    def timed_write(path, text):
        if path == target:
            written.append(time.monotonic())
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", timed_write)
    match = new_match()
    saver = storage.AutoSaver(target)
    play_one(match)
    handed = time.monotonic()
    saver.save(match)
    time.sleep(storage.PAUSE / 4)
    assert written == [] and saver.busy  # (not yet)
    deadline = time.monotonic() + 10
    while not written and time.monotonic() < deadline:
        time.sleep(0.01)
    assert written and written[0] - handed >= storage.PAUSE * 0.9
    assert saver.flush() and len(written) == 1
    play_one(match)
    handed = time.monotonic()
    saver.save(match)
    assert saver.flush()  # waited for: written at once
    assert len(written) == 2 and written[1] - handed < storage.PAUSE


def test_a_state_that_cannot_be_saved_is_reported_and_play_goes_on():
    match = new_match()
    saver = storage.AutoSaver(storage.saves_dir() / "nan.json")
    match.options["odd"] = float("nan")  # (a bug: a save could not be read back)
    assert saver.save(match) is None
    saver.flush()
    problem = saver.save(match)
    assert problem is not None and problem.startswith("Autosave failed")
    saver.flush()
