"""Small widgets and text helpers of the All In table: cards as text, the card chooser, the top
row (revealed cards, the card being written, chips and the Golden Deck) and the prompt line.

The sheet is in ``sheet_widget``, the hands and the public table in ``panels``. They draw views
only (the dict ``RULES.view`` gives a seat, plus what the screen derives from it); no game state
lives here. Colour is never the only cue: every card carries its suit symbol, legal spaces a
heavy border and a "+", the cursor a ▶◀ pair or brackets, the Golden Card ★ and a double border.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ...ui.widgets.cards import CardFace
from .cards import SUIT_LETTERS, SUIT_SYMBOLS, is_joker, suit_of, value_name, value_of
from ...ui.widgets.player_input import PlayerInput

SUIT_STYLES = ("bold", "bold red", "bold bright_blue", "bold green")
GOLD = "bold yellow"
LEGAL = "bold green"


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


# -- choosing the card -----------------------------------------------------------------------
class ChoicePanel(QuietStatic):
    """The cards the viewer may write now, always 5 lines high (nothing below it moves).

    ``show_matrix``: a 4 × 13 grid (suits × values); every card the viewer can make shows its chip
    cost (0 = free), the others a dot; the card under the cursor is bracketed (reversed while the
    grid has the keyboard). ``show_list``: a row of cards (the Golden Deck) and "no card".
    Clicking a card posts ``Picked`` (``card`` None: "no card")."""

    DEFAULT_CSS = """
    ChoicePanel { height: 5; padding: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """
    LABEL_W = 5
    COL_W = 3
    NO_CARD = "✗ no card"

    class Picked(PlayerInput):
        def __init__(self, card: int | None) -> None:
            super().__init__()
            self.card = card

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self._mode = "message"
        self._items: list[tuple[int, int, int, int | None]] = []  # (y, x0, x1, card) in a list

    def show_message(self, message: Text | str) -> None:
        self._mode = "message"
        self._items = []
        self.put(message if isinstance(message, Text) else Text(message))

    def show_matrix(self, costs: dict[int, int], cursor: int | None, active: bool,
                    label: str = "CARD") -> None:
        self._mode = "matrix"
        t = Text(no_wrap=True, overflow="crop")
        t.append(f"{label:<{self.LABEL_W - 1}}", style="bold reverse" if active else "bold")
        t.append(" ")
        for v in range(1, 14):
            t.append(f"{value_name(v):^{self.COL_W}}", style="bold")
        for suit in range(4):
            t.append("\n")
            t.append(f"{SUIT_SYMBOLS[suit]}{SUIT_LETTERS[suit]}".ljust(self.LABEL_W),
                     style=SUIT_STYLES[suit])
            for v in range(1, 14):
                c = suit * 13 + v - 1
                cost = costs.get(c)
                shown = "·" if cost is None else str(cost)
                if c == cursor:
                    t.append(f"[{shown}]", style=SUIT_STYLES[suit] + (" reverse" if active else
                                                                     " underline"))
                elif cost is None:
                    t.append(" · ", style="dim")
                else:
                    t.append(f" {cost} ", style=SUIT_STYLES[suit] if cost == 0 else "")
        self.put(t)

    def show_list(self, title: Text, cards: list[int | None], cursor: int | None,
                  active: bool, note: Text | None = None) -> None:
        """``cards``: the choices in order, None for "no card"; ``cursor``: the one under it."""
        self._mode = "list"
        t = Text(no_wrap=True, overflow="crop")
        t.append_text(title)
        t.append("\n")
        x = 0
        self._items = []
        for c in cards:
            label = Text(self.NO_CARD) if c is None else card_text(c)
            if c == cursor:
                chunk = Text("[") + label + Text("]")
                chunk.stylize("reverse" if active else "underline")
            else:
                chunk = Text(" ") + label + Text(" ")
            self._items.append((1, x, x + len(chunk.plain), c))
            t.append_text(chunk)
            t.append(" ")
            x += len(chunk.plain) + 1
        if note is not None:
            t.append("\n")
            t.append_text(note)
        self.put(t)

    def on_click(self, event) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        if self._mode == "matrix":
            suit = y - 1
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
        # the card being written keeps its place when there is none (nothing beside it moves)
        face = self.query_one("#preview", CardFace)
        if preview is None:
            face.set_card(Text(" "), None, classes={"-legal": False, "-blank": True})
        else:
            face.set_card(card_text(preview), preview, classes={"-legal": True, "-blank": False})


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


class PromptBar(QuietStatic):
    """One line saying what to do now; clickable when it offers a single action (skip)."""

    DEFAULT_CSS = """
    PromptBar { height: 1; padding: 0 1; background: $boost; text-wrap: nowrap;
                text-overflow: ellipsis; }
    """

    class Clicked(PlayerInput):
        pass

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked())
