"""File locks between the app's processes: one writer per save, one screen per shared seat, and
records.json changed by one app at a time.

Every lock is an ``fcntl.flock`` on a small file beside what it guards. The system drops it when
the process ends, however it ends (a crash, a kill, a closed browser tab), so a lock is never left
behind. A lock held for a long time (a save or a seat that is open) also carries a note, written
into its lock file: where it is open (a terminal or a browser) and since when, so that a second
app can say so in one line. Lock files are never deleted while they may be in use: deleting one
would let two processes each lock a file of the same name.

Nothing here imports Textual.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .save_format import SaveError

STEP = 0.005  # seconds between two tries of a lock someone else holds


def open_lock(path: Path, wait: float | None = None) -> int | None:
    """An open file descriptor holding an exclusive flock on ``path`` (created if need be), or
    None when another holder kept it for ``wait`` seconds (None: do not wait). OSError when the
    file cannot be opened."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    end = time.monotonic() + (wait or 0.0)
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= end:
                os.close(fd)
                return None
            time.sleep(STEP)
        except OSError:
            os.close(fd)
            raise


def is_held(path: Path) -> bool:
    """Whether another open file holds ``path``'s lock now. Asks with a shared lock, dropped at
    once: a process taking the lock at that very moment waits a few milliseconds (see
    ``open_lock``'s ``wait``), it is never refused because of this."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False  # no lock file: nobody ever locked it
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # also drops the shared lock when it was taken
    return False


@contextlib.contextmanager
def locked(path: Path, wait: float, busy: str):
    """Hold ``path``'s lock for a short change; ``TimeoutError(busy)`` when another process held
    it for ``wait`` seconds."""
    fd = open_lock(path, wait)
    if fd is None:
        raise TimeoutError(busy)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


# -- who holds it --------------------------------------------------------------------------------
def this_screen() -> str:
    """Where this process shows the app: "a browser" under ``allmine serve`` (textual-serve runs
    every app with Textual's web driver), else "a terminal"."""
    return "a browser" if "web_driver" in os.environ.get("TEXTUAL_DRIVER", "") else "a terminal"


@dataclass
class Note:
    where: str  # "a terminal" or "a browser"
    since: float  # time.time() when it was opened

    def describe(self, now: float | None = None) -> str:
        """'in a browser since 20:15' (with the day when it is not today)."""
        then = datetime.fromtimestamp(self.since)
        today = datetime.fromtimestamp(now or time.time()).date()
        when = then.strftime("%H:%M") if then.date() == today else then.strftime("%d %b %H:%M")
        return f"in {self.where} since {when}"


def read_note(path: Path) -> Note | None:
    """The note in a lock file, or None (no file, an empty or damaged one)."""
    try:
        raw = Path(path).read_bytes()[:4096]
        data = json.loads(raw.decode("utf-8"))
        where, since = data["where"], data["since"]
        if where in ("a terminal", "a browser") and isinstance(since, (int, float)):
            return Note(where, float(since))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


class Hold:
    """A lock kept while something is open, with its note. ``release()``, or the process ending,
    or this object being forgotten, lets it go."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = Path(path)
        self.fd: int | None = fd
        self.note = Note(this_screen(), time.time())
        with contextlib.suppress(OSError):
            text = json.dumps({"where": self.note.where, "since": self.note.since,
                               "pid": os.getpid()}).encode()
            os.ftruncate(fd, 0)
            os.pwrite(fd, text, 0)

    @classmethod
    def take(cls, path: Path, wait: float | None = None) -> "Hold | None":
        fd = open_lock(path, wait)
        return None if fd is None else cls(path, fd)

    def release(self) -> None:
        fd, self.fd = self.fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            with contextlib.suppress(OSError):
                os.close(fd)

    def __del__(self) -> None:
        self.release()


# -- one writer per save -------------------------------------------------------------------------
class SaveBusy(SaveError):
    """The save is open in another app; ``str()`` is one line for a player."""


def save_lock_path(save: Path) -> Path:
    """``NAME.open.lock`` beside ``NAME.json`` (the saves list only reads ``*.json``)."""
    save = Path(save)
    return save.with_name(f"{save.stem}.open.lock")


def hold_save(save: Path) -> Hold:
    """Hold the one-writer lock of ``save`` for as long as it is open here. ``SaveBusy`` when
    another app has it open; SaveError when the lock cannot be made at all."""
    lock = save_lock_path(save)
    try:
        hold = Hold.take(lock, wait=0.2)
    except OSError as exc:
        raise SaveError(f"it cannot be locked ({exc.strerror or exc})") from None
    if hold is None:
        raise SaveBusy(busy_line(lock))
    return hold


def busy_line(lock: Path) -> str:
    note = read_note(lock)
    where = f" ({note.describe()})" if note else ""
    return f"it is open elsewhere{where}; close it there first (nothing was changed here)"


def save_is_open(save: Path) -> str | None:
    """Why ``save`` may not be deleted or replaced now (open in another app), or None."""
    lock = save_lock_path(save)
    return busy_line(lock) if is_held(lock) else None
