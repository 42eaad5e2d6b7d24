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


_CELLS: dict[tuple, Text] = {}


def _padded(cell: Text, width: int, justify: str, pad: int) -> Text:
    """``cell`` cut or padded to ``width`` with ``pad`` spaces either side (kept: a table drawn
    again mostly repeats its cells)."""
    key = (cell.plain, tuple(cell.spans), str(cell.style), width, justify, pad)
    done = _CELLS.get(key)
    if done is None:
        if len(_CELLS) > 4096:
            _CELLS.clear()
        body = cell
        if body.cell_len > width:
            body = body.copy()
            body.truncate(width, overflow="ellipsis")
        gap = " " * (width - body.cell_len)
        space = " " * pad
        done = Text(space + gap if justify == "right" else space)
        done.append_text(body)
        done.append((gap if justify != "right" else "") + space)
        _CELLS[key] = done
    return done


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
    empty = Text("")
    rows_out = [Text("").join(_padded(line[i] if i < len(line) else empty, widths[i],
                                      col.justify, pad)
                              for i, col in enumerate(columns)) for line in lines]
    return Text("\n").join(rows_out)
