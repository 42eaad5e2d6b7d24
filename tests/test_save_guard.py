"""Text from a file never reaches a terminal raw (issue 32). A save whose names (or other strings)
hold escape sequences or a newline is refused where it is loaded, with a one-line reason, by the
same rule typed names follow; the commands that print a save's text (check-save, saves, review,
replay, resume) write no ESC and no control character but their own newlines, whatever the file
or its name holds; the records file is read the same way."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from allmine_tui import records, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.guard import is_control
from allmine_tui.storage import SaveError

# an OSC that retitles the terminal, an OSC 52 that writes its clipboard, a clear screen, a
# newline that would fake a line, and a C1 CSI
EVIL = "Ann\x1b]0;pwned\x07\x1b]52;c;aGk=\x07\x1b[2J\nfake line\x9b2J"


def finished_match(names: tuple[str, str, str] = ("Ann", "Bob", "Cleo")) -> Match:
    match = Match("all-mine", [Seat(names[0]), Seat(names[1], "random"),
                               Seat(names[2], "random")], 11)
    while not match.is_over():
        seat = match.to_act()[0]
        if match.seats[seat].human:
            match.apply(seat, match.legal_actions(seat)[0])
        else:
            match.step_bot(seat)
    return match


def trap_save(name: str, field: str = "name", finished: bool = True) -> Path:
    """A save that replays (the rules never look at names) but holds ``EVIL`` as seat 1's name,
    or, with ``field`` "bot", also seat 2's bot level."""
    match = finished_match() if finished else Match(
        "all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 11)
    doc = storage.save_document(match)
    doc["seats"][0]["name"] = EVIL
    if field == "bot":
        doc["seats"][1]["bot"] = "random\x1b[2J"
    doc["summary"]["players"] = EVIL  # (the listing's summary, never trusted)
    path = storage.saves_dir() / name
    storage.write_atomic(path, json.dumps(doc, ensure_ascii=False))
    return path


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "allmine_tui", *args], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def clean_output(text: str) -> None:
    """No ESC, and no control character at all but the newlines that end our own lines."""
    assert "\x1b" not in text
    assert not [ch for ch in text if is_control(ch) and ch != "\n"], repr(text)


@pytest.mark.parametrize("field, said", [
    ("name", "damaged save: seat 1's name breaks the name rule: Names cannot hold control "
             "characters"),
    ("bot", "damaged save: seat 2's bot level is not a bot's name"),
])
def test_a_save_with_escape_codes_is_refused_in_one_line(field, said):
    path = trap_save(f"trap-{field}.json", field)
    with pytest.raises(SaveError) as info:
        storage.load_match(path)
    reason = str(info.value)
    assert reason.startswith(said) and "\n" not in reason
    clean_output(reason)
    listed = storage.inspect(path)
    assert not listed.ok and listed.reason == reason


@pytest.mark.parametrize("where, value, said", [
    ("game", "all-mine\x1b[2J", "the game id is not a game's name"),
    ("options", {"x\x1b]0;t\x07": "y"}, "holds control characters"),
    ("seed", "s\x1b[2J", "the text at 'seed' holds control characters"),
    ("created-name", None, "holds control characters"),
])
def test_other_strings_of_a_save_are_checked(where, value, said):
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 2)
    doc = storage.save_document(match)
    if where == "created-name":
        doc["draft"] = {"note\u202e": 1}  # a key, deep in the file, holding a bidi override
    else:
        doc[where] = value
    path = storage.saves_dir() / "other.json"
    storage.write_atomic(path, json.dumps(doc))
    with pytest.raises(SaveError) as info:
        storage.load_match(path)
    assert said in str(info.value) and "\x1b" not in str(info.value)
    assert "\u202e" not in str(info.value)


def test_names_from_a_file_follow_the_typed_names_rule():
    for name, words in (("Maximilian-Alexandra", "at most 16"), (" Ann", "spaces at an end"),
                        ("", "needs a name"), ("a\tb", "control characters")):
        path = storage.saves_dir() / "names.json"
        doc = storage.save_document(Match("all-mine", [Seat("Bob"), Seat("Cleo", "random"),
                                                       Seat("Dan", "random")], 1))
        doc["seats"][0]["name"] = name
        storage.write_atomic(path, json.dumps(doc))
        with pytest.raises(SaveError, match=words):
            storage.load_match(path)
    doc["seats"][0]["name"] = "cleo"  # the same name twice (ignoring case)
    storage.write_atomic(path, json.dumps(doc))
    with pytest.raises(SaveError, match="seat 2 has the name of another seat"):
        storage.load_match(path)
    doc["seats"][0]["name"] = "🐉 Drake"  # emoji are names like any other
    storage.write_atomic(path, json.dumps(doc))
    assert storage.load_match(path)[0].seats[0].name == "🐉 Drake"


def test_the_commands_print_no_escape_code_from_a_save():
    finished = trap_save("all-mine-trap-finished.json")
    unfinished = trap_save("all-mine-trap-open.json", finished=False)
    # a file whose name itself holds escape codes and a newline
    odd = storage.saves_dir() / "odd\x1b]0;t\x07\x1b[2J\nname.json"
    odd.write_bytes(finished.read_bytes())
    for args in (("check-save", str(finished)), ("check-save", str(odd)),
                 ("review", str(finished)), ("replay", str(finished)),
                 ("resume", str(unfinished)), ("resume", str(odd)), ("replay", odd.name)):
        done = run(*args)
        assert done.returncode == 1, (args, done.stderr)
        assert done.stdout == ""
        clean_output(done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert "damaged save: seat 1's name breaks the name rule" in done.stderr
    done = run("saves")
    assert done.returncode == 0, done.stderr
    clean_output(done.stdout + done.stderr)
    assert done.stdout.count("unreadable") == 3  # every trap listed, with its reason
    assert "odd" in done.stdout and "name.json" in done.stdout


def test_a_good_save_with_an_odd_file_name_prints_clean_lines():
    match = finished_match(("🐉 Drake", "Bob", "Cleo"))
    odd = storage.saves_dir() / "odd\x1b[2J\nname\u202e.json"
    storage.write_save(odd, match)
    done = run("check-save", str(odd))
    assert done.returncode == 0, done.stderr
    clean_output(done.stdout)
    assert done.stdout.count("\n") == 6 and "🐉 Drake" in done.stdout
    done = run("saves")
    clean_output(done.stdout)
    assert "finished" in done.stdout


def test_records_with_escape_codes_are_left_out_in_one_line(data_dir):
    good = records.record_of(finished_match(), 1.0)
    evil = records.record_of(finished_match(), 2.0)
    evil["seats"][0]["name"] = EVIL
    odd_game = dict(good, key="x", game="all-mine\x1b[2J")
    path = records.records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": records.FORMAT, "version": records.VERSION,
                                "games": [good, evil, odd_game]}))
    found = records.load()
    assert found.valid == [good]
    assert found.problem == "2 records could not be read and are left out of the tables."
    for args in (("stats",), ("stats", "--json")):
        done = run(*args)
        assert done.returncode == 0, done.stderr
        clean_output(done.stdout + done.stderr)
        assert "Ann" in done.stdout and "pwned" not in done.stdout


def test_saves_screen_and_continue_skip_a_trap_save():
    import asyncio

    from screen_text import screen_text

    from allmine_tui.ui.app import AllMineApp
    from allmine_tui.ui.screens.picker import PickerScreen
    from allmine_tui.ui.screens.saves import SavesScreen
    from helpers import until_idle, wait_until

    trap_save("all-mine-trap.json", finished=False)

    async def look() -> None:
        app = AllMineApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")
            await until_idle(pilot)
            assert app.screen._newest is None  # Continue finds no game to resume
            app.push_screen(SavesScreen())
            await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
            await until_idle(pilot)
            text = screen_text(app)
            assert "UNREADABLE" in text and "pwned" not in text
            app.screen.open_key(str(storage.saves_dir() / "all-mine-trap.json"))
            await pilot.pause()
            notes = [str(n.message) for n in app._notifications]
            assert len(notes) == 1 and "name rule" in notes[0]
            assert not any(is_control(ch) for ch in notes[0])

    asyncio.run(look())


def test_json_text_keeps_data_and_escapes_controls():
    from allmine_tui.guard import json_text

    value = {"name": EVIL, "emoji": "🐉", "far": "\U000f0000"}
    text = json_text(value, indent=1)
    assert json.loads(text) == value
    assert "🐉" in text
    assert not [ch for ch in text if is_control(ch) and ch != "\n"]


def test_odd_file_names_keep_one_line_messages():
    """A SaveError about a file names it cleaned: a newline in a file name cannot split it."""
    target = storage.saves_dir() / "x\ny\x1b[2J.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(target)
    info = storage.inspect(target)
    assert not info.ok and "\n" not in info.reason and "\x1b" not in info.reason
    assert "named pipe" in info.reason
