"""A table laid out as plain ``Text``: columns padded by hand, no box.

Cheap to build and to draw (a Rich ``Table`` is measured and rendered twice per update, once for
the layout and once to paint), and its size is known in advance: a widget showing it can have a
fixed height, so a new row value repaints that widget alone. Cells never wrap: a cell longer than a
fixed column width is cut with "…".
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from .lines import joined


@dataclass(frozen=True)
class Column:
    header: str | Text = ""
    width: int | None = None  # None: as wide as the widest cell
    justify: str = "left"  # "left" or "right"


def _text(cell) -> Text:
    if isinstance(cell, Text):
        return cell
    text = str(cell)
    done = _PLAIN.get(text)
    if done is None:  # (the same object for the same words: a row of them is kept, below)
        if len(_PLAIN) > 4096:
            _PLAIN.clear()
        done = _PLAIN[text] = Text(text)
    return done


_PLAIN: dict[str, Text] = {}


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


#: a row's line by the padded cells it joins (the same cells are the same objects, kept above)
_LINES: dict[tuple, tuple[list[Text], Text]] = {}


def _joined(cells: list[Text]) -> Text:
    key = tuple(map(id, cells))
    hit = _LINES.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], cells)):
        return hit[1]
    if len(_LINES) > 4096:
        _LINES.clear()
    line = joined(cells)  # (drawn from the cells' own strips, kept)
    _LINES[key] = (cells, line)
    return line


def table_lines(columns: list[Column], rows: list[list], *, header: bool = True,
                header_style: str = "bold", pad: int = 1) -> list[Text]:
    """The lines of ``rows`` under ``columns``' headers; each cell has ``pad`` spaces either
    side. A row whose cells are as before gives the very same line (nothing is joined again)."""
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
        lines.append([_styled(h, header_style) for h in heads])
    lines.extend(cells)
    empty = Text("")
    layout = (tuple(widths), tuple(col.justify for col in columns), pad)
    out = []
    for line in lines:
        # a row of the very same cells, laid out alike, is the same line (kept by the cells)
        key = (tuple(map(id, line)), layout)
        hit = _ROW_LINES.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], line)):
            out.append(hit[1])
            continue
        if len(_ROW_LINES) > 4096:
            _ROW_LINES.clear()
        joined_line = _joined([_padded(line[i] if i < len(line) else empty, widths[i],
                                       col.justify, pad) for i, col in enumerate(columns)])
        _ROW_LINES[key] = (list(line), joined_line)
        out.append(joined_line)
    return out


#: a row's line by its cells (the same objects) and the table's layout
_ROW_LINES: dict[tuple, tuple[list, Text]] = {}


_HEADS: dict[tuple, Text] = {}


def _styled(head: Text, style: str) -> Text:
    key = (head.plain, tuple(head.spans), str(head.style), style)
    done = _HEADS.get(key)
    if done is None:
        if len(_HEADS) > 1024:
            _HEADS.clear()
        done = _HEADS[key] = head.copy()
        done.stylize(style)
    return done


def text_table(columns: list[Column], rows: list[list], *, header: bool = True,
               header_style: str = "bold", pad: int = 1) -> Text:
    """``table_lines`` as one text."""
    return Text("\n").join(table_lines(columns, rows, header=header, header_style=header_style,
                                       pad=pad))
