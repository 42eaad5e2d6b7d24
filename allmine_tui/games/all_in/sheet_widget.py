"""The All In player sheet on screen: card spaces on a grid, the lines linking them, the printed
Golden Card, starting spaces and the hand letters.

One stable layout per sheet: the letters stand in margins around the grid (row hands at the left
and, for a second hand in the same row, at the right; column hands above), so nothing the cursor
draws ever covers them, and the widget is as wide as the widest sheet at the table, so nothing
beside it moves between rounds. Drawn tall (3-line card spaces) when there is room, else compact
(1-line spaces) with the same borders: light for a space, heavy for a legal one, double for the
Golden Card, and ▶ ◀ outside the space under the cursor.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from .sheets import get_sheet
from .widgets import GOLD, LEGAL, QuietStatic, card_label, card_text
from ...ui.widgets.player_input import PlayerInput

BOX_W = 5  # a card space: border, 3 characters ("10♥"), border
HIGHLIGHT = "bold reverse"
TRACE = "bold cyan"  # the lines of the hands through the cursor (a second cue to the letters)


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.h:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.w:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def put_text(self, x: int, y: int, text: Text) -> None:
        for i, ch in enumerate(text.plain):
            style = str(text.style or "")
            for span in text.spans:
                if span.start <= i < span.end:
                    style = f"{style} {span.style}".strip()
            self.put(x + i, y, ch, style)

    def text(self) -> Text:
        """Every line as wide as the canvas, so the drawing never changes width."""
        out = Text(no_wrap=True, overflow="crop", end="")
        for y in range(self.h):
            if y:
                out.append("\n")
            row, styles = self.chars[y], self.styles[y]
            x = 0
            while x < self.w:
                j = x
                while j < self.w and styles[j] == styles[x]:
                    j += 1
                out.append("".join(row[x:j]), style=styles[x] or None)
                x = j
        return out


@dataclass(frozen=True)
class Geometry:
    """Where everything of one sheet goes, for one size (tall or compact, wide or narrow links)."""

    tall: bool
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
    def box_h(self) -> int:
        return 3 if self.tall else 1

    @property
    def gap_x(self) -> int:
        return 2 if self.wide else 1

    @property
    def width(self) -> int:
        # the last space, then room for ◀ and a second row letter
        return self.left + self.cols * (self.box_w + self.gap_x) - self.gap_x + 2

    @property
    def height(self) -> int:
        return self.top + self.rows * (self.box_h + 1) - 1 + (1 if self.bottom_letters else 0)

    def pos(self, rc: tuple[int, int]) -> tuple[int, int]:
        r, c = rc
        return (self.left + (c - self.min_c) * (self.box_w + self.gap_x),
                self.top + (r - self.min_r) * (self.box_h + 1))


def geometry(sheet_id: str, tall: bool, wide: bool) -> Geometry:
    sheet = get_sheet(sheet_id)
    rs = [r for r, _c in sheet.cells]
    cs = [c for _r, c in sheet.cells]
    return Geometry(tall, wide, min(rs), min(cs), max(rs) - min(rs) + 1, max(cs) - min(cs) + 1,
                    any(spot[2] == "bottom" for spot in _letter_spots(sheet).values()))


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


@dataclass
class SheetMarks:
    """What to draw over a sheet: the legal spaces, the cursor and the card it would get, the card
    written last and the hands to highlight (those through the cursor)."""

    legal: frozenset = frozenset()
    cursor: int | None = None
    preview: int | None = None
    last: int | None = None
    hands: frozenset = frozenset()


def render_sheet(sheet_id: str, written: list, marks: SheetMarks, tall: bool = True,
                 wide: bool = True) -> tuple[Text, list[tuple[int, int, int, int, int]]]:
    """The sheet as text, and each space's box (x0, y0, x1, y1, cell) for the mouse."""
    sheet = get_sheet(sheet_id)
    g = geometry(sheet_id, tall, wide)
    canvas = _Canvas(g.width, g.height)
    box_w, box_h, mid = g.box_w, g.box_h, g.box_w // 2
    golden = sheet.golden_cell
    lit = [h for h in sheet.hands if h.letter in marks.hands]
    traced = {frozenset(pair) for h in lit for pair in zip(h.cells, h.cells[1:])}
    for a, b in sheet.links:
        (xa, ya), (xb, yb) = g.pos(sheet.cells[a]), g.pos(sheet.cells[b])
        near_golden = golden in (a, b)
        style = TRACE if frozenset((a, b)) in traced else GOLD if near_golden else "dim"
        if ya == yb:
            x0, x1 = min(xa, xb) + box_w, max(xa, xb)
            canvas.put(x0, ya + box_h // 2, ("═" if near_golden else "─") * (x1 - x0), style)
        elif xa == xb:
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
    for cell, rc in enumerate(sheet.cells):
        x, y = g.pos(rc)
        boxes.append((x, y, x + box_w, y + box_h, cell))
        card = sheet.golden if cell == golden else written[cell]
        empty = card is None
        if cell == golden:
            kind, style = "golden", GOLD
            label = card_label(card)
            content = Text(("★" + label) if len(label) < 3 else label, style=GOLD)
        elif cell == marks.cursor:
            kind, style = "cursor", "bold"
            if empty and marks.preview is not None:
                content = card_text(marks.preview)
                content.stylize("reverse")
            elif empty:
                content = Text("+", style=LEGAL)
            else:
                content = card_text(card)
        elif not empty:
            kind, style = "written", ""
            content = card_text(card)
            if cell == marks.last:
                content.stylize("underline")
        elif cell in marks.legal:
            kind, style = "legal", LEGAL
            content = Text("+", style=LEGAL)
        else:
            kind, style = "empty", "dim"
            content = Text("")
        _draw_box(canvas, x, y, g, kind, style, content, empty and cell in starts)
    return canvas.text(), boxes


def _draw_box(canvas: _Canvas, x: int, y: int, g: Geometry, kind: str, style: str,
              content: Text, start: bool) -> None:
    w, inner = g.box_w, g.box_w - 2
    content = content.copy()
    if start and not g.tall:  # the starting dot shares the one line with the content
        content = Text("•", style="bold") + content if len(content.plain) < inner else content
    content.truncate(inner)
    pad = inner - len(content.plain)
    body = Text(" " * (pad // 2)) + content + Text(" " * (pad - pad // 2))
    tl, tr, bl, br, hz, vt = {
        "golden": "╔╗╚╝═║", "legal": "┏┓┗┛━┃", "cursor": "┏┓┗┛━┃",
    }.get(kind, "┌┐└┘─│")
    middle = y + 1 if g.tall else y
    if g.tall:
        canvas.put(x, y, tl + hz * inner + tr, style)
        canvas.put(x, y + 2, bl + hz * inner + br, style)
        if start:  # printed in the bottom-left corner of the space, as on paper
            canvas.put(x + 1, y + 2, "•", "bold")
    canvas.put(x, middle, vt, style)
    canvas.put_text(x + 1, middle, body)
    canvas.put(x + w - 1, middle, vt, style)
    if kind == "cursor":
        canvas.put(x - 1, middle, "▶", "bold")
        canvas.put(x + w, middle, "◀", "bold")


class SheetWidget(QuietStatic):
    """One player's sheet (see the module docstring). Clicking a space posts ``Clicked``;
    hovering one posts ``Hovered`` (so the mouse moves the cursor too)."""

    DEFAULT_CSS = """
    SheetWidget { width: auto; min-width: 30; height: 1fr; padding: 0 1; text-wrap: nowrap;
                  text-overflow: clip; }
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
        self._boxes: list[tuple[int, int, int, int, int]] = []
        self._hover: int | None = None
        self._size_key: tuple | None = None

    # -- public API ------------------------------------------------------------------------
    def set_table(self, sheet_ids) -> None:
        """The sheets at the table: the widget is as wide as the widest of them."""
        self.table_sheets = tuple(sheet_ids)
        self._fix_width()

    def show_sheet(self, sheet_id: str, written: list, marks: SheetMarks | None = None) -> None:
        """Draw ``written`` (one card or None per space) on the sheet ``sheet_id``."""
        self.sheet_id, self.written = sheet_id, list(written)
        self.marks = marks or SheetMarks()
        self.message = None
        if sheet_id not in self.table_sheets:
            self.set_table(self.table_sheets + (sheet_id,))
        self._draw()

    def show_message(self, message: Text | str) -> None:
        """Draw no sheet at all, only ``message`` (the table view: sheets are private)."""
        self.sheet_id, self.written, self.marks = None, None, SheetMarks()
        self.message = Text(message) if isinstance(message, str) else message
        self._boxes = []
        self.put(self.message)

    # -- drawing -----------------------------------------------------------------------------
    def _wide(self) -> bool:
        """Two-character links between spaces when the terminal is wide, one otherwise."""
        return self.app.size.width >= 110

    def _fits_tall(self) -> bool:
        if self.sheet_id is None:
            return True
        height = self.size.height or 99
        return geometry(self.sheet_id, True, self._wide()).height <= height

    def _fix_width(self) -> None:
        if self.table_sheets and self.is_attached:
            wide = self._wide()
            width = max(geometry(s, True, wide).width for s in self.table_sheets)
            self.styles.width = width + self.styles.padding.left + self.styles.padding.right

    def on_resize(self, _event) -> None:
        key = (self._fits_tall(), self._wide())
        if key[1] != (self._size_key or (None, None))[1]:
            self._fix_width()
        if self.sheet_id is not None and key != self._size_key:
            self._draw()

    def _draw(self) -> None:
        self._size_key = (self._fits_tall(), self._wide())
        text, self._boxes = render_sheet(self.sheet_id, self.written, self.marks, *self._size_key)
        self.put(text)

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
