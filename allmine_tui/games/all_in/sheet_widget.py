"""The All In player sheet on screen: card spaces on a grid, the lines linking them, the printed
Golden Card, starting spaces and the hand letters.

One stable layout per sheet: the letters stand in margins around the grid (row hands at the left
and, for a second hand in the same row, at the right; column hands above, a second one below), so
nothing the cursor draws ever covers them, and the widget is as wide as the widest sheet at the
table, so nothing beside it moves between rounds. Every space is a box: light for a space, heavy
for a legal one, double for the Golden Card, ▶ ◀ outside the space under the cursor, and "new" in
the top edge of the card written last. Three heights, the first that fits:

- ``tall``: boxes of three lines with a line of links between two rows;
- ``stacked``: the same boxes, one row right under the other; a link between two rows is drawn
  where their edges meet (┬ above, ┴ below), so a 6-row sheet keeps its boxes at 100×30;
- ``compact``: boxes of one line (for terminals too short for the others).

Two spaces of a row side by side are linked by ``──``; where a row holds two hands, the gap
between them is left empty, so the end of one hand and the start of the next show.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rich.text import Text

from ...ui.widgets.player_input import PlayerInput
from .sheets import get_sheet
from .widgets import GOLD, LEGAL, MemoLines, card_label, card_text

BOX_W = 5  # a card space: border, 3 characters ("10♥"), border
HIGHLIGHT = "bold reverse"
TRACE = "bold cyan"  # the lines of the hands through the cursor (a second cue to the letters)
NEW = "new"  # the mark of the card written last, in the top edge of its box
KINDS = ("tall", "stacked", "compact")

# box corners and edges per kind of space: tl, tr, bl, br, horizontal, vertical
BORDERS = {"golden": "╔╗╚╝═║", "legal": "┏┓┗┛━┃", "cursor": "┏┓┗┛━┃"}
LIGHT = "┌┐└┘─│"
# where a link meets a box edge (stacked sheets): (edge, link) -> (below the box, above it)
JUNCTIONS = {
    ("light", "light"): ("┬", "┴"), ("light", "double"): ("╥", "╨"),
    ("heavy", "light"): ("┯", "┷"), ("heavy", "double"): ("╥", "╨"),
    ("double", "light"): ("╤", "╧"), ("double", "double"): ("╦", "╩"),
}


def _edge_of(kind: str) -> str:
    return {"golden": "double", "legal": "heavy", "cursor": "heavy"}.get(kind, "light")


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.h:
            return
        start, end = max(x, 0), min(x + len(text), self.w)
        if start < end:  # (one character a cell: the sheets' marks and labels are narrow)
            self.chars[y][start:end] = text[start - x:end - x]
            self.styles[y][start:end] = [style] * (end - start)

    def put_cells(self, x: int, y: int, text: str, styles: tuple[str, ...]) -> None:
        """``put``, with a style per character."""
        if not 0 <= y < self.h:
            return
        start, end = max(x, 0), min(x + len(text), self.w)
        if start < end:
            self.chars[y][start:end] = text[start - x:end - x]
            self.styles[y][start:end] = styles[start - x:end - x]

    def put_text(self, x: int, y: int, text: Text) -> None:
        base = str(text.style or "")
        styles = [base] * len(text.plain)
        for span in text.spans:
            for i in range(span.start, min(span.end, len(styles))):
                styles[i] = f"{styles[i]} {span.style}".strip()
        for i, ch in enumerate(text.plain):
            self.put(x + i, y, ch, styles[i])

    def lines(self) -> list[Text]:
        """Every line as wide as the canvas, so the drawing never changes width (a line drawn
        before is taken from memory)."""
        out = []
        for y in range(self.h):
            row, styles = self.chars[y], self.styles[y]
            key = ("".join(row), tuple(styles))
            line = _LINES.get(key)
            if line is None:
                line = Text(no_wrap=True, overflow="crop", end="")
                x = 0
                while x < self.w:
                    j = x
                    style = styles[x]
                    while j < self.w and styles[j] == style:
                        j += 1
                    line.append(key[0][x:j], style=style or None)
                    x = j
                if len(_LINES) > 4096:
                    _LINES.clear()
                _LINES[key] = line
            out.append(line)
        return out

    def text(self) -> Text:
        return Text("\n", no_wrap=True, overflow="crop", end="").join(self.lines())


_LINES: dict[tuple, Text] = {}


@dataclass(frozen=True)
class Geometry:
    """Where everything of one sheet goes, for one height (``kind``) and link width."""

    kind: str
    wide: bool
    min_r: int
    min_c: int
    rows: int
    cols: int
    bottom_letters: bool

    box_w = BOX_W
    left = 2  # the row letter, then room for ▶
    top = 1  # the column letters

    @property
    def tall(self) -> bool:
        return self.kind != "compact"

    @property
    def box_h(self) -> int:
        return 1 if self.kind == "compact" else 3

    @property
    def gap_y(self) -> int:
        """Lines between two rows of boxes (where the links are drawn)."""
        return 0 if self.kind == "stacked" else 1

    @property
    def gap_x(self) -> int:
        return 2 if self.wide else 1

    @property
    def width(self) -> int:
        # the last space, then room for ◀ and a second row letter
        return self.left + self.cols * (self.box_w + self.gap_x) - self.gap_x + 2

    @property
    def height(self) -> int:
        step = self.box_h + self.gap_y
        return self.top + self.rows * step - self.gap_y + (1 if self.bottom_letters else 0)

    def pos(self, rc: tuple[int, int]) -> tuple[int, int]:
        r, c = rc
        return (self.left + (c - self.min_c) * (self.box_w + self.gap_x),
                self.top + (r - self.min_r) * (self.box_h + self.gap_y))


@cache
def geometry(sheet_id: str, kind: str = "tall", wide: bool = True) -> Geometry:
    sheet = get_sheet(sheet_id)
    rs = [r for r, _c in sheet.cells]
    cs = [c for _r, c in sheet.cells]
    return Geometry(kind, wide, min(rs), min(cs), max(rs) - min(rs) + 1, max(cs) - min(cs) + 1,
                    any(spot[2] == "bottom" for spot in _letter_spots(sheet).values()))


@cache
def positions(sheet_id: str, kind: str, wide: bool) -> tuple[tuple[int, int], ...]:
    """Each space's top-left corner in the drawing."""
    g = geometry(sheet_id, kind, wide)
    return tuple(g.pos(rc) for rc in get_sheet(sheet_id).cells)


def fitting_kind(sheet_ids, height: int, wide: bool = True) -> str:
    """The tallest drawing in which every sheet of ``sheet_ids`` fits ``height`` lines."""
    ids = list(sheet_ids)
    for kind in KINDS[:-1]:
        if all(geometry(s, kind, wide).height <= height for s in ids):
            return kind
    return KINDS[-1]


@cache
def _letter_spots(sheet) -> dict[str, tuple[int, int, str]]:
    """Per hand letter: (grid row or column, its first grid index, margin): row hands in the left
    margin (a second hand of the same row in the right one), column hands above the grid (a
    second one of the same column below it)."""
    spots: dict[str, tuple[int, int, str]] = {}
    taken: dict[tuple[str, int], int] = {}
    for hand in sorted(sheet.hands, key=lambda h: min(sheet.cells[c] for c in h.cells)):
        places = [sheet.cells[c] for c in hand.cells]
        if len({r for r, _c in places}) == 1:
            key, first = ("row", places[0][0]), min(c for _r, c in places)
            margins = ("left", "right")
        else:
            key, first = ("col", places[0][1]), min(r for r, _c in places)
            margins = ("top", "bottom")
        k = taken.get(key, 0)
        taken[key] = k + 1
        if k < 2:
            spots[hand.letter] = (key[1], first, margins[k])
    return spots


@dataclass(frozen=True)
class SheetMarks:
    """What to draw over a sheet: the legal spaces, the cursor and the card it would get, the
    card written last (marked "new") and the hands to highlight (those through the cursor)."""

    legal: frozenset = frozenset()
    cursor: int | None = None
    preview: int | None = None
    last: int | None = None
    hands: frozenset = frozenset()


def render_sheet(sheet_id: str, written: list, marks: SheetMarks, kind: str = "tall",
                 wide: bool = True) -> tuple[Text, list[tuple[int, int, int, int, int]]]:
    """The sheet as text, and each space's box (x0, y0, x1, y1, cell) for the mouse."""
    lines, boxes = render_sheet_lines(sheet_id, written, marks, kind, wide)
    return Text("\n", no_wrap=True, overflow="crop", end="").join(lines), boxes


def render_sheet_lines(sheet_id: str, written: list, marks: SheetMarks, kind: str = "tall",
                       wide: bool = True) -> tuple[list[Text], list[tuple[int, int, int, int, int]]]:
    """``render_sheet`` line by line."""
    sheet = get_sheet(sheet_id)
    g = geometry(sheet_id, kind, wide)
    canvas = _Canvas(g.width, g.height)
    box_w, box_h, mid = g.box_w, g.box_h, g.box_w // 2
    golden = sheet.golden_cell
    lit = [h for h in sheet.hands if h.letter in marks.hands]
    traced = {frozenset(pair) for h in lit for pair in zip(h.cells, h.cells[1:])}
    kinds: dict[int, str] = {}
    contents: dict[int, tuple] = {}
    for cell in range(len(sheet.cells)):
        kinds[cell], contents[cell] = _space(sheet, cell, written, marks)
    pos = positions(sheet_id, kind, wide)
    vertical = []
    for a, b in sheet.links:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        near_golden = golden in (a, b)
        style = TRACE if frozenset((a, b)) in traced else GOLD if near_golden else "dim"
        if ya == yb:
            x0, x1 = min(xa, xb) + box_w, max(xa, xb)
            canvas.put(x0, ya + box_h // 2, ("═" if near_golden else "─") * (x1 - x0), style)
        elif xa == xb:
            upper, lower = (a, b) if ya < yb else (b, a)
            vertical.append((upper, lower, near_golden, style))
            for y in range(min(ya, yb) + box_h, max(ya, yb)):
                canvas.put(xa + mid, y, "║" if near_golden else "│", style)
    for letter, (line, first, margin) in _letter_spots(sheet).items():
        style = HIGHLIGHT if letter in marks.hands else "bold underline"
        if margin in ("left", "right"):
            _x, y = g.pos((line, first))
            x = 0 if margin == "left" else g.width - 1
            canvas.put(x, y + box_h // 2, letter, style)
        else:
            x, _y = g.pos((first, line))
            canvas.put(x + mid, 0 if margin == "top" else g.height - 1, letter, style)
    boxes = []
    starts = set(sheet.starts)
    for cell, (x, y) in enumerate(pos):
        boxes.append((x, y, x + box_w, y + box_h, cell))
        empty = cell != golden and written[cell] is None
        _draw_box(canvas, x, y, g, kinds[cell], contents[cell], empty and cell in starts,
                  cell == marks.last and not empty)
    if g.kind == "stacked":  # the links between rows, where the edges of two boxes meet
        for upper, lower, double, style in vertical:
            x, y = pos[upper]
            link = "double" if double else "light"
            down = JUNCTIONS[(_edge_of(kinds[upper]), link)][0]
            up = JUNCTIONS[(_edge_of(kinds[lower]), link)][1]
            canvas.put(x + mid, y + box_h - 1, down, style)
            if not (lower == marks.last and written[lower] is not None):  # "new" keeps its edge
                canvas.put(x + mid, y + box_h, up, style)
    return canvas.lines(), boxes


def _space(sheet, cell: int, written: list, marks: SheetMarks) -> tuple[str, tuple]:
    """What kind of box a space gets, and what it shows inside: (text, style) pieces."""
    if cell == sheet.golden_cell:
        label = card_label(sheet.golden)
        return "golden", ((("★" + label) if len(label) < 3 else label, GOLD),)
    card = written[cell]
    if cell == marks.cursor:
        if card is None and marks.preview is not None:
            return "cursor", ((card_label(marks.preview), _card_style(marks.preview) + " reverse"),)
        return "cursor", (("+", LEGAL),) if card is None else ((card_label(card),
                                                               _card_style(card)),)
    if card is not None:
        style = _card_style(card)
        return "written", ((card_label(card), style + " underline" if cell == marks.last
                            else style),)
    if cell in marks.legal:
        return "legal", (("+", LEGAL),)
    return "empty", ()


def _card_style(card: int) -> str:
    return str(card_text(card).style)


#: a space's text: (text, style) pieces
Pieces = tuple[tuple[str, str], ...]
STYLES = {"golden": GOLD, "legal": LEGAL, "cursor": "bold", "written": "", "empty": "dim"}
_STAMPS: dict[tuple, tuple] = {}


def _draw_box(canvas: _Canvas, x: int, y: int, g: Geometry, kind: str, content: Pieces,
              start: bool, new: bool) -> None:
    key = (kind, content, start, new, g.kind, g.box_w)
    runs = _STAMPS.get(key)
    if runs is None:
        runs = _STAMPS[key] = _runs(_stamp(g, kind, content, start, new))
    put = canvas.put_cells
    for dx, dy, text, styles in runs:
        put(x + dx, y + dy, text, styles)


def _runs(stamp: tuple) -> tuple:
    """A stamp's pieces laid over one another (later ones on top), as runs of neighbouring
    cells: (dx, dy, characters, a style per character). A cell no piece touches is left as it
    is on the canvas (a link beside a box)."""
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for dx, dy, text, style in stamp:
        for i, ch in enumerate(text):
            cells[(dy, dx + i)] = (ch, style)
    runs: list[tuple[int, int, str, tuple[str, ...]]] = []
    for (dy, dx) in sorted(cells):
        ch, style = cells[(dy, dx)]
        if runs and runs[-1][1] == dy and runs[-1][0] + len(runs[-1][2]) == dx:
            ox, oy, text, styles = runs[-1]
            runs[-1] = (ox, oy, text + ch, styles + (style,))
        else:
            runs.append((dx, dy, ch, (style,)))
    return tuple(runs)


def _stamp(g: Geometry, kind: str, content: Pieces, start: bool, new: bool) -> tuple:
    """A box as (dx, dy, text, style) pieces from its top-left corner."""
    w, inner = g.box_w, g.box_w - 2
    style = STYLES[kind]
    if start and not g.tall and sum(len(t) for t, _s in content) < inner:
        content = (("•", "bold"),) + content  # the starting dot shares the one line
    pieces, used = [], 0
    for text, piece_style in content:
        text = text[:inner - used]
        if text:
            pieces.append((text, piece_style))
            used += len(text)
    pad = inner - used
    tl, tr, bl, br, hz, vt = tuple(BORDERS.get(kind, LIGHT))  # (six characters)
    middle = 1 if g.tall else 0
    out = []
    if g.tall:
        out.append((0, 0, tl + hz * inner + tr, style))
        out.append((0, 2, bl + hz * inner + br, style))
        if start:  # printed in the bottom-left corner of the space, as on paper
            out.append((1, 2, "•", "bold"))
        if new:  # the card written last: "new" in its top edge
            out.append((1, 0, NEW, "bold"))
    out.append((0, middle, "*" if new and not g.tall else vt, "bold" if new else style))
    out.append((1, middle, " " * inner, ""))
    dx = 1 + pad // 2
    for text, piece_style in pieces:
        out.append((dx, middle, text, piece_style))
        dx += len(text)
    out.append((w - 1, middle, vt, style))
    if kind == "cursor":
        out.append((-1, middle, "▶", "bold"))
        out.append((w, middle, "◀", "bold"))
    return tuple(out)


class SheetWidget(MemoLines):
    """One player's sheet (see the module docstring), drawn line by line: a cursor that moves
    repaints only the lines it changes. Clicking a space posts ``Clicked``; hovering one posts
    ``Hovered`` (so the mouse moves the cursor too)."""

    DEFAULT_CSS = """
    SheetWidget { width: 32; height: 1fr; padding: 0 0 0 1; }
    """

    class Clicked(PlayerInput):
        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Hovered(PlayerInput):
        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.sheet_id: str | None = None
        self.written: list | None = None
        self.marks = SheetMarks()
        self.message: Text | None = None
        self.table_sheets: tuple[str, ...] = ()
        self.kind = "tall"
        self.wide = True
        self._boxes: list[tuple[int, int, int, int, int]] = []
        self._hover: int | None = None
        self._drawn: tuple | None = None

    # -- public API ------------------------------------------------------------------------
    def set_table(self, sheet_ids, kind: str = "tall", wide: bool = True) -> None:
        """The sheets at the table and how they are drawn (``kind``, see ``fitting_kind``): the
        widget is as wide as the widest sheet."""
        self.table_sheets = tuple(dict.fromkeys(sheet_ids))
        self.wide = wide
        self.kind = kind
        width = max(geometry(s, "tall", wide).width for s in self.table_sheets)
        width += self.styles.padding.left + self.styles.padding.right
        if self.styles.width is None or self.styles.width.value != width:
            self.styles.width = width
        if self.sheet_id is not None:
            self._draw()

    def show_sheet(self, sheet_id: str, written: list, marks: SheetMarks | None = None) -> None:
        """Draw ``written`` (one card or None per space) on the sheet ``sheet_id``."""
        self.sheet_id, self.written = sheet_id, list(written)
        self.marks = marks or SheetMarks()
        self.message = None
        self._draw()

    def show_message(self, message: Text | str) -> None:
        """Draw no sheet at all, only ``message`` (the table view: sheets are private)."""
        self.sheet_id, self.written, self.marks = None, None, SheetMarks()
        self.message = Text(message) if isinstance(message, str) else message
        self._boxes = []
        self._drawn = None
        self.set_text(self.message)

    # -- drawing -----------------------------------------------------------------------------
    def _draw(self) -> None:
        sheet_id, written = self.sheet_id, self.written
        if sheet_id is None or written is None:
            return  # (a message is on show, no sheet)
        key = (sheet_id, tuple(written), self.marks, self.kind, self.wide)
        if key == self._drawn:
            return
        self._drawn = key
        boxes: dict = self.__dict__.setdefault("_boxes_of", {})

        def build() -> list[Text]:
            lines, boxes[(sheet_id, self.kind, self.wide)] = render_sheet_lines(
                sheet_id, written, self.marks, self.kind, self.wide)
            return lines

        self.memo_lines(key, build)
        self._boxes = boxes[(sheet_id, self.kind, self.wide)]

    # -- mouse ---------------------------------------------------------------------------------
    def _cell_at(self, event) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        x, y = offset
        for x0, y0, x1, y1, cell in self._boxes:
            if x0 <= x < x1 and y0 <= y < y1:
                return cell
        return None

    def on_click(self, event) -> None:
        event.stop()
        cell = self._cell_at(event)
        if cell is not None:
            self.post_message(self.Clicked(cell))

    def on_mouse_move(self, event) -> None:
        cell = self._cell_at(event)
        if cell is not None and cell != self._hover:
            self._hover = cell
            self.post_message(self.Hovered(cell))
        elif cell is None:
            self._hover = None
