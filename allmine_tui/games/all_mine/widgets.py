"""Widgets of the All Mine! table. They draw views only: no game state lives here."""
from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from ...engine.names import short_names, with_names
from ...ui.widgets.cards import CardRow, backs, face_lines, theme_colour
from ...ui.widgets.lines import TextLines, joined, split_lines
from ...ui.widgets.quiet import QuietStatic, RowBox
from ...ui.widgets.draw import freeze, set_content, shows, view_key
from ...ui.widgets.text_table import Column, table_lines
from .cards import LETTERS, SUITS, SYMBOLS, card, number_of, suit_of, suit_tag
from .views import AllMineView, HandRecord
from ...ui.widgets.player_input import PlayerInput

SUIT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green")


def suit_text(suit: int, extra: str = "") -> Text:
    return Text(f"{SYMBOLS[suit]}{LETTERS[suit]}{extra}", style=SUIT_STYLES[suit])


_LABELS: dict[tuple[int, bool], Text] = {}


def card_label(c: int, display) -> Text:
    """A card's label ("▲M12", ★ after a super-trump's). The same label is the same ``Text``
    (kept): the faces built from it are then found again at once. Never change one."""
    star = any(card(s, n) == c for s, n in display)
    label = _LABELS.get((c, star))
    if label is None:
        label = _LABELS[(c, star)] = Text(
            f"{SYMBOLS[suit_of(c)]}{LETTERS[suit_of(c)]}{number_of(c)}{'★' if star else ''}",
            style=SUIT_STYLES[suit_of(c)])
    return label


class TrumpDisplay(RowBox):
    """The four duos, strongest first, and the suit order they define."""

    DEFAULT_CSS = """
    TrumpDisplay { height: 3; }
    TrumpDisplay .caption { width: 8; height: 3; content-align: left middle; text-style: bold; }
    TrumpDisplay #trump-cards { width: 31; }
    TrumpDisplay #suit-order { width: 1fr; height: 3; content-align: left middle; padding-left: 2; }
    """

    def compose(self) -> ComposeResult:
        yield QuietStatic("TRUMPS", classes="caption")
        yield CardRow(gap=1, separator=">", id="trump-cards")
        yield QuietStatic(id="suit-order")

    def show(self, display) -> None:
        key = (freeze(display), self.app.theme)
        if shows(self, key):
            return
        self.__dict__["_drawn_marker"] = key  # (the children below are drawn from it)
        row = self.query_one("#trump-cards", CardRow)
        row.set_cards([(card_label(card(s, n), display), card(s, n), {}) for s, n in display],
                      [f"Super-trump #{i + 1}: {SUITS[s]} {n}" for i, (s, n) in enumerate(display)])
        order = Text("★ super-trumps beat everything, left to right.\nThen suits: ")
        for i, (s, _n) in enumerate(display):
            if i:
                order.append(" > ")
            order.append_text(suit_text(s, f" {SUITS[s]}"))
        set_content(self.query_one("#suit-order", Static), order)


class TablePanel(TextLines):
    """Every player's hand as card backs, one fixed column per suit (a void is marked), their
    winnings by suit, prediction and score."""

    DEFAULT_CSS = "TablePanel { height: auto; padding: 0 1; }"


    def show(self, view: AllMineView, names: list[str], viewer: int | None) -> None:
        width = self.app.size.width - 2  # (known before the first layout, unlike ours)
        key = (width, tuple(names), viewer, view_key([view[k] for k in (
            "to_act", "hand_suits", "won", "predictions", "predicted", "scores")]))
        if shows(self, key):
            return
        # one line per player under a header: a new value repaints only its line
        short = short_names(names, 16 if width >= 110 else 12)
        columns = _columns()
        rows = []
        to_act = set(view["to_act"])
        for seat, name in enumerate(short):
            row_key = (name, seat in to_act, seat == viewer, view_key(
                [view["hand_suits"][seat], view["won"][seat], view["predictions"][seat],
                 view["predicted"][seat], view["scores"][seat]]))
            row = _ROWS.get(row_key)
            if row is None:
                if len(_ROWS) > 1024:
                    _ROWS.clear()
                row = _ROWS[row_key] = _table_row(view, seat, name, seat in to_act,
                                                  seat == viewer)
            rows.append(row)
        self.set_lines(table_lines(columns, rows))
        self.__dict__["_drawn_marker"] = key


_COLUMNS: list[Column] = []


def _columns() -> list[Column]:
    """The table's columns: the player, a fixed column per suit (wide enough for any count),
    what they won, their prediction and score (built once)."""
    if not _COLUMNS:
        _COLUMNS.append(Column("player"))
        _COLUMNS.extend(Column(suit_text(suit), width=BACKS_WIDTH) for suit in range(4))
        _COLUMNS.extend([Column(won_header()), Column("predicted"),
                         Column("score", justify="right")])
    return _COLUMNS


#: a player's row of the table by what it shows (the same row is the same cells: see text_table)
_ROWS: dict[tuple, list] = {}


def _table_row(view: AllMineView, seat: int, name: str, acting: bool, you: bool) -> list:
    label = Text("▶ " if acting else "  ")
    label.append(name, style="bold reverse" if acting else "bold")
    if you:
        label.append(" (you)", style="italic")
    row: list = [label]
    for suit in range(4):
        row.append(backs_cell(view["hand_suits"][seat][suit], suit))
    row.append(won_cells(view["won"][seat]))
    row.append(prediction_text(view, seat))
    row.append(str(view["scores"][seat]))
    return row


#: how a suit a player no longer holds is shown (public, and it matters: they cannot follow it)
VOID = "✗ void"
BACKS_WIDTH = 8


def backs_cell(k: int, suit: int) -> Text:
    """``k`` backs of one suit and their number, in at most ``BACKS_WIDTH`` characters."""
    if not k:
        return Text(VOID, style="bold")
    cell = backs(k, SUIT_STYLES[suit]) if k <= 6 else backs(4, SUIT_STYLES[suit]) + Text("…")
    cell.append(f" {k}")
    return cell


def won_header() -> Text:
    t = Text("won ")
    for suit in range(4):
        t.append_text(suit_text(suit))
        if suit < 3:
            t.append(" ")
    return t


def won_cells(won: list[int]) -> Text:
    """The counts of each suit taken so far, aligned under ``won_header``'s suit tags."""
    t = Text("    ")
    for suit, k in enumerate(won):
        t.append(f"{k:>2}", style=SUIT_STYLES[suit] if k else "dim")
        if suit < 3:
            t.append(" ")
    return t


def prediction_text(view: AllMineView, seat: int) -> Text:
    pred = view["predictions"][seat]
    if pred is not None:
        p = Text("+")
        p.append_text(suit_text(pred[0]))
        p.append(" −")
        p.append_text(suit_text(pred[1]))
        return p
    if view["predicted"][seat]:
        return Text("hidden", style="dim")
    return Text("not yet", style="dim italic")  # (true in a replay too, where nobody thinks)


class HeapRow(TextLines):
    """The treasure heap: one stack per suit, clickable when the viewer must take a card. The
    whole row is one line of text (a stack's states, choosable or under the cursor, are drawn
    in it), so a cursor key redraws this one line."""

    DEFAULT_CSS = """
    HeapRow { height: 1; padding: 0 1; }
    """
    CAPTION = "TREASURE HEAP "
    STACK_W = 15  # each stack's cell, a space after it

    class Clicked(PlayerInput):
        def __init__(self, suit: int) -> None:
            super().__init__()
            self.suit = suit

    def show(self, heap: list[int], choosable: bool, cursor: int | None,
             hint: int | None = None) -> None:
        key = (tuple(heap), choosable, cursor, hint, self.app.theme)
        if shows(self, key):
            return  # (nothing of it changed: a move in the trick, say)
        line = Text(self.CAPTION, style="bold")
        for suit in range(4):
            count = heap[suit]
            t = suit_text(suit)
            t.append(" ")
            t.append_text(backs(count, SUIT_STYLES[suit]))
            t.append(f" {count}")
            if hint == suit:
                t.append(" ☆", style="bold")  # the coach's pick
            cell = Text(" ")
            cell.append_text(t)
            cell.append(" " * max(1, self.STACK_W - 1 - t.cell_len))
            style = Style()
            if choosable and cursor == suit:
                style = Style(bgcolor=theme_colour(self.app, "accent", 0.6).rich_color)
            elif choosable and count > 0:
                style = Style(bgcolor=theme_colour(self.app, "success", 0.3).rich_color,
                              bold=True)
            if count == 0:
                style += Style(dim=True)
            cell.stylize(style)  # a background and emphasis over the suit's colours
            line.append_text(cell)
            line.append(" ")
        line.append(f"({sum(heap)} face down)")
        set_content(self, line, key=key)

    def suit_at(self, x: int) -> int | None:
        x -= len(self.CAPTION)
        suit, within = divmod(x, self.STACK_W + 1)
        return suit if x >= 0 and 0 <= suit < 4 and within < self.STACK_W else None

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        suit = self.suit_at(offset.x) if offset is not None else None
        if suit is not None:
            event.stop()
            self.post_message(self.Clicked(suit))


class TrickArea(RowBox):
    """The trick in progress (or the one just completed), a slot per player in playing order
    with their name (also before they play: "?"), and the trick before it."""

    DEFAULT_CSS = """
    TrickArea { height: 4; }
    TrickArea .caption { width: 8; height: 4; content-align: left middle; text-style: bold; }
    TrickArea #trick-slots { width: auto; height: 4; }
    TrickArea #last-trick { width: 1fr; height: 4; padding-left: 1; }
    """
    SLOT_W = 14  # a name over a card, the card two columns in

    def compose(self) -> ComposeResult:
        yield QuietStatic("TRICK", classes="caption")
        yield TextLines(id="trick-slots")
        yield TextLines(id="last-trick")

    def show(self, view: AllMineView, names: list[str]) -> None:
        n, display = view["n"], view["display"]
        short = short_names(names, 11)
        trick = view["trick"]
        # tricks of an earlier hand are not shown once the new hand is dealt
        this_hand = view["tricks_done"] > 0
        done = not trick and this_hand and bool(view["last_trick"])
        shown = trick or (view["last_trick"] if done else [])
        winner = view["last_winner"] if done else _winning(trick, display)
        first = shown[0][0] if shown else view["leader"]
        to_play = view["to_act"][0] if view["phase"] == "play" and view["to_act"] else None
        slots: list[list[Text]] = []
        self.cards: list[int | None] = []
        for i in range(n):
            seat = (first + i) % n
            if i < len(shown):
                c = shown[i][1]
                latest = i == len(shown) - 1  # the card just played stands out: • and underline
                slots.append(self._slot(short[seat], c, seat == winner, latest,
                                        card_label(c, display)))
                self.cards.append(c)
            else:  # still to play: the player's name over a "?"
                slots.append(self._slot(short[seat], None, seat == to_play, False, None))
                self.cards.append(None)
        key = tuple(id(slot) for slot in slots)
        kept = _SLOT_LINES.get(key)
        if kept is None or not all(a is b for a, b in zip(kept[0], slots)):
            if len(_SLOT_LINES) > 256:
                _SLOT_LINES.clear()
            rows: list[Text] = [joined([slot[y] for slot in slots]) for y in range(4)]
            kept = _SLOT_LINES[key] = (slots, rows)
        self.query_one("#trick-slots", TextLines).set_lines(kept[1])
        # the lines beside the trick, kept by what they are drawn from
        beside_key = view_key([short, trick, winner, done, this_hand, view["tricks_done"],
                               view["tricks_total"], view["phase"], view["heap_taker"],
                               view["last_winner"], view["leader"], view.get("prev_trick"),
                               view.get("prev_winner"), display])
        beside = _BESIDE.get(beside_key)
        if beside is None:
            if len(_BESIDE) > 256:
                _BESIDE.clear()
            beside = _BESIDE[beside_key] = split_lines(
                self._beside(view, short, trick, winner, done, this_hand))
        self.query_one("#last-trick", TextLines).set_lines(beside)

    def _slot(self, name: str, c: int | None, marked: bool, latest: bool,
              label: Text | None) -> list[Text]:
        """One player's place in the trick: their name over their card (or a "?"), as four
        lines of ``SLOT_W`` cells (kept: the same place is the same lines)."""
        key = (name, c, label.plain if label is not None else None, marked, latest,
               self.app.theme)
        slot = _SLOTS.get(key)
        if slot is not None:
            return slot
        if c is not None and label is not None:
            mark = "✔" if marked else "•" if latest else " "
            head = Text(f"{mark} ")
            head.append(name, style=("bold " if marked else "") + ("underline" if latest else ""))
            face = face_lines(self.app, label, {"-winning": marked})
        else:
            mark = "▶" if marked else " "
            head = Text(f"{mark} {name}", style="bold" if marked else "")
            face = face_lines(self.app, Text("?", style="dim"), {"-blank": True})
        head.truncate(self.SLOT_W, pad=True)
        slot = [head]
        for y in range(3):
            line = Text("  ")
            line.append_text(face[y])
            line.append(" " * (self.SLOT_W - 2 - 7))
            slot.append(line)
        if len(_SLOTS) > 1024:
            _SLOTS.clear()
        _SLOTS[key] = slot
        return slot

    @staticmethod
    def _beside(view, short, trick, winner, done, this_hand) -> Text:
        """Up to four short lines beside the trick: who wins or took it, the led suit, the trick
        before and how many have been played."""
        display = view["display"]
        played = f"{view['tricks_done']}/{view['tricks_total']} tricks played"
        last = Text()
        if done:
            last.append(f"{short[view['last_winner']]} took this trick", style="bold")
            last.append(f"\n{played}")
            if view["phase"] == "heap" and view["heap_taker"] is not None:
                last.append("\n" + with_names("{0} takes a heap card", [short[view['heap_taker']]]))
        elif trick:
            last.append(with_names("{0} is winning", [short[winner]]), style="bold")
            led = suit_of(trick[0][1])
            last.append("\nled: ")
            last.append_text(suit_text(led, f" {SUITS[led]}"))
            if view.get("prev_trick") and this_hand:
                last.append(f"\nlast trick: {short[view['prev_winner']]} took\n")
                for _seat, c in view["prev_trick"]:
                    last.append_text(card_label(c, display))
                    last.append(" ")
            else:
                last.append(f"\n{played}")
        else:
            last.append(played)
            if view["phase"] == "play":
                last.append("\n" + with_names("{0} leads", [short[view['leader']]]), style="bold")
        return last


#: a place of the trick by what it shows, and the trick's lines by its places (kept)
_SLOTS: dict[tuple, list[Text]] = {}
_SLOT_LINES: dict[tuple, tuple[list, list[Text]]] = {}
_BESIDE: dict[object, list[Text]] = {}


def _winning(trick, display) -> int | None:
    if not trick:
        return None
    from .cards import strength_table

    strength = strength_table(display)
    best = max(trick, key=lambda t: strength[t[1]])
    return best[0]


class HandRow(RowBox):
    """The viewer's cards, strongest first; legal ones bright, the others dim."""

    DEFAULT_CSS = """
    HandRow { height: 3; }
    HandRow .caption { width: 13; height: 3; content-align: left middle; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield QuietStatic("HAND", classes="caption", id="hand-caption")
        yield CardRow(id="hand-cards")

    def show(self, hand: list[int] | None, display, legal: set[int], cursor: int | None,
             caption, hint: int | None = None) -> None:
        set_content(self.query_one("#hand-caption", Static), caption)
        hand = hand or []
        cards: list = []
        for i in range(12):
            if i < len(hand):
                c = hand[i]
                cards.append((card_label(c, display), c, {
                    "-legal": c in legal, "-dim": bool(legal) and c not in legal,
                    "-cursor": cursor == i, "-hint": c == hint}))
            else:
                cards.append(None)  # an empty place keeps its size: nothing else moves
        self.query_one("#hand-cards", CardRow).set_cards(cards)


class PredictionPicker(TextLines):
    """Choose the Most and Fewest suits with the keyboard or the mouse. One widget of four
    lines: moving the cursor redraws the line it is on."""

    DEFAULT_CSS = """
    PredictionPicker { height: 4; padding: 0 1; border-left: thick $accent; }
    """
    LABELS = ("  + Most  ", "  − Fewest")
    LABEL_W, TILE_W = 12, 16  # tiles start after the label; each is 15 cells and a space

    class Picked(PlayerInput):
        def __init__(self, row: int, suit: int) -> None:
            super().__init__()
            self.row, self.suit = row, suit

    def show(self, most: int | None, fewest: int | None, row: int, col: int, active: bool,
             hint: tuple | None = None) -> None:
        key = (most, fewest, row, col, active, hint)
        if shows(self, key):
            return
        t = Text()
        t.append("PREDICT  ", style="bold")
        t.append("Which suit will you collect MOST of, and which FEWEST? (secret until all have "
                 "chosen)\n", style="italic")
        for r, chosen in enumerate((most, fewest)):
            t.append(self.LABELS[r], style="bold reverse" if active and row == r else "bold")
            t.append("  ")
            for suit in range(4):
                style = SUIT_STYLES[suit]
                if chosen == suit:
                    style += " reverse"
                if active and row == r and col == suit:
                    style += " underline"
                picked = hint is not None and hint[r] == suit  # the coach's pick: ☆
                t.append(f"{'☆' if picked else ' '}{SYMBOLS[suit]}{LETTERS[suit]} "
                         f"{SUITS[suit]:<11}", style=style)
                t.append(" ")
            t.append("\n")
        set_content(self, t, key=key)

    def on_click(self, event) -> None:
        event.stop()
        # rows are lines 1 and 2; tiles start after 12 characters, each 16 wide
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        if y in (1, 2) and x >= self.LABEL_W:
            suit = (x - self.LABEL_W) // self.TILE_W
            if 0 <= suit < 4:
                self.post_message(self.Picked(y - 1, suit))


def hand_over(record: HandRecord, view: AllMineView, names: list[str], display, heap_card: bool):
    """What everyone sees when a hand ends: its last trick (a column per player, in playing
    order, the taker marked ✔), who took it, and each player's score for the hand."""
    from rich.console import Group

    short = short_names(names, 12)
    trick, winner = view["last_trick"], view["last_winner"]
    cards = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
    for seat, _c in trick:
        # (a Text: a name is never read as markup)
        cards.add_column(Text(("✔ " if seat == winner else "  ") + short[seat]), no_wrap=True)
    cards.add_row(*[Text("  ").append_text(card_label(c, display)) for _s, c in trick])
    took = Text()
    if winner is not None:
        took.append(f"{names[winner]} took the last trick", style="bold")
        took.append(", and the last card of the heap." if heap_card else ".")
    scores = Table(box=None, padding=(0, 2), header_style="bold")
    for col in ("", "Most", "Fewest", won_header(), "points", "total"):
        scores.add_column(col, no_wrap=True)
    for seat, p in enumerate(record["players"]):
        scores.add_row(Text(short[seat]),
                       Text(f"+{suit_tag(p['most'])} {p['most_points']}"),
                       Text(f"−{suit_tag(p['fewest'])} {p['fewest_points']}"),
                       won_cells(p["counts"]),
                       Text(f"{p['total']} (bonus {p['bonus']})"),
                       Text(str(view["scores"][seat])))
    return Group(Text("The last trick:", style="italic"), cards, took, Text(""), scores)
