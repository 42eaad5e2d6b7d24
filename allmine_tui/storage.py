"""Save files: where they live, atomic writes, the format version, listing and clear errors.

A save is one JSON file per game. It holds the seats, seed, options and action log (the truth) and a
snapshot of the state; loading replays the log from the seed and checks it reaches the snapshot.
Files that cannot be read are reported with a one-line reason and never changed or deleted.
"""
from __future__ import annotations

import atexit
import json
import os
import secrets
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from .engine.jsonstate import copy_json
from .guard import clean
from .save_format import (FORMAT, MAX_INT_DIGITS, VERSION, SaveError, check_document,
                          one_line, parse_json, read_bytes)


def data_dir() -> Path:
    override = os.environ.get("ALLMINE_DATA_DIR")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("allmine_tui", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_save_path(game_id: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"{game_id}-{stamp}-{secrets.token_hex(3)}.json"


def seed_from_text(text: str) -> int | str:
    """A seed typed by a player (not blank): an int when it reads as one a save can hold, else
    the text itself (a 100-digit number stays text, so its save can still be read)."""
    text = text.strip()
    if len(text.lstrip("+-")) <= MAX_INT_DIGITS:
        try:
            return int(text)
        except ValueError:
            pass
    return text


def save_document(match, created: float | None = None, draft: dict | None = None) -> dict:
    """The save file's JSON: format, the match (seats, seed, options, log, state), times and a
    summary for the saves list; ``draft``, a decision half made in front of everyone (This is
    Mine!'s split), when there is one. (Saves written before the hot-seat flow also hold a "ui"
    object, who was looking at the screen; it is no longer written, and ignored when read: a
    resumed game always starts behind the curtain.)"""
    now = time.time()
    data = {"format": FORMAT, "version": VERSION}
    data.update(match.to_json())
    data["created"] = created if created is not None else now
    data["updated"] = now
    data["summary"] = {
        "title": match.rules.info.title,
        "players": ", ".join(s.label() for s in match.seats),
        "progress": match.rules.progress(match.state),
        "over": match.is_over(),
    }
    if draft:
        data["draft"] = copy_json(draft)  # (the document is encoded later, in the writer)
    return data


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def encode_document(doc: dict) -> str:
    """A save document as compact JSON text; ValueError for NaN or Infinity (which a save must
    never hold: it could not be read back)."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def write_save(path: Path, match, created: float | None = None) -> None:
    write_atomic(Path(path), encode_document(save_document(match, created)))


def file_stamp(path: Path) -> tuple | None:
    """The identity of the file at ``path`` now (None: there is none). Every save replaces the
    file by a rename, so every write, by any process, gives a new identity."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


UNCHECKED = object()  # an AutoSaver that writes without looking at the file first
PAUSE = 0.1  # seconds between a document handed to the writer and its write (see _Writer._run)
CHANGED_ELSEWHERE = ("{name} was changed by another screen since this one last saved it: this "
                     "screen stops saving it, so the other screen's moves are kept. Close this "
                     "game and open it again to go on from there.")


class _Writer:
    """The one background thread that writes every autosave of this process, the newest document
    of each file (a document handed over while an older one of the same file waits replaces it)."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        # file -> (saver, newest document, when it was handed over), oldest first
        self.pending: dict[str, tuple[AutoSaver, dict, float]] = {}
        self.writing: str | None = None
        self.thread: threading.Thread | None = None
        self.hurry = 0  # flushes waiting: write at once, without the pause below

    def submit(self, saver: "AutoSaver", doc: dict) -> None:
        with self.cond:
            self.pending.pop(saver.key, None)
            self.pending[saver.key] = (saver, doc, time.monotonic())
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, daemon=True, name="autosave")
                self.thread.start()
            self.cond.notify_all()

    def busy(self, key: str | None) -> bool:
        if key is None:
            return bool(self.pending) or self.writing is not None
        return key in self.pending or self.writing == key

    def flush(self, key: str | None, timeout: float | None) -> bool:
        with self.cond:
            self.hurry += 1
            self.cond.notify_all()
            try:
                return self.cond.wait_for(lambda: not self.busy(key), timeout)
            finally:
                self.hurry -= 1

    def _run(self) -> None:
        while True:
            with self.cond:
                self.cond.wait_for(lambda: bool(self.pending))
                key = next(iter(self.pending))
                # a pause after the move before writing: the frame that shows the move is
                # drawn first, without this thread taking turns at the interpreter with it
                wait = self.pending[key][2] + PAUSE - time.monotonic()
                if wait > 0 and not self.hurry:
                    self.cond.wait(wait)
                    continue  # (a newer document may have come meanwhile)
                saver, doc, _at = self.pending.pop(key)
                self.writing = key
            error = None
            saver.failure = None
            try:
                text = encode_document(doc)
                if saver.expected is not UNCHECKED and file_stamp(saver.path) != saver.expected:
                    # another process wrote the file since our last write: never overwrite it
                    saver.stopped = CHANGED_ELSEWHERE.format(name=clean(saver.path.name))
                else:
                    write_atomic(saver.path, text)
                    if saver.expected is not UNCHECKED:
                        saver.expected = file_stamp(saver.path)
            except OSError as exc:
                error = f"Autosave failed: {exc.strerror or exc}"
                saver.failure = exc
            except Exception as exc:  # never let the writer die: later saves must still go out
                error = f"Autosave failed: {one_line(str(exc)) or type(exc).__name__}"
            with self.cond:
                self.writing = None
                saver.writes += 1
                if error is not None:
                    saver.error = error
                self.cond.notify_all()


_WRITER = _Writer()


class AutoSaver:
    """Saves one game after every action without making the player wait for the disk.

    ``save(match, ...)`` builds the save document (a copy of the game: a tenth of a millisecond)
    and hands it to the process's one background writer thread, then returns. The writer waits
    ``PAUSE`` (the frame showing the move is drawn meanwhile, without the writer competing with it
    for the interpreter), encodes the document and writes it with ``write_atomic`` (temp file,
    fsync, rename), so a crash or a kill at any moment leaves the
    previous save or a newer one, never a broken file. Documents handed over while the previous
    one is still waiting are not queued: only the newest is written. ``flush()`` waits until it
    is on disk; reading a save (``read_document``) and the interpreter's exit flush first, so a
    game reopened in the same process is never behind.
    """

    def __init__(self, path: Path, expected: Any = UNCHECKED) -> None:
        self.path = Path(path)
        self.key = os.path.abspath(path)
        self.error: str | None = None  # why the last write failed, until reported by save()
        self.writes = 0  # documents written (fewer than saves when saves come faster)
        self.failure: OSError | None = None  # what the system said when the last write failed
        # ``expected``: the file as this screen last saw it (``file_stamp``; None: no file yet).
        # Before each write the file must still be that one, else saving stops for good
        # (``stopped`` says why) and the other process's file is left as it is.
        self.expected = expected
        self.stopped: str | None = None

    def save(self, match, created: float | None = None, draft: dict | None = None) -> str | None:
        """Hand the match's current state to the writer. Returns the reason the last write
        failed (once), or None; once saving has stopped (the file was changed by another
        process), the reason every time, and nothing more is written."""
        with _WRITER.cond:  # (while no write of it is under way, the file must be ours)
            if self.expected is not UNCHECKED and not self.stopped and \
                    not _WRITER.busy(self.key) and file_stamp(self.path) != self.expected:
                self.stopped = CHANGED_ELSEWHERE.format(name=clean(self.path.name))
        if self.stopped:
            return self.stopped
        # encoded by the writer (NaN or Infinity in the state, a bug, is reported as a failed
        # write on the next save, and play goes on)
        _WRITER.submit(self, save_document(match, created, draft))
        return self._take_error()

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until the newest document handed over is written (or failed); False on timeout."""
        return _WRITER.flush(self.key, timeout)

    def save_error(self) -> str | None:
        """Why the last write failed (once: then it is forgotten), or why saving stopped."""
        return self.stopped or self._take_error()

    def _take_error(self) -> str | None:
        with _WRITER.cond:
            error, self.error = self.error, None
        return error

    @property
    def busy(self) -> bool:
        with _WRITER.cond:
            return _WRITER.busy(self.key)


def flush_autosaves(path: Path | None = None, timeout: float | None = 30.0) -> bool:
    """Wait for this process's background saves (of ``path``, or all) to reach the disk."""
    return _WRITER.flush(None if path is None else os.path.abspath(path), timeout)


atexit.register(flush_autosaves)


def read_document(path: Path) -> dict:
    """Read and check a save's outer shape; raises SaveError with the reason. A background save
    of the same file still on its way to the disk is waited for first."""
    flush_autosaves(path)
    return check_document(parse_json(read_bytes(path)))


def load_match(path: Path):
    """Load a save: returns ``(match, document)``; raises SaveError with a one-line reason."""
    from .engine import Match
    from .games import GAMES

    data = read_document(path)
    if data["game"] not in GAMES:
        raise SaveError(f"unknown game '{data['game']}' (this version has: {', '.join(GAMES)})")
    try:
        match = Match.from_json(data)
    except SaveError:
        raise
    except Exception as exc:  # a damaged log or state: say so in one line
        reason = one_line(str(exc)) or type(exc).__name__
        raise SaveError(f"damaged save: {reason}") from None
    return match, data


@dataclass
class SaveInfo:
    path: Path
    ok: bool
    reason: str = ""
    game: str = ""
    title: str = ""
    players: str = ""
    progress: str = ""
    updated: float = 0.0
    over: bool = False
    humans: int = 0

    def when(self) -> str:
        return describe_age(self.updated) if self.updated else "unknown time"


def describe_age(ts: float, now: float | None = None) -> str:
    seconds = max(0, int((now or time.time()) - ts))
    if seconds < 60:
        return "just now"
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "min")):
        if seconds >= size:
            k = seconds // size
            return f"{k} {unit}{'s' if k != 1 and unit != 'min' else ''} ago"
    return "just now"


def _mtime(path: Path) -> float:
    try:
        return os.lstat(path).st_mtime
    except OSError:
        return 0.0


def inspect(path: Path) -> SaveInfo:
    """Check a save fully (replaying it) and describe it; never raises, whatever the file."""
    path = Path(path)
    try:
        match, data = load_match(path)
        info = SaveInfo(
            path, True, "", game=match.game_id, title=match.rules.info.title,
            players=", ".join(s.label() for s in match.seats),
            progress=match.rules.progress(match.state),
            updated=data["updated"] if "updated" in data else _mtime(path),
            over=match.is_over(), humans=len(match.humans),
        )
    except SaveError as exc:
        return SaveInfo(path, False, one_line(str(exc)), updated=_mtime(path))
    except Exception as exc:  # a belt: one odd file must never hide the others
        reason = one_line(str(exc)) or type(exc).__name__
        return SaveInfo(path, False, f"cannot be used ({reason})", updated=_mtime(path))
    return info


#: a game review kept beside its save (``reviews.py``): not a save, never listed as one
REVIEW_SUFFIX = ".review.json"


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every ``*.json`` file in the saves folder, newest first, readable or not (but for the
    reviews kept beside the saves, ``*.review.json``)."""
    folder = Path(folder) if folder else saves_dir()
    flush_autosaves()  # (a game saved a moment ago is listed: its write is not waited for later)
    try:
        if not folder.is_dir():
            return []
        _sweep_temp_files(folder)
        paths = sorted(p for p in folder.glob("*.json")
                       if not p.name.startswith(".") and not p.name.endswith(REVIEW_SUFFIX))
    except OSError:
        return []
    infos = [inspect(p) for p in paths]
    infos.sort(key=lambda i: -i.updated)
    return infos


def _sweep_temp_files(folder: Path, max_age: float = 3600.0) -> None:
    """Remove our own half-written temp files (``.NAME.json.XXXX.tmp``) left by a crash during a
    save, once they are an hour old. Save files themselves are never touched, nor anything that
    is not a regular file."""
    now = time.time()
    for tmp in folder.glob(".*.json.*.tmp"):
        try:
            st = os.lstat(tmp)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > max_age:
                tmp.unlink()
        except OSError:
            pass


def newest_resumable(folder: Path | None = None) -> SaveInfo | None:
    for info in list_saves(folder):
        if info.ok and not info.over:
            return info
    return None
