"""A data folder that will not take a save (issue 32): read-only, full, a file where the folder
should be, or a lock that is refused. Each gets one line naming the folder and why, never a
traceback; the game goes on unsaved and its screen says so (``allmine new``, ``allmine resume``,
starting a game in the app, Continue and the saves list); a save there still opens, to play on
unsaved. A symbolic link at a save's lock is refused and its target never touched.

Read-only and full folders are real file systems: a small tmpfs mounted for the test (the tests
run as root, here and in CI, so permissions alone would not stop a write), remounted read-only or
filled up. Where mounting is impossible the test says so and is skipped.
"""
from __future__ import annotations

import asyncio
import errno
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from screen_text import screen_text

from allmine_tui import cli, locks, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.screens.saves import SavesScreen
from allmine_tui.ui.screens.setup import SetupScreen
from allmine_tui.ui.session import GameSession
from helpers import game_screen, until_idle, wait_until

PLAYERS = "Ann,bot:Bob:random,bot:Cleo:random"
MARK = "NOT SAVED"


# -- folders ---------------------------------------------------------------------------------------
def _mount(where: Path, size: str) -> None:
    where.mkdir(parents=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs",
                           str(where)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here ({done.stderr.strip()}); read-only and "
                    f"full folders need one (root with CAP_SYS_ADMIN, as in CI)")


def _unmount(where: Path) -> None:
    storage.flush_autosaves()
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def a_match(seed: int = 4) -> Match:
    return Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], seed)


def _fill(folder: Path) -> None:
    """Write into ``folder`` until its file system has not one byte left."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 16, 1 << 12, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC
                    break
    finally:
        os.close(fd)


@pytest.fixture
def read_only(tmp_path, monkeypatch):
    """A data folder on a read-only file system, holding one unfinished save."""
    data = tmp_path / "ro-data"
    _mount(data, "4m")
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(data))
    save = storage.new_save_path("all-mine")
    storage.write_save(save, a_match())
    subprocess.run(["mount", "-o", "remount,ro", str(data)], check=True)
    try:
        yield data, save
    finally:
        _unmount(data)


@pytest.fixture
def full(tmp_path, monkeypatch):
    """A data folder on a file system with no space left, holding one unfinished save."""
    data = tmp_path / "full-data"
    _mount(data, "1m")
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(data))
    save = storage.new_save_path("all-mine")
    storage.write_save(save, a_match())
    _fill(data)
    try:
        yield data, save
    finally:
        _unmount(data)


@pytest.fixture
def not_a_folder(tmp_path, monkeypatch):
    """A plain file where the data folder should be (no save can be there)."""
    data = tmp_path / "data-file"
    data.write_text("not a folder\n")
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(data))
    return data, None


FOLDERS = {"read-only": ("read_only", "read-only file system"),
           "full": ("full", "the disk is full"),
           "not-a-folder": ("not_a_folder", "is a file, not a folder")}


@pytest.fixture(params=sorted(FOLDERS))
def bad_folder(request):
    """(data folder, a save in it or None, the words that say why)."""
    fixture, why = FOLDERS[request.param]
    data, save = request.getfixturevalue(fixture)
    return data, save, why


def the_line(err: str, data: Path, why: str) -> str:
    """``err`` is one line naming the folder and why, and saying the game is not saved."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert str(data) in line and why in line and "not saved" in line, line
    return line


# -- the app shown in place of the terminal -----------------------------------------------------
@pytest.fixture
def shown(monkeypatch) -> dict:
    """``AllMineApp.run`` replaced: the app runs headless (Pilot) until its game screen is up
    and settled, and what it showed is kept here."""
    seen: dict = {}

    def run(app, *args, **kwargs):
        async def look() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_until(pilot, lambda: game_screen(app) is not None, "the game screen")
                await until_idle(pilot)
                seen["text"] = screen_text(app)
                seen["notes"] = [str(n.message) for n in app._notifications]
                seen["session"] = game_screen(app).session

        asyncio.run(look())

    monkeypatch.setattr(AllMineApp, "run", run)
    return seen


def unchanged(data: Path, before: dict[str, bytes]) -> None:
    """Every file in the folder as it was; nothing new but an empty lock file (a full disk still
    makes an empty file: its note is what fails)."""
    after = files_of(data)
    assert {name: after.get(name) for name in before} == before
    assert all(name.endswith(".open.lock") and not after[name] for name in after.keys() - before)


def files_of(data: Path) -> dict[str, bytes]:
    if not data.is_dir():
        return {}
    return {str(p.relative_to(data)): p.read_bytes() for p in data.rglob("*")
            if p.is_file() and p.name != "filler"}


def test_new_on_the_command_line_goes_on_unsaved(bad_folder, shown, capsys):
    data, _save, why = bad_folder
    before = files_of(data)
    code = cli.main(["new", "all-mine", "--players", PLAYERS, "--seed", "3"])
    assert code == 0  # the game opened: only the line tells of the folder
    line = the_line(capsys.readouterr().err, data, why)
    assert MARK in shown["text"]  # the game screen marks it
    assert line.removeprefix("allmine: ") in shown["notes"]
    assert shown["session"].save_path is None and shown["session"].unsaved
    unchanged(data, before)


def test_resume_on_the_command_line_opens_the_save_unsaved(bad_folder, shown, capsys):
    data, save, why = bad_folder
    if save is None:  # a file where the folder should be holds no save: nothing to resume
        assert cli.main(["resume"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no unfinished game" in err and "Traceback" not in err
        return
    before = files_of(data)
    assert cli.main(["resume"]) == 0
    the_line(capsys.readouterr().err, data / "saves", why)
    assert MARK in shown["text"]
    assert shown["session"].match.seed == 4  # the save's own game
    unchanged(data, before)


async def test_starting_a_game_in_the_app_goes_on_unsaved(bad_folder):
    data, _save, why = bad_folder
    before = files_of(data)
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")
        await until_idle(pilot)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup")
        await until_idle(pilot)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: game_screen(app) is not None, "the game")
        await until_idle(pilot)
        everything = [str(n.message) for n in app._notifications]
        # (the game list may also say, a moment later, that the records cannot be read there)
        notes = [n for n in everything if "saves folder" in n]
        assert len(notes) == 1 and str(data) in notes[0] and why in notes[0], everything
        assert "not saved" in notes[0] and "\n" not in notes[0]
        assert all(n in notes or n.startswith("The records file cannot be read")
                   for n in everything), everything
        text = screen_text(app)
        assert MARK in text and "Menu (not saved)" in text and "Menu (saved)" not in text
        assert game_screen(app).session.save_path is None
    unchanged(data, before)


@pytest.mark.parametrize("way", ["continue", "saves list"])
async def test_a_save_in_a_read_only_folder_opens_to_play_on_unsaved(read_only, way):
    data, save = read_only
    before = files_of(data)
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")
        await until_idle(pilot)
        if way == "continue":
            app.screen.action_resume_newest()
        else:
            app.push_screen(SavesScreen())
            await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
            await until_idle(pilot)
            app.screen.action_open()
        await wait_until(pilot, lambda: game_screen(app) is not None, "the game")
        await until_idle(pilot)
        game = game_screen(app)
        assert game.session.match.seed == 4
        notes = [str(n.message) for n in app._notifications]
        assert any(str(data / "saves") in n and "read-only file system" in n for n in notes)
        assert MARK in screen_text(app)
        # a move is played, and nothing is written
        await wait_until(pilot, lambda: game.flow.actor is not None, "Ann's turn")
        moves = len(game.match.log)
        game.submit(game.match.legal_actions(game.flow.actor)[0])
        await wait_until(pilot, lambda: len(game.match.log) > moves, "the move made")
        await until_idle(pilot)
    unchanged(data, before)


def test_a_refused_lock_gives_one_line_and_the_game_goes_on(monkeypatch):
    import fcntl

    def no_locks(fd, how):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    path = storage.saves_dir() / "game.json"
    storage.write_save(path, a_match())
    session = GameSession.load(path)
    assert session.unsaved is not None
    assert str(storage.saves_dir()) in session.unsaved and "refuses file locks" in session.unsaved
    assert session.save_error == session.unsaved and "\n" not in session.unsaved
    written = path.read_bytes()
    session.match.run_bots()
    seat = session.match.human_seats_to_act()[0]
    session.apply(seat, session.match.legal_actions(seat)[0])
    storage.flush_autosaves()
    assert path.read_bytes() == written  # played on, nothing written
    assert "not saved" in session.leave_note


# -- a symbolic link at the lock's name --------------------------------------------------------
def test_a_symlinked_lock_is_refused_and_its_target_never_touched(tmp_path, shown, capsys):
    path = storage.saves_dir() / "game.json"
    storage.write_save(path, a_match())
    saved = path.read_bytes()
    target = tmp_path / "precious.txt"
    target.write_text("keep me as I am\n")
    lock = locks.save_lock_path(path)
    lock.symlink_to(target)
    session = GameSession.load(path)
    assert target.read_text() == "keep me as I am\n"
    assert lock.is_symlink() and os.readlink(lock) == str(target)
    assert session.unsaved is not None and "symbolic link" in session.unsaved
    assert str(lock) in session.unsaved and "\n" not in session.unsaved
    assert locks.save_is_open(path) is None  # (asking whether it is open follows no link)
    # the command line: one line, and the game opens to play on unsaved
    assert cli.main(["resume", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "symbolic link" in err and str(lock) in err
    assert MARK in shown["text"]
    assert target.read_text() == "keep me as I am\n" and lock.is_symlink()
    assert path.read_bytes() == saved


def test_a_dangling_symlinked_lock_creates_nothing(tmp_path):
    path = storage.saves_dir() / "game.json"
    storage.write_save(path, a_match())
    target = tmp_path / "would-be-created"
    locks.save_lock_path(path).symlink_to(target)
    session = GameSession.load(path)
    assert session.unsaved is not None and "symbolic link" in session.unsaved
    assert not target.exists()


def test_a_hard_linked_lock_is_refused_and_the_other_file_kept(tmp_path):
    path = storage.saves_dir() / "game.json"
    storage.write_save(path, a_match())
    other = tmp_path / "other.txt"
    other.write_text("another file's content\n")
    os.link(other, locks.save_lock_path(path))
    session = GameSession.load(path)
    assert session.unsaved is not None and "hard link" in session.unsaved
    assert other.read_text() == "another file's content\n"


# -- the real terminal -------------------------------------------------------------------------
TMUX = shutil.which("tmux")


@pytest.mark.slow
@pytest.mark.tmux
@pytest.mark.skipif(TMUX is None and not os.environ.get("CI"),
                    reason="tmux is not installed (CI installs it)")
def test_starting_a_game_from_the_game_list_in_a_read_only_folder_in_tmux(read_only):
    from test_terminal import Terminal, allmine_command

    data, _save = read_only
    before = files_of(data)
    env = {"ALLMINE_DATA_DIR": str(data), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    # (Textual draws on stderr: it stays the terminal's; a traceback would be left on screen)
    term = Terminal(allmine_command(), env)
    try:
        term.wait_for("five small games")
        term.keys("n")
        term.wait_for("New game")
        term.keys("C-s")
        screen = term.wait_for(MARK)  # the game screen marks the game as not saved
        assert "Traceback" not in screen
        screen = term.wait_for("read-only file system")  # the one line, as a notice
        notice = "".join(line.split("▌", 1)[1] for line in screen.splitlines() if "▌" in line)
        said = (f"the saves folder {data / 'saves'} cannot be written: it is on a read-only "
                f"file system; the game goes on, not saved")
        assert "".join(said.split()) in "".join(notice.split()), screen  # (wrapped: no spaces)
        assert "Menu (not saved)" in screen
        term.keys("C-q")
        end = time.monotonic() + 20
        while MARK in term.screen():  # the app closing
            assert time.monotonic() < end, "the app never closed"
            time.sleep(0.1)
        after = term.screen()
        assert "Traceback" not in after and "Error" not in after, after
    finally:
        term.close()
    unchanged(data, before)
