"""Small widgets and text helpers of the All In table: cards as text, the card chooser, the top
row (revealed cards, the card being written, chips and the Golden Deck) and the prompt line.

The sheet is in ``sheet_widget``, the hands and the public table in ``panels``. They draw views
only (the dict ``RULES.view`` gives a seat, plus what the screen derives from it); no game state
lives here. Each is one line widget (``TextLines``) of a fixed height: a new text repaints the
lines that changed and never causes a layout pass. Colour is never the only cue: every card
carries its suit symbol, legal spaces a heavy border and a "+", the cursor a ▶◀ pair or brackets,
the Golden Card ★ and a double border, the cards just revealed and the card written last "new".
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable

from rich.text import Text

from ...ui.widgets.cards import Look, blank_lines, boxed
from ...ui.widgets.lines import TextLines, joined, split_lines
from ...ui.widgets.player_input import PlayerInput
from .cards import SUIT_LETTERS, SUIT_SYMBOLS, is_joker, suit_of, value_name, value_of

SUIT_STYLES = ("bold", "bold red", "bold bright_blue", "bold green")
GOLD = "bold yellow"
LEGAL = "bold green"


def fit(text: Text | str, width: int, pad: bool = True) -> Text:
    """``text`` as one line of ``width`` cells: cut with … (and padded, unless ``pad`` is
    False)."""
    t = Text(text) if isinstance(text, str) else text.copy()
    t.truncate(max(0, width), overflow="ellipsis", pad=pad)
    return t


def lines_of(text: Text | str, height: int, width: int, pad: bool = True) -> list[Text]:
    """``text`` as exactly ``height`` lines of at most ``width`` cells (never wrapped: cut with
    …)."""
    t = Text(text) if isinstance(text, str) else text
    rows = list(t.split("\n", allow_blank=True)) if t.plain else []
    rows = rows[:height] + [Text("")] * (height - len(rows[:height]))
    return [fit(row, width, pad) for row in rows]


class MemoLines(TextLines):
    """A line widget that keeps the texts it drew last, by what they were drawn from: a cursor
    that goes back to where it was redraws from memory, and a text shown again is not split
    into lines again."""

    MEMO = 64

    def _kept(self, name: str, key: object, build: Callable[[], object]):
        """What ``build`` made for ``key``, kept in the memo ``name`` (the last ``MEMO``)."""
        memo = self.__dict__.setdefault(name, OrderedDict())
        made = memo.get(key)
        if made is None:
            made = memo[key] = build()
            if len(memo) > self.MEMO:
                memo.popitem(last=False)
        else:
            memo.move_to_end(key)
        return made

    def memo_text(self, key: object, build: Callable[[], Text]) -> bool:
        """Show the text for ``key`` (built by ``build`` the first time); returns whether
        anything changed on screen."""
        return self.set_text(self._kept("_memo", key, build))

    def memo_lines(self, key: object, build: Callable[[], list[Text]]) -> bool:
        """``memo_text`` for a text built line by line: its lines are shown as they are (never
        joined into one text and split again)."""
        return self.set_lines(self._kept("_memo_lines", key, build))


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
class ChoicePanel(MemoLines):
    """The cards the viewer may write now, always 5 lines high (nothing below it moves).

    ``show_matrix``: a 4 × 13 grid (suits × values); every card the viewer can make shows its chip
    cost (0 = free), the others a dot; the card under the cursor is bracketed (reversed while the
    grid has the keyboard). ``show_list``: a row of cards (the Golden Deck) and "no card".
    Clicking a card posts ``Picked`` (``card`` None: "no card")."""

    DEFAULT_CSS = """
    ChoicePanel { height: 5; padding: 0 1; }
    """
    HEIGHT = 5
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
        message = Text(message) if isinstance(message, str) else message
        self.set_lines(lines_of(message, self.HEIGHT, self._width(), pad=False))

    def _width(self) -> int:
        return max(1, self.content_size.width or 44)

    def show_matrix(self, costs: dict[int, int], cursor: int | None, active: bool,
                    label: str = "CARD") -> None:
        self._mode = "matrix"
        key = ("matrix", tuple(sorted(costs.items())), cursor, active, label)
        self.memo_text(key, lambda: self._matrix(costs, cursor, active, label))

    def _matrix(self, costs: dict[int, int], cursor: int | None, active: bool,
                label: str) -> Text:
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
        return t

    def show_list(self, title: Text, cards: list[int | None], cursor: int | None,
                  active: bool, note: Text | None = None) -> None:
        """``cards``: the choices in order, None for "no card"; ``cursor``: the one under it.
        The choices take a second line when one is not enough."""
        self._mode = "list"
        width = self._width()
        rows: list[Text] = [Text(no_wrap=True, overflow="crop")]
        x = 0
        self._items = []
        for c in cards:
            label = Text(self.NO_CARD) if c is None else card_text(c)
            if c == cursor:
                chunk = Text("[") + label + Text("]")
                chunk.stylize("reverse" if active else "underline")
            else:
                chunk = Text(" ") + label + Text(" ")
            w = len(chunk.plain)
            if x and x + w > width and len(rows) < self.HEIGHT - 2:
                rows.append(Text(no_wrap=True, overflow="crop"))
                x = 0
            self._items.append((len(rows), x, x + w, c))
            rows[-1].append_text(chunk)
            rows[-1].append(" ")
            x += w + 1
        lines = [title] + rows + ([note] if note is not None else [])
        self.set_lines(lines)

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
CAPTION_W = 10
CARD_W = 7
ARROW_W = 3
INFO_W = 26
NEW_LOOK = Look(box="heavy", border=("warning", 1.0))
LEGAL_LOOK = Look(border=("success", 1.0))
BLANK_LOOK = Look(border=("foreground", 0.15), bold=False, muted=True)


_FACES: dict[tuple, list[Text]] = {}


class TopRow(MemoLines):
    """Three lines: the two revealed cards ("new" in their top edge until the viewer writes),
    the card being written, what writing it would do, and the viewer's chips and the Golden
    Deck (right)."""

    DEFAULT_CSS = """
    TopRow { height: 3; width: 1fr; }
    """

    def _face(self, card: int | None, look: Look, title: str = "") -> list[Text]:
        key = (card, look, title, self.app.theme)
        face = _FACES.get(key)
        if face is None:
            if card is None:
                face = list(boxed(self.app, Text("·", style="dim"), CARD_W, 3, look).split("\n"))
            else:
                face = list(boxed(self.app, card_text(card), CARD_W, 3, look,
                                  title=title).split("\n"))
            if len(_FACES) > 1024:
                _FACES.clear()
            _FACES[key] = face
        return face

    def show(self, revealed: list[int], new: bool, preview: int | None, preview_text: Text,
             info: Text, width: int) -> None:
        key = (tuple(revealed), new, preview, preview_text.plain, tuple(preview_text.spans),
               str(preview_text.style), info.plain, tuple(info.spans), width)
        self.memo_lines(key, lambda: self._build(revealed, new, preview, preview_text, info,
                                                 width))

    def _build(self, revealed: list[int], new: bool, preview: int | None, preview_text: Text,
               info: Text, width: int) -> list[Text]:
        faces = []
        for i in range(2):
            if i < len(revealed):
                faces.append(self._face(revealed[i], NEW_LOOK if new else Look(),
                                        "new" if new else ""))
            else:
                faces.append(self._face(None, BLANK_LOOK))
        # the card being written keeps its place when there is none (nothing beside it moves)
        chosen = blank_lines(CARD_W) if preview is None else self._face(preview, LEGAL_LOOK)
        text_w = max(8, width - CAPTION_W - 2 * CARD_W - ARROW_W - CARD_W - 1 - INFO_W - 1)
        texts = lines_of(preview_text, 3, text_w)
        infos = lines_of(info, 3, INFO_W)
        caption = _CAPTIONS
        out: list[Text] = []
        for y in range(3):
            info_line = infos[y]
            info_line.rstrip()
            # drawn from its parts' strips, each kept (see ``joined``): the faces come back
            out.append(joined([caption[y], faces[0][y], faces[1][y],
                               _ARROW if y == 1 and preview is not None else _NO_ARROW,
                               chosen[y], _SPACE, texts[y],
                               Text(" " * (INFO_W - info_line.cell_len)), info_line]))
        return out


_CAPTIONS = [fit(Text(""), CAPTION_W), fit(Text(" REVEALED", style="bold"), CAPTION_W),
             fit(Text(""), CAPTION_W)]
_ARROW, _NO_ARROW, _SPACE = Text(" → "), Text("   "), Text(" ")


def chip_track(available: int, spent: int, over: bool = False) -> Text:
    """●●●○○: chips still to spend, then chips already spent (crossed out on paper); the words
    say it too ("2 left" / at the end "2 unused", as the results count them)."""
    t = Text("chips ", style="bold")
    if not available and not spent:
        t.append("none won yet", style="dim")
        return t
    if available + spent <= 10:
        t.append("●" * available, style="bold yellow")
        t.append("○" * spent, style="dim")
        t.append(" ")
    t.append(f"{available} {'unused' if over else 'left'}", style="bold")
    if available + spent > 10 and spent:
        t.append(f", {spent} spent", style="dim")
    return t


class PromptBar(TextLines):
    """One line saying what to do now; clickable when it offers a single action (skip)."""

    DEFAULT_CSS = """
    PromptBar { height: 1; width: 1fr; padding: 0 1; background: $boost; }
    """

    class Clicked(PlayerInput):
        pass

    def put(self, text: Text) -> None:
        self.set_text(fit(text, max(1, self.content_size.width or 98), pad=False))

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked())
