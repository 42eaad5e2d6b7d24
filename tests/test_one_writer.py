"""One writer per save (issue 20): an app that has a save open holds its lock; a second app is
told in one line where and since when it is open, and writes nothing; an app whose file was
changed behind its back stops saving rather than overwrite it; records.json is changed under a
lock, so two apps finishing at once both keep their record. Real processes where it matters."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from allmine_tui import locks, records, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.session import GameSession

WORKER = Path(__file__).with_name("save_worker.py")



def a_save(seed: int = 6) -> Path:
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")],
                  seed)
    path = storage.new_save_path("all-mine")
    storage.write_save(path, match)
    return path


class Worker:
    """tests/save_worker.py in its own process."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen([sys.executable, str(WORKER), str(path)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def read(self) -> dict:
        line = self.process.stdout.readline()
        assert line, self.process.stderr.read()[-3000:]
        return json.loads(line)

    def play(self, moves: int) -> dict:
        self.process.stdin.write(f"{moves}\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        assert self.process.wait(60) == 0, self.process.stderr.read()[-3000:]


def test_two_apps_on_one_save_the_second_is_told_and_no_move_is_lost():
    path = a_save()
    first = Worker(path)
    assert first.read() == {"opened": True}
    made = first.play(2)
    assert made["error"] is None and made["log"] >= 2
    stamp = storage.file_stamp(path)
    second = Worker(path)  # another app (a browser tab, another terminal) opens the same save
    refused = second.read()
    assert refused["opened"] is False
    notice = " ".join(refused["notice"])
    assert path.name in notice and "open elsewhere (in a terminal since" in notice
    assert second.process.wait(60) == 0
    assert storage.file_stamp(path) == stamp  # the second app wrote nothing
    more = first.play(2)
    assert more["error"] is None and more["log"] > made["log"]
    first.close()
    match, _doc = storage.load_match(path)
    assert len(match.log) == more["log"]  # every move of the first app is in the file
    third = Worker(path)  # closed: the save opens again
    assert third.read() == {"opened": True}
    third.close()


def test_a_save_changed_behind_an_app_s_back_is_never_overwritten():
    path = a_save(7)
    app = Worker(path)
    assert app.read() == {"opened": True}
    assert app.play(1)["error"] is None
    # something that takes no lock (an older allmine, a copy put back by hand) replaces it
    other, _doc = storage.load_match(path)
    other.run_bots()
    while other.human_seats_to_act():
        seat = other.human_seats_to_act()[0]
        other.apply(seat, other.legal_actions(seat)[-1])
        other.run_bots()
        if len(other.log) > 12:
            break
    storage.write_save(path, other)
    theirs = path.read_bytes()
    report = app.play(1)
    assert report["error"] is not None and "was changed by another screen" in report["error"]
    assert path.read_bytes() == theirs  # their moves stay
    report = app.play(1)  # and it keeps saying so, writing nothing
    assert "stops saving" in report["error"] and path.read_bytes() == theirs
    app.close()
    assert path.read_bytes() == theirs


def test_resume_on_the_command_line_refuses_a_save_open_elsewhere():
    path = a_save(8)
    session = GameSession.load(path)  # open here
    done = subprocess.run([sys.executable, "-m", "allmine_tui", "resume", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"allmine: cannot resume {path.name}: it is open elsewhere "
                                  "(in a terminal since ")
    assert done.stderr.count("\n") == 1
    session.close()
    assert locks.save_is_open(path) is None


def test_a_save_is_locked_while_open_and_given_back_when_closed():
    path = a_save(9)
    session = GameSession.load(path)
    with pytest.raises(locks.SaveBusy, match="open elsewhere"):
        GameSession.load(path)  # also within one process: the lock is per open save
    assert "open elsewhere" in locks.save_is_open(path)
    session.close()
    again = GameSession.load(path)
    again.close()
    finished = GameSession(Match("all-mine", [Seat("A", "random"), Seat("B", "random"),
                                              Seat("C", "random")], 1), None)
    assert finished._hold is None  # nothing to lock without a file


def test_the_saver_checks_the_file_before_each_write(tmp_path):
    path = tmp_path / "g.json"
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 3)
    saver = storage.AutoSaver(path, None)  # a new game: there must be no file yet
    assert saver.save(match) is None and saver.flush()
    assert saver.stopped is None and path.exists()
    assert saver.save(match) is None and saver.flush() and saver.stopped is None
    path.write_text(path.read_text())  # someone else's write (the same text, even)
    theirs = storage.file_stamp(path)
    assert "was changed by another screen" in saver.save(match)  # said at once
    assert saver.flush() and storage.file_stamp(path) == theirs
    assert "was changed by another screen" in saver.save(match)  # and again, never written
    assert saver.flush() and storage.file_stamp(path) == theirs
    # the writer checks too: a change made after a save was handed over is kept
    later = storage.AutoSaver(tmp_path / "h.json", None)
    (tmp_path / "h.json").write_text("{}")
    storage._WRITER.submit(later, "not written")
    assert later.flush() and later.stopped and (tmp_path / "h.json").read_text() == "{}"


RECORDER = r"""
import random, sys, time
import allmine_tui.games  # the registry a Match looks its game up in
from allmine_tui import records
from allmine_tui.engine import Match, Seat

start, count, at = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
match = Match("mine-all-mine", [Seat("P%d" % start), Seat("B", "random"), Seat("C", "random")],
              start)
rng = random.Random(start)
while not match.is_over():  # a finished game, ready before the start signal
    match.run_bots()
    if not match.is_over():
        seat = match.human_seats_to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
while time.time() < at:
    time.sleep(0.001)
for k in range(count):  # as many games (another start time makes another game)
    added, problem = records.add(match, float(start + k))
    assert added and problem is None, problem
"""


def test_two_apps_adding_records_at_the_same_time_both_keep_theirs():
    import time

    at = time.time() + 5.0  # both start adding at this moment
    runs = [subprocess.Popen([sys.executable, "-c", RECORDER, str(start), "25", str(at)],
                             stderr=subprocess.PIPE, text=True)
            for start in (1, 2)]
    for run in runs:
        assert run.wait(120) == 0, run.stderr.read()[-3000:]
    found = records.load()
    assert found.problem is None
    names = [e["seats"][0]["name"] for e in found.valid]
    assert sorted(names) == ["P1"] * 25 + ["P2"] * 25


def test_records_wait_for_another_app_then_add(monkeypatch):
    monkeypatch.setattr(records, "LOCK_WAIT", 0.2)
    import random

    match = Match("mine-all-mine", [Seat("Ann"), Seat("B", "random"), Seat("C", "random")], 2)
    rng = random.Random(2)
    while not match.is_over():
        match.run_bots()
        if not match.is_over():
            seat = match.human_seats_to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    held = locks.open_lock(records.records_path().with_suffix(".lock"))
    try:
        added, problem = records.add(match, 1.0)
        assert not added and "busy in another app" in problem
    finally:
        os.close(held)
    assert records.add(match, 1.0) == (True, None)
