"""When the data folder cannot take a save: one line that names the folder and says why.

A saves folder may be on a read-only file system, on a full disk, a file where a folder should be,
out of our permissions, or refuse the lock that keeps one writer per save. None of these stops a
game: it is played on without being saved, and the player is told once, in one line (the command
line prints it, the game screen shows it and marks the game as not saved). The lines are made
here, from the ``OSError`` the system gave, so that every way in says the same thing.

Pure Python, free of Textual.
"""
from __future__ import annotations

import errno
import os
from pathlib import Path

from .guard import clean
from .save_format import SaveError

#: what the game screen and the leaving note say of a game that is not being saved
NOT_SAVED = "not saved"


class FolderRefused(SaveError):
    """The saves folder cannot take this save (or its lock); ``str()`` is one line naming the
    folder and why. Unlike ``locks.SaveBusy`` the game may still be played: unsaved."""


def _file_in_the_way(folder: Path) -> Path | None:
    """The nearest of ``folder`` and its parents that exists and is not a folder, if any."""
    for place in (folder, *folder.parents):
        try:
            if os.path.lexists(place):
                return None if place.is_dir() else place
        except OSError:
            return None
    return None


def why(folder: Path, exc: OSError) -> str:
    """In a few words, why ``exc`` kept a save out of ``folder``."""
    code = exc.errno
    if code in (errno.ENOTDIR, errno.EEXIST):
        blocker = _file_in_the_way(Path(folder))
        if blocker is not None:
            return f"{blocker} is a file, not a folder"
    if code == errno.EROFS:
        return "it is on a read-only file system"
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full (no space left on the device)"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.ELOOP:
        return "a symbolic link stands where a lock file should be (links are never followed)"
    if code in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
        return f"it refuses file locks ({exc.strerror or exc})"
    return str(exc.strerror or exc)


def refused(folder: Path, exc: OSError) -> FolderRefused:
    """The one-line error for a save (or its lock) that ``folder`` would not take."""
    folder = Path(folder)
    return FolderRefused(clean(f"the saves folder {folder} cannot be written: "
                               f"{why(folder, exc)}"))


def not_saved_line(reason: str) -> str:
    """The line a player gets for a game that goes on unsaved, from ``FolderRefused``'s text
    (or any one-line reason)."""
    return clean(f"{reason}; the game goes on, {NOT_SAVED}")
