"""Widgets of the Mine, All Mine! table. They draw views only: no game state lives here."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...engine.names import short_names
from ...ui.widgets.cards import CardFace, Look
from .data import load_ships, ship_of
from ...ui.widgets.player_input import PlayerInput

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
SEAT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green")
CELL = 12  # width of one location cell


def option_label(number: int, option: int, mode: str, width: int = 15) -> str:
    """'A S3 A1 C2' for a ship, '✦ Shield Wall' for the action."""
    ship = ship_of(number, option, mode)
    if ship is None:
        name = load_ships()[number].action.name
        label = f"✦ {name}"
        return label if len(label) <= width else label[:width - 1] + "…"
    return f"{'ABC'[option]} S{ship.speed} A{ship.attack} C{ship.cargo}"


def plural(n: int, word: str) -> str:
    """'1 resource', '3 resources'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def short_option(number: int, option: int, mode: str, named: bool = True) -> str:
    """'#3A' for ship A of card 3, '#12✦Scavenger' for its action ('#12✦' unnamed)."""
    if mode != "beginner" and option == 3:
        return f"#{number}✦" + (load_ships()[number].action.name if named else "")
    return f"#{number}{'ABC'[option]}"


def fleet_summary(preview: dict | None) -> Text:
    if not preview:
        return Text("Speed 0  Attack 0  Cargo 0", style="dim")
    t = Text()
    t.append(f"Speed {preview['speed']}  Attack {preview['attack']}  Cargo {preview['cargo']}",
             style="bold")
    return t


class ShipCardFace(CardFace):
    """One ship card: its number and its options (4, or 2 in beginner mode), one a line.

    Posts ``OptionClicked`` with the option under the mouse."""

    DEFAULT_CSS = """
    ShipCardFace { width: 19; height: 6; }
    """
    ALIGN = "top"

    def look(self, classes: dict[str, bool]) -> Look:
        """In the fleet: green, with a heavy border under the cursor; else as any card."""
        cursor = classes.get("-cursor", False)
        if classes.get("-infleet"):
            if cursor:
                return Look(box="heavy", border=("accent", 1.0), background=("success", 0.35),
                            bold=False)
            return Look(border=("success", 1.0), background=("success", 0.15), bold=False)
        if cursor:
            return Look(box="heavy", border=("accent", 1.0), background=("accent", 0.25),
                        bold=False)
        return Look(bold=False)

    class OptionClicked(PlayerInput):
        def __init__(self, card: int, option: int) -> None:
            super().__init__()
            self.card, self.option = card, option

    def __init__(self, **kwargs) -> None:
        super().__init__("", None, **kwargs)
        self.n_options = 4

    def show(self, number: int, mode: str, chosen: int | None, cursor_option: int | None,
             cursor: bool) -> None:
        k = 2 if mode == "beginner" else 4
        self.n_options = k
        t = Text()
        for o in range(k):
            label = option_label(number, o, mode)
            style = ""
            mark = "  "
            if chosen == o:
                style, mark = "bold reverse green", "✔ "
            elif chosen is not None:
                style = "dim"
            if cursor and cursor_option == o:
                style = (style + " underline bold").strip()
                mark = "▶ " if chosen != o else "✔ "
            t.append(f"{mark}{label}", style=style)
            if o < k - 1:
                t.append("\n")
        card = load_ships()[number]
        self.set_card(t, number, classes={"-infleet": chosen is not None, "-cursor": cursor},
                      tooltip=f"Card {number}. Action: {card.action.name}: {card.action.text}"
                      if mode != "beginner" else f"Card {number}",
                      title=f"▶ #{number} ◀" if cursor else f"#{number}",
                      subtitle="in fleet" if chosen is not None else "")

    def on_click(self, event) -> None:
        event.stop()
        if self.value is None:
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        _x, y = offset
        y -= 1  # the top border
        if 0 <= y < self.n_options:
            self.post_message(self.OptionClicked(self.value, y))


def place_cells(planets: list[dict], resources: list[int] | None = None,
                markers: dict[int, list[Text]] | None = None,
                highlight: int | None = None, left: dict[int, int] | None = None) -> Text:
    """The planet (and moon): a name line, then one cell per location (1st..6th) with its
    resources, then the fleet markers under each location. ``left`` maps a location (1..6) that
    has been mined this round to what is left there."""
    markers = markers or {}
    resources = resources if resources is not None else [r for p in planets for r in p["resources"]]
    t = Text()
    gap = "    "
    # names
    for i, p in enumerate(planets):
        if i:
            t.append(gap)
        head = f"{p['name'].upper()} · {p['side']} · {p['end']} end"
        t.append(f"{head:<{3 * CELL}}"[:3 * CELL], style="bold")
    t.append("\n")
    for line in range(3):
        for i, _p in enumerate(planets):
            if i:
                t.append(gap)
            for j in range(3):
                loc = 3 * i + j
                lit = highlight == loc + 1
                style = "bold reverse" if lit else ""
                if line == 0:
                    t.append(f"╭ {ORDINALS[loc]} " + "─" * (CELL - 7) + "╮", style=style or "dim")
                elif line == 1:
                    r = resources[loc]
                    if left is not None and loc + 1 in left:
                        body, colour = f"{left[loc + 1]}/{r} left", "dim"
                    else:
                        body, colour = f"{'◆' * min(r, 6)} {r}", "yellow"
                    t.append("│", style=style or "dim")
                    t.append(f" {body:<{CELL - 3}}", style=(style + " " + colour).strip())
                    t.append("│", style=style or "dim")
                else:
                    t.append("╰" + "─" * (CELL - 2) + "╯", style=style or "dim")
        t.append("\n")
    rows = max((len(v) for v in markers.values()), default=0)
    for line in range(rows):
        for i, _p in enumerate(planets):
            if i:
                t.append(gap)
            for j in range(3):
                here = markers.get(3 * i + j + 1, [])
                if line < len(here):
                    m = here[line].copy()
                    m.truncate(CELL - 1, pad=True)
                    t.append(" ")
                    t.append_text(m)
                else:
                    t.append(" " * CELL)
        t.append("\n")
    t.rstrip()
    return t


class PlanetPanel(Static):
    """This round's planet and moon with the resources at each location."""

    DEFAULT_CSS = "PlanetPanel { height: auto; padding: 0 1; }"

    def show(self, planets: list[dict], markers: dict[int, list[Text]] | None = None) -> None:
        self.update(place_cells(planets, markers=markers))


class ScoreTrack(Static):
    """A row per player: the score (with a bar), cards held, launched or assembling, and the
    fleet they flew last round (its cards, where it went, its points)."""

    DEFAULT_CSS = "ScoreTrack { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }"

    def show(self, view: dict, names: list[str], viewer: int | None) -> None:
        scores = view["scores"]
        top = max(max(scores), 1)
        last = {f["seat"]: f for f in (view["last_round"] or {}).get("fleets", [])}
        lasts = {seat: last_fleet(f) for seat, f in last.items()}
        room = self.app.size.width - 4
        fixed = 2 + 13 + 4 + 9 + 12 + 6
        longest = max((len(x) for x in lasts.values()), default=0)
        width = max(6, min(30, room - fixed - (longest + 2 if lasts else 0)))
        short = short_names(names, 12)
        t = Text()
        t.append(f"SCORES  round {min(view['round'], view['rounds_total'])}/{view['rounds_total']}",
                 style="bold")
        if lasts:
            t.append(" " * (fixed + width - 15) + "LAST ROUND (v: replay)", style="bold")
        for seat in range(len(names)):
            t.append("\n")
            acting = seat in view["to_act"]
            t.append(f"{'▶ ' if acting else '  '}{short[seat]:<13}", style=SEAT_STYLES[seat % 4])
            fill = round(width * scores[seat] / top) if scores[seat] else 0
            t.append("█" * fill, style=SEAT_STYLES[seat % 4])
            t.append("·" * (width - fill), style="dim")
            t.append(f" {scores[seat]:>3}")
            t.append(f" {plural(view['hand_counts'][seat], 'card'):<8}", style="dim")
            if view["phase"] == "over":
                t.append(" " * 12)
            elif view["launched"][seat]:
                t.append(" launched   ", style="bold green")
            else:
                t.append(" assembling ", style="italic dim")
            t.append(" (you)" if seat == viewer else "      ", style="italic")
            if seat in lasts:
                t.append("  " + lasts[seat], style="cyan")
        self.update(t)


def last_fleet(f: dict) -> str:
    """'#2A #8✦ #3C → 2nd 5 pts' (✦ an action; ✗ it fled; 'no fleet' when it never arrived)."""
    cards = " ".join(short_option(c, o, "standard", named=False) for c, o in f["cards"])
    where = ORDINALS[f["location"] - 1] if f["arrives"] else "none"
    fled = " ✗" if f["fled_at"] is not None else ""
    return f"{cards} → {where}{fled} {plural(f['points'], 'pt')}"
