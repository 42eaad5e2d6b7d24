"""Reading a save is total: every odd file in the saves folder gives one SaveError line, is listed
with that reason, is never opened when it is not a regular file, and never hides the good saves."""
from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest

from allmine_tui import save_format, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.storage import SaveError

GAME = "all-mine"


def good_match() -> Match:
    match = Match(GAME, [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    match.run_bots()
    return match


def good_text() -> str:
    return json.dumps(storage.save_document(good_match()))


def replace_value(text: str, key: str, raw: str) -> bytes:
    """The save text with the JSON value of top-level ``key`` replaced by the raw JSON ``raw``."""
    doc = json.loads(text)
    marker = "\u0000MARK\u0000"
    doc[key] = marker
    return json.dumps(doc).replace(json.dumps(marker), raw).encode()


def bad_contents() -> dict[str, tuple[bytes, str]]:
    text = good_text()
    deep = "[" * 5000 + "]" * 5000
    return {
        "nan-seed": (replace_value(text, "seed", "NaN"), "NaN"),
        "infinity-time": (replace_value(text, "updated", "Infinity"), "Infinity"),
        "minus-infinity": (replace_value(text, "created", "-Infinity"), "Infinity"),
        "overflowing-float": (replace_value(text, "updated", "1e999"), "too large"),
        "huge-int-seed": (replace_value(text, "seed", "9" * 5000), "5,000 digits"),
        "long-int-time": (replace_value(text, "updated", "7" * 100), "100 digits"),
        "time-in-the-far-future": (replace_value(text, "updated", "1" + "0" * 40), "not a time"),
        "negative-time": (replace_value(text, "created", "-5"), "not a time"),
        "time-as-text": (replace_value(text, "updated", '"yesterday"'), "not a time"),
        "time-as-bool": (replace_value(text, "updated", "true"), "not a time"),
        "deep-nesting-state": (replace_value(text, "state", deep), "deep"),
        "deep-nesting-top": (deep.encode(), "deep"),
        "deep-objects": (b'{"a":' * 3000 + b"1" + b"}" * 3000, "deep"),
        "seed-as-list": (replace_value(text, "seed", "[1]"), "seed"),
        "seed-as-bool": (replace_value(text, "seed", "false"), "seed"),
        "version-as-bool": (replace_value(text, "version", "true"), "version"),
        "version-zero": (replace_value(text, "version", "0"), "version"),
        "seat-as-list": (replace_value(text, "seats", '[["Ann"],["Bob"],["Cleo"]]'), "seat"),
        "options-as-list": (replace_value(text, "options", "[1]"), "options"),
        "log-entry-huge-seat": (replace_value(text, "log", "[[" + "9" * 60 + ', ["x"]]]'),
                                "damaged"),
        "latin-1": (text.replace('"Ann"', '"Ann\u00e9"').encode("latin-1"), "binary"),
        "utf-16": (text.encode("utf-16"), "binary"),
        "bom": (b"\xef\xbb\xbf" + text.encode(), "damaged"),
        "nul-bytes": (b"\x00" * 100, "damaged"),
    }


BAD = bad_contents()


def one_line_reason(exc: SaveError) -> str:
    reason = str(exc)
    assert reason and "\n" not in reason and len(reason) < 200, reason
    assert "Traceback" not in reason
    return reason


@pytest.mark.parametrize("kind", sorted(BAD))
def test_odd_content_gives_one_line_and_is_listed(kind):
    content, expected = BAD[kind]
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    path = folder / f"{kind}.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        storage.load_match(path)
    assert expected.lower() in one_line_reason(info.value).lower()
    listed = storage.inspect(path)
    assert not listed.ok and listed.reason == str(info.value)
    assert path.read_bytes() == content


def test_the_good_document_is_readable_after_our_edits():
    """The helper that damages saves leaves a good save good when the value is unchanged."""
    text = good_text()
    doc = json.loads(text)
    path = storage.saves_dir() / "same.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(replace_value(text, "seed", json.dumps(doc["seed"])))
    storage.load_match(path)


def test_a_big_int_seed_that_a_save_can_hold_round_trips():
    match = Match(GAME, [Seat("A", "random"), Seat("B", "random"), Seat("C", "random")],
                  storage.seed_from_text("9" * 64))
    assert isinstance(match.seed, int)
    match.run_bots()
    path = storage.saves_dir() / "big.json"
    storage.write_save(path, match)
    loaded, _ = storage.load_match(path)
    assert loaded.seed == match.seed and loaded.log == match.log


def test_a_longer_number_typed_as_a_seed_stays_text():
    assert storage.seed_from_text(" 42 ") == 42
    assert storage.seed_from_text("9" * 65) == "9" * 65
    assert storage.seed_from_text("abc") == "abc"


def test_too_large_file_is_refused_before_reading(monkeypatch):
    path = storage.saves_dir() / "big.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b" " * 2000)
    monkeypatch.setattr(save_format, "MAX_SAVE_BYTES", 1000)
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    with pytest.raises(SaveError, match="too large"):
        storage.load_match(path)
    assert opened == []


def test_unreadable_file_gives_the_system_reason(monkeypatch):
    path = storage.saves_dir() / "locked.json"
    path.parent.mkdir(parents=True)
    path.write_text(good_text())

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveError, match="Permission denied"):
        storage.load_match(path)


# -- special files: never opened ---------------------------------------------------------------
def special_files(folder: Path) -> dict[str, str]:
    """Make a named pipe, a socket, a folder and links to them (and to a device) in ``folder``;
    returns file name -> a word the reason must contain."""
    made = {}
    os.mkfifo(folder / "pipe.json")
    made["pipe.json"] = "pipe"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "sock.json"))
    sock.close()
    made["sock.json"] = "socket"
    (folder / "dir.json").mkdir()
    made["dir.json"] = "folder"
    for target, name, word in (("pipe.json", "link-pipe.json", "link to a named pipe"),
                               ("dir.json", "link-dir.json", "link to a folder"),
                               ("/dev/null", "link-dev.json", "device"),
                               ("missing.json", "link-missing.json", "link to a missing file"),
                               ("loop.json", "loop.json", "cannot read")):
        os.symlink(target, folder / name)
        made[name] = word
    return made


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs or UNIX sockets")
def test_special_files_are_listed_with_a_reason_and_never_opened(monkeypatch):
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    made = special_files(folder)
    storage.write_save(folder / "good.json", good_match())
    real_open = os.open
    opened = []

    def watched_open(path, *args, **kwargs):
        opened.append(Path(path).name)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", watched_open)
    infos = {i.path.name: i for i in storage.list_saves()}
    assert set(infos) == set(made) | {"good.json"}
    for name, word in made.items():
        assert not infos[name].ok
        assert word in infos[name].reason, (name, infos[name].reason)
        assert "\n" not in infos[name].reason
    assert opened == ["good.json"]
    assert infos["good.json"].ok
    assert storage.newest_resumable().path.name == "good.json"


def test_a_listing_survives_an_unexpected_error_in_one_file(monkeypatch):
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    storage.write_save(folder / "a.json", good_match())
    storage.write_save(folder / "b.json", good_match())
    real_load = storage.load_match

    def flaky(path):
        if Path(path).name == "a.json":
            raise KeyError("boom")
        return real_load(path)

    monkeypatch.setattr(storage, "load_match", flaky)
    infos = {i.path.name: i for i in storage.list_saves()}
    assert not infos["a.json"].ok and "boom" in infos["a.json"].reason
    assert infos["b.json"].ok


def test_saves_are_never_written_with_numbers_they_could_not_read_back():
    with pytest.raises(ValueError):
        storage.encode_document({"updated": float("nan")})
    assert json.loads(storage.encode_document({"a": [1, "é"]})) == {"a": [1, "é"]}


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs or UNIX sockets")
def test_saves_screen_lists_special_files_without_hanging():
    from save_fuzz import saves_screen_rows

    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    made = special_files(folder)
    storage.write_save(folder / "good.json", good_match())
    listed, bad, newest = saves_screen_rows()
    assert listed == set(made) | {"good.json"}
    assert bad == set(made)
    assert newest == "good.json"
