"""The text a save or a record may hold, checked when it is read.

Names typed in the setup or given with ``--players`` must pass ``engine.names.name_problem``; a name
read from a file must pass the same rule, or the file is refused: a name holding escape codes would
otherwise retitle the terminal, write its clipboard or clear the screen wherever it is shown (the
saves list, ``check-save``, a review, a replay, the game itself). The same goes for the other
strings of a save that reach a screen: the game id and bot levels are short words, options are
short, and no string anywhere in a save holds a control character (``guard.is_control``): the app
never writes one, so one found there is damage or a trap.

Each check returns a one-line reason (safe to print: it never quotes the bad text raw) or None.
Pure Python, free of Textual.
"""
from __future__ import annotations

import re
from typing import Any

from .engine.names import name_problem
from .guard import clean, is_control

#: a game id or a bot level: a short lower-case word (``all-mine``, ``normal``)
WORD = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
MAX_OPTION = 64  # characters of an option's key or value
_SHOWN_PLACE = 60  # characters of a place in the file named in a reason


def _has_control(text: str) -> bool:
    if text.isascii():
        return not text.isprintable()  # (ASCII and printable: no control character)
    return any(is_control(ch) for ch in text)


def _shown(place: str) -> str:
    place = clean(place)
    return place if len(place) <= _SHOWN_PLACE else place[:_SHOWN_PLACE - 1] + "…"


def control_text_at(data: Any) -> str | None:
    """Where in ``data`` (parsed JSON) a string, or an object's key, holds a control character
    (a path such as ``seats[0].name``, cleaned and cut short), or None when none does."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if _has_control(value):
                return _shown(where) if where else "the file"
        elif isinstance(value, dict):
            for key, item in value.items():
                place = f"{where}.{key}" if where else str(key)
                if _has_control(key):
                    return _shown(place)
                stack.append((item, place))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in enumerate(value))
    return None


def names_problem(names: list[str]) -> str | None:
    """The first name that breaks the typed names' rule (``name_problem``; names differ, ignoring
    case), as a reason that says which seat."""
    seen: set[str] = set()
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            return f"seat {i + 1}'s name breaks the name rule: {clean(problem)}"
        key = name.casefold()
        if key in seen:
            return f"seat {i + 1} has the name of another seat"
        seen.add(key)
    return None


def seats_problem(seats: list) -> str | None:
    """Seats as a save or a record holds them: ``{"name": ..., "bot": None or a level}``."""
    for i, seat in enumerate(seats):
        bot = seat.get("bot") if isinstance(seat, dict) else None
        if bot is not None and not (isinstance(bot, str) and WORD.fullmatch(bot)):
            return f"seat {i + 1}'s bot level is not a bot's name"
    return names_problem([s["name"] for s in seats if isinstance(s, dict)
                          and isinstance(s.get("name"), str)])


def options_problem(options: Any) -> str | None:
    if not isinstance(options, dict):
        return None  # (the shape is checked elsewhere)
    for key, value in options.items():
        if len(key) > MAX_OPTION or not isinstance(value, str) or len(value) > MAX_OPTION:
            return "an option is not a short text"
    return None


def document_problem(data: dict) -> str | None:
    """Why the text of a save document, or of one entry of the records file (its outer shape
    already checked: a game id, seats, options), cannot be shown; None when it can."""
    if not WORD.fullmatch(data["game"]):
        return "the game id is not a game's name"
    found = seats_problem(data["seats"]) or options_problem(data.get("options"))
    if found:
        return found
    where = control_text_at(data)
    return None if where is None else f"the text at '{where}' holds control characters"


#: a record is checked as a save is (the same fields reach the same screens)
record_problem = document_problem
