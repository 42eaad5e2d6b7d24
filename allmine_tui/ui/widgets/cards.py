"""Card faces and backs shared by every game.

A ``CardFace`` is a small widget of fixed size with a bordered label (e.g. "▲M12★"); it posts
``CardFace.Clicked`` when clicked. It draws its border and its state (legal, dim, under the cursor,
winning, blank) in its own content rather than through CSS classes: a new state is then a content
update of one fixed-size widget (no style sheet to apply, no layout pass), which keeps a cursor key
within a frame. ``backs`` draws a splayed pile of card backs as text. Colour is only ever a second
cue: every label carries a symbol and a letter, and the cursor and the winner have borders of their
own shape.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.color import Color
from .draw import set_tooltip
from .lines import TextLines, joined
from .player_input import PlayerInput

BOXES = {
    "round": "╭─╮│╰─╯",
    "heavy": "┏━┓┃┗━┛",
    "double": "╔═╗║╚═╝",
}


@dataclass(frozen=True)
class Look:
    """How a card face is drawn: its border's shape and colour (a theme variable, with an
    opacity), the background inside (or none), and the label's emphasis."""

    box: str = "round"
    border: tuple[str, float] = ("foreground", 0.4)
    background: tuple[str, float] | None = None
    bold: bool = True
    dim: bool = False
    muted: bool = False


#: the states a card can be in, and their looks; when several apply, the last listed wins
#: (as the CSS cascade of the earlier version did)
STATES: dict[str, Look] = {
    "-dim": Look(border=("foreground", 0.15), bold=False, dim=True),
    "-legal": Look(border=("success", 1.0)),
    "-cursor": Look(box="heavy", border=("accent", 1.0), background=("accent", 0.25)),
    "-hint": Look(box="double", border=("success", 1.0)),  # the coach's pick
    "-winning": Look(box="double", border=("warning", 1.0)),
    "-blank": Look(border=("foreground", 0.15), bold=False, muted=True),
}


def theme_colour(app, name: str, alpha: float = 1.0) -> Color:
    """A theme colour (``name`` as in CSS without the $) at ``alpha`` over the screen's
    background, as an opaque colour."""
    cache = app.__dict__.setdefault("_card_colours", {})
    key = (app.theme, name, alpha)
    colour = cache.get(key)
    if colour is None:
        variables = app.get_css_variables()
        base = Color.parse(variables.get("surface", variables.get("background", "#000000")))
        raw, *rest = (variables.get(name) or "foreground").split()
        if rest and rest[0].endswith("%"):  # e.g. "auto 60%"
            alpha *= float(rest[0][:-1]) / 100
        if raw == "auto" or raw not in variables and not raw.startswith("#"):
            raw = variables.get("foreground", "#e0e0e0")
        colour = base.blend(Color.parse(raw), alpha)
        cache[key] = colour
    return colour


def look_of(classes: dict[str, bool] | None) -> Look:
    """The look of a card in the given states: as with CSS rules of equal weight, the state
    listed last in STATES sets the border; the background comes from the last state that has
    one; any state that drops the bold, dims or mutes the label does so."""
    on = [STATES[name] for name in STATES if (classes or {}).get(name)]
    if not on:
        return Look()
    last = on[-1]
    background = next((s.background for s in reversed(on) if s.background is not None), None)
    return Look(box=last.box, border=last.border, background=background,
                bold=all(s.bold for s in on), dim=any(s.dim for s in on),
                muted=any(s.muted for s in on))


def boxed(app, label: Text, width: int, height: int, look: Look, *, align: str = "center",
          title: str = "", subtitle: str = "") -> Text:
    """``label`` inside a border of ``look``, ``width`` × ``height`` cells in all (a title and a
    subtitle in the top and bottom edges, as Textual draws ``border_title``)."""
    tl, h, tr, v, bl, bh, br = tuple(BOXES[look.box])
    border = Style(color=theme_colour(app, *look.border).rich_color)
    base = Style(bold=look.bold, dim=look.dim)
    if look.muted:
        base += Style(color=theme_colour(app, "text-muted").rich_color)
    if look.background is not None:
        bg = Style(bgcolor=theme_colour(app, *look.background).rich_color)
        border += bg
        base += bg
    inner_w, inner_h = width - 2, height - 2
    rows = label.split("\n", allow_blank=True)[:inner_h] if label.plain else []
    top = (inner_h - len(rows)) // 2 if align == "center" else 0
    out = Text()
    out.append(_edge(tl, h, tr, inner_w, title), style=border)
    for i in range(inner_h):
        out.append("\n")
        out.append(v, style=border)
        k = i - top
        row = rows[k].copy() if 0 <= k < len(rows) else Text("")
        row.truncate(inner_w, overflow="ellipsis")
        pad = inner_w - row.cell_len
        left = pad // 2 if align == "center" else 0
        cell = Text(" " * left, style=base)  # the base first: the label's own colours win
        cell.append_text(row)
        cell.append(" " * (pad - left))
        out.append_text(cell)
        out.append(v, style=border)
    out.append("\n")
    out.append(_edge(bl, bh, br, inner_w, subtitle), style=border)
    return out


def _edge(left: str, line: str, right: str, inner: int, title: str) -> str:
    if title and len(title) + 2 <= inner:
        return f"{left} {title} {line * (inner - len(title) - 2)}{right}"
    return f"{left}{line * inner}{right}"


_FACES: dict[tuple, list[Text]] = {}


def face_lines(app, label: Text, classes: dict[str, bool] | None = None, *, width: int = 7,
               height: int = 3, look: Look | None = None) -> list[Text]:
    """A card face as ``height`` lines of ``width`` cells (kept: the same face is built once)."""
    look = look or look_of(classes)
    key = (label.plain, tuple(label.spans), str(label.style), look, width, height, app.theme)
    lines = _FACES.get(key)
    if lines is None:
        if len(_FACES) > 2048:
            _FACES.clear()
        lines = _FACES[key] = list(boxed(app, label, width, height, look).split("\n"))
    return lines


_BLANKS: dict[tuple[int, int], list[Text]] = {}


def blank_lines(width: int = 7, height: int = 3) -> list[Text]:
    """An empty place of a card's size (the same lines each time: never change them)."""
    lines = _BLANKS.get((width, height))
    if lines is None:
        lines = _BLANKS[(width, height)] = [Text(" " * width) for _ in range(height)]
    return lines


_GAPS: dict[str, Text] = {}


def _gap(text: str) -> Text:
    """The text between two cards (the same text each time: it is cut once)."""
    gap = _GAPS.get(text)
    if gap is None:
        gap = _GAPS[text] = Text(text)
    return gap


class CardRow(TextLines):
    """A row of card faces drawn as one widget (three lines of text), with ``gap`` columns
    between cards (``separator``: what the middle line shows in a gap, e.g. ">"). A click on a
    card posts ``CardRow.Clicked`` with its index and value; the tooltip follows the mouse from
    card to card."""

    DEFAULT_CSS = """
    CardRow { height: 3; width: 1fr; }
    """
    CARD_W = 7

    class Clicked(PlayerInput):
        def __init__(self, row: "CardRow", index: int, value: object) -> None:
            super().__init__()
            self.row, self.index, self.value = row, index, value

    def __init__(self, gap: int = 0, separator: str = " ", **kwargs) -> None:
        super().__init__("", **kwargs)
        self.gap = gap
        self.separator = separator
        self.values: list[object] = []
        self.tooltips: list[str | None] = []

    def set_cards(self, cards: list[tuple[Text, object, dict[str, bool]] | None],
                  tooltips: list[str | None] | None = None) -> None:
        """``cards``: (label, value, states) per place, or None for an empty place."""
        app = self.app
        faces = [face_lines(app, c[0], c[2], width=self.CARD_W) if c is not None
                 else blank_lines(self.CARD_W) for c in cards]
        self.values = [c[1] if c is not None else None for c in cards]
        self.tooltips = list(tooltips or [None] * len(cards))
        # the row's lines for these faces, kept: a cursor goes back and forth between a few
        key = tuple(id(face) for face in faces)
        memo = self.__dict__.setdefault("_rows", {})
        hit = memo.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], faces)):
            self.set_lines(hit[1])
            return
        lines: list[Text] = []
        for y in range(3):
            parts: list[Text] = []
            for i, face in enumerate(faces):
                if i and self.gap:
                    mark = self.separator if y == 1 and cards[i] is not None else " "
                    parts.append(_gap(mark.center(self.gap)))
                parts.append(face[y])
            lines.append(joined(parts))  # (drawn from the faces' own strips, kept)
        if len(memo) > 32:
            memo.clear()
        memo[key] = (faces, lines)
        self.set_lines(lines)

    def index_at(self, x: int) -> int | None:
        step = self.CARD_W + self.gap
        i, within = divmod(x, step)
        if within >= self.CARD_W or not 0 <= i < len(self.values):
            return None
        return i

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        i = self.index_at(offset.x) if offset is not None else None
        if i is not None and self.values[i] is not None:
            event.stop()
            self.post_message(self.Clicked(self, i, self.values[i]))

    def hover_tooltip(self, x: int, y: int) -> str | None:
        """A mark's meaning, else the card under the mouse's own tooltip."""
        mark = self.mark_at(x, y)
        if mark is not None:
            return mark
        i = self.index_at(x)
        return self.tooltips[i] if i is not None and i < len(self.tooltips) else None

    def on_mouse_move(self, event) -> None:
        offset = event.get_content_offset(self)
        tip = self.hover_tooltip(offset.x, offset.y) if offset is not None else None
        set_tooltip(self, tip)


class CardFace(TextLines):
    DEFAULT_CSS = """
    CardFace { width: 7; height: 3; margin: 0 0 0 0; }
    """
    #: how the label sits inside the border ("center": middle of the card; "top": first line)
    ALIGN = "center"

    class Clicked(PlayerInput):
        def __init__(self, card: "CardFace") -> None:
            super().__init__()
            self.card = card

    def __init__(self, label: str | Text = "", value: object = None, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.value = value
        self._initial = Text(label) if isinstance(label, str) else label
        self._face: tuple | None = None

    def on_mount(self) -> None:
        if self._face is None and self._initial.plain:
            self.set_card(self._initial, self.value)

    def look(self, classes: dict[str, bool]) -> Look:
        return look_of(classes)

    def set_card(self, label: str | Text, value: object, *, classes: dict[str, bool] | None = None,
                 tooltip: str | None = None, title: str = "", subtitle: str = "") -> None:
        """Show a card in the given states; only a face that differs from the one shown is
        drawn again."""
        self.value = value
        label = Text(label) if isinstance(label, str) else label
        on = tuple(sorted(name for name, flag in (classes or {}).items() if flag))
        size = (self.styles.width, self.styles.height)
        face = (label.plain, tuple(label.spans), str(label.style), on, title, subtitle, size,
                self.app.theme)
        if face != self._face:
            self._face = face
            width = int(self.styles.width.value) if self.styles.width else 7
            height = int(self.styles.height.value) if self.styles.height else 3
            look = self.look({name: True for name in on})
            self.set_text(boxed(self.app, label, width, height, look, align=self.ALIGN,
                                title=title, subtitle=subtitle))
        set_tooltip(self, tooltip)

    def clear(self) -> None:
        """An empty place: nothing drawn, nothing to click."""
        self.value = None
        if self._face != ():
            self._face = ()
            self.set_text("")
        set_tooltip(self, None)

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked(self))


def backs(count: int, style: str = "", glyph: str = "▮") -> Text:
    """A splayed pile of ``count`` card backs, e.g. ▮▮▮▮."""
    return Text(glyph * count, style=style)
