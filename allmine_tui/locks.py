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
import errno
import fcntl
import json
import os
import stat
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from . import data_folder
from .guard import clean
from .save_format import SaveError

STEP = 0.005  # seconds between two tries of a lock someone else holds
# Lock files are opened without following a symbolic link (a link planted at a lock's name would
# otherwise have its target truncated when the note is written), and never as a terminal.
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)


class NotOurLock(OSError):
    """Something other than a plain lock file of one name stands at a lock's name."""


def _open_plain(path: Path, flags: int) -> int:
    """``os.open`` of a lock file that must be a plain file of one name: a symbolic link gives
    OSError(ELOOP) and is never followed; a folder, pipe or device, or a file with other names
    (a hard link: writing the note would change that other file), gives OSError too."""
    fd = os.open(path, flags | _NO_FOLLOW | os.O_NONBLOCK, 0o600)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotOurLock(errno.EINVAL, "not a plain file")
        if st.st_nlink > 1:
            raise NotOurLock(errno.EMLINK, "a file with other names (a hard link)")
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_lock(path: Path, wait: float | None = None) -> int | None:
    """An open file descriptor holding an exclusive flock on ``path`` (created if need be), or
    None when another holder kept it for ``wait`` seconds (None: do not wait). OSError when the
    file cannot be opened, or is not a plain file of its own (a symbolic link is never
    followed: OSError ELOOP)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = _open_plain(path, os.O_RDWR | os.O_CREAT)
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
        fd = _open_plain(Path(path), os.O_RDONLY)
    except OSError:
        return False  # no lock file (nobody ever locked it), or one that is not ours
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
        fd = _open_plain(Path(path), os.O_RDONLY)
        try:
            raw = os.read(fd, 4096)
        finally:
            os.close(fd)
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
        # why the note could not be written (a full disk...), or None: the lock holds anyway
        self.note_error: OSError | None = None
        try:
            text = json.dumps({"where": self.note.where, "since": self.note.since,
                               "pid": os.getpid()}).encode()
            os.ftruncate(fd, 0)
            if os.pwrite(fd, text, 0) != len(text):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError as exc:
            self.note_error = exc

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
    another app has it open; ``data_folder.FolderRefused`` (one line naming the folder, or the
    lock file, and why) when the lock cannot be made at all: the game may then go on unsaved."""
    lock = save_lock_path(save)
    try:
        hold = Hold.take(lock, wait=0.2)
    except OSError as exc:
        what = exc.strerror if isinstance(exc, NotOurLock) else \
            {errno.ELOOP: "a symbolic link", errno.EISDIR: "a folder"}.get(exc.errno or 0)
        if what is not None:  # something else stands at the lock's name: left as it is
            raise data_folder.FolderRefused(clean(
                f"the lock file {lock} is refused: it is {what}, which is never followed or "
                f"written (remove it to save this game)")) from None
        raise data_folder.refused(lock.parent, exc) from None
    if hold is None:
        raise SaveBusy(busy_line(lock))
    if hold.note_error is not None:  # the folder takes no write (a full disk): nor would a save
        hold.release()
        raise data_folder.refused(lock.parent, hold.note_error)
    return hold


def busy_line(lock: Path) -> str:
    note = read_note(lock)
    where = f" ({note.describe()})" if note else ""
    return f"it is open elsewhere{where}; close it there first (nothing was changed here)"


def save_is_open(save: Path) -> str | None:
    """Why ``save`` may not be deleted or replaced now (open in another app), or None."""
    lock = save_lock_path(save)
    return busy_line(lock) if is_held(lock) else None
