"""Save files: where they live, atomic writes, the format version, listing and clear errors.

A save is one JSON file per game. It holds the seats, seed, options and action log (the truth) and a
snapshot of the state; loading replays the log from the seed and checks it reaches the snapshot.
Files that cannot be read are reported with a one-line reason and never changed or deleted.
"""
from __future__ import annotations

import json
import os
import secrets
import tempfile
import time
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


def write_save(path: Path, match, ui: dict | None = None, created: float | None = None) -> None:
    doc = save_document(match, ui, created)
    write_atomic(Path(path), json.dumps(doc, ensure_ascii=False, separators=(",", ":")))


def read_document(path: Path) -> dict:
    """Read and check a save's outer shape; raises SaveError with the reason."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror})") from None
    if not raw.strip():
        raise SaveError("the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError("not a save file (binary content)") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"damaged or truncated save (bad JSON at line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not an allmine save file (foreign JSON)")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("the save has no format version")
    if version > VERSION:
        raise SaveError(f"made by a newer allmine (save format {version}; this one reads "
                        f"up to {VERSION}); update the app to open it")
    for key, kind in (("game", str), ("seats", list), ("log", list), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"damaged save: '{key}' is missing or malformed")
    if "seed" not in data:
        raise SaveError("damaged save: 'seed' is missing")
    return data


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
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
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


def inspect(path: Path) -> SaveInfo:
    """Check a save fully (replaying it) and describe it; never raises for a bad file."""
    path = Path(path)
    try:
        match, data = load_match(path)
    except SaveError as exc:
        mtime = 0.0
        try:
            mtime = path.stat().st_mtime
        except OSError:
            pass
        return SaveInfo(path, False, str(exc), updated=mtime)
    updated = data.get("updated")
    return SaveInfo(
        path, True, "", game=match.game_id, title=match.rules.info.title,
        players=", ".join(s.label() for s in match.seats),
        progress=match.rules.progress(match.state),
        updated=updated if isinstance(updated, (int, float)) else path.stat().st_mtime,
        over=match.is_over(), humans=len(match.humans),
    )


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every ``*.json`` file in the saves folder, newest first, readable or not."""
    folder = Path(folder) if folder else saves_dir()
    if not folder.is_dir():
        return []
    _sweep_temp_files(folder)
    infos = [inspect(p) for p in folder.glob("*.json") if not p.name.startswith(".")]
    infos.sort(key=lambda i: -i.updated)
    return infos


def _sweep_temp_files(folder: Path, max_age: float = 3600.0) -> None:
    """Remove our own half-written temp files (``.NAME.json.XXXX.tmp``) left by a crash during a
    save, once they are an hour old. Save files themselves are never touched."""
    now = time.time()
    for tmp in folder.glob(".*.json.*.tmp"):
        try:
            if now - tmp.stat().st_mtime > max_age:
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
