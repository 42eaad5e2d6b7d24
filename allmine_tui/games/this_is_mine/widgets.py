"""Widgets of the This is Mine! table. They draw views only: no game state lives here.

Every part is a line widget (``TextLines``): a key that moves a cursor redraws the one part it
changes, and a new text repaints only the lines that differ. ``•`` marks what the last public move
changed (a card put in a lot, the lot claimed, the $1 of a refusal, who accepted, the lot taken),
found by comparing the public parts of two views (``public_part``, ``changes``): the same for every
seat, so a mark never tells anyone's secret.
"""
from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.containers import Horizontal, Vertical

from ...engine.names import short_names
from ...ui.widgets.draw import set_content
from ...ui.widgets.lines import TextLines
from ...ui.widgets.choicetree import ChoiceTree
from ...ui.widgets.player_input import PlayerInput
from .data import load, name_of, type_of
from .rules import lot_name
from .views import ThisIsMineView
from .worth import key_lines

SEAT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green")
TYPE_STYLES = {"bibelot": "magenta", "suitcase": "bold yellow", "bottle": "green",
               "skates": "cyan", "turntable": "blue", "radio": "bright_blue", "tv": "bright_blue",
               "relative": "bold red", "record": "blue", "instrument": "yellow"}
NEW = "•"  # what the last move changed (with bold or underline: never colour alone)
NEW_STYLE = "bold underline"


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


def wrapped(app, text: Text, width: int) -> Text:
    """``text`` wrapped to ``width`` here (a line widget never wraps)."""
    lines = [line for part in text.split("\n", allow_blank=True)
             for line in (part.wrap(app.console, max(10, width)) or [Text("")])]
    return Text("\n").join(lines)


# -- the places of the table -------------------------------------------------------------------
# (a part the coach of a guided game points at is outlined over its outer cells: those parts get
# a blank border row above and below meanwhile, so that the outline covers none of their lines;
# padding rows would not do: Textual draws a padding row's outline as the top one, both ends)
# (their sizes live with the widgets: a screen's own style sheet is not applied to the final
# table's and the replay's screen classes, which Textual builds with another first base)
class TableArea(Vertical):
    DEFAULT_CSS = "TableArea { height: auto; border-bottom: solid $primary-darken-2; }"


class BottomArea(Horizontal):
    DEFAULT_CSS = "BottomArea { height: 1fr; }"


class SidePane(Vertical):
    DEFAULT_CSS = "SidePane { width: 1fr; height: 1fr; border-right: solid $primary-darken-2; }"


class RightPane(Vertical):
    WIDTH = 37
    DEFAULT_CSS = "RightPane { width: 37; height: 1fr; }"


class HandLines(TextLines):
    DEFAULT_CSS = """
    HandLines { height: auto; padding: 0 1; background: $boost; }
    HandLines.-coach-target { border-top: blank; border-bottom: blank; }
    """


class PromptLines(TextLines):
    DEFAULT_CSS = "PromptLines { height: auto; padding: 0 1; text-style: bold; }"


# -- what the last move changed -------------------------------------------------------------------
def public_part(view: ThisIsMineView) -> tuple:
    """What every seat's view shows alike: the marks of what changed are made from this only."""
    lots = tuple((lot["size"], lot["money"], lot["owner"]) for lot in view["lots"])
    return (view["round"], view["phase"], view["round_leader"], view["leader"], view["claim"],
            tuple(view["asked"]), tuple(view["assign"]), lots, tuple(view["money"]),
            tuple(view["balance_ask"]))


def changes(before: tuple | None, now: tuple) -> dict:
    """What changed from one public part to the next: ``put`` (the index of the card just put
    in a lot), ``lots`` (lot -> what: "claimed", "$1", "taken", "new"), ``seats`` (seat -> what
    they just did: "claims", "refused", "accepted", "took", "asked", "passed"), ``money``
    (seats whose Money Cards changed)."""
    if before is None or before == now:
        return {}
    (rnd, phase, _rl, leader, claim, asked, assign, lots, money, ask) = now
    (rnd0, phase0, _rl0, leader0, claim0, asked0, assign0, lots0, money0, ask0) = before
    out: dict = {"lots": {}, "seats": {}}
    out["money"] = {s for s, (a, b) in enumerate(zip(money0, money)) if a != b} \
        if len(money0) == len(money) else set()
    if phase == "split" and phase0 == "split" and rnd == rnd0 and len(assign) == len(assign0) + 1:
        out["put"] = len(assign) - 1
    elif phase == "negotiate" and phase0 == "split" and rnd == rnd0:
        out["lots"] = {i: "new" for i in range(len(lots))}
    elif lots0 and not lots:
        out["round_end"] = True
    elif phase == "negotiate" and len(lots) == len(lots0) and rnd == rnd0:
        for i, (lot, lot0) in enumerate(zip(lots, lots0)):
            if lot[2] is not None and lot0[2] is None:
                out["lots"][i] = "taken"
                out["seats"][lot[2]] = "took"
            elif lot[1] > lot0[1]:
                out["lots"][i] = "$1"
        if claim is not None and claim0 is None:
            out["lots"][claim] = "claimed"
            out["seats"][leader] = "claims"
        elif claim is not None and claim == claim0 and leader != leader0:
            out["lots"][claim] = "claimed"
            out["seats"][leader] = "refused"
        elif claim is not None and claim == claim0 and len(asked) < len(asked0):
            out["seats"][asked0[0]] = "accepted"
        elif claim is None and claim0 is not None and asked0:
            out["seats"].setdefault(asked0[0], "accepted")
    elif phase0 == "balance" and phase == "balance" and len(ask) == len(ask0) - 1:
        out["seats"][ask0[0]] = "passed"
    elif phase0 == "balance" and phase != "balance" and ask0:
        # asking ends the round of answers at once; the last answer is a pass unless money moved
        if len(ask0) > 1 or out["money"]:
            out["seats"][ask0[0]] = "asked"
    return out


# -- the lots ----------------------------------------------------------------------------------
class LotsPanel(TextLines):
    """The lots on the table: cards, money, who claims it; taken lots by owner only. A lot the
    last move changed starts with •, the changed part underlined. With no lots on the table
    (between rounds), how the last round's lots went (the log's public lines).

    Posts ``LotClicked`` with the lot under the mouse."""

    DEFAULT_CSS = """
    LotsPanel { height: auto; padding: 0 1; }
    LotsPanel.-coach-target { border-top: blank; border-bottom: blank; }
    """

    class LotClicked(PlayerInput):
        def __init__(self, lot: int) -> None:
            super().__init__()
            self.lot = lot

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self._rows: list[int] = []

    def show(self, view: ThisIsMineView, names: list[str], highlight: int | None = None,
             worth: dict[int, Text] | None = None, changed: dict | None = None,
             last_takes: list[str] | None = None) -> None:
        """``worth``: per lot, what it would make of the viewer's collection (their eyes only).
        Each lot keeps to one line (so a click's line is its lot): a long one groups its cards
        by type, then leaves out the claim mark (the status line says it too)."""
        width = max(40, self.app.size.width - 4)  # the table is as wide as the screen
        short = short_names(names, 12)
        marks = (changed or {}).get("lots", {})
        t = Text()
        self._rows = []
        for i, lot in enumerate(view["lots"]):
            if i:
                t.append("\n")
            self._rows.append(i)
            t.append_text(self._line(view, i, lot, short, i == highlight,
                                     (worth or {}).get(i), width, marks.get(i)))
        if not view["lots"]:
            # how the last round's lots went, a line each (marked when that was the last move)
            just = bool((changed or {}).get("round_end"))
            for i, line in enumerate(last_takes or []):
                row = Text(f"{NEW} " if just else "  ", style="bold")
                row.append(line, style=NEW_STYLE if just else "dim")
                row.truncate(width, overflow="ellipsis")
                t.append_text(row if not i else Text("\n") + row)
            if not last_takes:
                t.append("(no lots on the table)", style="dim")
        set_content(self, t)

    @staticmethod
    def _line(view, i, lot, names, lit, worth, width, mark=None) -> Text:
        head = Text(f"{NEW}" if mark else " ", style="bold")
        head.append(f"LOT {lot['name']} ", style="bold reverse" if lit else "bold")
        money = f" ${lot['money']} " if lot["money"] else "    "
        head.append(money, style="bold yellow" + (" underline" if mark == "$1" else ""))
        if lot["owner"] is not None:
            head.append(f"taken by {names[lot['owner']]} ({lot['size']} card"
                        f"{'s' if lot['size'] != 1 else ''})",
                        style=(NEW_STYLE + " " if mark == "taken" else "dim ")
                        + seat_style(lot["owner"]))
            if lot["cards"] is not None:
                head.append("  ")
                head.append_text(cards_text(lot["cards"]))
            head.truncate(width, overflow="ellipsis")
            return head
        claim = short = Text()
        if view["claim"] == i:
            claim = Text(f"   ◀ {names[view['leader']]}: \"This is mine!\"",
                         style=seat_style(view["leader"]))
            short = Text(f"  ◀ {names[view['leader']]}", style=seat_style(view["leader"]))
            if mark == "claimed":
                claim.stylize("underline", 3)
                short.stylize("underline", 2)
        tail = Text("   ").append_text(worth) if worth is not None else Text()
        cards = lot["cards"] or []
        for chips, shown in ((cards_text(cards), claim), (grouped_chips(cards), claim),
                             (cards_text(cards), short), (grouped_chips(cards), short),
                             (grouped_chips(cards), Text())):
            line = head.copy().append_text(chips).append_text(shown).append_text(tail)
            if line.cell_len <= width:
                return line
        line.truncate(width, overflow="ellipsis")
        return line

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        _x, y = offset
        if 0 <= y < len(self._rows):
            event.stop()
            self.post_message(self.LotClicked(self._rows[y]))


class SplitPanel(TextLines):
    """The split. The revealed cards stay in one row, in the order they were opened, each with
    the lot it is in ("Bottle→B"); the cursor card is highlighted and stays where the player put
    it. Below, a line per lot lists its cards, and the keys with the Confirm button. A click on a
    card selects it; a click on a lot's line puts the selected card there; a click on Confirm
    confirms. Anyone else sees the cards put in lots so far (a bot splits a card at a time; a
    replay shows the lots being built), the card just put marked •."""

    DEFAULT_CSS = """
    SplitPanel { height: auto; padding: 0 1; }
    SplitPanel.-coach-target { border-top: blank; border-bottom: blank; }
    """
    LABEL = 8  # width of "CARDS   " and " LOT A  "
    KEYS = "←/→ a card · A–{last} its lot · u undo · or click a card, then a lot"
    CONFIRM = " Confirm the lots [Enter] "

    class CardClicked(PlayerInput):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class LotClicked(PlayerInput):
        def __init__(self, lot: int) -> None:
            super().__init__()
            self.lot = lot

    class Confirm(PlayerInput):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self._cards: list[list[tuple[int, int, int]]] = []  # per line: (x0, x1, card index)
        self._lot_lines: dict[int, int] = {}  # line -> lot
        self._confirm: tuple[int, int, int] | None = None  # (line, x0, x1)

    def show(self, cards: list[int], lots: Sequence[int | None], n: int, cursor: int | None,
             splitter: str = "", deciding: bool = False, just_put: int | None = None) -> None:
        """``lots``: the lot of each card (None: not put yet); ``deciding``: the viewer splits
        (the cursor, the keys and Confirm are drawn)."""
        width = max(40, self.app.size.width - 2)
        t = Text()
        self._cards, self._lot_lines, self._confirm = [], {}, None
        line, x = 0, self.LABEL
        t.append("CARDS   " if deciding else "OPENED  ", style="bold")
        row: list[tuple[int, int, int]] = []
        for i, c in enumerate(cards):
            lot = lots[i] if i < len(lots) else None
            where = f"→{lot_name(lot)}" if lot is not None else ""
            mark = "▶" if i == cursor else NEW if i == just_put else " "
            label = f"{mark}{short_name(type_of(c))}{where}"
            if x + len(label) > width and row:
                self._cards.append(row)
                row, line, x = [], line + 1, self.LABEL
                t.append("\n" + " " * self.LABEL)
            style = "bold reverse" if i == cursor else \
                (NEW_STYLE + " " if i == just_put else "") + TYPE_STYLES.get(type_of(c), "")
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
            elif deciding:
                t.append("(empty: every lot needs a card)", style="bold red")
            else:
                t.append("(nothing yet)", style="dim")
        line += 1
        if deciding:
            keys = Text("\n")
            self._confirm = (line, 0, len(self.CONFIRM))
            keys.append(self.CONFIRM, style=Style(bold=True, reverse=True))
            keys.append("  " + self.KEYS.format(last=lot_name(n - 1)), style="dim")
            keys.truncate(width + 1)
            t.append_text(keys)
        else:
            t.append(f"\n        {splitter} splits them into lots.", style="italic")
        set_content(self, t)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        if 0 <= y < len(self._cards):
            for a, b, i in self._cards[y]:
                if a <= x < b:
                    event.stop()
                    self.post_message(self.CardClicked(i))
                    return
        lot = self._lot_lines.get(y)
        if lot is not None:
            event.stop()
            self.post_message(self.LotClicked(lot))
            return
        if self._confirm is not None and y == self._confirm[0] and \
                self._confirm[1] <= x < self._confirm[2]:
            event.stop()
            self.post_message(self.Confirm())


class ScoringKey(TextLines):
    """What each type of card is worth at the end (public: the same for everyone)."""

    DEFAULT_CSS = """
    ScoringKey { height: auto; padding: 0 1; }
    ScoringKey.-coach-target { border-top: blank; border-bottom: blank; }
    """
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
        set_content(self, t)


_KEY_TYPES = {"Bibelots": "bibelot", "Skates": "skates", "Instrument": "instrument",
              "TV, Radio": "tv", "Records": "record", "Turntable": "turntable",
              "Bottles": "bottle", "Relative": "relative", "Suitcase": "suitcase"}


class PlayersPanel(TextLines):
    """A line per player: money (public), coins, cards collected, and their Character Tile; •
    on what the last move changed (who claimed, refused, accepted, took a lot, asked for the
    Balance Card or passed, whose money moved)."""

    DEFAULT_CSS = """
    PlayersPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }
    PlayersPanel.-coach-target { border-bottom: blank; }
    """

    SAID = {"claims": "claims", "refused": "refused", "accepted": "accepted",
            "took": "took a lot", "asked": "asked for the Balance Card", "passed": "passed"}

    def show(self, view: ThisIsMineView, names: list[str], changed: dict | None = None) -> None:
        changed = changed or {}
        did = changed.get("seats", {})
        money_moved = changed.get("money", set())
        t = Text()
        owners = {lot["owner"]: lot["name"] for lot in view["lots"] if lot["owner"] is not None}
        short = short_names(names, 16)
        width = max(len(n) for n in short)
        for s, name in enumerate(short):
            acting = s in view["to_act"]
            t.append("▶ " if acting else "  ")
            t.append(f"{name:<{width}}", style=seat_style(s))
            moved = s in money_moved
            t.append(" ")
            t.append(f"${view['money'][s]:<3}",
                     style="bold yellow" + (" underline" if moved else ""))
            t.append(NEW if moved else " ", style="bold")
            t.append(f"coins ${view['coins'][s]:<3}" if view["coins"][s] else " " * 9,
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
            if s in did:
                t.append(f"  {NEW} ", style="bold")
                t.append(self.SAID[did[s]], style=NEW_STYLE)
            if s == view["round_leader"] and view["phase"] in ("split", "negotiate"):
                t.append("  (round Leader)", style="dim")
            if s < len(names) - 1:
                t.append("\n")
        set_content(self, t)


class MovesMenu(ChoiceTree):
    """The menu of decisions, drawn in a place of fixed height: a cursor key repaints the menu
    alone, with no layout pass (the screen around it keeps its size)."""

    DEFAULT_CSS = """
    MovesMenu { height: 8; padding: 0 1; }
    MovesMenu.-coach-target { height: 10; border-top: blank; border-bottom: blank; }
    """

    def update(self, content="", *, layout: bool = True) -> None:
        key = _text_key(content)
        if self.__dict__.get("_menu_key") == key:
            return
        self.__dict__["_menu_key"] = key
        super().update(content, layout=False)


def _text_key(content) -> object:
    return (content.plain, tuple(content.spans)) if isinstance(content, Text) else content
