"""The ``allmine`` command line, run as a user would: in subprocesses, with a private data dir.

Commands that open the app (``new``, ``resume`` with a good save) are tested in-process with the app
launcher replaced, so no terminal is needed.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from allmine_tui import cli, storage
from allmine_tui.engine import Match, Seat


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A fresh data dir, exported as ALLMINE_DATA_DIR (to this process and to subprocesses)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(folder))
    return folder


def run(*args: str, data: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, ALLMINE_DATA_DIR=str(data), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "allmine_tui", *args], capture_output=True,
                          text=True, env=env, stdin=subprocess.DEVNULL, timeout=timeout)


def mid_game_match() -> Match:
    """Ann (human) with two random bots, stopped where Ann must predict."""
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    match.run_bots()
    assert not match.is_over() and match.human_seats_to_act() == [0]
    return match


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, f"expected one line, got: {text!r}"
    return lines[0]


# -- entry points ------------------------------------------------------------------------------
def test_python_m_help(data):
    proc = run("--help", data=data)
    assert proc.returncode == 0, proc.stderr
    for command in ("new", "resume", "saves", "check-save", "simulate", "bench"):
        assert command in proc.stdout


def test_console_script_is_installed(data):
    script = Path(sys.executable).parent / ("allmine.exe" if os.name == "nt" else "allmine")
    if not script.exists():
        pytest.skip("the allmine script is not beside this Python")
    env = dict(os.environ, ALLMINE_DATA_DIR=str(data))
    proc = subprocess.run([str(script), "simulate", "--help"], capture_output=True, text=True,
                          env=env)
    assert proc.returncode == 0 and "--bots" in proc.stdout


def test_headless_commands_never_import_textual(data):
    code = (
        "import sys\n"
        "from allmine_tui.cli import main\n"
        "assert main(['saves']) == 0\n"
        "assert main(['simulate', 'all-mine', '--players', '3', '--games', '1', '--seed', '1',"
        " '--bots', 'random', '--json']) == 0\n"
        "assert main(['check-save', 'missing.json']) == 1\n"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'textual']\n"
        "assert not bad, bad\n"
    )
    env = dict(os.environ, ALLMINE_DATA_DIR=str(data))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr


# -- bad command lines: exit 2 and a clear message ---------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["new", "no-such-game", "--players", "Ann,Bob,Cleo"], ["Unknown game 'no-such-game'"]),
    (["simulate", "no-such-game", "--players", "3"], ["Unknown game", "all-mine"]),
    (["new", "all-mine", "--players", "Ann,Bob"], ["3–4 players", "not 2"]),
    (["new", "all-mine", "--players", "A,B,C,D,E"], ["not 5"]),
    (["simulate", "all-mine", "--players", "9", "--games", "1"], ["not 9"]),
    (["new", "all-mine", "--players", "Ann,bot:Bob:genius,bot:Cleo"], ["No bot named 'genius'"]),
    (["simulate", "all-mine", "--players", "3", "--bots", "genius"], ["No bot named 'genius'"]),
    (["simulate", "all-mine", "--players", "3", "--bots", "random,random"], ["one per seat"]),
    (["new", "all-mine", "--players", "Ann,Bob,Cleo", "--option", "speed=fast"],
     ["no option 'speed'"]),
    (["simulate", "all-mine", "--players", "3", "--option", "speed"], ["key=value"]),
    (["new", "all-mine", "--players", "Ann,,Bob"], ["empty entry"]),
    (["new", "all-mine", "--players", "Ann,ann,Bob"], ["Two players are called"]),
    (["new", "all-mine", "--players", "Ann,bot:,Bob"], ["bot:NAME"]),
    (["simulate", "all-mine", "--players", "3", "--games", "0"], ["at least 1"]),
])
def test_bad_command_lines_exit_2(data, args, words):
    proc = run(*args, data=data)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    message = one_line(proc.stderr)
    for word in words:
        assert word in message
    assert "Traceback" not in proc.stderr
    assert not (data / "saves").exists() or not any((data / "saves").iterdir())


@pytest.mark.parametrize("args, words, hint", [
    (["new"], ["required", "GAME", "--players"], "allmine new --help"),
    (["new", "all-mine"], ["required", "--players"], "allmine new --help"),
    (["new", "all-mine", "--players", "A,B,C", "--seed"], ["--seed", "expected one argument"],
     "allmine new --help"),
    (["new", "all-mine", "--players"], ["--players", "expected one argument"],
     "allmine new --help"),
    (["new", "all-mine", "--players", "A,B,C", "--colour", "red"], ["unrecognized", "--colour"],
     "allmine new --help"),
    (["new", "all-mine", "--players", "A,B,C", "--option"], ["--option"], "allmine new --help"),
    (["new", "all-mine", "--players", "A,B,C", "--seed", "  "], ["--seed needs a value"],
     "allmine new --help"),
    (["new", "all-mine", "extra", "--players", "A,B,C"], ["unrecognized", "extra"],
     "allmine new --help"),
    (["frobnicate"], ["invalid choice", "frobnicate"], "allmine --help"),
    (["--colour"], ["unrecognized", "--colour"], "allmine --help"),
    (["resume", "a.json", "b.json"], ["unrecognized", "b.json"], "allmine resume --help"),
    (["saves", "extra"], ["unrecognized", "extra"], "allmine saves --help"),
    (["check-save"], ["required", "PATH"], "allmine check-save --help"),
    (["simulate"], ["required", "GAME"], "allmine simulate --help"),
    (["simulate", "all-mine", "--players", "three"], ["invalid int value", "three"],
     "allmine simulate --help"),
    (["simulate", "all-mine", "--games"], ["--games", "expected one argument"],
     "allmine simulate --help"),
    (["bench", "--fast"], ["unrecognized", "--fast"], "allmine bench --help"),
    (["new", "chess", "--players", "A,B"], ["Unknown game 'chess'"], "allmine new --help"),
][1:])
def test_every_bad_command_line_prints_one_line_and_exits_2(data, args, words, hint):
    proc = run(*args, data=data)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    line = one_line(proc.stderr)
    assert line.startswith("allmine: error: ")
    for word in words:
        assert word in line
    assert line.endswith(f"(see {hint})")
    assert "usage:" not in proc.stderr and proc.stdout == ""


@pytest.mark.parametrize("args", [["--help"], ["new", "--help"], ["simulate", "-h"]])
def test_help_still_prints_the_usage(data, args):
    proc = run(*args, data=data)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: allmine")


# -- simulate ----------------------------------------------------------------------------------
def test_simulate_json_shape(data):
    proc = run("simulate", "all-mine", "--players", "3", "--games", "6", "--seed", "7",
               "--bots", "random", "--json", data=data)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)  # exactly one JSON object and nothing else
    for key in ("game", "players", "games", "seconds", "actions", "actions_per_second", "seats"):
        assert key in out
    assert out["game"] == "all-mine" and out["players"] == 3 and out["games"] == 6
    assert out["actions"] > 0 and out["seconds"] > 0 and out["actions_per_second"] > 0
    assert len(out["seats"]) == 3
    for seat in out["seats"]:
        assert seat["bot"] == "random"
        assert isinstance(seat["wins"], int) and isinstance(seat["mean_score"], (int, float))
    assert sum(seat["wins"] for seat in out["seats"]) >= 6  # shared wins count for each winner
    assert proc.stderr == ""  # no progress bar with --json


def test_simulate_is_reproducible_and_takes_a_bot_per_seat(data):
    args = ("simulate", "all-mine", "--players", "4", "--games", "2", "--seed", "abc",
            "--bots", "random,normal,random,random", "--json")
    first, second = (json.loads(run(*args, data=data).stdout) for _ in range(2))
    assert [s["bot"] for s in first["seats"]] == ["random", "normal", "random", "random"]
    assert first["seats"] == second["seats"] and first["actions"] == second["actions"]


def test_simulate_seats_an_expert(data):
    proc = run("simulate", "mine-all-mine", "--players", "2", "--games", "1", "--seed", "3",
               "--bots", "expert,normal", "--json", data=data, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [s["bot"] for s in out["seats"]] == ["expert", "normal"] and out["games"] == 1


def test_simulate_table(data):
    proc = run("simulate", "all-mine", "--players", "3", "--games", "3", "--seed", "1",
               "--bots", "random", data=data)
    assert proc.returncode == 0, proc.stderr
    assert "Mean score" in proc.stdout and "actions/s" in proc.stdout


@pytest.mark.slow  # every game's bench, about a minute and a half
def test_bench_quick_json(data):
    # two games keep it short; every game's bench runs the same code (allmine bench --quick)
    proc = run("bench", "--quick", "--json", "--section", "rules", "--game", "all-mine",
               "--game", "this-is-mine", data=data, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    ids = [g["game"] for g in out["games"]]
    assert ids == ["all-mine", "this-is-mine"]
    for game in out["games"]:
        assert game["actions_per_second"] > 0
        assert game["bots"] and all(b["decisions"] > 0 and b["max_ms"] >= b["p95_ms"] > 0
                                    for b in game["bots"])
        assert game["autosave"]["p95_ms"] > 0
        assert game["hints"]["hints"] >= 1 and game["hints"]["p95_ms"] > 0  # the coach's hints
    assert "available" in out["startup"]


# -- saves -------------------------------------------------------------------------------------
def test_check_save_valid(data, tmp_path):
    path = tmp_path / "good.json"
    storage.write_save(path, mid_game_match())
    proc = run("check-save", str(path), data=data)
    assert proc.returncode == 0, proc.stderr
    assert "All Mine!" in proc.stdout and "Ann" in proc.stdout and "Bob (random bot)" in proc.stdout


@pytest.mark.parametrize("damage, reason", [
    (lambda text: text[: len(text) // 2], "damaged or truncated"),
    (lambda text: "", "empty"),
    (lambda text: json.dumps({"hello": "world"}), "not an allmine save"),
    (lambda text: text.replace('"version":1', '"version":99'), "newer"),
    (lambda text: text.replace('"seed":5', '"seed":6'), "damaged save"),
])
def test_check_save_damaged(data, tmp_path, damage, reason):
    path = tmp_path / "bad.json"
    storage.write_save(path, mid_game_match())
    path.write_text(damage(path.read_text(encoding="utf-8")), encoding="utf-8")
    before = path.read_bytes()
    proc = run("check-save", str(path), data=data)
    assert proc.returncode == 1
    assert reason in one_line(proc.stderr)
    assert "Traceback" not in proc.stderr
    assert path.read_bytes() == before  # never changed


def test_check_save_missing_file(data, tmp_path):
    proc = run("check-save", str(tmp_path / "nope.json"), data=data)
    assert proc.returncode == 1 and "no such file" in one_line(proc.stderr)


def test_saves_lists_readable_and_unreadable(data):
    folder = storage.saves_dir()
    assert folder == data / "saves"
    good = folder / "all-mine-good.json"
    storage.write_save(good, mid_game_match())
    bad = folder / "all-mine-bad.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = run("saves", data=data)
    assert proc.returncode == 0, proc.stderr
    assert good.name in proc.stdout and bad.name in proc.stdout
    assert "resumable" in proc.stdout and "unreadable" in proc.stdout
    assert "All Mine!" in proc.stdout
    assert bad.read_text(encoding="utf-8") == "{not json"


def test_saves_when_there_are_none(data):
    proc = run("saves", data=data)
    assert proc.returncode == 0 and "No saves yet" in proc.stdout


def test_resume_bad_save_exits_1(data):
    bad = storage.saves_dir() / "broken.json"
    bad.parent.mkdir(parents=True)
    bad.write_text("[]", encoding="utf-8")
    proc = run("resume", "broken.json", data=data)
    assert proc.returncode == 1 and "foreign" in one_line(proc.stderr)
    proc = run("resume", data=data)  # the only save is unreadable: nothing to resume
    assert proc.returncode == 1 and "no unfinished game" in one_line(proc.stderr)


# -- commands that open the app (launcher replaced) --------------------------------------------
@pytest.fixture
def launched(monkeypatch) -> list[dict]:
    calls: list[dict] = []

    def fake_run_app(**kwargs):
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_run_app", fake_run_app)
    return calls


def test_new_writes_first_save_and_opens_the_game(data, launched):
    code = cli.main(["new", "all-mine", "--players", "Ann, bot:Bob ,bot:Cleo:random",
                     "--seed", "42"])
    assert code == 0 and len(launched) == 1
    match, path = launched[0]["match"], launched[0]["save_path"]
    assert [(s.name, s.bot) for s in match.seats] == [("Ann", None), ("Bob", "normal"),
                                                      ("Cleo", "random")]
    assert match.seed == 42 and match.game_id == "all-mine"
    assert path.parent == storage.saves_dir() and path.exists()
    loaded, _doc = storage.load_match(path)
    assert loaded.seed == 42 and loaded.log == []


def test_new_picks_a_random_seed(data, launched):
    cli.main(["new", "all-mine", "--players", "Ann,Bob,Cleo"])
    cli.main(["new", "all-mine", "--players", "Ann,Bob,Cleo"])
    seeds = [call["match"].seed for call in launched]
    assert all(isinstance(s, int) for s in seeds) and seeds[0] != seeds[1]


def test_resume_by_name_and_newest(data, launched):
    folder = storage.saves_dir()
    match = mid_game_match()
    storage.write_save(folder / "one.json", match, created=1_700_000_000.0)
    assert cli.main(["resume", "one"]) == 0
    assert launched[-1]["save_path"] == folder / "one.json"
    assert launched[-1]["created"] == 1_700_000_000.0
    assert launched[-1]["match"].log == match.log
    assert cli.main(["resume"]) == 0
    assert launched[-1]["save_path"] == folder / "one.json"


# -- the odd files, through the real command -------------------------------------------
ODD_FILES = {
    "nan.json": lambda good: good.replace('"seed":5', '"seed":NaN'),
    "digits.json": lambda good: good.replace('"seed":5', '"seed":' + "7" * 5000),
    "deep.json": lambda good: good.replace('"summary":{', '"summary":{"x":' + "[" * 20000
                                           + "]" * 20000 + ","),
    "infinite-time.json": lambda good: good.replace('"updated":', '"updated":1e999,"x":'),
}


def test_odd_files_never_hide_the_good_save(data):
    folder = storage.saves_dir()
    good = folder / "all-mine-good.json"
    storage.write_save(good, mid_game_match())
    text = good.read_text(encoding="utf-8")
    for name, damage in ODD_FILES.items():
        assert damage(text) != text
        (folder / name).write_text(damage(text), encoding="utf-8")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    proc = run("saves", data=data, timeout=60)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert "resumable" in proc.stdout and good.name in proc.stdout
    assert proc.stdout.count("unreadable") == len(ODD_FILES) + hasattr(os, "mkfifo")
    for name in list(ODD_FILES) + (["pipe.json"] if hasattr(os, "mkfifo") else []):
        check = run("check-save", str(folder / name), data=data, timeout=60)
        assert check.returncode == 1 and "Traceback" not in check.stderr
        one_line(check.stderr)
        resume = run("resume", name, data=data, timeout=60)
        assert resume.returncode == 1 and name in one_line(resume.stderr)
    newest = storage.newest_resumable()  # the newest unfinished game is still the good one
    assert newest is not None and newest.path == good
