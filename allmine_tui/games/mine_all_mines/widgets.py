"""Widgets of the Mine All Mines table. They draw views only: no game state lives here.

Every panel is drawn for a given width (the screen passes its own and draws again on a resize),
so lines break between items, never inside one. What is under the board (the hand, the menu of
moves, the log) is in ``bottom.py``.
"""
from __future__ import annotations

import functools

from rich.text import Text

from ...engine.names import short_names, tags
from ...ui.widgets.draw import forget, freeze, set_content, shows
from ...ui.widgets.lines import TextLines, split_lines
from ...ui.widgets.player_input import PlayerInput
from .choices import LastTurn
from .data import GEM_NAMES, load
from .labels import (GEM_SHORT, GEM_STYLES, JEWEL_SHORT, flow_lines, gem_chip, jewel_text, need_text,
                     seat_style, support_card_text, support_name)
from .pyramid import FOE, FRIEND, relation
from .views import MineAllMinesView

#: a place's cell is this wide (brackets included) when the mines have room for it
WIDE_CELL, NARROW_CELL = 7, 6
ROWS = 6  # title, entrance, links, row 2, links, row 3


def owner_tags(names: list[str]) -> list[str]:
    """Who owns a dwarf, in one or two characters, unique at the table."""
    return tags(names, most=2)


class MinesGeometry:
    """Where each place of each mine is drawn for a panel ``width`` columns wide."""

    def __init__(self, width: int, cell: int | None = None) -> None:
        self.cell = cell or (WIDE_CELL if width >= 5 * (3 * WIDE_CELL + 2) else NARROW_CELL)
        self.mine_w = 3 * self.cell + 2
        self.left = max(0, (width - 5 * self.mine_w) // 2)
        c = self.cell
        #: place -> (row, column inside a mine)
        self.at = {0: (1, 1 + c), 1: (3, 1 + c // 2), 2: (3, 1 + c // 2 + c),
                   3: (5, 1), 4: (5, 1 + c), 5: (5, 1 + 2 * c)}

    @staticmethod
    def for_cell(cell: int) -> "MinesGeometry":
        """The places inside one mine, for cells ``cell`` wide (``left`` is 0)."""
        return MinesGeometry(0, cell)

    def x(self, mine: int, place: int) -> int:
        return self.left + mine * self.mine_w + self.at[place][1]

    def place_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The (mine, place) whose cell covers column ``x`` of row ``y``, if any."""
        for m in range(5):
            for q, (r, _c) in self.at.items():
                if r == y and self.x(m, q) <= x < self.x(m, q) + self.cell:
                    return m, q
        return None


MARK = "bold underline"  # with a shape (»«, ▲▼, •): what the last turn changed


@functools.lru_cache(maxsize=2048)
def mine_rows(m: int, places: tuple, tags: tuple, legal: tuple, chosen: tuple, played: tuple,
              cell: int, hinted: tuple = ()) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The six rows of mine ``m`` as (text, style) runs, ``3 * cell + 2`` columns wide:
    ``places`` its dwarves ((gem, owner) or None), ``tags`` the owners' tags, and the places
    (numbers) that are ``legal``, ``chosen`` (under the menu's cursor), just ``played`` and
    ``hinted`` (the coach's pick, after a hint)."""
    geo = MinesGeometry.for_cell(cell)
    c, inner, width = cell, cell - 2, geo.mine_w
    rows: list[list[tuple[int, str, str]]] = [[] for _ in range(ROWS)]
    title = f"{GEM_NAMES[m].upper()} MINE"
    rows[0].append(((width - len(title)) // 2, title, GEM_STYLES[m]))
    top, left, right = geo.at[0][1], geo.at[1][1], geo.at[2][1]
    rows[2] += [(top - 2, "−╱", "dim"), (top + c, "╲+", "dim")]
    rows[4] += [(left - 2, "−╱", "dim"), (right - 2, "╲+−╱", "dim"), (right + c, "╲+", "dim")]
    for q, (r, col) in geo.at.items():
        d = places[q]
        if d is not None:
            gem, owner = d
            who = tags[owner]
            dot = "·" if len(who) + 3 <= inner else ""
            just = q in played
            mark = f" {MARK}" if just else ""
            rows[r] += [(col, "»" if just else "[", "bold" if just else "dim"),
                        (col + 1, GEM_SHORT[gem], GEM_STYLES[gem] + mark),
                        (col + 3, dot, "dim" + mark),
                        (col + 3 + len(dot), who.ljust(inner - 2 - len(dot)),
                         seat_style(owner) + mark),
                        (col + c - 1, "«" if just else "]", "bold" if just else "dim")]
        elif q in chosen:
            rows[r].append((col, "[" + "▶▶".center(inner) + "]", "bold reverse green"))
        elif q in hinted:
            rows[r].append((col, "[" + "☆".center(inner) + "]", "bold yellow"))
        elif q in legal:
            rows[r].append((col, "[" + "++".center(inner) + "]", "bold green"))
        else:
            rows[r].append((col, "[" + " " * inner + "]", "dim"))
    out = []
    for items in rows:
        runs: list[tuple[str, str]] = []
        at = 0
        for col, text, style in sorted(items):
            if col > at:
                runs.append((" " * (col - at), ""))
            runs.append((text, style))
            at = col + len(text)
        if at < width:
            runs.append((" " * (width - at), ""))
        out.append(tuple(runs))
    return tuple(out)


class MinesPanel(TextLines):
    """The five mines side by side, each a pyramid of 1, 2 and 3 places.

    A place shows its dwarf's gem and its owner's tag; the places the viewer may use are marked
    ``++``, the ones the highlighted move would fill ``▶▶``, the dwarf the last turn played
    ``»Ru·An«``. Each mine is drawn once per look (``mine_rows``); a cursor key repaints only
    the lines it changes. Posts ``PlaceClicked`` with the (mine, place) under the mouse."""

    # (the coach's outline covers a widget's edge: one line more above and below, meanwhile)
    DEFAULT_CSS = """
    MinesPanel { height: 6; width: 1fr; }
    MinesPanel.-coach-target { height: 8; padding: 1 0; }
    """

    class PlaceClicked(PlayerInput):
        def __init__(self, mine: int, place: int) -> None:
            super().__init__()
            self.mine, self.place = mine, place

    geometry = MinesGeometry(100)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._row_memo: dict = {}

    def show(self, mines: list, names: list[str], legal: set, chosen: set, width: int,
             played: frozenset = frozenset(), hinted: frozenset = frozenset()) -> None:
        self._mines, self._names = mines, names  # (for the tooltips)
        key = (freeze(mines), tuple(names), frozenset(legal), frozenset(chosen), width, played,
               hinted)
        if shows(self, key):
            return
        geo = self.geometry = MinesGeometry(width)
        tags = tuple(owner_tags(names))
        per_mine = []
        for m in range(5):
            places = tuple(None if d is None else (d[0], d[1]) for d in mines[m])
            per_mine.append(mine_rows(
                m, places, tags, tuple(q for mm, q in sorted(legal) if mm == m),
                tuple(q for mm, q in sorted(chosen) if mm == m),
                tuple(q for mm, q in sorted(played) if mm == m), geo.cell,
                tuple(q for mm, q in sorted(hinted) if mm == m)))
        lines = []
        memo = self._row_memo
        if len(memo) > 256:
            memo.clear()
        for r in range(ROWS):
            runs = (geo.left, tuple(per_mine[m][r] for m in range(5)))
            line = memo.get(runs)
            if line is None:  # (a cursor key changes one or two rows: the others are kept)
                line = memo[runs] = Text(" " * geo.left)
                for m in range(5):
                    for text, style in per_mine[m][r]:
                        line.append(text, style or None)
            lines.append(line)
        self._built = lines
        set_content(self, Text("\n").join(lines), key=key)

    def _split(self, text: Text) -> list[Text]:
        """The lines just built, without splitting the text they were joined into again."""
        built = self.__dict__.pop("_built", None)
        return built if built is not None and len(built) == ROWS else split_lines(text)

    def hover_tooltip(self, x: int, y: int) -> str | None:
        """A mark's meaning; elsewhere on a dwarf (its tag, its brackets), whose dwarf it is and
        who its friends and foes are."""
        found = self.mark_at(x, y)
        if found is not None:
            return found
        place = self.geometry.place_at(x, y)
        mines = getattr(self, "_mines", None)
        if place is None or mines is None:
            return None
        d = mines[place[0]][place[1]]
        if d is None:
            return None
        gem, owner = d
        friends = [GEM_NAMES[g] for g in range(5) if relation(gem, g) == FRIEND]
        foes = [GEM_NAMES[g] for g in range(5) if relation(gem, g) == FOE]
        return (f"{self._names[owner]}'s {GEM_NAMES[gem]} dwarf. Its friends (+ side, down "
                f"right): {' and '.join(friends)}; its foes (− side, down left): "
                f"{' and '.join(foes)}.")

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


class MarketPanel(TextLines):
    """The Marketplace and its dwarves, the supply, the cards for sale and the achievements
    (open ones, and who claimed the others). Never shorter than it has been at this width: a
    new face-up card that needs a line less must not pull the menu under the mouse up a line."""

    DEFAULT_CSS = """
    MarketPanel { height: auto; padding: 0 1; background: $boost; }
    MarketPanel.-coach-target { padding: 1 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.tallest = 0  # lines, at the width of the last show

    def reset_height(self) -> None:
        """Forget how tall it has been (the width changed: lines break elsewhere)."""
        self.tallest = 0
        forget(self)

    def show(self, view: MineAllMinesView, names: list[str], width: int, marks: LastTurn = LastTurn(),
             keep_height: bool = True) -> None:
        """Draw ``view``; ``keep_height``: never fewer lines than it has had (where a menu
        under the mouse would move)."""
        key = (width, tuple(names), keep_height, marks.market, marks.claimed, freeze([view[k] for k in (
            "market", "supply", "market_dwarves", "jewelry_shown", "jewelry_left",
            "support_shown", "support_left", "achievements_shown")]),
            freeze([own["ach"] for own in view["owned"]]))
        if shows(self, key):
            return
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
                last = len(owners) - 1 - owners[::-1].index(marks.seat) \
                    if (kind, marks.seat) in marks.market else None
                for i, o in enumerate(owners):
                    t.append("" if i == 0 else " ")
                    if i == last:  # the one the last turn played
                        t.append("»", style="bold").append(tag[o], style=f"{seat_style(o)} {MARK}")
                        t.append("«", style="bold")
                    else:
                        t.append(tag[o], style=seat_style(o))
                parts.append(t)
        lines = flow_lines(parts, room, sep="  ")

        jewels = [Text(f"JEWELRY ({view['jewelry_left']} in the deck)", style="bold")]
        for cid in view["jewelry_shown"]:
            jewels.append(_card_box(jewel_text(cid)) if cid else Text("[ empty ]", style="dim"))
        lines += flow_lines(jewels, room, indent=2)

        cards = [Text(f"SUPPORT ({view['support_left']} in the deck)", style="bold")]
        for cid in view["support_shown"]:
            cards.append(_card_box(support_card_text(cid)) if cid
                         else Text("[ empty ]", style="dim"))
        lines += flow_lines(cards, room, indent=2)

        achievements = [Text("ACHIEVEMENTS", style="bold")]
        for aid in view["achievements_shown"]:
            if aid is not None:
                a = data.achievements[aid]
                achievements.append(Text(f"[{a.name} {a.vp}VP: {need_text(aid)}]"))
        for s, own in enumerate(view["owned"]):
            for aid in own["ach"]:
                if aid in marks.claimed:  # just claimed
                    t = Text("•", style="bold")
                    t.append(f"★{data.achievements[aid].name}", style=f"bold {MARK}")
                    t.append(" ")
                else:
                    t = Text(f"★{data.achievements[aid].name} ", style="dim")
                achievements.append(t.append(tag[s], style=seat_style(s)))
        lines += flow_lines(achievements, room, indent=2)
        height = len(lines)
        self.tallest = max(self.tallest, height) if keep_height else height
        lines += [Text() for _ in range(self.tallest - height)]
        self.set_lines(lines)
        self.__dict__["_drawn_marker"] = key


@functools.lru_cache(maxsize=16)
def _players_header(name_w: int) -> Text:
    return PlayersPanel._header(name_w)


@functools.lru_cache(maxsize=16)
def _players_legend(room: int, tag: str, cell: int) -> Text:
    return PlayersPanel._legend(room, tag, cell)


#: the columns of a player's line (the header names them)
JEWEL_COLUMNS = tuple(JEWEL_SHORT)


def support_parts(cards: list[str], used: list[str], compact: bool,
                  bought: frozenset | set = frozenset()) -> list[Text]:
    """A player's Support cards for their line: equal unused cards once with ×N, a used one
    with ✗, one just ``bought`` (by its name) with •. ``compact`` (when the line is short of
    room) puts the Traders together as "Trader Di Sa✗" and calls the Mine Cart "Cart"."""
    data = load()
    parts: list[Text] = []
    counted: dict[str, int] = {}
    for cid in cards:
        counted[support_name(cid)] = counted.get(support_name(cid), 0) + 1
    done: set[str] = set()
    traders = Text("Trader", style="cyan")
    for cid in cards:
        label, is_used = support_name(cid), cid in used
        new = data.support[cid].name in bought
        if compact and cid.startswith("trader-"):
            traders.append(" ")
            if new:
                traders.append("•", style="bold")
            traders.append(label.split()[0] + ("✗" if is_used else ""),
                           style="dim" if is_used else f"cyan {MARK}" if new else "cyan")
            continue
        if label in done and not is_used:
            continue
        done.add(label)
        k = counted[label]
        if compact and label == "Mine Cart":
            label = "Cart"
        text = label + (f"×{k}" if k > 1 and not is_used else "") + ("✗" if is_used else "")
        style = "dim" if is_used else "green" if data.support[cid].group == "tool" else "cyan"
        parts.append(Text("•", style="bold").append(text, style=f"{style} {MARK}") if new
                     else Text(text, style=style))
    if traders.cell_len > len("Trader"):
        parts.append(traders)
    return parts


class PlayersPanel(TextLines):
    """A header, then a line per player: tag and name, VP, gems (and Lamp gems), dwarves left,
    Jewelry by kind, Support cards (✗: used this round) and achievements; then the legend.
    What the last turn changed is marked: ▲/▼ a gem count that went up or down, ▲ the Lamp,
    • a card bought or an achievement claimed."""

    DEFAULT_CSS = """
    PlayersPanel { height: auto; padding: 0 1; }
    PlayersPanel.-coach-target { padding: 1 1; }
    """
    _rows: dict = {}  # the rows last drawn, by what they show

    def show(self, view: MineAllMinesView, names: list[str], width: int, marks: LastTurn = LastTurn()) -> None:
        key = (width, tuple(names), marks.key(), view["seat"], view["phase"], view["first"],
               freeze([view[k] for k in ("vp", "gems", "lamp", "hand_counts", "owned", "used")]))
        if shows(self, key):
            return
        room = max(40, width - 2)
        name_w = 10 if room < 110 else 16
        short = short_names(names, name_w)
        tag = owner_tags(names)
        out = [_players_header(name_w)]
        rows: dict = {}
        for s in range(len(names)):  # a row is built again only when what it shows changed
            own = view["owned"][s]
            acting = s == view["seat"] and view["phase"] != "over"
            row_key = (s, short[s], tag[s], name_w, room, acting,
                       s == view["first"], view["vp"][s], tuple(view["gems"][s]),
                       tuple(view["lamp"][s]), view["hand_counts"][s], tuple(own["jewelry"]),
                       tuple(own["support"]), tuple(own["ach"]), tuple(view["used"][s]),
                       marks.seat_key(s))
            row = self._rows.get(row_key)
            if row is None:
                row = self._row_lines(view, s, short[s], tag[s], name_w, room, marks)
            rows[row_key] = row
            out += row
        self._rows = rows
        out.append(_players_legend(room, tag[0], MinesGeometry(width).cell))
        self.set_lines(out)
        self.__dict__["_drawn_marker"] = key

    @staticmethod
    def _header(name_w: int) -> Text:
        """Column names over the player lines (the same widths as ``_row``)."""
        return Text("  " + "tag " + "player".ljust(name_w) + "   VP  " + "gems".ljust(20)
                    + "lamp " + "dw " + " ".join(JEWEL_SHORT[k] for k in JEWEL_COLUMNS)
                    + "  cards (✗ used) ★ achievements", style="dim")

    @classmethod
    def _row(cls, view: MineAllMinesView, s: int, name: str, tag: str, name_w: int, room: int,
             marks: LastTurn = LastTurn()) -> Text:
        """A player's row as one text (``_row_lines`` joined)."""
        return Text("\n").join(cls._row_lines(view, s, name, tag, name_w, room, marks))

    @staticmethod
    def _row_lines(view: MineAllMinesView, s: int, name: str, tag: str, name_w: int, room: int,
                   marks: LastTurn = LastTurn()) -> list[Text]:
        data = load()
        acting = s == view["seat"] and view["phase"] != "over"
        head = Text("▶ " if acting else "  ", style="bold")
        head.append(tag.ljust(4), style=seat_style(s))
        head.append(name.ljust(name_w), style=seat_style(s))
        head.append(" ⚑ " if s == view["first"] else "   ", style="bold")
        head.append(f"{view['vp'][s]:>2}  ", style="bold")
        for g in range(5):
            n = view["gems"][s][g]
            change = marks.gem_change(s, g)
            style = GEM_STYLES[g] if n else "dim"
            if change:  # the space after the count takes the mark
                head.append(f"{GEM_SHORT[g]}{n}", style=f"{style} {MARK}")
                head.append("▲" if change > 0 else "▼", style="bold")
            else:
                head.append(f"{GEM_SHORT[g]}{n} ", style=style)
        lamp = sum(view["lamp"][s])
        if lamp and s in marks.lamp:
            head.append(f" +{lamp}".ljust(4), style=f"yellow {MARK}").append("▲", style="bold")
        else:
            head.append(f" +{lamp:<2} " if lamp else "     ", style="yellow")
        head.append(f"{view['hand_counts'][s]}  ", style="")
        own = view["owned"][s]
        kinds = [data.jewelry[j].type for j in own["jewelry"]]
        bought = marks.jewels.get(s, ())
        for k in JEWEL_COLUMNS:
            n = kinds.count(k)
            if n and k in bought:
                head.append(f"{n:>2}", style=f"magenta {MARK}").append("•", style="bold")
            else:
                head.append(f"{n:>2} " if n else " · ", style="magenta" if n else "dim")
        named = [(Text("•", style="bold").append(f"★{data.achievements[aid].name}",
                                                 style=f"bold yellow {MARK}")
                  if aid in marks.claimed else
                  Text(f"★{data.achievements[aid].name}", style="bold yellow"))
                 for aid in own["ach"]]
        # the achievements' names are on the ACHIEVEMENTS line too, with the owner's tag
        new_star = any(aid in marks.claimed for aid in own["ach"])
        counted = [(Text("•", style="bold") if new_star else Text()).append(
            f"★{len(named)}", style="bold yellow" + (f" {MARK}" if new_star else ""))] \
            if named else []
        cards = marks.support.get(s, frozenset())
        for compact, stars in ((False, named), (False, counted), (True, counted)):
            parts = [head] + support_parts(own["support"], view["used"][s], compact, cards) \
                + stars
            if sum(p.cell_len + 1 for p in parts) - 1 <= room:
                break
        return flow_lines(parts, room, sep=" ", indent=len(head.plain))

    @staticmethod
    def _legend(room: int, tag: str, cell: int) -> Text:
        """The marks of the table, as many as one line holds (the help lists them all)."""
        dot = "·" if len(tag) + 3 <= cell - 2 else ""
        marks = ["▶ to play", "⚑ first player", f"»Ru{dot}{tag}« ▲▼ • just changed",
                 f"[Ru{dot}{tag}] {tag}'s Ruby dwarf",
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
