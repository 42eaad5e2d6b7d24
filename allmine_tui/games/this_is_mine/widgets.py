"""Widgets of the This is Mine! table. They draw views only: no game state lives here."""
from __future__ import annotations

import textwrap
from collections import Counter

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from ...engine.names import short_names
from .data import load, name_of, type_of
from .rules import lot_name
from .worth import key_lines

SEAT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green")
TYPE_STYLES = {"bibelot": "magenta", "suitcase": "bold yellow", "bottle": "green",
               "skates": "cyan", "turntable": "blue", "radio": "bright_blue", "tv": "bright_blue",
               "relative": "bold red", "record": "blue", "instrument": "yellow"}


SHORT = {"instrument": "Instrument", "skates": "Skates"}


def short_name(t: str) -> str:
    return SHORT.get(t) or name_of(t)


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def card_chip(card: int) -> Text:
    t = type_of(card)
    return Text(f"[{short_name(t)}]", style=TYPE_STYLES.get(t, ""))


def cards_text(cards: list[int]) -> Text:
    return Text(" ").join(card_chip(c) for c in cards) if cards else Text("(none)", style="dim")


def grouped_chips(cards: list[int]) -> Text:
    """'[2× Bottle] [TV]': the chips of ``cards``, one per type."""
    counts = Counter(type_of(c) for c in cards)
    chips = []
    for tid in load().names:
        if counts.get(tid):
            k = counts[tid]
            chips.append(Text(f"[{'%d× ' % k if k > 1 else ''}{short_name(tid)}]",
                              style=TYPE_STYLES.get(tid, "")))
    return Text(" ").join(chips) if chips else Text("(none)", style="dim")


def grouped(cards: list[int]) -> Text:
    """'2× Bottle, TV, 3× Record' in type order."""
    counts = Counter(type_of(c) for c in cards)
    t = Text()
    first = True
    for tid in load().names:
        if counts.get(tid):
            if not first:
                t.append(", ")
            first = False
            k = counts[tid]
            t.append((f"{k}× " if k > 1 else "") + name_of(tid), style=TYPE_STYLES.get(tid, ""))
    return t if not first else Text("no cards", style="dim")


class LotsPanel(Static):
    """The lots on the table: cards, money, who claims it; taken lots by owner only.

    Posts ``LotClicked`` with the lot under the mouse."""

    DEFAULT_CSS = "LotsPanel { height: auto; padding: 0 1; }"

    class LotClicked(Message):
        def __init__(self, lot: int) -> None:
            super().__init__()
            self.lot = lot

    def show(self, view: dict, names: list[str], highlight: int | None = None,
             worth: dict[int, Text] | None = None) -> None:
        """``worth``: per lot, what it would make of the viewer's collection (their eyes only).
        Each lot keeps to one line (so a click's line is its lot): a long one groups its cards
        by type, then leaves out the claim mark (the status line says it too)."""
        width = max(40, self.app.size.width - 4)  # the table is as wide as the screen
        short = short_names(names, 12)
        t = Text()
        self._rows: list[int] = []
        for i, lot in enumerate(view["lots"]):
            if i:
                t.append("\n")
            self._rows.append(i)
            t.append_text(self._line(view, i, lot, short, i == highlight,
                                     (worth or {}).get(i), width))
        if not view["lots"]:
            t.append("(no lots on the table)", style="dim")
        self.update(t)

    @staticmethod
    def _line(view, i, lot, names, lit, worth, width) -> Text:
        head = Text(f" LOT {lot['name']} ", style="bold reverse" if lit else "bold")
        head.append(f" ${lot['money']} " if lot["money"] else "    ", style="bold yellow")
        if lot["owner"] is not None:
            head.append(f"taken by {names[lot['owner']]} ({lot['size']} card"
                        f"{'s' if lot['size'] != 1 else ''})",
                        style="dim " + seat_style(lot["owner"]))
            if lot["cards"] is not None:
                head.append("  ")
                head.append_text(cards_text(lot["cards"]))
            head.truncate(width, overflow="ellipsis")
            return head
        claim = Text()
        if view["claim"] == i:
            claim = Text(f"   ◀ {names[view['leader']]}: \"This is mine!\"",
                         style=seat_style(view["leader"]))
        tail = Text("   ").append_text(worth) if worth is not None else Text()
        cards = lot["cards"] or []
        for chips, mark in ((cards_text(cards), claim), (grouped_chips(cards), claim),
                            (grouped_chips(cards), Text())):
            line = head.copy().append_text(chips).append_text(mark).append_text(tail)
            if line.cell_len <= width:
                return line
        line.truncate(width, overflow="ellipsis")
        return line

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        _x, y = offset
        rows = getattr(self, "_rows", [])
        if 0 <= y < len(rows):
            event.stop()
            self.post_message(self.LotClicked(rows[y]))


class SplitPanel(Static):
    """The Leader's split. The revealed cards stay in one row, in the order they were opened,
    each with the lot it is in ("Bottle→B"); the cursor card is highlighted and stays where the
    player put it. Below, a line per lot lists its cards. A click on a card selects it; a click
    on a lot's line puts the selected card there. Anyone else sees only the revealed cards."""

    DEFAULT_CSS = "SplitPanel { height: auto; padding: 0 1; }"
    LABEL = 8  # width of "CARDS   " and " LOT A  "
    KEYS = "←/→ choose a card · A–{last} put it in that lot · Enter confirms · or click a card, then a lot"

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class LotClicked(Message):
        def __init__(self, lot: int) -> None:
            super().__init__()
            self.lot = lot

    def show(self, cards: list[int], lots: list[int] | None, n: int, cursor: int | None,
             splitter: str = "") -> None:
        """``lots``: the lot of each card while the viewer splits, else None."""
        t = Text()
        self._cards: list[list[tuple[int, int, int]]] = []  # per line: (x0, x1, card index)
        self._lot_lines: dict[int, int] = {}  # line -> lot
        if lots is None:
            t.append("OPENED  ", style="bold")
            t.append_text(cards_text(cards))
            t.append(f"\n        {splitter} splits them into lots.", style="italic")
            self.update(t)
            return
        width = max(40, self.app.size.width - 2)
        line, x = 0, self.LABEL
        t.append("CARDS   ", style="bold")
        row: list[tuple[int, int, int]] = []
        for i, c in enumerate(cards):
            label = f"{'▶' if i == cursor else ' '}{short_name(type_of(c))}→{lot_name(lots[i])}"
            if x + len(label) > width and row:
                self._cards.append(row)
                row, line, x = [], line + 1, self.LABEL
                t.append("\n" + " " * self.LABEL)
            style = "bold reverse" if i == cursor else TYPE_STYLES.get(type_of(c), "")
            t.append(label, style=style)
            row.append((x, x + len(label), i))
            t.append("  ")
            x += len(label) + 2
        self._cards.append(row)
        for lot in range(n):
            line += 1
            self._lot_lines[line] = lot
            t.append(f"\n LOT {lot_name(lot)}  ", style="bold")
            mine = [cards[i] for i, a in enumerate(lots) if a == lot]
            if mine:
                t.append_text(cards_text(mine))
            else:
                t.append("(empty: every lot needs a card)", style="bold red")
        t.append("\n" + self.KEYS.format(last=lot_name(n - 1)), style="dim")
        self.update(t)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        rows = getattr(self, "_cards", [])
        if 0 <= y < len(rows):
            for a, b, i in rows[y]:
                if a <= x < b:
                    event.stop()
                    self.post_message(self.CardClicked(i))
                    return
        lot = getattr(self, "_lot_lines", {}).get(y)
        if lot is not None:
            event.stop()
            self.post_message(self.LotClicked(lot))


class ScoringKey(Static):
    """What each type of card is worth at the end (public: the same for everyone)."""

    DEFAULT_CSS = "ScoringKey { height: auto; padding: 0 1; }"
    LABEL = 11
    WIDTH = 35  # the key's pane is 37 columns wide

    def show(self, n: int) -> None:
        """A line per type (its rule wrapped under itself if it is long: never cut)."""
        t = Text("WORTH AT THE END", style="bold")
        for label, rule in key_lines(n):
            lines = textwrap.wrap(rule, self.WIDTH - self.LABEL) or [""]
            t.append(f"\n{label:<{self.LABEL}}",
                     style=TYPE_STYLES.get(_KEY_TYPES.get(label, ""), "bold"))
            t.append(lines[0])
            for more in lines[1:]:
                t.append("\n" + " " * self.LABEL + more)
        self.update(t)


_KEY_TYPES = {"Bibelots": "bibelot", "Skates": "skates", "Instrument": "instrument",
              "TV, Radio": "tv", "Records": "record", "Turntable": "turntable",
              "Bottles": "bottle", "Relative": "relative", "Suitcase": "suitcase"}


class PlayersPanel(Static):
    """A line per player: money (public), coins, cards collected, and their Character Tile."""

    DEFAULT_CSS = "PlayersPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }"

    def show(self, view: dict, names: list[str]) -> None:
        t = Text()
        owners = {lot["owner"]: lot["name"] for lot in view["lots"] if lot["owner"] is not None}
        width = max(len(n) for n in short_names(names, 16))
        for s, name in enumerate(short_names(names, 16)):
            acting = s in view["to_act"]
            t.append("▶ " if acting else "  ")
            t.append(f"{name:<{width}}", style=seat_style(s))
            t.append(f" ${view['money'][s]:<3}", style="bold yellow")
            t.append(f" coins ${view['coins'][s]:<3}" if view["coins"][s] else " " * 10,
                     style="yellow")
            k = view["hand_counts"][s]
            t.append(f" {k:>2} card{'s' if k != 1 else ' '}  ", style="dim")
            if view["phase"] == "negotiate":
                if s in owners:
                    t.append(f"Got it! (lot {owners[s]})", style="dim")
                elif view["claim"] is not None and s == view["leader"]:
                    t.append(f"This is mine! (lot {view['lots'][view['claim']]['name']})",
                             style="bold")
                elif s in view["asked"]:
                    t.append("to answer" if acting else "waits to answer", style="italic")
            if s == view["round_leader"] and view["phase"] in ("split", "negotiate"):
                t.append("  (round Leader)", style="dim")
            if s < len(names) - 1:
                t.append("\n")
        self.update(t)
