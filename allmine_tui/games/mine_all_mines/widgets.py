"""Widgets of the Mine All Mines table. They draw views only: no game state lives here."""
from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from .choices import cost_letters
from .data import GEM_NAMES, load

SEAT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green", "bold red")
GEM_STYLES = ("bold white", "bold blue", "bold red", "bold green", "bold yellow")
GEM_SHORT = ("Di", "Sa", "Ru", "Em", "Go")
MINE_W = 20
#: (row, column) of each place's 6-wide cell inside a mine drawing
CELL_AT = {0: (1, 7), 1: (3, 4), 2: (3, 10), 3: (5, 1), 4: (5, 7), 5: (5, 13)}
LINKS = {2: "     −╱      ╲+     ", 4: "  −╱    ╲+−╱    ╲+  "}


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def gem_chip(g: int, count: int | None = None) -> Text:
    label = GEM_SHORT[g] if count is None else f"{GEM_SHORT[g]}{count}"
    return Text(label, style=GEM_STYLES[g])


class MinesPanel(Static):
    """The five mines side by side, each a pyramid of 1, 2 and 3 places.

    A place shows its dwarf's gem and owner; places the highlighted move would fill are marked.
    Posts ``PlaceClicked`` with (mine, place) under the mouse."""

    DEFAULT_CSS = "MinesPanel { height: 7; width: 100; }"

    class PlaceClicked(Message):
        def __init__(self, mine: int, place: int) -> None:
            super().__init__()
            self.mine, self.place = mine, place

    def show(self, mines: list, names: list[str], legal: set, chosen: set) -> None:
        rows = [Text() for _ in range(7)]
        for m in range(5):
            grid = [[(" ", "")] * MINE_W for _ in range(7)]

            def put(r: int, c: int, text: str, style: str = "") -> None:
                for i, ch in enumerate(text):
                    if 0 <= c + i < MINE_W:
                        grid[r][c + i] = (ch, style)

            title = f"{GEM_NAMES[m].upper()} MINE"
            put(0, (MINE_W - len(title)) // 2, title, GEM_STYLES[m])
            for r, line in LINKS.items():
                put(r, 0, line, "dim")
            for q, (r, c) in CELL_AT.items():
                d = mines[m][q]
                if d is not None:
                    gem, owner = d
                    put(r, c, "[", "dim")
                    put(r + 0, c + 1, GEM_SHORT[gem], GEM_STYLES[gem])
                    put(r, c + 3, "·", "dim")
                    put(r, c + 4, names[owner][:1].upper(), seat_style(owner))
                    put(r, c + 5, "]", "dim")
                elif (m, q) in chosen:
                    put(r, c, "[ ▶▶ ]", "bold reverse green")
                elif (m, q) in legal:
                    put(r, c, "[ ++ ]", "bold green")
                else:
                    put(r, c, "[    ]", "dim")
            for r in range(7):
                for ch, style in grid[r]:
                    rows[r].append(ch, style)
        out = Text("\n").join(rows)
        self.update(out)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x, y = offset
        m = x // MINE_W
        for q, (r, c) in CELL_AT.items():
            if r == y and c <= x - m * MINE_W < c + 6 and 0 <= m < 5:
                event.stop()
                self.post_message(self.PlaceClicked(m, q))
                return


class MarketPanel(Static):
    """Marketplace gems and dwarves, the supply, the face-up cards and the achievements."""

    DEFAULT_CSS = "MarketPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }"

    def show(self, view: dict, names: list[str]) -> None:
        data = load()
        t = Text()
        t.append("MARKET ", style="bold")
        for g in range(5):
            t.append_text(gem_chip(g, view["market"][g]))
            t.append(" ")
        if view["market_dwarves"]:
            t.append("· ", style="dim")
            t.append(", ".join(f"{'Dealer' if d == 'dealer' else 'Smith'}:{names[o][:6]}"
                               for d, o in view["market_dwarves"]))
        t.append("   SUPPLY ", style="bold")
        for g in range(5):
            t.append_text(gem_chip(g, view["supply"][g]))
            t.append(" ")
        t.append("\nJEWELRY ", style="bold")
        for cid in view["jewelry_shown"]:
            if cid is None:
                t.append("[ empty ] ", style="dim")
                continue
            j = data.jewelry[cid]
            t.append(f"[{j.type.capitalize()} {j.vp}VP: ")
            for i, g in enumerate(j.cost):
                t.append_text(gem_chip(g))
                if i < len(j.cost) - 1:
                    t.append(" ")
            t.append("] ")
        t.append(f"({view['jewelry_left']} left)  ", style="dim")
        t.append("SUPPORT ", style="bold")
        for cid in view["support_shown"]:
            if cid is None:
                t.append("[ empty ] ", style="dim")
                continue
            s = data.support[cid]
            t.append(f"[{s.name} {s.vp:+d}VP: {cost_letters(s.cost)}] ")
        t.append(f"({view['support_left']} left)", style="dim")
        t.append("\nACHIEVEMENTS ", style="bold")
        parts = []
        for aid in view["achievements_shown"]:
            if aid is None:
                parts.append(Text("[claimed]", style="dim"))
            else:
                a = data.achievements[aid]
                parts.append(Text(f"[{a.name} {a.vp}VP: {a.short()}]"))
        t.append_text(Text(" ").join(parts))
        self.update(t)


def support_short(cid: str, used: bool) -> Text:
    s = load().support[cid]
    short = {"goldsmith": "Goldsm", "jeweler": "Jewel", "trade-helper": "TradeH",
             "vp-helper": "VPH", "lamp": "Lamp"}.get(cid)
    if short is None:
        if cid.startswith("trader-"):
            short = "Tr" + cid[-1].upper()
        elif cid.startswith("tools"):
            short = "Tools"
        elif cid.startswith("cart"):
            short = "Cart"
        else:
            short = "Mine"
    return Text(short, style="dim strike" if used else ("green" if s.group == "tool" else "cyan"))


class PlayersPanel(Static):
    """A line per player: VP, gems (and Lamp), cards, achievements, dwarves left."""

    DEFAULT_CSS = "PlayersPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }"

    def show(self, view: dict, names: list[str]) -> None:
        data = load()
        t = Text()
        for s, name in enumerate(names):
            acting = s == view["seat"] and view["phase"] != "over"
            t.append("▶ " if acting else "  ")
            t.append(f"{name[:10]:<10}", style=seat_style(s))
            t.append(" ⚑" if s == view["first"] else "  ", style="bold")
            t.append(f" {view['vp'][s]:>2}VP ", style="bold")
            for g in range(5):
                n = view["gems"][s][g]
                t.append(f"{GEM_SHORT[g]}{n} ", style=GEM_STYLES[g] if n else "dim")
            lamp = sum(view["lamp"][s])
            if lamp:
                t.append(f"lamp {lamp} ", style="yellow")
            t.append(f"hand {view['hand_counts'][s]} ", style="dim")
            own = view["owned"][s]
            jew = [data.jewelry[j].type[:2].capitalize() for j in own["jewelry"]]
            if jew:
                t.append("J:" + " ".join(jew) + " ", style="magenta")
            for cid in own["support"]:
                t.append_text(support_short(cid, cid in view["used"][s]))
                t.append(" ")
            if own["ach"]:
                t.append("★" * len(own["ach"]), style="bold yellow")
            if s < len(names) - 1:
                t.append("\n")
        self.update(t)
