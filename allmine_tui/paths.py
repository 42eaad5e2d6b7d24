"""Where bundled assets live, whether installed as a wheel or run from a source checkout."""
from __future__ import annotations

import json
from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "assets"
_SOURCE = Path(__file__).resolve().parent.parent / "assets"


def assets_root() -> Path:
    return _PACKAGED if _PACKAGED.is_dir() else _SOURCE


def asset(game_id: str, name: str) -> Path:
    return assets_root() / game_id / name


def read_json_asset(game_id: str, name: str) -> dict:
    """A game's JSON data file as a dict; ``ValueError`` naming the file when it cannot be read."""
    path = asset(game_id, name)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name}: cannot read ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: the top level must be an object")
    return data
