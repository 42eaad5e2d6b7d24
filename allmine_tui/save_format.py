"""What a readable save file is, and reading one safely: only regular files of a sane size are
opened, the JSON's nesting is measured before it is parsed, numbers are bounded (no NaN, Infinity
or thousand-digit integers) and the outer shape and types are checked. Everything wrong gives one
``SaveError`` whose text is a one-line reason for a player."""
from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

from .guard import clean
from .save_text import document_problem

FORMAT = "allmine-save"
VERSION = 1


class SaveError(Exception):
    """A save file that cannot be used; ``str()`` is a one-line reason for a player."""


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
        raise SaveError(f"{clean(path.name)} is {what}, not a save file")
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
                raise SaveError(f"{clean(path.name)} is a link to a missing file") from None
            raise SaveError(f"no such file: {clean(path)}") from None
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
    problem = document_problem(data)  # (names: the rule typed names follow, and more)
    if problem:
        raise SaveError(f"damaged save: {problem}")
    return data


def one_line(text: str, limit: int = 160) -> str:
    """The first line of ``text``, cleaned of control characters (``guard.clean``: it often
    quotes a file) and cut to ``limit`` characters."""
    line = clean(text.strip().splitlines()[0]) if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"
