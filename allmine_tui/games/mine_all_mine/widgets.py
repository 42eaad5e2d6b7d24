"""Widgets of the Mine, All Mine! table. They draw views only: no game state lives here.

Each part of the board is one line widget (``TextLines``): the planets, the score track, the hand
(``hand.py``: every ship card drawn in one widget, with a click map and a window that follows the
cursor) and the fleet line (its sums at a fixed place, the Launch button drawn in it). A cursor
key redraws the hand and the prompt, nothing else; a move redraws only the parts whose text
changed. Their words and marks are in ``labels.py``.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.containers import Vertical

from ...ui.widgets.draw import freeze, set_content, shows
from ...ui.widgets.lines import TextLines
from ...ui.widgets.player_input import PlayerInput
from .labels import CELL, NEW, ORDINALS, SEAT_STYLES, fleet_cards, fleet_sums, last_fleet, plural
from .views import MineAllMineView, Planet

# -- the board's places ----------------------------------------------------------------------------
# (their sizes live with the widgets: a screen's own style sheet is not applied to the final
# table's and the replay's screen classes, which Textual builds with another first base)
class Board(Vertical):
    DEFAULT_CSS = "Board { height: auto; }"


class PromptLines(TextLines):
    """What the option under the cursor is, in three lines that never move the cards."""

    DEFAULT_CSS = "PromptLines { height: 3; padding: 0 1; background: $boost; }"


class KeysLine(TextLines):
    DEFAULT_CSS = "KeysLine { height: 1; padding: 0 1; color: $text-muted; }"


class FleetLine(TextLines):
    """One line: YOUR FLEET, its sums at a fixed place, its cards (cut to the room left), and
    the Launch button at the right end while the viewer may launch. Posts ``Launch`` when the
    button is clicked."""

    DEFAULT_CSS = """
    FleetLine { height: 1; width: 1fr; padding: 0 1; }
    FleetLine.-coach-target { height: 3; padding: 1 1; }
    """
    LAUNCH = " ▶ Launch [L] "

    class Launch(PlayerInput):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.launch_at: int | None = None

    def show(self, view: MineAllMineView, viewer: int | None, acting: bool) -> None:
        width = self.app.size.width - 2  # the line spans the screen, less its padding
        if viewer is None:
            set_content(self, Text("Fleets are secret until the reveal.", style="italic dim"))
            self.launch_at = None
            return
        t = Text("YOUR FLEET  ", style="bold")
        t.append_text(fleet_sums(view["preview"]))
        pending = view["pending"] or []
        button = self.LAUNCH if acting else ""
        room = width - t.cell_len - 3 - len(button) - 1
        if pending:
            t.append(" = ")
            t.append(fleet_cards(pending, view["mode"], room))
        else:
            t.append("   ")
            t.append("(no card yet)"[:max(0, room)], style="dim")
        if button:
            t.append(" " * max(1, width - t.cell_len - len(button)))
            self.launch_at = t.cell_len
            t.append(button, style=Style(bold=True, reverse=True))
        else:
            self.launch_at = None
        set_content(self, t)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.launch_at is not None and offset.x >= self.launch_at:
            event.stop()
            self.post_message(self.Launch())


# -- the planets ---------------------------------------------------------------------------------
def pack_markers(marks: list[Text], width: int, rows: int = 2) -> list[Text]:
    """Fleet markers of one location in at most ``rows`` lines of ``width``: side by side when
    they fit, '+2' for those left over."""
    lines: list[Text] = []
    for i, m in enumerate(marks):
        if lines and lines[-1].cell_len + 1 + m.cell_len <= width:
            lines[-1].append(" ")
            lines[-1].append_text(m)
            continue
        if len(lines) == rows:
            rest = Text(f"+{len(marks) - i}", style="bold")
            last = lines[-1]
            while last.cell_len + 1 + rest.cell_len > width and last.cell_len:
                last.right_crop(1)
            last.append(" ")
            last.append_text(rest)
            break
        lines.append(m.copy())
    return lines


def place_cells(planets: list[Planet], resources: list[int] | None = None,
                markers: dict[int, list[Text]] | None = None,
                highlight: int | None = None, left: dict[int, int] | None = None) -> Text:
    """The planet (and moon): a name line, then one cell per location (1st..6th) with its
    resources, then the fleet markers under each location (two lines at most). ``left`` maps a
    location (1..6) that has been mined this round to what is left there; ``highlight`` is the
    location being resolved: a heavy box with ▼ on it (not only a colour)."""
    markers = markers or {}
    resources = resources if resources is not None else [r for p in planets for r in p["resources"]]
    t = Text()
    gap = "    "
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
                edge = "bold reverse" if lit else "dim"
                if line == 0:
                    if lit:
                        t.append(f"┏▼{ORDINALS[loc]} " + "━" * (CELL - 7) + "┓", style=edge)
                    else:
                        t.append(f"╭ {ORDINALS[loc]} " + "─" * (CELL - 7) + "╮", style=edge)
                elif line == 1:
                    r = resources[loc]
                    if left is not None and loc + 1 in left:
                        body, colour = f"{left[loc + 1]}/{r} left", "dim"
                    else:
                        body, colour = f"{'◆' * min(r, 6)} {r}", "yellow"
                    t.append("┃" if lit else "│", style=edge)
                    t.append(f" {body:<{CELL - 3}}",
                             style=("bold reverse " + colour) if lit else colour)
                    t.append("┃" if lit else "│", style=edge)
                else:
                    t.append(("┗" + "━" * (CELL - 2) + "┛") if lit
                             else ("╰" + "─" * (CELL - 2) + "╯"), style=edge)
        t.append("\n")
    packed = {loc: pack_markers(marks, CELL - 1) for loc, marks in markers.items()}
    rows = max((len(v) for v in packed.values()), default=0)
    for line in range(rows):
        for i, _p in enumerate(planets):
            if i:
                t.append(gap)
            for j in range(3):
                here = packed.get(3 * i + j + 1, [])
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


class PlanetPanel(TextLines):
    """This round's planet and moon with the resources at each location."""

    DEFAULT_CSS = """
    PlanetPanel { height: auto; padding: 0 1; }
    PlanetPanel.-coach-target { padding: 1 1; }
    """

    def show(self, planets: list[Planet], markers: dict[int, list[Text]] | None = None) -> None:
        key = (freeze(planets), tuple((loc, tuple(m.plain for m in marks))
                                      for loc, marks in sorted((markers or {}).items())))
        if not shows(self, key):
            set_content(self, place_cells(planets, markers=markers), key=key)


# -- the scores ----------------------------------------------------------------------------------
class ScoreTrack(TextLines):
    """A row per player: the score (with a bar), cards held, launched or assembling, and the
    fleet they flew last round (its cards, where it went, its points). ``changed``: what the
    last public move changed ({"launched": seats, "round": True}), marked with •."""

    DEFAULT_CSS = """
    ScoreTrack { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }
    ScoreTrack.-coach-target { padding: 0 1 1 1; }
    """

    def show(self, view: MineAllMineView, names: list[str], viewer: int | None,
             changed: dict | None = None, v_hint: bool = True) -> None:
        """``v_hint``: v shows the last round again here (not in the final table or a
        replay)."""
        from ...engine.names import short_names

        changed = changed or {}
        key = (self.app.size.width, tuple(names), viewer, freeze(changed), v_hint, view["round"],
               view["phase"], tuple(view["scores"]), tuple(view["to_act"]),
               tuple(view["hand_counts"]), tuple(view["launched"]), bool(view["last_round"]))
        if shows(self, key):
            return
        new_launch = changed.get("launched", ())
        new_round = changed.get("round", False)
        scores = view["scores"]
        top = max(max(scores), 1)
        record = view["last_round"]
        last = {f["seat"]: f for f in (record["fleets"] if record else [])}
        lasts = {seat: last_fleet(f) for seat, f in last.items()}
        gained = {}
        if view["history"]:
            gained = dict(enumerate(view["history"][-1]["points"]))
        room = self.app.size.width - 4
        fixed = 2 + 13 + 4 + 5 + 9 + 12 + 6
        longest = max((len(x) for x in lasts.values()), default=0)
        width = max(6, min(30, room - fixed - (longest + 3 if lasts else 0)))
        short = short_names(names, 12)
        head = f"SCORES  round {min(view['round'], view['rounds_total'])}/{view['rounds_total']}"
        t = Text(head, style="bold")
        if lasts:
            at = fixed + width + 1
            titles = ([f"{NEW} LAST ROUND, just played (v: replay)", f"{NEW} LAST ROUND, just "
                       "played", f"{NEW} LAST ROUND"] if new_round
                      else ["  LAST ROUND (v: replay)", "  LAST ROUND"])
            if not v_hint:
                titles = [x for x in titles if "(v:" not in x]
            title = next((x for x in titles if at + len(x) <= room + 2), titles[-1])
            t.append(" " * (at - len(head)) + title, style="bold")
        for seat in range(len(names)):
            t.append("\n")
            acting = seat in view["to_act"]
            t.append(f"{'▶ ' if acting else '  '}{short[seat]:<13}", style=SEAT_STYLES[seat % 4])
            fill = round(width * scores[seat] / top) if scores[seat] else 0
            t.append("█" * fill, style=SEAT_STYLES[seat % 4])
            t.append("·" * (width - fill), style="dim")
            t.append(f" {scores[seat]:>3}")
            if new_round and seat in gained:
                t.append(" ")
                t.append(f"{NEW}+{gained[seat]:<2}"[:4], style="bold")
            else:
                t.append(" " * 5)
            t.append(f" {plural(view['hand_counts'][seat], 'card'):<8}", style="dim")
            if view["phase"] == "over":
                t.append(" " * 12)
            elif view["launched"][seat]:
                if seat in new_launch:
                    t.append(" ")
                    t.append("launched", style="bold underline green")
                    t.append(f" {NEW} ", style="bold")
                else:
                    t.append(" launched   ", style="bold green")
            else:
                t.append(" assembling ", style="italic dim")
            t.append(" (you)" if seat == viewer else "      ", style="italic")
            if seat in lasts:
                mark = f"{NEW} " if new_round else "  "
                t.append(" " + mark + lasts[seat], style="bold cyan" if new_round else "cyan")
        set_content(self, t, key=key)


# -- what the last move changed ----------------------------------------------------------------
def public_part(view: MineAllMineView) -> tuple:
    """What every seat's view shows alike (the same for the table view): the only thing the
    marks of what just changed are made from, so they never tell one seat's secret."""
    return (view["round"], view["phase"], tuple(view["launched"]))


def changes(before: tuple | None, now: tuple) -> dict:
    """Who launched since the public part ``before`` (the newest launches, marked •: every
    launch since the table was last drawn, so bots that launch at once are marked together)."""
    if before is None or before[:2] != now[:2]:
        return {}
    launched = {s for s, (a, b) in enumerate(zip(before[2], now[2])) if b and not a}
    return {"launched": launched} if launched else {}


def round_just_played(view: MineAllMineView, people: list[int]) -> bool:
    """The last round stays marked as just played until a person launches in the next one
    (bots launch at once: that is no reason to hide what happened), and at the end."""
    if not view["last_round"]:
        return False
    return view["phase"] == "over" or not any(view["launched"][s] for s in people)
