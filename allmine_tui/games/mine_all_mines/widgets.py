"""Widgets of the Mine All Mines table. They draw views only: no game state lives here.

Every panel is drawn for a given width (the screen passes its own and draws again on a resize),
so lines break between items, never inside one.
"""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...engine.names import short_names, tags
from ...ui.widgets.choicetree import ChoiceTree
from .choices import END_LABEL, Unplayable
from .data import GEM_NAMES, load
from ...ui.widgets.player_input import PlayerInput
from .labels import (GEM_SHORT, GEM_STYLES, JEWEL_SHORT, flow, gem_chip, jewel_text, need_text,
                     seat_style, support_card_text, support_name)

#: a place's cell is this wide (brackets included) when the mines have room for it
WIDE_CELL, NARROW_CELL = 7, 6
ROWS = 6  # title, entrance, links, row 2, links, row 3


def owner_tags(names: list[str]) -> list[str]:
    """Who owns a dwarf, in one or two characters, unique at the table."""
    return tags(names, most=2)


class MinesGeometry:
    """Where each place of each mine is drawn for a panel ``width`` columns wide."""

    def __init__(self, width: int) -> None:
        self.cell = WIDE_CELL if width >= 5 * (3 * WIDE_CELL + 2) else NARROW_CELL
        self.mine_w = 3 * self.cell + 2
        self.left = max(0, (width - 5 * self.mine_w) // 2)
        c = self.cell
        #: place -> (row, column inside a mine)
        self.at = {0: (1, 1 + c), 1: (3, 1 + c // 2), 2: (3, 1 + c // 2 + c),
                   3: (5, 1), 4: (5, 1 + c), 5: (5, 1 + 2 * c)}

    def x(self, mine: int, place: int) -> int:
        return self.left + mine * self.mine_w + self.at[place][1]

    def place_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The (mine, place) whose cell covers column ``x`` of row ``y``, if any."""
        for m in range(5):
            for q, (r, _c) in self.at.items():
                if r == y and self.x(m, q) <= x < self.x(m, q) + self.cell:
                    return m, q
        return None


class MinesPanel(Static):
    """The five mines side by side, each a pyramid of 1, 2 and 3 places.

    A place shows its dwarf's gem and its owner's tag; the places the viewer may use are marked
    ``++``, the ones the highlighted move would fill ``▶▶``. Posts ``PlaceClicked`` with the
    (mine, place) under the mouse."""

    DEFAULT_CSS = "MinesPanel { height: 6; width: 1fr; }"

    class PlaceClicked(PlayerInput):
        def __init__(self, mine: int, place: int) -> None:
            super().__init__()
            self.mine, self.place = mine, place

    geometry = MinesGeometry(100)

    def show(self, mines: list, names: list[str], legal: set, chosen: set, width: int) -> None:
        geo = self.geometry = MinesGeometry(width)
        tag = owner_tags(names)
        c, inner = geo.cell, geo.cell - 2
        rows = [Text(" " * geo.left) for _ in range(ROWS)]
        for m in range(5):
            grid = [[(" ", "")] * geo.mine_w for _ in range(ROWS)]

            def put(r: int, col: int, text: str, style: str = "") -> None:
                for i, ch in enumerate(text):
                    if 0 <= col + i < geo.mine_w:
                        grid[r][col + i] = (ch, style)

            title = f"{GEM_NAMES[m].upper()} MINE"
            put(0, (geo.mine_w - len(title)) // 2, title, GEM_STYLES[m])
            top = geo.at[0][1]
            put(2, top - 2, "−╱", "dim")
            put(2, top + c, "╲+", "dim")
            left, right = geo.at[1][1], geo.at[2][1]
            put(4, left - 2, "−╱", "dim")
            put(4, right - 2, "╲+−╱", "dim")
            put(4, right + c, "╲+", "dim")
            for q, (r, col) in geo.at.items():
                d = mines[m][q]
                if d is not None:
                    gem, owner = d
                    who = tag[owner]
                    dot = "·" if len(who) + 3 <= inner else ""
                    put(r, col, "[", "dim")
                    put(r, col + 1, GEM_SHORT[gem], GEM_STYLES[gem])
                    put(r, col + 3, dot, "dim")
                    put(r, col + 3 + len(dot), who.ljust(inner - 2 - len(dot)), seat_style(owner))
                    put(r, col + c - 1, "]", "dim")
                elif (m, q) in chosen:
                    put(r, col, "[" + "▶▶".center(inner) + "]", "bold reverse green")
                elif (m, q) in legal:
                    put(r, col, "[" + "++".center(inner) + "]", "bold green")
                else:
                    put(r, col, "[" + " " * inner + "]", "dim")
            for r in range(ROWS):
                for ch, style in grid[r]:
                    rows[r].append(ch, style)
        self.update(Text("\n").join(rows))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        found = self.geometry.place_at(*offset)
        if found is not None:
            event.stop()
            self.post_message(self.PlaceClicked(*found))


def _card_box(body: Text) -> Text:
    return Text("[").append_text(body).append("]")


class MarketPanel(Static):
    """The Marketplace and its dwarves, the supply, the cards for sale and the achievements
    (open ones, and who claimed the others)."""

    DEFAULT_CSS = "MarketPanel { height: auto; padding: 0 1; background: $boost; }"

    def show(self, view: dict, names: list[str], width: int) -> None:
        data = load()
        room = max(40, width - 2)
        head = Text("MARKET ", style="bold")
        for g in range(5):
            head.append_text(gem_chip(g, view["market"][g])).append(" ")
        parts = [head]
        supply = Text("SUPPLY ", style="bold")
        for g in range(5):
            supply.append_text(gem_chip(g, view["supply"][g])).append(" ")
        parts.append(supply)
        tag = owner_tags(names)
        for kind, label in (("dealer", "Dealer"), ("blacksmith", "Blacksmith")):
            owners = [o for d, o in view["market_dwarves"] if d == kind]
            if owners:
                t = Text(f"{label}: ", style="dim")
                for i, o in enumerate(owners):
                    t.append(("" if i == 0 else " ") + tag[o], style=seat_style(o))
                parts.append(t)
        lines = [flow(parts, room, sep="  ")]

        jewels = [Text(f"JEWELRY ({view['jewelry_left']} in the deck)", style="bold")]
        for cid in view["jewelry_shown"]:
            jewels.append(_card_box(jewel_text(cid)) if cid else Text("[ empty ]", style="dim"))
        lines.append(flow(jewels, room, indent=2))

        cards = [Text(f"SUPPORT ({view['support_left']} in the deck)", style="bold")]
        for cid in view["support_shown"]:
            cards.append(_card_box(support_card_text(cid)) if cid
                         else Text("[ empty ]", style="dim"))
        lines.append(flow(cards, room, indent=2))

        achievements = [Text("ACHIEVEMENTS", style="bold")]
        for aid in view["achievements_shown"]:
            if aid is not None:
                a = data.achievements[aid]
                achievements.append(Text(f"[{a.name} {a.vp}VP: {need_text(aid)}]"))
        for s, own in enumerate(view["owned"]):
            for aid in own["ach"]:
                t = Text(f"★{data.achievements[aid].name} ", style="dim")
                achievements.append(t.append(tag[s], style=seat_style(s)))
        lines.append(flow(achievements, room, indent=2))
        text = Text("\n").join(lines)
        # never shorter than it has been: a new face-up card that needs one line less must not
        # pull the menu under the mouse up a line (the screen is built afresh for a new viewer)
        height = len(text.plain.split("\n"))
        if self.styles.min_height is None or height > self.styles.min_height.value:
            self.styles.min_height = height
        self.update(text)


#: the columns of a player's line (the header names them)
JEWEL_COLUMNS = tuple(JEWEL_SHORT)


def support_parts(cards: list[str], used: list[str], compact: bool) -> list[Text]:
    """A player's Support cards for their line: equal unused cards once with ×N, a used one
    with ✗. ``compact`` (when the line is short of room) puts the Traders together as
    "Trader Di Sa✗" and calls the Mine Cart "Cart"."""
    data = load()
    parts: list[Text] = []
    counted: dict[str, int] = {}
    for cid in cards:
        counted[support_name(cid)] = counted.get(support_name(cid), 0) + 1
    done: set[str] = set()
    traders = Text("Trader", style="cyan")
    for cid in cards:
        label, is_used = support_name(cid), cid in used
        if compact and cid.startswith("trader-"):
            traders.append(" " + label.split()[0] + ("✗" if is_used else ""),
                           style="dim" if is_used else "cyan")
            continue
        if label in done and not is_used:
            continue
        done.add(label)
        k = counted[label]
        if compact and label == "Mine Cart":
            label = "Cart"
        text = label + (f"×{k}" if k > 1 and not is_used else "") + ("✗" if is_used else "")
        parts.append(Text(text, style="dim" if is_used else "green" if
                          data.support[cid].group == "tool" else "cyan"))
    if traders.cell_len > len("Trader"):
        parts.append(traders)
    return parts


class PlayersPanel(Static):
    """A header, then a line per player: tag and name, VP, gems (and Lamp gems), dwarves left,
    Jewelry by kind, Support cards (✗: used this round) and achievements; then the legend."""

    DEFAULT_CSS = "PlayersPanel { height: auto; padding: 0 1; }"

    def show(self, view: dict, names: list[str], width: int) -> None:
        room = max(40, width - 2)
        name_w = 10 if room < 110 else 16
        short = short_names(names, name_w)
        tag = owner_tags(names)
        out = [self._header(name_w)]
        for s in range(len(names)):
            out.append(self._row(view, s, short[s], tag[s], name_w, room))
        out.append(self._legend(room, tag[0], MinesGeometry(width).cell))
        self.update(Text("\n").join(out))

    @staticmethod
    def _header(name_w: int) -> Text:
        """Column names over the player lines (the same widths as ``_row``)."""
        return Text("  " + "tag " + "player".ljust(name_w) + "   VP  " + "gems".ljust(20)
                    + "lamp " + "dw " + " ".join(JEWEL_SHORT[k] for k in JEWEL_COLUMNS)
                    + "  cards (✗ used) ★ achievements", style="dim")

    @staticmethod
    def _row(view: dict, s: int, name: str, tag: str, name_w: int, room: int) -> Text:
        data = load()
        acting = s == view["seat"] and view["phase"] != "over"
        head = Text("▶ " if acting else "  ", style="bold")
        head.append(tag.ljust(4), style=seat_style(s))
        head.append(name.ljust(name_w), style=seat_style(s))
        head.append(" ⚑ " if s == view["first"] else "   ", style="bold")
        head.append(f"{view['vp'][s]:>2}  ", style="bold")
        for g in range(5):
            n = view["gems"][s][g]
            head.append(f"{GEM_SHORT[g]}{n} ", style=GEM_STYLES[g] if n else "dim")
        lamp = sum(view["lamp"][s])
        head.append(f" +{lamp:<2} " if lamp else "     ", style="yellow")
        head.append(f"{view['hand_counts'][s]}  ", style="")
        own = view["owned"][s]
        kinds = [data.jewelry[j].type for j in own["jewelry"]]
        for k in JEWEL_COLUMNS:
            n = kinds.count(k)
            head.append(f"{n:>2} " if n else " · ", style="magenta" if n else "dim")
        named = [Text(f"★{data.achievements[aid].name}", style="bold yellow")
                 for aid in own["ach"]]
        # the achievements' names are on the ACHIEVEMENTS line too, with the owner's tag
        counted = [Text(f"★{len(named)}", style="bold yellow")] if named else []
        for compact, stars in ((False, named), (False, counted), (True, counted)):
            parts = [head] + support_parts(own["support"], view["used"][s], compact) + stars
            if sum(p.cell_len + 1 for p in parts) - 1 <= room:
                break
        return flow(parts, room, sep=" ", indent=len(head.plain))

    @staticmethod
    def _legend(room: int, tag: str, cell: int) -> Text:
        """The marks of the table, as many as one line holds (the help lists them all)."""
        dot = "·" if len(tag) + 3 <= cell - 2 else ""
        marks = ["▶ to play", "⚑ first player", f"[Ru{dot}{tag}] {tag}'s Ruby dwarf",
                 "[ ++ ] you may play there", "✗ used this round", "★ achievement",
                 "lamp: gems on the Lamp", "dw: dwarves in hand",
                 "Ri Ne Cr Ea Br: Rings, Necklaces, Crowns, Earrings, Bracelets"]
        t = Text("  ")
        for i, mark in enumerate(marks):
            piece = (" · " if i else "") + mark
            if t.cell_len + len(piece) > room:
                break
            t.append(piece, style="dim")
        return t


class MovesMenu(ChoiceTree):
    """The menu of moves: End your turn keeps its own key (e), never a number; a dwarf that
    cannot be played is listed dim (choosing it says why)."""

    def on_resize(self, _event) -> None:
        """As many lines as the room below the board holds."""
        lines = max(3, self.size.height)
        if lines != self.max_lines:
            self.max_lines = lines
            if self.items:
                self.refresh_lines()

    def line_key(self, index: int, label: str) -> str:
        if label == END_LABEL and not self.prefix:
            return "e."
        return super().line_key(index, label)

    def line_style(self, label: str, values: list, current: bool) -> str:
        if values and all(isinstance(v, Unplayable) for v in values):
            return "dim reverse" if current else "dim"
        return super().line_style(label, values, current)
