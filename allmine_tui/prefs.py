"""What the app remembers between sessions that is not a game: the last table set up for each game
(seats, player count, options) and the game played last. One small JSON file in the data folder,
written atomically; a missing or damaged file simply means "nothing remembered"."""
from __future__ import annotations

import json
from pathlib import Path

from . import storage
from .engine.names import name_problem

FILE = "prefs.json"
MAX_BYTES = 64 * 1024


def prefs_path() -> Path:
    return storage.data_dir() / FILE


def load() -> dict:
    path = prefs_path()
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(data: dict) -> None:
    try:
        storage.write_atomic(prefs_path(), json.dumps(data, ensure_ascii=False, indent=1))
    except OSError:
        pass  # remembering is a convenience; a read-only data folder must not stop a game


def remember_table(game_id: str, seats: list[tuple[str, str | None]],
                   options: dict[str, str], last_game: bool = True) -> None:
    """Seats as (name, bot level or None for a person), in playing order. ``last_game``: also
    make it the game the picker opens on."""
    data = load()
    found = data.get("tables")
    tables: dict = found if isinstance(found, dict) else {}
    tables[game_id] = {"seats": [[name, bot] for name, bot in seats], "options": dict(options)}
    data["tables"] = tables
    if last_game:
        data["last_game"] = game_id
    _save(data)


def remember_game(game_id: str) -> None:
    data = load()
    if data.get("last_game") != game_id:
        data["last_game"] = game_id
        _save(data)


def last_game() -> str | None:
    value = load().get("last_game")
    return value if isinstance(value, str) else None


def last_table(game_id: str) -> tuple[list[tuple[str, str | None]], dict[str, str]] | None:
    """The seats and options last set up for ``game_id``, if any (checked: bad entries are
    ignored, the setup screen checks counts, bots and options against the game)."""
    tables = load().get("tables")
    entry = tables.get(game_id) if isinstance(tables, dict) else None
    if not isinstance(entry, dict) or not isinstance(entry.get("seats"), list):
        return None
    seats: list[tuple[str, str | None]] = []
    for item in entry["seats"]:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and (item[1] is None or isinstance(item[1], str))):
            return None
        if name_problem(item[0]):
            return None
        seats.append((item[0], item[1]))
    found = entry.get("options")
    options: dict = found if isinstance(found, dict) else {}
    return seats, {k: v for k, v in options.items() if isinstance(k, str) and isinstance(v, str)}
