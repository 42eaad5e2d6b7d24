"""Read what a Textual app shows, as plain text lines, from its SVG screenshot (for privacy tests)."""
from __future__ import annotations

import html
import re
from collections import defaultdict

_TEXT = re.compile(r'<text[^>]*?\sx="([\d.]+)"[^>]*?\sy="([\d.]+)"[^>]*>(.*?)</text>', re.S)


def screen_lines(app) -> list[str]:
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for x, y, body in _TEXT.findall(svg):
        text = html.unescape(re.sub(r"<[^>]+>", "", body)).replace("\xa0", " ")
        rows[float(y)].append((float(x), text))
    return ["".join(t for _x, t in sorted(parts)) for _y, parts in sorted(rows.items())]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))
