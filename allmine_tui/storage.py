"""Save files: where they live, atomic writes, the format version, listing and clear errors.

A save is one JSON file per game. It holds the seats, seed, options and action log (the truth) and a
snapshot of the state; loading replays the log from the seed and checks it reaches the snapshot.
Files that cannot be read are reported with a one-line reason and never changed or deleted.
"""
from __future__ import annotations

import errno
import json
import math
import os
import re
import secrets
import stat
import tempfile
import time
from itertools import accumulate
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

FORMAT = "allmine-save"
VERSION = 1


class SaveError(Exception):
    """A save file that cannot be used; ``str()`` is a one-line reason for a player."""


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


def save_document(match, ui: dict | None = None, created: float | None = None) -> dict:
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
    data["ui"] = ui or {}
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


def write_save(path: Path, match, ui: dict | None = None, created: float | None = None) -> None:
    write_atomic(Path(path), encode_document(save_document(match, ui, created)))


#: Limits on what a save file may be. A real save is a few KiB (a long game: well under 1 MiB).
MAX_SAVE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64  # arrays and objects inside each other; our saves use fewer than 10
MAX_INT_DIGITS = 64  # digits of one integer (seeds included); a longer number is damage
_LATEST_TIME = 1e11  # seconds since 1970: about the year 5000


def _special_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _check_regular(path: Path, st: os.stat_result, link: bool) -> None:
    kind = _special_kind(st.st_mode)
    if kind is not None:
        what = f"a link to {kind}" if link else kind
        raise SaveError(f"{path.name} is {what}, not a save file")
    if st.st_size > MAX_SAVE_BYTES:
        raise SaveError(f"too large for a save ({st.st_size:,} bytes; a save is at most "
                        f"{MAX_SAVE_BYTES:,})")


def read_bytes(path: Path) -> bytes:
    """The bytes of a save file, or SaveError. Only regular files (or links to them) of a sane
    size are ever opened: a named pipe, socket, device or folder is refused before any read."""
    path = Path(path)
    link = False
    try:
        link = stat.S_ISLNK(os.lstat(path).st_mode)
        st = os.stat(path)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            if link:
                raise SaveError(f"{path.name} is a link to a missing file") from None
            raise SaveError(f"no such file: {path}") from None
        raise SaveError(f"cannot read the file ({exc.strerror or exc})") from None
    _check_regular(path, st, link)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror or exc})") from None
    try:
        _check_regular(path, os.fstat(fd), link)  # it may have been swapped since the stat
        chunks, size = [], 0
        while size <= MAX_SAVE_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"too large for a save (more than {MAX_SAVE_BYTES:,} bytes)")
    return b"".join(chunks)


class _BadNumber(ValueError):
    pass


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _BadNumber(f"a number with {digits:,} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"a number too large to use ({text[:20]})")
    return value


def _parse_constant(name: str):
    raise _BadNumber(f"{name}, which is not a number a save can hold")


_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_DEPTH_STEP = [0] * 256
_DEPTH_STEP[ord("[")] = _DEPTH_STEP[ord("{")] = 1
_DEPTH_STEP[ord("]")] = _DEPTH_STEP[ord("}")] = -1


def json_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in JSON text, found without parsing it (so a file
    nested thousands deep never reaches the recursive parser). Strings are skipped."""
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))))


def parse_json(raw: bytes) -> Any:
    """Save-file JSON to Python, or SaveError: UTF-8 only, nesting and numbers bounded, no NaN or
    Infinity."""
    if not raw.strip():
        raise SaveError("the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("not a save file (binary content)") from None
    depth = json_depth(raw)
    if depth > MAX_DEPTH:
        raise SaveError(f"damaged save: nested {depth:,} levels deep (a save needs fewer than "
                        f"{MAX_DEPTH})")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"damaged or truncated save (bad JSON at line {exc.lineno})") from None
    except _BadNumber as exc:
        raise SaveError(f"damaged save: it holds {exc}") from None
    except (ValueError, RecursionError, MemoryError):
        raise SaveError("damaged save (JSON it cannot hold)") from None


def _is_time(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and 0 <= value < _LATEST_TIME


def check_document(data: Any) -> dict:
    """Check a parsed save's outer shape and types; returns it, or raises SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not an allmine save file (foreign JSON)")
    version = data.get("version")
    if type(version) is not int:
        raise SaveError("the save has no format version")
    if version > VERSION:
        raise SaveError(f"made by a newer allmine (save format {version}; this one reads "
                        f"up to {VERSION}); update the app to open it")
    if version < 1:
        raise SaveError(f"damaged save: unknown format version {version}")
    for key, kind in (("game", str), ("seats", list), ("log", list), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"damaged save: '{key}' is missing or malformed")
    if "seed" not in data:
        raise SaveError("damaged save: 'seed' is missing")
    if type(data["seed"]) not in (int, str):
        raise SaveError("damaged save: the seed is neither a number nor text")
    for seat in data["seats"]:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SaveError("damaged save: a seat has no name")
    if not isinstance(data.get("options") or {}, dict):
        raise SaveError("damaged save: 'options' is malformed")
    for key in ("created", "updated"):
        if key in data and not _is_time(data[key]):
            raise SaveError(f"damaged save: '{key}' is not a time")
    if "ui" in data and not isinstance(data["ui"], dict):
        raise SaveError("damaged save: 'ui' is malformed")
    return data


def read_document(path: Path) -> dict:
    """Read and check a save's outer shape; raises SaveError with the reason."""
    return check_document(parse_json(read_bytes(path)))


def _one_line(text: str, limit: int = 160) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


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
        reason = _one_line(str(exc)) or type(exc).__name__
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
        return SaveInfo(path, False, str(exc), updated=_mtime(path))
    except Exception as exc:  # a belt: one odd file must never hide the others
        reason = _one_line(str(exc)) or type(exc).__name__
        return SaveInfo(path, False, f"cannot be used ({reason})", updated=_mtime(path))
    return info


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every ``*.json`` file in the saves folder, newest first, readable or not."""
    folder = Path(folder) if folder else saves_dir()
    try:
        if not folder.is_dir():
            return []
        _sweep_temp_files(folder)
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
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


def ui_state(data: dict[str, Any]) -> dict:
    ui = data.get("ui")
    return ui if isinstance(ui, dict) else {}
