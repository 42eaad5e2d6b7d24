"""The Mine, All Mine! round replay: after the last launch (or later with **v**) the round is shown
turn by turn from ``state.last_round`` and the round's events: the reveal and arrival, then every
location (fights, fleeing, mining), then the scores."""
from __future__ import annotations


from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...ui.screens.grace import GraceGate
from ...ui.widgets.draw import set_content
from ...ui.widgets.keybutton import KeyButton
from ...ui.widgets.lines import TextLines
from ...engine.names import short_names
from .data import load_ships
from .rules import RULES
from .views import RoundRecord
from .labels import NEW, ORDINALS, SEAT_STYLES, fleet_cards, plural
from .widgets import place_cells


# -- the resolution replay ---------------------------------------------------------------------
def _name(names: list[str], seat: int, width: int = 9) -> Text:
    return Text(short_names(names, width)[seat], style=SEAT_STYLES[seat % 4])


def present_at(rec: RoundRecord, t: int, n_loc: int) -> set[int]:
    """The fleets that the step ``t`` is about (marked •): at the reveal, every fleet that
    arrives; at a location, the fleets there; at the end, none."""
    if t == 0:
        return {f["seat"] for f in rec["fleets"] if f["arrives"]}
    if t <= n_loc:
        return set(rec["turns"][t - 1]["present"])
    return set()


def mined_at(rec: RoundRecord, t: int) -> dict[int, int]:
    """What each fleet mined at location ``t`` (from 1)."""
    got: dict[int, int] = {}
    if 1 <= t <= len(rec["turns"]):
        for step in rec["turns"][t - 1]["steps"]:
            for seat, take in step:
                got[seat] = got.get(seat, 0) + take
    return got


def fleet_table(rec: RoundRecord, names: list[str], carried: dict[int, int], t: int, n_loc: int,
                width: int, unnamed: list[int] | None = None) -> Text:
    """A line per revealed fleet, never wrapped: • for the fleets this step is about, its sums,
    where it arrives, what it has mined so far (+ what it mined at this location), whether it
    fled, its points at the end, then its cards in the room left (the actions named when they
    fit; the seats whose actions had no room for their names are added to ``unnamed``)."""
    name_w = 10
    here = present_at(rec, t, n_loc)
    now = mined_at(rec, t)
    out = Text()
    for i, f in enumerate(rec["fleets"]):
        seat = f["seat"]
        if i:
            out.append("\n")
        line = Text()
        line.append(f"{NEW} " if seat in here else "  ", style="bold")
        line.append_text(_name(names, seat, name_w - 1))
        line.pad_right(name_w + 2 - line.cell_len)
        line.append(f"S{f['speed']:<2} A{f['attack']:<2} C{f['cargo']:<2} ")
        where = ORDINALS[f["location"] - 1] if f["arrives"] else "none"
        line.append(f"→ {where:<4}", style="bold")
        line.append(f" mined {carried[seat]}/{f['cargo']}")
        extra = f"+{now[seat]}" if now.get(seat) else ""
        line.append(" ")
        line.append(extra, style="bold underline")
        line.append(" " * (3 - len(extra)))
        fled_at = f["fled_at"]
        if fled_at is not None and (t > n_loc or fled_at <= t):
            line.append(f" fled at {ORDINALS[fled_at - 1]}", style="bold red")
        else:
            line.append(" " * 12, style="")
        if t > n_loc:
            bonus = f" (+{f['bonus']} bonus)" if f["bonus"] else ""
            line.append(f" = {plural(f['points'], 'pt')}{bonus}", style="bold")
        room = width - line.cell_len - 3
        if room >= 4:
            cards = fleet_cards(f["cards"], "standard", room, sep="  ")
            line.append(" · " + cards, style="cyan")
            actions = [load_ships()[c].action.name for c, o in f["cards"] if o == 3]
            if unnamed is not None and not all(name in cards for name in actions):
                unnamed.append(seat)
        line.truncate(width)
        out.append_text(line)
    return out


def actions_line(rec: RoundRecord, names: list[str], seats: list[int]) -> Text:
    """The actions of the fleets whose cards were listed without their names (no room)."""
    t = Text("✦ ", style="bold")
    for i, seat in enumerate(seats):
        f = next(f for f in rec["fleets"] if f["seat"] == seat)
        if i:
            t.append(" · ")
        t.append_text(_name(names, seat))
        t.append(" " + ", ".join(f"#{c} {load_ships()[c].action.name}"
                                 for c, o in f["cards"] if o == 3))
    return t


def final_markers(record: RoundRecord, names: list[str]) -> dict[int, list[Text]]:
    """Where every fleet was at the end: fled fleets where they fled, the others at the last
    location (fleets move on every turn)."""
    n_loc = len(record["resources"])
    out: dict[int, list[Text]] = {}
    for f in record["fleets"]:
        if not f["arrives"]:
            continue
        at = f["fled_at"] or n_loc
        m = _name(names, f["seat"], 6)
        m.append("✗" if f["fled_at"] else "")
        out.setdefault(at, []).append(m)
    return out


def step_markers(record: RoundRecord, names: list[str], t: int) -> dict[int, list[Text]]:
    """Where every fleet is at step ``t``: • on the fleets this step is about (just arrived, or
    at the location being mined), → on those still on their way, ✗ on one chased off here."""
    n_loc = len(record["resources"])
    here = present_at(record, t, n_loc)
    out: dict[int, list[Text]] = {}
    for f in record["fleets"]:
        if not f["arrives"]:
            continue
        m = _name(names, f["seat"], 6)
        if t == 0 or f["location"] > t:
            at = f["location"]
            if t:
                m.append("→")
                m.stylize("dim")
        elif f["fled_at"] is not None and f["fled_at"] < t:
            continue
        else:
            at = t
            if f["fled_at"] == t:
                m.append("✗")
        if f["seat"] in here:
            m = Text(NEW, style="bold") + m
            m.stylize("underline", 1)
        out.setdefault(at, []).append(m)
    return out


def split_steps(texts: list[tuple[str, str]], place_names: list[str]) -> list[list[tuple[str, str]]]:
    """The round's events by step: 0 the reveal and arrival, 1..N the locations, N+1 the end."""
    n = len(place_names)
    steps: list[list[tuple[str, str]]] = [[] for _ in range(n + 2)]
    current = 0
    for kind, text in texts:
        if kind == "launch":
            continue
        if kind == "reveal":
            continue  # the fleet table shows every revealed fleet
        if kind == "arrive":
            steps[0].append((kind, text))
            continue
        hit = next((i for i, p in enumerate(place_names) if text.startswith(p)), None)
        if hit is not None:
            current = hit + 1
        elif kind != "flee":
            current = n + 1
        steps[current].append((kind, text))
    return steps


KIND_STYLES = {"fight": "bold red", "flee": "red", "mine": "green", "bonus": "bold green",
               "lost": "yellow", "scored": "bold", "game_over": "bold reverse"}


class ResolutionScreen(GraceGate, ModalScreen[None]):
    """The round's record, a step at a time: reveal, each location, then the scores.

    Like the curtain it has an input gate of its own: keys and clicks made before it was on
    screen (plus the grace, ``ALLMINE_INPUT_GRACE``) are dropped, so the Enter typed with the
    last launch never skips the arrival."""

    BINDINGS = [
        Binding("enter,right,space", "next", "Next turn"),
        Binding("left", "back", "Turn back"),
        Binding("r,R", "run_all", "Run all"),
        Binding("escape", "close", "Close"),
        Binding("k", "legend", "Marks"),
    ]
    DEFAULT_CSS = """
    ResolutionScreen { align: center middle; }
    ResolutionScreen #res { width: 96; max-width: 98%; height: auto; max-height: 100%;
                            border: thick $accent; background: $panel; padding: 0 1; }
    ResolutionScreen #res-title { height: 1; text-style: bold; }
    ResolutionScreen #res-keys { height: 1; margin-top: 1; }
    ResolutionScreen #res-keys KeyButton { margin-right: 2; }
    """

    def __init__(self, record: RoundRecord, names: list[str], texts: list[tuple[str, str]]) -> None:
        super().__init__()
        self.record, self.names = record, names
        self.places = RULES.place_names(record["planets"])
        self.steps = split_steps(texts, self.places)
        self.n_loc = len(record["resources"])
        self.step = 0

    # -- drawing -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="res"):
            yield TextLines(id="res-title")
            yield TextLines(id="res-board")
            yield TextLines(id="res-fleets")
            yield TextLines(id="res-events")
            with Horizontal(id="res-keys"):
                yield KeyButton("Next turn [Enter/→]", id="res-next", classes="-primary")
                yield KeyButton("Run all [R]", id="res-all")
                yield Static("← turn back  Esc close  k marks", id="res-hint")

    def on_mount(self) -> None:
        """Every part keeps the height of its tallest step, so the box and its buttons stay where
        they are from the reveal to the scores (the events get what room is left)."""
        parts = [self._parts(t) for t in range(self.last + 1)]
        board_h = max(len(b.plain.splitlines()) for _t, b, _f, _e in parts)
        fleets_h = max(len(f.plain.splitlines()) for _t, _b, f, _e in parts)
        room = self.app.size.height - 2 - 1 - board_h - fleets_h - 2
        self.events_h = max(2, min(room, max(sum(self._rows(e) for e in ev) or 1
                                             for _t, _b, _f, ev in parts)))
        for wid, height in (("#res-board", board_h), ("#res-fleets", fleets_h),
                            ("#res-events", self.events_h)):
            self.query_one(wid, TextLines).styles.height = height
        self.draw()

    def _rows(self, line: Text) -> int:
        return len(line.wrap(self.app.console, self._width()))

    @property
    def last(self) -> int:
        return self.n_loc + 1

    def _width(self) -> int:
        """The fleet table's width: the box is 96 columns (98% of a narrower terminal) less its
        border and padding."""
        return min(96, int(self.app.size.width * 0.98)) - 4

    def carried_until(self, t: int) -> dict[int, int]:
        got = {f["seat"]: 0 for f in self.record["fleets"]}
        for turn in self.record["turns"][:t]:
            for step in turn["steps"]:
                for seat, take in step:
                    got[seat] += take
        return got

    def _parts(self, t: int) -> tuple[Text, Text, Text, list[Text]]:
        """Step ``t``'s title, board, fleet table and event lines."""
        rec, names = self.record, self.names
        title = Text(f"Round {rec['round'] + 1} — ", style="bold")
        if t == 0:
            title.append("the fleets are revealed and arrive")
        elif t <= self.n_loc:
            title.append(f"turn {t}: ▼ {ORDINALS[t - 1]} location "
                         f"({plural(rec['resources'][t - 1], 'resource')})")
        else:
            title.append("the round is scored")
        title.append(f"    step {t + 1}/{self.last + 1}", style="dim")
        if t <= self.n_loc:
            title.append(f"    {NEW} this step", style="dim")
        shown = min(t, self.n_loc)
        markers = (final_markers(rec, names) if t > self.n_loc
                   else step_markers(rec, names, shown))
        board = place_cells(rec["planets"], rec["resources"], markers,
                            highlight=t if 1 <= t <= self.n_loc else None,
                            left={i + 1: turn["left"]
                                  for i, turn in enumerate(rec["turns"][:shown])})
        carried = self.carried_until(shown if t <= self.n_loc else self.n_loc)
        unnamed: list[int] = []
        fleets = fleet_table(rec, names, carried, t, self.n_loc, self._width(), unnamed)
        events = [Text("› " + text, style=KIND_STYLES.get(kind, ""))
                  for kind, text in (self.steps[t] if t < len(self.steps) else [])]
        if t == 0 and unnamed:
            events.insert(0, actions_line(rec, names, unnamed))
        return title, board, fleets, events or [Text("(nothing happens)", style="dim")]

    def draw(self) -> None:
        t = self.step
        title, board, fleets, events = self._parts(t)
        width = self._width()
        set_content(self.query_one("#res-title", TextLines), title)
        set_content(self.query_one("#res-board", TextLines), board)
        set_content(self.query_one("#res-fleets", TextLines), fleets)
        shown: list[Text] = []
        rows = 0
        for i, line in enumerate(events):
            wrapped = line.wrap(self.app.console, width)
            need = len(wrapped)
            if rows + need > self.events_h - (1 if i < len(events) - 1 else 0):
                shown.append(Text(f"  … and {len(events) - i} more (see the log)", style="dim"))
                break
            rows += need
            shown.extend(wrapped)
        set_content(self.query_one("#res-events", TextLines), Text("\n").join(shown))
        set_content(self.query_one("#res-next", KeyButton),
                    "Close [Enter]" if t >= self.last else "Next turn [Enter/→]")
        self.query_one("#res-all", KeyButton).display = t < self.last

    # -- keys ----------------------------------------------------------------------------------
    def action_next(self) -> None:
        if self.step >= self.last:
            self.dismiss(None)
            return
        self.step += 1
        self.draw()

    def action_back(self) -> None:
        if self.step > 0:
            self.step -= 1
            self.draw()

    def action_run_all(self) -> None:
        if self.step != self.last:
            self.step = self.last
            self.draw()

    def action_close(self) -> None:
        self.dismiss(None)

    # -- what's this: the table's marks, explained here too (k, and on hover) --------------------
    def legend(self) -> list[tuple[str, str]]:
        from .screen import MineAllMineScreen

        return list(MineAllMineScreen.LEGEND)

    def action_legend(self) -> None:
        from ...ui.screens.legend import LegendScreen

        self.app.push_screen(LegendScreen("Mine, All Mine!", self.legend()))

    def on_key_button_pressed(self, message: KeyButton.Pressed) -> None:
        message.stop()
        if message.button.id == "res-all":
            if self.step < self.last:
                self.action_run_all()
        else:
            self.action_next()
