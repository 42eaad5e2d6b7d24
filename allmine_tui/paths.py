"""Where bundled assets live, whether installed as a wheel or run from a source checkout."""
from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "assets"
_SOURCE = Path(__file__).resolve().parent.parent / "assets"


def assets_root() -> Path:
    return _PACKAGED if _PACKAGED.is_dir() else _SOURCE


def asset(game_id: str, name: str) -> Path:
    return assets_root() / game_id / name
