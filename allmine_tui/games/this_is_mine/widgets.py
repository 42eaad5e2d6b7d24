"""Widgets of the This is Mine! table. They draw views only: no game state lives here."""
from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from .data import load, name_of, type_of
from .rules import lot_name

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

    def show(self, view: dict, names: list[str], highlight: int | None = None) -> None:
        t = Text()
        self._rows: list[int] = []
        for i, lot in enumerate(view["lots"]):
            if i:
                t.append("\n")
            self._rows.append(i)
            lit = i == highlight
            t.append(f" LOT {lot['name']} ", style="bold reverse" if lit else "bold")
            t.append(f" ${lot['money']} " if lot["money"] else "    ", style="bold yellow")
            if lot["owner"] is not None:
                t.append(f"taken by {names[lot['owner']]} ({lot['size']} card"
                         f"{'s' if lot['size'] != 1 else ''})", style="dim " + seat_style(lot['owner']))
                if lot["cards"] is not None:
                    t.append("  ")
                    t.append_text(cards_text(lot["cards"]))
                continue
            t.append_text(cards_text(lot["cards"] or []))
            if view["claim"] == i:
                t.append(f"   ◀ {names[view['leader']]}: \"This is mine!\"",
                         style=seat_style(view["leader"]))
        if not view["lots"]:
            t.append("(no lots on the table)", style="dim")
        self.update(t)

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
    """The Leader's split: a line per lot with the revealed cards in it, each card numbered;
    the cursor card is highlighted. A click on a card selects it; a click on a lot's name puts
    the selected card there."""

    DEFAULT_CSS = "SplitPanel { height: auto; padding: 0 1; }"
    LABEL = 9  # width of " LOT A:  "

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class LotClicked(Message):
        def __init__(self, lot: int) -> None:
            super().__init__()
            self.lot = lot

    def show(self, cards: list[int], lots: list[int | None], n: int, cursor: int | None) -> None:
        t = Text()
        self._spans: list[list[tuple[int, int, int]]] = []
        for lot in range(n):
            row: list[tuple[int, int, int]] = []
            t.append(f" LOT {lot_name(lot)}:  ", style="bold")
            x = self.LABEL
            mine = [i for i, a in enumerate(lots) if a == lot]
            if not mine:
                t.append("(empty: every lot needs a card)", style="bold red")
            for i in mine:
                c = cards[i]
                label = f"{i + 1} {short_name(type_of(c))}"
                style = "bold reverse" if i == cursor else TYPE_STYLES.get(type_of(c), "")
                t.append(("▶" if i == cursor else " ") + label, style=style)
                row.append((x, x + len(label) + 1, i))
                x += len(label) + 3
                t.append("  ")
            self._spans.append(row)
            if lot < n - 1:
                t.append("\n")
        self.update(t)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        spans = getattr(self, "_spans", [])
        if not 0 <= y < len(spans):
            return
        event.stop()
        if x < self.LABEL:
            self.post_message(self.LotClicked(y))
            return
        for a, b, i in spans[y]:
            if a <= x < b:
                self.post_message(self.CardClicked(i))
                return


class PlayersPanel(Static):
    """A line per player: money (public), coins, cards collected, and their Character Tile."""

    DEFAULT_CSS = "PlayersPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }"

    def show(self, view: dict, names: list[str]) -> None:
        t = Text()
        owners = {lot["owner"]: lot["name"] for lot in view["lots"] if lot["owner"] is not None}
        for s, name in enumerate(names):
            acting = s in view["to_act"]
            t.append("▶ " if acting else "  ")
            t.append(f"{name[:12]:<12}", style=seat_style(s))
            t.append(f" ${view['money'][s]:<3}", style="bold yellow")
            t.append(f" coins ${view['coins'][s]:<3}" if view["coins"][s] else " " * 10,
                     style="yellow")
            t.append(f" {view['hand_counts'][s]:>2} cards  ", style="dim")
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
