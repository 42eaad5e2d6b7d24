"""Save files: round trip, resume, every kind of bad file, listing, and a kill in the middle of a save."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.storage import SaveError

GAME = "all-mine"


def seats(n=3, humans=1):
    return [Seat(f"H{i}") if i < humans else Seat(f"B{i}", "random") for i in range(n)]


def played_match(n=3, seed=7, actions=40, humans=0) -> Match:
    """A match after ``actions`` moves, humans' moves chosen by a seeded RNG."""
    match = Match(GAME, seats(n, humans), seed)
    rng = random.Random(seed)
    while len(match.log) < actions and not match.is_over():
        seat = match.to_act()[0]
        if match.seats[seat].human:
            match.apply(seat, rng.choice(match.legal_actions(seat)))
        else:
            match.step_bot(seat)
    return match


def same_match(a: Match, b: Match) -> None:
    assert a.game_id == b.game_id
    assert a.seats == b.seats
    assert a.seed == b.seed
    assert a.options == b.options
    assert a.log == b.log
    assert a.rules.state_to_json(a.state) == b.rules.state_to_json(b.state)


def test_saves_dir_respects_the_override(data_dir, tmp_path, monkeypatch):
    assert storage.saves_dir() == data_dir / "saves"
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(tmp_path / "elsewhere"))
    assert storage.data_dir() == tmp_path / "elsewhere"
    assert storage.saves_dir() == tmp_path / "elsewhere" / "saves"
    path = storage.new_save_path(GAME)
    assert path.parent == tmp_path / "elsewhere" / "saves"
    assert path.name.startswith(GAME) and path.suffix == ".json"


def test_without_override_the_user_data_dir_is_used(monkeypatch):
    monkeypatch.delenv("ALLMINE_DATA_DIR")
    from platformdirs import user_data_dir

    assert storage.data_dir() == Path(user_data_dir("allmine_tui", appauthor=False))


@pytest.mark.parametrize("n,actions,humans", [(3, 0, 0), (3, 25, 2), (4, 90, 1), (4, 1000, 0)])
def test_write_then_load_round_trip(n, actions, humans):
    match = played_match(n, seed=n * 100 + actions, actions=actions, humans=humans)
    path = storage.new_save_path(GAME)
    storage.write_save(path, match)
    loaded, doc = storage.load_match(path)
    same_match(match, loaded)
    assert doc["format"] == storage.FORMAT and doc["version"] == storage.VERSION
    assert doc["summary"]["over"] == match.is_over()
    assert doc["summary"]["progress"] == match.rules.progress(match.state)
    assert "ui" not in doc  # who was looking is not saved: a resumed game starts behind the curtain
    # the file is plain JSON with the log and the snapshot
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["log"] == [[s, a.to_json()] for s, a in match.log]
    assert raw["state"] == match.rules.state_to_json(match.state)


def test_string_seed_round_trip():
    match = Match(GAME, seats(3), "a string seed")
    match.run_bots()
    path = storage.saves_dir() / "s.json"
    storage.write_save(path, match)
    loaded, _ = storage.load_match(path)
    same_match(match, loaded)


def test_resume_mid_game_and_continue_playing():
    match = played_match(4, seed=31, actions=70, humans=2)
    assert not match.is_over()
    path = storage.new_save_path(GAME)
    storage.write_save(path, match)
    created = json.loads(path.read_text())["created"]

    loaded, _ = storage.load_match(path)
    rng = random.Random(5)
    saves = 0
    while not loaded.is_over():
        loaded.run_bots()
        if loaded.is_over():
            break
        seat = loaded.human_seats_to_act()[0]
        loaded.apply(seat, rng.choice(loaded.legal_actions(seat)))
        storage.write_save(path, loaded, created=created)  # autosave after every action
        saves += 1
        if saves % 25 == 0:  # resume again now and then
            again, _ = storage.load_match(path)
            same_match(loaded, again)
            loaded = again
    storage.write_save(path, loaded, created=created)
    final, doc = storage.load_match(path)
    assert final.is_over() and doc["summary"]["over"] is True
    assert doc["created"] == created
    assert final.log[:len(match.log)] == match.log  # the old moves are kept, new ones appended
    assert len(final.log) > len(match.log)
    result = final.rules.result(final.state)
    assert len(result.scores) == 4 and result.winners


# ---------------------------------------------------------------------------------------------
# Bad files: SaveError with a one-line reason; the file is never changed
# ---------------------------------------------------------------------------------------------
def good_document() -> tuple[Match, dict]:
    match = played_match(3, seed=11, actions=30)
    return match, storage.save_document(match)


def _mutate(doc, fn):
    doc = json.loads(json.dumps(doc))
    fn(doc)
    return json.dumps(doc).encode()


def _set(key, value):
    def fn(doc):
        doc[key] = value
    return fn


def _bad_log(doc):
    doc["log"][0][1] = ["predict", 2, 2]  # Most and Fewest the same suit: illegal


def _log_of_other_seat(doc):
    doc["log"][5][0] = 9  # no such seat


def _tamper_snapshot(doc):
    doc["state"]["scores"][0] += 5


def _drop_moves(doc):
    del doc["log"][-3:]  # the snapshot is now ahead of the log


def _drop_key(key):
    def fn(doc):
        del doc[key]
    return fn


def bad_files():
    _match, doc = good_document()
    good = json.dumps(doc).encode()
    return {
        "damaged-json": (good[:200] + b"#!%" + good[203:], "damaged"),
        "truncated": (good[: len(good) // 2], "truncated"),
        "empty": (b"", "empty"),
        "blank": (b"  \n", "empty"),
        "binary": (bytes(range(256)) * 4, "not a save file"),
        "foreign-json": (json.dumps({"name": "my notes", "items": [1, 2]}).encode(), "foreign"),
        "foreign-list": (b"[1, 2, 3]", "foreign"),
        "newer-version": (_mutate(doc, _set("version", storage.VERSION + 1)), "newer"),
        "no-version": (_mutate(doc, _drop_key("version")), "version"),
        "log-does-not-replay": (_mutate(doc, _bad_log), "does not replay"),
        "log-wrong-seat": (_mutate(doc, _log_of_other_seat), "does not replay"),
        "snapshot-mismatch": (_mutate(doc, _tamper_snapshot), "does not match"),
        "snapshot-ahead-of-log": (_mutate(doc, _drop_moves), "does not match"),
        "unknown-game": (_mutate(doc, _set("game", "chess")), "unknown game"),
        "missing-log": (_mutate(doc, _drop_key("log")), "'log'"),
        "missing-seed": (_mutate(doc, _drop_key("seed")), "seed"),
        "bad-seats": (_mutate(doc, _set("seats", [{"name": 3}])), "damaged"),
        "wrong-seat-count": (_mutate(doc, _set("seats", doc["seats"][:1])), "damaged"),
        "unknown-bot": (_mutate(doc, _set("seats", [{"name": "x", "bot": "zzz"}] * 3)), "damaged"),
    }


BAD = bad_files()


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_file_gives_a_clear_reason_and_is_left_alone(kind):
    content, expected = BAD[kind]
    path = storage.saves_dir() / f"{kind}.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    stat = path.stat()
    with pytest.raises(SaveError) as info:
        storage.load_match(path)
    reason = str(info.value)
    assert reason and "\n" not in reason and len(reason) < 200, reason
    assert "Traceback" not in reason
    assert expected.lower() in reason.lower(), reason
    assert path.read_bytes() == content  # byte-identical
    assert path.stat().st_mtime_ns == stat.st_mtime_ns

    info_ = storage.inspect(path)  # the listing path never raises either
    assert not info_.ok and info_.reason == reason
    assert path.read_bytes() == content


def test_missing_file_and_folder_give_save_errors(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        storage.load_match(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="folder"):
        storage.load_match(tmp_path)


def test_list_saves_lists_unreadable_files_with_their_reason():
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    match, _ = good_document()
    storage.write_save(folder / "good.json", match)
    finished = Match(GAME, seats(3, 0), 3)
    finished.run_bots()
    storage.write_save(folder / "finished.json", finished)
    originals = {}
    for kind in ("truncated", "empty", "foreign-json", "newer-version", "snapshot-mismatch"):
        content = BAD[kind][0]
        (folder / f"{kind}.json").write_bytes(content)
        originals[kind] = content
    (folder / "notes.txt").write_text("not a save")
    (folder / ".good.json.x1y2.tmp").write_text("{")  # a temp file left by a crash

    infos = {i.path.name: i for i in storage.list_saves()}
    assert set(infos) == {"good.json", "finished.json"} | {f"{k}.json" for k in originals}
    assert infos["good.json"].ok and not infos["good.json"].over
    assert infos["good.json"].title == "All Mine!"
    assert infos["good.json"].progress == match.rules.progress(match.state)
    assert infos["good.json"].humans == 0
    assert infos["finished.json"].ok and infos["finished.json"].over
    for kind, content in originals.items():
        info = infos[f"{kind}.json"]
        assert not info.ok
        assert info.reason and "\n" not in info.reason
        assert BAD[kind][1].lower() in info.reason.lower()
        assert (folder / f"{kind}.json").read_bytes() == content
    resumable = storage.newest_resumable()
    assert resumable is not None and resumable.path.name == "good.json"


def test_list_saves_of_a_missing_folder_is_empty():
    assert storage.list_saves() == []
    assert storage.newest_resumable() is None


def test_write_save_replaces_atomically_and_leaves_no_temp_files():
    folder = storage.saves_dir()
    path = folder / "game.json"
    match = played_match(3, seed=2, actions=5)
    storage.write_save(path, match)
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    storage.write_save(path, match)
    loaded, _ = storage.load_match(path)
    assert loaded.log == match.log
    assert sorted(p.name for p in folder.iterdir()) == ["game.json"]


def test_a_failed_write_keeps_the_old_save(monkeypatch):
    """The disk fills up half-way through writing: the previous save stays whole and in place."""
    folder = storage.saves_dir()
    path = folder / "game.json"
    match = played_match(3, seed=4, actions=10)
    storage.write_save(path, match)
    before = path.read_bytes()
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])

    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()
            return False

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            self.fh.flush()
            raise OSError(28, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.fh, name)

    with monkeypatch.context() as m:
        m.setattr(os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
        with pytest.raises(OSError):
            storage.write_save(path, match)
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["game.json"]  # no temp file left behind
    loaded, _ = storage.load_match(path)
    assert len(loaded.log) == len(match.log) - 1


# ---------------------------------------------------------------------------------------------
# A kill in the middle of a save
# ---------------------------------------------------------------------------------------------
AUTOSAVER = r"""
import sys
from pathlib import Path
from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES

path = Path(sys.argv[1])
background = sys.argv[2] == "background"  # the app's way: storage.AutoSaver
saver = storage.AutoSaver(path) if background else None
seats = [Seat("A"), Seat("B"), Seat("C")]
if path.exists():
    match, _ = storage.load_match(path)
else:
    match = Match(GAMES["all-mine"], seats, 2024)
announced = False
while True:
    if match.is_over():
        match = Match(GAMES["all-mine"], seats, 2024)  # start again: the log shrinks, then grows
    # deterministic: first legal move (a restarted game makes its first move before saving, so
    # every save holds at least one move)
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    if background:
        saver.save(match)
    else:
        storage.write_save(path, match)
    if not announced:
        if background:
            saver.flush()  # the file exists before the first kill
        print("saving", flush=True)
        announced = True
"""


def reference_log():
    """The whole game the autosaver plays (first legal move of the first seat to act)."""
    match = Match(GAME, [Seat("A"), Seat("B"), Seat("C")], 2024)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    return match.log


@pytest.mark.parametrize("mode", ["direct", "background"])
def test_kill_during_save_never_leaves_a_broken_file(tmp_path, mode):
    script = tmp_path / "autosaver.py"
    script.write_text(AUTOSAVER)
    path = storage.saves_dir() / "autosave.json"
    full_log = reference_log()
    rng = random.Random(1234)
    lengths = []
    for _round in range(8):
        proc = subprocess.Popen([sys.executable, str(script), str(path), mode],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = proc.stdout.readline()
            assert line.strip() == "saving", proc.stderr.read()
            time.sleep(rng.uniform(0.0, 0.3))  # let it autosave a while, then kill it mid-stride
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
            proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL

        raw = path.read_bytes()
        json.loads(raw)  # whole JSON, never a half-written file
        match, _doc = storage.load_match(path)
        assert match.log == full_log[:len(match.log)]  # a state the game really went through
        lengths.append(len(match.log))
        listed = storage.list_saves()  # temp files a kill may leave are never listed as saves
        assert [(i.path.name, i.ok) for i in listed] == [("autosave.json", True)]
    assert all(k >= 1 for k in lengths)


def test_old_temp_files_from_a_crash_are_swept_but_saves_are_not(tmp_path):
    import os
    import time as _time

    from allmine_tui import storage as st

    folder = tmp_path / "saves"
    folder.mkdir()
    old_tmp = folder / ".game.json.abc123.tmp"
    new_tmp = folder / ".other.json.def456.tmp"
    bad_save = folder / "broken.json"
    for f in (old_tmp, new_tmp, bad_save):
        f.write_text("{")
    long_ago = _time.time() - 7200
    os.utime(old_tmp, (long_ago, long_ago))
    os.utime(bad_save, (long_ago, long_ago))
    infos = st.list_saves(folder)
    assert not old_tmp.exists()
    assert new_tmp.exists()  # it may belong to a save in progress
    assert bad_save.read_text() == "{"
    assert [i.path.name for i in infos] == ["broken.json"] and not infos[0].ok
