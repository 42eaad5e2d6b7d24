"""The hand of the Mine, All Mine! table: every ship card drawn in one line widget (``HandRow``),
with a click map for its options and a window that follows the cursor when the cards do not all
fit. A cursor key redraws only the cards whose lines changed."""
from __future__ import annotations

from rich.text import Text
from textual.geometry import Region

from ...ui.widgets.cards import Look, boxed
from ...ui.widgets.draw import set_tooltip
from ...ui.widgets.lines import TextLines, _line_key
from ...ui.widgets.player_input import PlayerInput
from .data import load_ships, ship_of
from .labels import option_label

CARD_H = 6
CARD_MIN_W = 19
CAPTION_W = 8  # the hand's caption column ("ANN", "◀ 2")
MORE_W = 4  # the column after the last card shown when more cards follow (" 3 ▶")


def card_width(number: int, mode: str) -> int:
    """Wide enough for every option's line whole (the mark, the label, the border)."""
    k = 2 if mode == "beginner" else 4
    longest = max(len(option_label(number, o, mode)) for o in range(k))
    return max(CARD_MIN_W, longest + 2 + 2)


def card_look(in_fleet: bool, cursor: bool) -> Look:
    """In the fleet: green, with a heavy border under the cursor; else as any card."""
    if in_fleet:
        if cursor:
            return Look(box="heavy", border=("accent", 1.0), background=("success", 0.35),
                        bold=False)
        return Look(border=("success", 1.0), background=("success", 0.15), bold=False)
    if cursor:
        return Look(box="heavy", border=("accent", 1.0), background=("accent", 0.25),
                    bold=False)
    return Look(bold=False)


_FACES: dict[tuple, list[Text]] = {}


def ship_face(app, number: int, mode: str, chosen: int | None, cursor_option: int | None,
              cursor: bool, hinted: int | None = None) -> list[Text]:
    """One ship card as ``CARD_H`` lines: its number on the top edge (▶ #n ◀ under the cursor),
    an option a line (✔ the one in the fleet, ▶ the cursor's, ☆ the coach's pick after a hint),
    "in fleet" on the bottom edge."""
    key = (number, mode, chosen, cursor_option if cursor else None, cursor, hinted, app.theme)
    lines = _FACES.get(key)
    if lines is not None:
        return lines
    k = 2 if mode == "beginner" else 4
    t = Text()
    for o in range(k):
        style, mark = "", "  "
        if chosen == o:
            style, mark = "bold reverse green", "✔ "
        elif chosen is not None:
            style = "dim"
        if cursor and cursor_option == o:
            style = (style + " underline bold").strip()
            mark = "▶ " if chosen != o else "✔ "
        elif hinted == o and chosen != o:
            mark = "☆ "
        t.append(f"{mark}{option_label(number, o, mode)}", style=style)
        if o < k - 1:
            t.append("\n")
    width = card_width(number, mode)
    face = boxed(app, t, width, CARD_H, card_look(chosen is not None, cursor), align="top",
                 title=f"▶ #{number} ◀" if cursor else f"#{number}",
                 subtitle="in fleet" if chosen is not None else "")
    if len(_FACES) > 512:
        _FACES.clear()
    lines = _FACES[key] = list(face.split("\n"))
    return lines


def card_tooltip(number: int, mode: str) -> str:
    card = load_ships()[number]
    if mode == "beginner":
        return f"Card {number}"
    return f"Card {number}. Action: {card.action.name}: {card.action.text}"


def hand_window(widths: list[int], cursor: int | None, first: int, room: int) -> tuple[int, int]:
    """Which cards to draw, ``[first, end)``, in ``room`` columns: the window moves only when
    the cursor would leave it."""
    n = len(widths)
    if not n:
        return 0, 0
    first = max(0, min(first, n - 1))
    if cursor is not None:
        first = min(first, cursor)

    def end_from(start: int) -> int:
        used, end = 0, start
        while end < n:
            more = MORE_W if end + 1 < n else 0
            if used + widths[end] + more > room and end > start:
                break
            used += widths[end]
            end += 1
        return end

    end = end_from(first)
    while cursor is not None and cursor >= end and first < cursor:
        first += 1
        end = end_from(first)
    # no empty room on the right while cards are hidden on the left
    while first > 0 and sum(widths[first - 1:end]) + (MORE_W if end < n else 0) <= room:
        first -= 1
    return first, end_from(first)


class HandRow(TextLines):
    """The viewer's ship cards, drawn in one widget: the caption, then as many cards as fit,
    from the one the window starts at (◀ and ▶ say how many more there are either side). A
    click on an option of a card posts ``OptionClicked``; the tooltip follows the mouse."""

    # (the coach's outline is drawn over a widget's outer cells: while it points at a part, the
    # part gets a row of room above and below, so nothing of it is hidden under the outline)
    DEFAULT_CSS = """
    HandRow { height: 6; width: 1fr; padding: 0 1; }
    HandRow.-coach-target { height: 8; padding: 1 1; }
    """

    class OptionClicked(PlayerInput):
        def __init__(self, card: int, option: int) -> None:
            super().__init__()
            self.card, self.option = card, option

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.first = 0
        self.spans: list[tuple[int, int, int]] = []  # (x0, x1, card number)
        self.mode = "standard"
        self.cards: list[int] = []
        self._drawn: tuple | None = None  # what each column shows: (caption, faces, more)
        self._joined: Text | None = None

    @property
    def content(self) -> Text:
        """The text shown (joined only when asked: a cursor key sets the lines alone)."""
        if self._joined is None:
            self._joined = Text("\n").join(self._lines)
        return self._joined

    def _put(self, lines: list[Text], drawn: tuple) -> None:
        """Show ``lines`` (``CARD_H`` of them, a fixed height: never a layout pass); only the
        columns of the cards whose face changed are repainted when the window stayed."""
        old = self._drawn
        self._drawn = drawn
        self._lines = lines
        self._keys = [_line_key(line) for line in lines]
        self._shown_key = None  # (shown line by line, not through set_text)
        self._extent = (len(lines), max((line.cell_len for line in lines), default=0))
        self._joined = None
        width = self.size.width
        if not width:
            self.refresh()
            return
        if old is None or old[0] != drawn[0] or old[2] != drawn[2] or len(old[1]) != len(drawn[1]):
            self.refresh(Region(0, 0, width, CARD_H))
            return
        x, x0, x1 = CAPTION_W, -1, -1
        for (a, wa), (b, _wb) in zip(old[1], drawn[1]):
            if a is not b:
                x0 = x if x0 < 0 else x0
                x1 = x + wa
            x += wa
        if x0 >= 0:
            self.refresh(Region(x0, 0, x1 - x0, CARD_H))

    def room(self) -> int:
        """Columns for the cards: the screen's width (the hand spans it) less the padding and
        the caption (known before the first layout, and at once after a resize)."""
        return max(CARD_MIN_W, self.app.size.width - 2 - CAPTION_W)

    def show(self, hand: list[int], mode: str, chosen: dict[int, int], cursor: int | None,
             cursor_option: int, caption: str, hinted: dict[int, int] | None = None) -> None:
        """``chosen``: card -> option of the cards in the viewer's fleet; ``cursor``: the index
        of the card under the cursor (None: no decision on screen); ``hinted``: card -> option
        of the fleet the coach would launch (after a hint), marked ☆."""
        hinted = hinted or {}
        self.mode, self.cards = mode, list(hand)
        widths = [card_width(c, mode) for c in hand]
        first, end = hand_window(widths, cursor, self.first, self.room())
        self.first = first
        app = self.app
        faces = [ship_face(app, c, mode, chosen.get(c), cursor_option, i == cursor,
                           hinted.get(c))
                 for i, c in enumerate(hand[first:end], start=first)]
        x = CAPTION_W
        self.spans = []
        for c in hand[first:end]:
            w = card_width(c, mode)
            self.spans.append((x, x + w, c))
            x += w
        drawn = ((caption, first, bool(hand)), tuple(zip(faces, widths[first:end])),
                 len(hand) - end)
        old = self._drawn
        if old is not None and old[0] == drawn[0] and old[2] == drawn[2] and \
                len(old[1]) == len(drawn[1]) and all(a is b for (a, _), (b, _) in
                                                      zip(old[1], drawn[1])):
            return  # the same faces (kept: identical when drawn alike) in the same places
        lines = []
        for y in range(CARD_H):
            line = Text()
            if y == 1:
                line.append(f"{caption[:CAPTION_W - 1]:<{CAPTION_W}}", style="bold")
            elif y == 3 and first:
                line.append(f"◀ {first:<{CAPTION_W - 2}}", style="bold")
            else:
                line.append(" " * CAPTION_W)
            for face in faces:
                line.append_text(face[y])
            if y == 2 and end < len(hand):
                line.append(f" {len(hand) - end} ▶", style="bold")
            lines.append(line)
        if not hand:
            lines[1] = Text(f"{caption[:CAPTION_W - 1]:<{CAPTION_W}}", style="bold")
            lines[2] = Text(" " * CAPTION_W + "(no cards)", style="dim")
        self._put(lines, drawn)

    def card_at(self, x: int) -> int | None:
        return next((c for x0, x1, c in self.spans if x0 <= x < x1), None)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        card = self.card_at(offset.x)
        option = offset.y - 1  # the top border
        k = 2 if self.mode == "beginner" else 4
        if card is not None and 0 <= option < k:
            event.stop()
            self.post_message(self.OptionClicked(card, option))

    def hover_tooltip(self, x: int, y: int) -> str | None:
        """A mark's meaning under the mouse (✔, ✦, ▶...), else the ship or action of the option
        line there, else the card's."""
        mark = self.mark_at(x, y)
        if mark is not None:
            return mark
        card = self.card_at(x)
        if card is None:
            return None
        option = y - 1  # the top border
        if 0 <= option < (2 if self.mode == "beginner" else 4):
            ship = ship_of(card, option, self.mode)
            if ship is not None:
                return (f"Card {card}, ship {'ABC'[option]}: Speed {ship.speed}, Attack "
                        f"{ship.attack}, Cargo {ship.cargo} (S A C), added to your fleet's "
                        f"sums when you choose it.")
        return card_tooltip(card, self.mode)

    def on_mouse_move(self, event) -> None:
        offset = event.get_content_offset(self)
        tip = self.hover_tooltip(offset.x, offset.y) if offset is not None else None
        set_tooltip(self, tip)
