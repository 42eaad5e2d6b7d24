"""Widgets of the All Mine! table. They draw views only: no game state lives here."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from ...ui.widgets.cards import CardFace, backs
from .cards import LETTERS, SUITS, SYMBOLS, card, number_of, suit_of, suit_tag

SUIT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green")


def suit_text(suit: int, extra: str = "") -> Text:
    return Text(f"{SYMBOLS[suit]}{LETTERS[suit]}{extra}", style=SUIT_STYLES[suit])


def card_label(c: int, display) -> Text:
    star = "★" if any(card(s, n) == c for s, n in display) else ""
    return Text(f"{SYMBOLS[suit_of(c)]}{LETTERS[suit_of(c)]}{number_of(c)}{star}",
                style=SUIT_STYLES[suit_of(c)])


class TrumpDisplay(Horizontal):
    """The four duos, strongest first, and the suit order they define."""

    DEFAULT_CSS = """
    TrumpDisplay { height: 3; }
    TrumpDisplay .caption { width: 8; height: 3; content-align: left middle; text-style: bold; }
    TrumpDisplay .gt { width: 1; height: 3; content-align: center middle; }
    TrumpDisplay #suit-order { width: 1fr; height: 3; content-align: left middle; padding-left: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Static("TRUMPS", classes="caption")
        for i in range(4):
            if i:
                yield Static(">", classes="gt")
            yield CardFace(id=f"trump-{i}")
        yield Static(id="suit-order")

    def show(self, display) -> None:
        for i, (s, n) in enumerate(display):
            self.query_one(f"#trump-{i}", CardFace).set_card(
                card_label(card(s, n), display), card(s, n),
                tooltip=f"Super-trump #{i + 1}: {SUITS[s]} {n}")
        order = Text("★ super-trumps beat everything, left to right.\nThen suits: ")
        for i, (s, _n) in enumerate(display):
            if i:
                order.append(" > ")
            order.append_text(suit_text(s, f" {SUITS[s]}"))
        self.query_one("#suit-order", Static).update(order)


class TablePanel(Static):
    """Every player's hand as card backs by suit, their winnings, prediction and score."""

    DEFAULT_CSS = "TablePanel { height: auto; padding: 0 1; }"

    def show(self, view: dict, names: list[str], viewer: int | None) -> None:
        table = Table(box=None, expand=True, padding=(0, 1), show_edge=False)
        table.add_column("player", no_wrap=True, ratio=2)
        table.add_column("hand (backs by suit)", no_wrap=True, ratio=5)
        table.add_column("won ◆C $G ▲M ●D", no_wrap=True, ratio=3)
        table.add_column("predicted", no_wrap=True, ratio=2)
        table.add_column("score", justify="right", ratio=1)
        order = [s for s, _n in view["display"]]
        to_act = set(view["to_act"])
        for seat, name in enumerate(names):
            label = Text(("▶ " if seat in to_act else "  ") + name,
                         style="bold reverse" if seat in to_act else "bold")
            if seat == viewer:
                label.append(" (you)", style="italic")
            hand = Text()
            for suit in order:
                k = view["hand_suits"][seat][suit]
                if k:
                    hand.append_text(suit_text(suit))
                    hand.append(" ")
                    hand.append_text(backs(k, SUIT_STYLES[suit]))
                    hand.append("  ")
            won = Text()
            for suit in range(4):
                won.append(f"{LETTERS[suit]}:{view['won'][seat][suit]} ",
                           style=SUIT_STYLES[suit] if view["won"][seat][suit] else "dim")
            pred = view["predictions"][seat]
            if pred is not None:
                p = Text("+")
                p.append_text(suit_text(pred[0]))
                p.append("  −")
                p.append_text(suit_text(pred[1]))
            elif view["predicted"][seat]:
                p = Text("placed (hidden)", style="dim")
            else:
                p = Text("thinking…", style="dim italic")
            table.add_row(label, hand, won, p, str(view["scores"][seat]))
        self.update(table)


class HeapStack(Static):
    """One suit's stack of the treasure heap; clickable when the viewer must take a card."""

    DEFAULT_CSS = """
    HeapStack { width: auto; min-width: 14; height: 1; padding: 0 1; margin-right: 1; }
    HeapStack.-choosable { background: $success 30%; text-style: bold; }
    HeapStack.-cursor { background: $accent 60%; }
    HeapStack.-empty { text-opacity: 40%; }
    """

    class Clicked(Message):
        def __init__(self, suit: int) -> None:
            super().__init__()
            self.suit = suit

    def __init__(self, suit: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.suit = suit

    def show(self, count: int, choosable: bool, cursor: bool) -> None:
        t = suit_text(self.suit)
        t.append(" ")
        t.append_text(backs(count, SUIT_STYLES[self.suit]))
        t.append(f" {count}")
        self.update(t)
        self.set_class(choosable and count > 0, "-choosable")
        self.set_class(cursor, "-cursor")
        self.set_class(count == 0, "-empty")

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked(self.suit))


class HeapRow(Horizontal):
    DEFAULT_CSS = """
    HeapRow { height: 1; padding: 0 1; }
    HeapRow .caption { width: auto; text-style: bold; padding-right: 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static("TREASURE HEAP", classes="caption")
        for suit in range(4):
            yield HeapStack(suit, id=f"heap-{suit}")
        yield Static(id="heap-total")

    def show(self, heap: list[int], choosable: bool, cursor: int | None) -> None:
        for suit in range(4):
            self.query_one(f"#heap-{suit}", HeapStack).show(heap[suit], choosable,
                                                          choosable and cursor == suit)
        self.query_one("#heap-total", Static).update(f"({sum(heap)} face down)")


class TrickArea(Horizontal):
    """The trick in progress (or the one just completed) and the trick before it."""

    DEFAULT_CSS = """
    TrickArea { height: 4; }
    TrickArea .caption { width: 8; height: 4; content-align: left middle; text-style: bold; }
    TrickArea .slot { width: 12; height: 4; }
    TrickArea .slot-name { height: 1; width: 12; text-align: center; }
    TrickArea #last-trick { width: 1fr; height: 4; padding-left: 2; content-align: left middle; }
    """

    def compose(self) -> ComposeResult:
        yield Static("TRICK", classes="caption")
        for i in range(4):
            with Vertical(classes="slot", id=f"slot-{i}"):
                yield Static(classes="slot-name", id=f"slot-name-{i}")
                yield CardFace(id=f"trick-{i}")
        yield Static(id="last-trick")

    def show(self, view: dict, names: list[str]) -> None:
        n, display = view["n"], view["display"]
        trick = view["trick"]
        # tricks of an earlier hand are not shown once the new hand is dealt
        this_hand = view["tricks_done"] > 0
        done = not trick and this_hand and view["last_trick"]
        shown = trick or (view["last_trick"] if this_hand else [])
        winner = view["last_winner"] if done else _winning(trick, display)
        for i in range(4):
            slot = self.query_one(f"#slot-{i}")
            slot.display = i < n
            name = self.query_one(f"#slot-name-{i}", Static)
            face = self.query_one(f"#trick-{i}", CardFace)
            if i < len(shown):
                seat, c = shown[i]
                tag = "✔ " if seat == winner else ""
                name.update(Text(f"{tag}{names[seat]}", style="bold" if tag else ""))
                face.set_card(card_label(c, display), c,
                              classes={"-blank": False, "-winning": seat == winner})
            else:
                name.update("")
                face.set_card(Text("·", style="dim"), None,
                              classes={"-blank": True, "-winning": False})
        last = Text()
        if done:
            last.append(f"{names[view['last_winner']]} took this trick", style="bold")
            last.append(f"\n{view['tricks_done']}/{view['tricks_total']} tricks played")
        elif trick:
            if winner is not None:
                last.append(f"{names[winner]} is winning", style="bold")
            led = suit_of(trick[0][1])
            last.append("   led: ")
            last.append_text(suit_text(led, f" {SUITS[led]}"))
            if view.get("prev_trick") and this_hand:
                last.append(f"\nlast trick: {names[view['prev_winner']]} took ")
                for _seat, c in view["prev_trick"]:
                    last.append_text(card_label(c, display))
                    last.append(" ")
        else:
            last.append(f"{view['tricks_done']}/{view['tricks_total']} tricks played")
        self.query_one("#last-trick", Static).update(last)


def _winning(trick, display) -> int | None:
    if not trick:
        return None
    from .cards import strength_table

    strength = strength_table(display)
    best = max(trick, key=lambda t: strength[t[1]])
    return best[0]


class HandRow(Horizontal):
    """The viewer's cards, strongest first; legal ones bright, the others dim."""

    DEFAULT_CSS = """
    HandRow { height: 3; }
    HandRow .caption { width: 8; height: 3; content-align: left middle; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static("HAND", classes="caption", id="hand-caption")
        for i in range(12):
            yield CardFace(id=f"hand-{i}", classes="hand-card")

    def show(self, hand: list[int] | None, display, legal: set[int], cursor: int | None,
             caption) -> None:
        self.query_one("#hand-caption", Static).update(caption)
        hand = hand or []
        for i in range(12):
            face = self.query_one(f"#hand-{i}", CardFace)
            if i < len(hand):
                c = hand[i]
                face.display = True
                face.set_card(card_label(c, display), c, classes={
                    "-legal": c in legal, "-dim": bool(legal) and c not in legal,
                    "-cursor": cursor == i})
            else:
                face.display = False


class PredictionPicker(Static):
    """Choose the Most and Fewest suits with the keyboard or the mouse."""

    DEFAULT_CSS = """
    PredictionPicker { height: 4; padding: 0 1; border-left: thick $accent; }
    """

    class Picked(Message):
        def __init__(self, row: int, suit: int) -> None:
            super().__init__()
            self.row, self.suit = row, suit

    def show(self, most: int | None, fewest: int | None, row: int, col: int, active: bool) -> None:
        t = Text()
        t.append("PREDICT  ", style="bold")
        t.append("Which suit will you collect MOST of, and which FEWEST? (secret until all have "
                 "chosen)\n", style="italic")
        for r, (label, chosen) in enumerate((("  + Most  ", most), ("  − Fewest", fewest))):
            t.append(label, style="bold reverse" if active and row == r else "bold")
            t.append("  ")
            for suit in range(4):
                tile = f" {SYMBOLS[suit]}{LETTERS[suit]} {SUITS[suit]:<11}"
                style = SUIT_STYLES[suit]
                if chosen == suit:
                    style += " reverse"
                if active and row == r and col == suit:
                    style += " underline"
                t.append(tile, style=style)
                t.append(" ")
            t.append("\n")
        self.update(t)

    def on_click(self, event) -> None:
        event.stop()
        # rows are lines 1 and 2; tiles start after 12 characters, each 16 wide
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        if y in (1, 2) and x >= 12:
            suit = (x - 12) // 16
            if 0 <= suit < 4:
                self.post_message(self.Picked(y - 1, suit))
