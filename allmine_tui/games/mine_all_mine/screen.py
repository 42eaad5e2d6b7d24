"""The Mine, All Mine! table: planet and moon, the score track, your ship cards and your fleet.

After the last launch a ``ResolutionScreen`` replays the round turn by turn (reveal and arrival,
then every location: fights, fleeing, mining), from ``state.last_round`` and the round's events.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalScroll, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import Action
from ...ui.screens.play import PlayScreen
from ...ui.widgets.keybutton import KeyButton
from .data import load_ships, ship_of
from .rules import RULES
from .widgets import (ORDINALS, SEAT_STYLES, PlanetPanel, ScoreTrack, ShipCardFace, fleet_summary,
                      option_label, place_cells, short_option)

MAX_HAND = 12

CONTROLS = """
- **Assembling your fleet:** ←/→ choose one of your ship cards, ↑/↓ (or 1–4) choose one of its
  options (3 ships and the action; 2 ships in beginner mode), Space or Enter adds the card with that
  option to your fleet, or takes it back if it is already in. **L** launches the fleet (at least one
  card). The running totals (Speed, Attack, Cargo and actions) are shown under your cards.
- **Mouse:** click an option of a card to add it (click it again to take it back); click **Launch**.
- **Resolution:** after the last launch the round is replayed: Enter or → shows the next turn,
  **R** runs to the end, Enter closes it. Everything is also in the log.
- **p** lets a human peek at their own cards between turns (behind the curtain), **q** goes back to
  the menu (the game is saved after every move), **?** shows this help.
"""


class MineAllMineScreen(PlayScreen):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    MineAllMineScreen #board { height: auto; }
    MineAllMineScreen #prompt { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    MineAllMineScreen #hand { height: 6; padding: 0 1; }
    MineAllMineScreen #hand { scrollbar-size-horizontal: 1; }
    MineAllMineScreen #hand-caption { width: 8; height: 6; content-align: left middle;
                                      text-style: bold; }
    MineAllMineScreen #fleet-row { height: 1; padding: 0 1; }
    MineAllMineScreen #fleet { width: 1fr; height: 1; }
    MineAllMineScreen #launch { margin-left: 1; }
    MineAllMineScreen #game-log { height: 1fr; min-height: 3; }
    """
    # All priority: a priority key runs at once while a plain one waits in the focused widget's
    # queue, so mixing them could reorder a fast burst of keys (→ before the Space typed first).
    BINDINGS = [
        Binding("left", "move(-1)", "←", show=False, priority=True),
        Binding("right", "move(1)", "→", show=False, priority=True),
        Binding("up", "option(-1)", "↑", show=False, priority=True),
        Binding("down", "option(1)", "↓", show=False, priority=True),
        Binding("1", "pick(0)", "1", show=False, priority=True),
        Binding("2", "pick(1)", "2", show=False, priority=True),
        Binding("3", "pick(2)", "3", show=False, priority=True),
        Binding("4", "pick(3)", "4", show=False, priority=True),
        Binding("enter,space", "toggle", "Add/remove", priority=True),
        Binding("l", "launch", "Launch", priority=True),
    ]

    VIEWER_STATE = {"cursor": 0, "option": 0, "_view": None, "_legal": []}

    def compose_board(self) -> ComposeResult:
        with Vertical(id="board"):
            yield PlanetPanel(id="planets")
            yield ScoreTrack(id="scores")
            yield Static(id="prompt")
            with HorizontalScroll(id="hand", can_focus=False):
                yield Static("HAND", id="hand-caption")
                for i in range(MAX_HAND):
                    yield ShipCardFace(id=f"ship-{i}")
            with Horizontal(id="fleet-row"):
                yield Static(id="fleet")
                yield KeyButton("▶ Launch [L]", id="launch", classes="-primary")

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: dict, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        t.append("Mine, All Mine! ", style="bold")
        t.append(f"· Round {min(view['round'], view['rounds_total'])}/{view['rounds_total']} ")
        if view["mode"] == "beginner":
            t.append("· beginner sides ")
        if view["phase"] == "over":
            t.append("· game over ")
        else:
            done = sum(view["launched"])
            t.append(f"· assembling fleets ({done}/{view['n']} launched) ")
        if viewer is not None and len(self.match.humans) > 1:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        scores = "   ".join(f"{n} {s}" for n, s in zip(names, view["scores"]))
        room = self.app.size.width - len(t.plain) - 3
        if room >= len(scores):
            t.append(" " * (room - len(scores)) + scores)
        return t

    def show(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        markers = None
        planets = view["planets"]
        if view["phase"] == "over" and view["last_round"]:
            planets = view["last_round"]["planets"]
            markers = final_markers(view["last_round"], names)
        self.query_one(PlanetPanel).show(planets, markers)
        self.query_one(ScoreTrack).show(view, names, viewer)
        hand = view["hand"] or []
        pending = {c: o for c, o in (view["pending"] or [])}
        k = 2 if view["mode"] == "beginner" else 4
        if hand:
            self.cursor = min(self.cursor, len(hand) - 1)
            self.option = min(self.option, k - 1)
        acting = bool(legal)
        self.query_one("#hand-caption", Static).update(
            Text("HAND" if viewer is None else names[viewer][:7].upper()))
        for i in range(MAX_HAND):
            face = self.query_one(f"#ship-{i}", ShipCardFace)
            if i < len(hand):
                face.display = True
                face.show(hand[i], view["mode"], pending.get(hand[i]), self.option,
                          acting and i == self.cursor)
            else:
                face.display = False
        if acting and hand:
            self.query_one("#hand", HorizontalScroll).scroll_to_widget(
                self.query_one(f"#ship-{self.cursor}"), animate=False)
        fleet = Text()
        if viewer is None:
            fleet.append("Fleets are secret until the reveal.", style="italic dim")
        else:
            fleet.append("YOUR FLEET ", style="bold")
            if pending:
                fleet.append(" ".join(short_option(c, o, view["mode"])
                                      for c, o in (view["pending"] or [])))
                fleet.append(" = ")
            else:
                fleet.append("(no card yet) ", style="dim")
            fleet.append_text(fleet_summary(view["preview"]))
        self.query_one("#fleet", Static).update(fleet)
        self.query_one("#launch", KeyButton).display = acting
        self.query_one("#prompt", Static).update(self._prompt(view, viewer, legal))

    def _prompt(self, view: dict, viewer: int | None, legal: list[Action]) -> Text:
        names = self.names
        if view["phase"] == "over":
            return Text("The game is over. The results follow.", style="bold")
        waiting = ", ".join(names[s] for s in view["to_act"])
        if viewer is None:
            return Text(f"Waiting for {waiting}…  (table view: no cards are shown; "
                        f"p lets a player peek at their own cards)", style="italic")
        if not legal:
            return Text(f"Fleet launched. Waiting for {waiting}…", style="italic")
        hand = view["hand"] or []
        t = Text()
        if hand:
            number = hand[min(self.cursor, len(hand) - 1)]
            option = min(self.option, self._options() - 1)
            ship = ship_of(number, option, view["mode"])
            t.append(f"#{number} ", style="bold")
            if ship is None:
                action = load_ships()[number].action
                t.append(f"✦ {action.name}: ", style="bold green")
                t.append(action.text)
            else:
                t.append(f"ship {'ABC'[option]}: Speed {ship.speed}, Attack {ship.attack}, "
                         f"Cargo {ship.cargo}", style="bold")
            t.append("  ·  ←/→ card · ↑/↓ or 1–4 option · Space add/remove · L launch",
                     style="dim")
        return t

    def interlude(self, events: list):
        if not any(e.kind == "scored" for e in events):
            return None
        record = self.match.view(None)["last_round"]
        if record is None:
            return None
        texts = [(e.kind, e.text.format(*self.names)) for e in events]
        return ResolutionScreen(record, self.names, texts)

    # -- input ---------------------------------------------------------------------------------
    def _acting(self) -> bool:
        if self._legal and self._view is not None and self._view["hand"]:
            return True
        if self._view is not None and self._view["phase"] != "over":
            self.notify("It is not your turn to assemble a fleet.", severity="information",
                        timeout=2)
        return False

    def _options(self) -> int:
        return 2 if self._view and self._view["mode"] == "beginner" else 4

    def action_move(self, delta: int) -> None:
        if not self._acting():
            return
        self.cursor = (self.cursor + delta) % len(self._view["hand"])
        pending = {c: o for c, o in self._view["pending"]}
        card = self._view["hand"][self.cursor]
        if card in pending:
            self.option = pending[card]
        self.show(self._view, self.viewer, self._legal)

    def action_option(self, delta: int) -> None:
        if not self._acting():
            return
        self.option = (self.option + delta) % self._options()
        self.show(self._view, self.viewer, self._legal)

    def action_pick(self, option: int) -> None:
        if not self._acting():
            return
        if option >= self._options():
            self.notify(f"Cards have only {self._options()} options in beginner mode.",
                        severity="warning", timeout=3)
            return
        self.option = option
        self.show(self._view, self.viewer, self._legal)

    def _toggle(self, card: int, option: int) -> None:
        pending = {c: o for c, o in self._view["pending"]}
        if card in pending:
            if not self.submit(Action("remove", (card,))):
                return
            if pending[card] == option:
                return
        self.submit(Action("add", (card, option)))

    def action_toggle(self) -> None:
        if not self._acting():
            return
        self._toggle(self._view["hand"][self.cursor], self.option)

    def action_launch(self) -> None:
        if not self._acting():
            return
        self.submit(Action("launch"))

    def on_ship_card_face_option_clicked(self, message: ShipCardFace.OptionClicked) -> None:
        message.stop()
        if not self._acting():
            return
        hand = self._view["hand"]
        if message.card in hand:
            self.cursor = hand.index(message.card)
        self.option = message.option
        self._toggle(message.card, message.option)

    def on_key_button_pressed(self, message: KeyButton.Pressed) -> None:
        message.stop()
        if message.button.id == "launch":
            self.action_launch()


# -- the resolution replay ---------------------------------------------------------------------
def _name(names: list[str], seat: int) -> Text:
    return Text(names[seat], style=SEAT_STYLES[seat % 4])


def final_markers(record: dict, names: list[str]) -> dict[int, list[Text]]:
    """Where every fleet was at the end: fled fleets where they fled, the others at the last
    location (fleets move on every turn)."""
    n_loc = len(record["resources"])
    out: dict[int, list[Text]] = {}
    for f in record["fleets"]:
        if not f["arrives"]:
            continue
        at = f["fled_at"] or n_loc
        m = _name(names, f["seat"])
        m.append(" ✗" if f["fled_at"] else "")
        out.setdefault(at, []).append(m)
    return out


def step_markers(record: dict, names: list[str], t: int) -> dict[int, list[Text]]:
    out: dict[int, list[Text]] = {}
    for f in record["fleets"]:
        if not f["arrives"]:
            continue
        m = _name(names, f["seat"])
        if t == 0 or f["location"] > t:
            at = f["location"]
            if t:
                m.append(" →")
                m.stylize("dim")
        elif f["fled_at"] is not None and f["fled_at"] < t:
            continue
        else:
            at = t
            if f["fled_at"] == t:
                m.append(" ✗")
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


class ResolutionScreen(ModalScreen[None]):
    """The round's record, a step at a time: reveal, each location, then the scores."""

    BINDINGS = [
        Binding("enter,right,space", "next", "Next turn"),
        Binding("r", "run_all", "Run all"),
        Binding("escape", "close", "Close"),
    ]
    DEFAULT_CSS = """
    ResolutionScreen { align: center middle; }
    ResolutionScreen #res { width: 96; max-width: 98%; height: auto; max-height: 100%;
                            border: thick $accent; background: $panel; padding: 0 1; }
    ResolutionScreen #res-title { text-style: bold; }
    ResolutionScreen #res-keys { height: 1; margin-top: 1; }
    ResolutionScreen #res-keys KeyButton { margin-right: 2; }
    """

    def __init__(self, record: dict, names: list[str], texts: list[tuple[str, str]]) -> None:
        super().__init__()
        self.record, self.names = record, names
        self.places = RULES.place_names(record["planets"])
        self.steps = split_steps(texts, self.places)
        self.n_loc = len(record["resources"])
        self.step = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="res"):
            yield Static(id="res-title")
            yield Static(id="res-board")
            yield Static(id="res-fleets")
            yield Static(id="res-events")
            with Horizontal(id="res-keys"):
                yield KeyButton("Next turn [Enter/→]", id="res-next", classes="-primary")
                yield KeyButton("Run all [R]", id="res-all")

    def on_mount(self) -> None:
        self.draw()

    @property
    def last(self) -> int:
        return self.n_loc + 1

    def carried_until(self, t: int) -> dict[int, int]:
        got = {f["seat"]: 0 for f in self.record["fleets"]}
        for turn in self.record["turns"][:t]:
            for step in turn["steps"]:
                for seat, take in step:
                    got[seat] += take
        return got

    def draw(self) -> None:
        rec, names, t = self.record, self.names, self.step
        title = Text(f"Round {rec['round'] + 1} — ", style="bold")
        if t == 0:
            title.append("the fleets are revealed and arrive")
        elif t <= self.n_loc:
            title.append(f"turn {t}: {ORDINALS[t - 1]} location ({rec['resources'][t - 1]} "
                         f"resources)")
        else:
            title.append("the round is scored")
        title.append(f"    step {t + 1}/{self.last + 1}", style="dim")
        self.query_one("#res-title", Static).update(title)
        shown = min(t, self.n_loc)
        markers = (final_markers(rec, names) if t > self.n_loc
                   else step_markers(rec, names, shown))
        self.query_one("#res-board", Static).update(
            place_cells(rec["planets"], rec["resources"], markers,
                        highlight=t if 1 <= t <= self.n_loc else None,
                        left={i + 1: turn["left"] for i, turn in enumerate(rec["turns"][:shown])}))
        carried = self.carried_until(shown if t <= self.n_loc else self.n_loc)
        fl = Text()
        for f in rec["fleets"]:
            seat = f["seat"]
            fl.append_text(_name(names, seat))
            fl.append(" " * max(1, 10 - len(names[seat][:9])))
            cards = " ".join(short_option(c, o, "standard") for c, o in f["cards"])
            fl.append(f"{cards[:30]:<30} S{f['speed']:<2} A{f['attack']:<2} C{f['cargo']:<2} ")
            where = (ORDINALS[f["location"] - 1] if f["arrives"] else "none")
            fl.append(f"→ {where:<4}", style="bold")
            fl.append(f" mined {carried[seat]}/{f['cargo']}")
            if f["fled_at"] is not None and (t > self.n_loc or f["fled_at"] <= t):
                fl.append(f" fled@{ORDINALS[f['fled_at'] - 1]}", style="red")
            if t > self.n_loc:
                bonus = f" (+{f['bonus']} bonus)" if f["bonus"] else ""
                fl.append(f" = {f['points']} pts{bonus}", style="bold")
            fl.append("\n")
        fl.rstrip()
        self.query_one("#res-fleets", Static).update(fl)
        ev = Text()
        lines = self.steps[t] if t < len(self.steps) else []
        for kind, text in lines[:7]:
            ev.append("• " + text + "\n", style=KIND_STYLES.get(kind, ""))
        if len(lines) > 7:
            ev.append(f"  … and {len(lines) - 7} more (see the log)\n", style="dim")
        if not lines:
            ev.append("(nothing happens)", style="dim")
        ev.rstrip()
        self.query_one("#res-events", Static).update(ev)
        self.query_one("#res-next", KeyButton).update(
            "Close [Enter]" if t >= self.last else "Next turn [Enter/→]")
        self.query_one("#res-all", KeyButton).display = t < self.last

    def action_next(self) -> None:
        if self.step >= self.last:
            self.dismiss(None)
            return
        self.step += 1
        self.draw()

    def action_run_all(self) -> None:
        self.step = self.last
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key_button_pressed(self, message: KeyButton.Pressed) -> None:
        message.stop()
        if message.button.id == "res-all":
            self.action_run_all()
        else:
            self.action_next()


GAME_SCREEN = MineAllMineScreen
