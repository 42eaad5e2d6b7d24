"""Widgets of the All In table: the player sheet, the card chooser, the hands and the public table.

They draw views only (the dict ``RULES.view`` gives a seat, plus the legal moves the screen derives
from it); no game state lives here. Colour is never the only cue: every card carries its suit
symbol, legal spaces a heavy border and a "+", the cursor a ▶◀ pair and the Golden Card ★ and a
double border.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from ...ui.widgets.cards import CardFace
from .cards import SUIT_LETTERS, SUIT_SYMBOLS, is_joker, suit_of, value_name, value_of
from .poker import CATEGORY_NAMES
from .sheets import get_sheet

SUIT_STYLES = ("bold", "bold red", "bold bright_blue", "bold green")
GOLD = "bold yellow"
LEGAL = "bold green"
SHORT_NAMES = ("—", "Pair", "Two Pair", "Trips", "Straight", "Full House", "Quads", "Str.Flush")
BOX_W = 5  # a card space: border, 3 characters ("10♥"), border


class QuietStatic(Static):
    """A Static that skips updates which would not change what it shows (each update costs a
    layout pass)."""

    _shown: object = None
    _extent: tuple | None = None

    def put(self, content: Text) -> None:
        if content == self._shown:
            return
        lines = content.plain.split("\n")
        extent = (len(lines), max(len(line) for line in lines))
        self.update(content, layout=extent != self._extent)  # same extent: no new layout
        self._shown, self._extent = content, extent


# -- cards as text ---------------------------------------------------------------------------
def card_label(c: int | None) -> str:
    """'7♥', '10♣', 'Joker' (no colour)."""
    if c is None:
        return ""
    if is_joker(c):
        return "Joker"
    return f"{value_name(value_of(c))}{SUIT_SYMBOLS[suit_of(c)]}"


def card_text(c: int | None, extra: str = "") -> Text:
    """A card as styled text: its value and suit symbol, coloured by suit (a second cue only)."""
    if c is None:
        return Text("")
    if is_joker(c):
        return Text("Joker" + extra, style=GOLD)
    return Text(card_label(c) + extra, style=SUIT_STYLES[suit_of(c)])


def icon_text(icon: int) -> str:
    """The chip icon of a hand: one figure (1 chip to the first) or two figures (2, then 1)."""
    return "♟♟2" if icon == 2 else "♟1"


def chips_word(n: int) -> str:
    return "free" if n == 0 else f"{n} chip{'s' if n != 1 else ''}"


def hand_cards(sheet, written: list, hand) -> list[int]:
    """The cards in a hand so far: written ones and the printed Golden Card."""
    out = []
    for c in hand.cells:
        if c == sheet.golden_cell:
            out.append(sheet.golden)
        elif written[c] is not None:
            out.append(written[c])
    return out


# -- a character canvas ----------------------------------------------------------------------
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
        plain = text.plain
        for i, ch in enumerate(plain):
            style = str(text.style or "")
            for span in text.spans:
                if span.start <= i < span.end:
                    style = f"{style} {span.style}".strip()
            self.put(x + i, y, ch, style)

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for y in range(self.h):
            if y:
                out.append("\n")
            row, styles = self.chars[y], self.styles[y]
            last = len(row)
            while last and row[last - 1] == " " and not styles[last - 1]:
                last -= 1
            x = 0
            while x < last:
                j = x
                while j < last and styles[j] == styles[x]:
                    j += 1
                out.append("".join(row[x:j]), style=styles[x] or None)
                x = j
        return out


# -- the player sheet ------------------------------------------------------------------------
@dataclass
class SheetMarks:
    """What to draw over a sheet: the legal spaces, the cursor and the card it would get."""

    legal: frozenset = frozenset()
    cursor: int | None = None
    preview: int | None = None
    last: int | None = None


class SheetWidget(QuietStatic):
    """One player's sheet: card spaces on a grid, the lines linking them, the printed Golden Card,
    starting spaces (•), hand letters and the written cards. Clicking a space posts ``Clicked``;
    hovering one posts ``Hovered`` (so the mouse moves the cursor too).

    Drawn tall (3-line card spaces) when there is room, else compact (1-line spaces)."""

    DEFAULT_CSS = """
    SheetWidget { width: auto; min-width: 30; height: 1fr; padding: 0 1; text-wrap: nowrap;
                  text-overflow: clip; }
    """

    class Clicked(Message):
        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Hovered(Message):
        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.sheet_id: str | None = None
        self.written: list | None = None
        self.marks = SheetMarks()
        self.message: Text | None = None
        self._boxes: list[tuple[int, int, int, int, int]] = []
        self._hover: int | None = None
        self._tall: tuple | None = None

    # -- public API ------------------------------------------------------------------------
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
        self.put(self.message)

    # -- drawing -----------------------------------------------------------------------------
    def on_resize(self, _event) -> None:
        if self.sheet_id is not None and (self._fits_tall(), self._wide()) != self._tall:
            self._draw()

    def _wide(self) -> bool:
        """Two-character links between spaces when the terminal is wide, one otherwise."""
        return self.app.size.width >= 110

    def _fits_tall(self) -> bool:
        if self.sheet_id is None:
            return True
        cells = get_sheet(self.sheet_id).cells
        rows = max(r for r, _c in cells) - min(r for r, _c in cells) + 1
        height = self.size.height or 99
        return rows * 4 <= height

    def _draw(self) -> None:
        self._tall = (self._fits_tall(), self._wide())
        self.put(self.render_sheet(*self._tall))

    def render_sheet(self, tall: bool = True, wide: bool = True) -> Text:
        sheet = get_sheet(self.sheet_id)
        written = self.written
        marks = self.marks
        box_w, box_h = BOX_W, (3 if tall else 1)
        gap_x, gap_y = (2 if wide else 1), 1
        top, left = 1, 2
        min_r = min(r for r, _c in sheet.cells)
        min_c = min(c for _r, c in sheet.cells)
        rows = max(r for r, _c in sheet.cells) - min_r + 1
        cols = max(c for _r, c in sheet.cells) - min_c + 1
        width = left + cols * (box_w + gap_x) - gap_x + 1
        height = top + rows * (box_h + gap_y) - gap_y
        canvas = _Canvas(width, height)

        def pos(cell: int) -> tuple[int, int]:
            r, c = sheet.cells[cell]
            return left + (c - min_c) * (box_w + gap_x), top + (r - min_r) * (box_h + gap_y)

        golden = sheet.golden_cell
        mid = box_w // 2
        # the linking lines (double next to the Golden Card)
        for a, b in sheet.links:
            (xa, ya), (xb, yb) = pos(a), pos(b)
            near_golden = golden in (a, b)
            style = GOLD if near_golden else "dim"
            if ya == yb:
                x0, x1 = min(xa, xb) + box_w, max(xa, xb)
                canvas.put(x0, ya + box_h // 2, ("═" if near_golden else "─") * (x1 - x0), style)
            elif xa == xb:
                for y in range(min(ya, yb) + box_h, max(ya, yb)):
                    canvas.put(xa + mid, y, "║" if near_golden else "│", style)
        # hand letters: before a row's first space, above a column's first space
        for hand in sheet.hands:
            spots = [pos(c) for c in hand.cells]
            if len({y for _x, y in spots}) == 1:
                x, y = min(spots)
                spot = (0 if x == left else x - 1, y + box_h // 2)
            else:
                x, y = min(spots, key=lambda p: p[1])
                spot = (x + mid, y - 1)
            if canvas.chars[spot[1]][spot[0]] == " ":
                canvas.put(spot[0], spot[1], hand.letter, "bold underline")
        # the card spaces
        self._boxes = []
        starts = set(sheet.starts)
        for cell in range(len(sheet.cells)):
            x, y = pos(cell)
            self._boxes.append((x, y, x + box_w, y + box_h, cell))
            card = sheet.golden if cell == golden else written[cell]
            empty = card is None
            start = empty and cell in starts
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
            self._draw_box(canvas, x, y, box_w, tall, kind, style, content, start)
        return canvas.text()

    @staticmethod
    def _draw_box(canvas: _Canvas, x: int, y: int, w: int, tall: bool, kind: str, style: str,
                  content: Text, start: bool) -> None:
        inner = w - 2
        content = content.copy()
        if start and not tall:  # the starting dot shares the one line with the content
            content = Text("•", style="bold") + content if len(content.plain) < inner else content
        content.truncate(inner)
        pad = inner - len(content.plain)
        body = Text(" " * (pad // 2)) + content + Text(" " * (pad - pad // 2))
        if tall:
            tl, tr, bl, br, hz, vt = {
                "golden": "╔╗╚╝═║", "legal": "┏┓┗┛━┃", "cursor": "┏┓┗┛━┃",
            }.get(kind, "┌┐└┘─│")
            canvas.put(x, y, tl + hz * inner + tr, style)
            canvas.put(x, y + 1, vt, style)
            canvas.put_text(x + 1, y + 1, body)
            canvas.put(x + w - 1, y + 1, vt, style)
            canvas.put(x, y + 2, bl + hz * inner + br, style)
            if start:  # printed in the bottom-left corner of the space, as on paper
                canvas.put(x + 1, y + 2, "•", "bold")
            if kind == "cursor":
                canvas.put(x - 1, y + 1, "▶", "bold")
                canvas.put(x + w, y + 1, "◀", "bold")
        else:
            lb, rb = {"golden": "║║", "legal": "┃┃", "cursor": "▶◀"}.get(kind, "[]")
            canvas.put(x, y, lb, style)
            canvas.put_text(x + 1, y, body)
            canvas.put(x + w - 1, y, rb, style)

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


# -- choosing the card -----------------------------------------------------------------------
class ChoicePanel(QuietStatic):
    """The cards the viewer may write now.

    ``show_matrix``: a 4 × 13 grid (suits × values); every reachable card shows its chip cost
    (0 = free), unreachable ones a dot; the selected card is bracketed. ``show_list``: a short row
    of cards (the Golden Deck). Clicking a card posts ``Picked``."""

    DEFAULT_CSS = """
    ChoicePanel { height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    LABEL_W = 4
    COL_W = 3

    class Picked(Message):
        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self._mode = "message"
        self._items: list[tuple[int, int, int, int]] = []  # (y, x0, x1, card) for the list mode
        self._costs: dict[int, int] = {}

    def show_message(self, message: Text | str) -> None:
        self._mode = "message"
        self._items = []
        self.put(message if isinstance(message, Text) else Text(message))

    def show_matrix(self, title: Text, costs: dict[int, int], selected: int | None) -> None:
        self._mode = "matrix"
        self._costs = dict(costs)
        t = Text(no_wrap=True, overflow="crop")
        t.append_text(title)
        t.append("\n" + " " * self.LABEL_W)
        for v in range(1, 14):
            t.append(f"{value_name(v):^{self.COL_W}}", style="bold")
        for suit in range(4):
            t.append("\n")
            t.append(f"{SUIT_SYMBOLS[suit]}{SUIT_LETTERS[suit]}  ", style=SUIT_STYLES[suit])
            for v in range(1, 14):
                c = suit * 13 + v - 1
                cost = costs.get(c)
                if c == selected:
                    t.append(f"[{cost if cost is not None else '·'}]",
                             style=SUIT_STYLES[suit] + " reverse")
                elif cost is None:
                    t.append(" · ", style="dim")
                else:
                    t.append(f" {cost} ", style=SUIT_STYLES[suit] if cost == 0 else "")
        self.put(t)

    def show_list(self, title: Text, cards: list[int], selected: int | None) -> None:
        self._mode = "list"
        t = Text(no_wrap=True, overflow="crop")
        t.append_text(title)
        t.append("\n")
        x = 0
        self._items = []
        for c in cards:
            label = card_text(c)
            chunk = Text("[") + label + Text("]") if c == selected else Text(" ") + label + Text(" ")
            if c == selected:
                chunk.stylize("reverse")
            self._items.append((1 + title.plain.count("\n"), x, x + len(chunk.plain), c))
            t.append_text(chunk)
            t.append(" ")
            x += len(chunk.plain) + 1
        self.put(t)

    def on_click(self, event) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        if self._mode == "matrix":
            suit = y - 2
            col = (x - self.LABEL_W) // self.COL_W
            if 0 <= suit < 4 and x >= self.LABEL_W and 0 <= col < 13:
                self.post_message(self.Picked(suit * 13 + col))
        elif self._mode == "list":
            for iy, x0, x1, c in self._items:
                if iy == y and x0 <= x < x1:
                    self.post_message(self.Picked(c))


# -- the top row: revealed cards, the card being written, the Golden Deck and chips ------------
class TopRow(Horizontal):
    DEFAULT_CSS = """
    TopRow { height: 3; }
    TopRow .caption { width: 9; height: 3; content-align: left middle; text-style: bold;
                      padding-left: 1; }
    TopRow .arrow { width: 3; height: 3; content-align: center middle; }
    TopRow #preview-text { width: 1fr; height: 3; padding-left: 1; content-align: left middle; }
    TopRow #deck-info { width: auto; max-width: 40; height: 3; padding: 0 1;
                        content-align: right middle; }
    """

    def compose(self) -> ComposeResult:
        yield Static("REVEALED", classes="caption", id="revealed-caption")
        yield CardFace(id="revealed-0")
        yield CardFace(id="revealed-1")
        yield Static("→", classes="arrow", id="preview-arrow")
        yield CardFace(id="preview")
        yield QuietStatic(id="preview-text")
        yield QuietStatic(id="deck-info")

    _cards: tuple | None = None

    def show(self, revealed: list[int], preview: int | None, preview_text: Text,
             info: Text) -> None:
        self.query_one("#preview-text", QuietStatic).put(preview_text)
        self.query_one("#deck-info", QuietStatic).put(info)
        if (tuple(revealed), preview) == self._cards:
            return
        self._cards = (tuple(revealed), preview)
        for i in range(2):
            face = self.query_one(f"#revealed-{i}", CardFace)
            if i < len(revealed):
                face.set_card(card_text(revealed[i]), revealed[i], classes={"-blank": False},
                              tooltip=card_label(revealed[i]))
            else:
                face.set_card(Text("·", style="dim"), None, classes={"-blank": True})
        face = self.query_one("#preview", CardFace)
        arrow = self.query_one("#preview-arrow", Static)
        face.display = arrow.display = preview is not None
        if preview is not None:
            face.set_card(card_text(preview), preview, classes={"-legal": True})


def chip_track(available: int, spent: int) -> Text:
    """●●●○○: chips still to spend, then chips already spent (crossed out on paper)."""
    t = Text("chips ", style="bold")
    t.append("●" * available, style="bold yellow")
    t.append("○" * spent, style="dim")
    if not available and not spent:
        t.append("none yet", style="dim")
    else:
        t.append(f" {available} to spend", style="bold")
        if spent:
            t.append(f", {spent} spent", style="dim")
    return t


# -- the hands of one sheet ----------------------------------------------------------------------
def _row(cells: list[tuple[Text | str, int]]) -> Text:
    """One line of a text table: each cell padded (or cut) to its width."""
    out = Text(no_wrap=True, overflow="crop")
    for cell, width in cells:
        t = Text(cell) if isinstance(cell, str) else cell.copy()
        t.truncate(width, pad=True)
        out.append_text(t)
    return out


class HandsPanel(QuietStatic):
    """Each hand of a sheet: letter, chip icon, bonus, its cards so far and its best category.

    Only for a sheet the viewer may see (their own, or anyone's once the game is over)."""

    DEFAULT_CSS = """
    HandsPanel { height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """

    def show(self, sheet_id: str, written: list, completed: list[str], first_round: dict,
             best: dict[str, bool] | None = None, title: str = "cards") -> None:
        from .poker import evaluate

        sheet = get_sheet(sheet_id)
        short = (self.size.width or 80) < 60
        widths = (5, 6, 5, 21, 14) if short else (5, 8, 6, max(len(title) + 1, 21), 18)
        if short:
            title = "cards"
        lines = [_row([(Text(h, style="bold"), w) for h, w in zip(
            ("hand", "chips", "bon." if short else "bonus", title,
             "best so far" if best is None else "scores"),
            widths)])]
        for hand in sheet.hands:
            done = hand.letter in completed
            letter = Text(hand.letter, style="bold")
            letter.append(" ✓" if done else "", style="bold green")
            icon = Text(icon_text(hand.icon))
            if hand.letter in first_round and not done:
                left = 1 if hand.icon == 2 else 0
                icon = Text(icon_text(hand.icon), style="dim strike")
                icon.append(f"→{left}", style="dim")
            cards = Text()
            for cell in hand.cells:
                if cell == sheet.golden_cell:
                    cards.append_text(card_text(sheet.golden, "★"))
                elif written[cell] is not None:
                    cards.append_text(card_text(written[cell]))
                else:
                    cards.append("·", style="dim")
                cards.append(" ")
            ev = evaluate(hand_cards(sheet, written, hand))
            name = (SHORT_NAMES if short else CATEGORY_NAMES)[ev.category]
            cat = Text(f"{name} {ev.points}" if ev.points else "—",
                       style="bold" if ev.points else "dim")
            bonus = Text(f" +{hand.bonus}")
            if best is not None and best.get(hand.letter):
                bonus = Text(f"★+{hand.bonus}", style="bold yellow")
                cat.append(" ★", style="bold yellow")
            lines.append(_row([(letter, widths[0]), (icon, widths[1]), (bonus, widths[2]),
                               (cards, widths[3]), (cat, widths[4])]))
        self.put(Text("\n", no_wrap=True).join(lines))


# -- the public table ------------------------------------------------------------------------
class TablePanel(QuietStatic):
    """Every player's public information: sheet, declared hands, chips won, writing or done."""

    DEFAULT_CSS = """
    TablePanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2;
                 text-wrap: nowrap; text-overflow: clip; }
    """

    def show(self, view: dict, names: list[str], viewer: int | None,
             shown_seat: int | None = None) -> None:
        to_act = set(view["to_act"])
        phase = view["phase"]
        name_w = max(len(n) for n in names) + 10
        done_w = max([12] + [2 * len(p["completed"]) + 1 for p in view["players"]])
        widths = (name_w, 7, done_w, 11, 16)
        lines = [_row([(Text(h, style="bold"), w) for h, w in zip(
            ("player", "sheet", "hands done", "chips won", ""), widths)])]
        for seat, (name, p) in enumerate(zip(names, view["players"])):
            acting = seat in to_act
            label = Text(("▶ " if acting else "  ") + name, style="bold")
            if seat == viewer:
                label.append(" (you)", style="italic")
            if phase == "over" and seat == shown_seat:
                label.append(" ◀", style="bold reverse")
            hands = Text(" ".join(p["completed"]) or "—", style="bold" if p["completed"] else "dim")
            if phase == "over":
                status = Text(f"key {seat + 1}: sheet", style="dim")
            elif phase == "golden":
                if seat in view["pickers"]:
                    status = Text("picking ★…" if acting else "✓ picked",
                                  style="italic" if acting else "")
                else:
                    status = Text("waiting", style="dim")
            else:
                status = Text("writing…", style="italic") if acting else Text("✓ written")
            sheet = get_sheet(p["sheet"])
            lines.append(_row([(label, widths[0]), (card_text(sheet.golden), widths[1]),
                               (hands, widths[2]), (f"{p['chips_won']:>9}  ", widths[3]),
                               (status, widths[4])]))
        self.put(Text("\n", no_wrap=True).join(lines))


class PromptBar(QuietStatic):
    """One line saying what to do now; clickable when it offers a single action (skip)."""

    DEFAULT_CSS = """
    PromptBar { height: 1; padding: 0 1; background: $boost; text-wrap: nowrap;
                text-overflow: ellipsis; }
    """

    class Clicked(Message):
        pass

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked())
