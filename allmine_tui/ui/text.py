"""User text on screen: player names, save names, reasons. Always plain text, never Rich markup.

A name such as ``[/]Ann`` or ``[b]x`` must show exactly as typed and never break a screen, so every
widget gets such text through these helpers: ``plain`` makes a ``Text`` (styled as a whole if asked),
``safe`` escapes it for the rare place that builds a markup string. Both show control characters as
a mark (``guard.clean_lines``: the one cleaner; Rich alone drops BEL but lets ESC through).
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.markup import escape
from rich.text import Text

from ..guard import clean_lines


def plain(text: object, style: str = "") -> Text:
    """``text`` as a Rich ``Text`` with no markup parsed (emoji codes stay as typed too)."""
    return Text(clean_lines(text), style=style)


def safe(text: object) -> str:
    """``text`` escaped for a markup string: square brackets show as typed."""
    return escape(clean_lines(text))


def join(*parts: object) -> Text:
    """Concatenate strings (plain) and ``Text`` pieces (kept with their styles) into one Text."""
    out = Text()
    for part in parts:
        if isinstance(part, Text):
            out.append_text(part)
        elif isinstance(part, tuple):
            out.append(str(part[0]), style=part[1])
        else:
            out.append(str(part))
    return out


def hang(head: str, items: list[str], room: int, indent: int = 4) -> str:
    """``head`` and then ``items`` with commas between them, broken between two items where a
    line would pass ``room`` cells; every further line starts ``indent`` spaces in (a list that
    wraps reads as one, under its head)."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + ("," if i + 1 < len(items) else "")
        if i and cell_len(line) + 1 + cell_len(piece) > room:
            lines.append(line)
            line = " " * indent + piece
        else:
            line += (" " if i else "") + piece
    lines.append(line)
    return "\n".join(lines)
