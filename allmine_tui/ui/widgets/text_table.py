"""A table laid out as plain ``Text``: columns padded by hand, no box.

Cheap to build and to draw (a Rich ``Table`` is measured and rendered twice per update, once for
the layout and once to paint), and its size is known in advance: a widget showing it can have a
fixed height, so a new row value repaints that widget alone. Cells never wrap: a cell longer than a
fixed column width is cut with "…".
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text


@dataclass(frozen=True)
class Column:
    header: str | Text = ""
    width: int | None = None  # None: as wide as the widest cell
    justify: str = "left"  # "left" or "right"


def _text(cell) -> Text:
    return cell if isinstance(cell, Text) else Text(str(cell))


def text_table(columns: list[Column], rows: list[list], *, header: bool = True,
               header_style: str = "bold", pad: int = 1) -> Text:
    """Lines of ``rows`` under ``columns``' headers; each cell has ``pad`` spaces either side."""
    cells = [[_text(c) for c in row] for row in rows]
    heads = [_text(c.header) for c in columns]
    widths = []
    for i, col in enumerate(columns):
        if col.width is not None:
            widths.append(col.width)
            continue
        found = [row[i].cell_len for row in cells if i < len(row)]
        if header:
            found.append(heads[i].cell_len)
        widths.append(max(found, default=0))
    lines: list[list[Text]] = []
    if header:
        lines.append([h.copy() for h in heads])
        for h in lines[0]:
            h.stylize(header_style)
    lines.extend(cells)
    out = Text()
    space = " " * pad
    for n, line in enumerate(lines):
        if n:
            out.append("\n")
        for i, col in enumerate(columns):
            cell = line[i].copy() if i < len(line) else Text("")
            width = widths[i]
            if cell.cell_len > width:
                cell.truncate(width, overflow="ellipsis")
            gap = " " * (width - cell.cell_len)
            out.append(space)
            if col.justify == "right":
                out.append(gap)
                out.append_text(cell)
            else:
                out.append_text(cell)
                out.append(gap)
            out.append(space)
    return out
