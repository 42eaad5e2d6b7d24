"""The Mine, All Mine! table: planet and moon, the score track, your ship cards and your fleet.

After the last launch a ``ResolutionScreen`` (resolution.py) replays the round turn by turn; **v**
shows it again until the next round is played.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalScroll, Vertical
from textual.widgets import Static

from ...engine import Action
from ...engine.names import short_names
from ...ui.screens.play import PlayScreen
from ...ui.widgets.keybutton import KeyButton
from .data import load_ships, ship_of
from .resolution import ResolutionScreen, final_markers
from .widgets import PlanetPanel, ScoreTrack, ShipCardFace, fleet_summary, short_option

__all__ = ["MineAllMineScreen", "ResolutionScreen"]

MAX_HAND = 12

CONTROLS = """
- **Assembling your fleet:** ←/→ choose one of your ship cards (the cursor card has a heavy border
  and ▶ #n ◀ on top), ↑/↓ (or 1–4; 1–2 on the beginner sides) choose the option row, which stays
  where you put it as you move between cards. Space or Enter adds the card with that option to
  your fleet (✔ and a green card), switches it to that option if the card is already in with
  another, or takes it out if it is in with that one. **L** launches the fleet (at least one
  card). The sums (Speed, Attack, Cargo) are shown under your cards, the line above them
  explains the option under the cursor.
- **u** takes back the last card you added or took out, and even the launch while another
  player is still assembling (nothing has been revealed yet).
- **Mouse:** click an option of a card to add it (click it again to take it back); click **Launch**.
- **Resolution:** after the last launch the round is replayed: Enter or → shows the next turn,
  **R** runs to the end, Enter closes it. Everything is also in the log. **v** shows the last
  round again; the score table keeps each player's last fleet (✦ an action, ✗ it fled).
- **p** lets a human peek at their own cards between turns (behind the curtain), **q** goes back to
  the menu (the game is saved after every move), **?** shows this help.
"""


class MineAllMineScreen(PlayScreen):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    MineAllMineScreen #board { height: auto; }
    MineAllMineScreen #prompt { height: 3; padding: 0 1; background: $boost; }
    MineAllMineScreen #keys { height: 1; padding: 0 1; color: $text-muted; }
    MineAllMineScreen #hand { height: 6; padding: 0 1; }
    MineAllMineScreen #hand { scrollbar-size-horizontal: 1; }
    MineAllMineScreen #hand-caption { width: 8; height: 6; content-align: left middle;
                                      text-style: bold; }
    MineAllMineScreen #fleet-row { height: auto; padding: 0 1; }
    MineAllMineScreen #fleet { width: 1fr; height: auto; }
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
        Binding("v", "last_round", "Last round", priority=True),
    ]

    VIEWER_STATE = {"cursor": 0, "option": 0, "_view": None, "_legal": []}

    def compose_board(self) -> ComposeResult:
        with Vertical(id="board"):
            yield PlanetPanel(id="planets")
            yield ScoreTrack(id="scores")
            yield Static(id="prompt")
            yield Static(id="keys")
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
            Text("HAND" if viewer is None else short_names(names, 7)[viewer].upper()))
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
        self.query_one("#keys", Static).update(self._keys(view, legal))

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
            chosen = dict(map(tuple, view["pending"] or [])).get(number)
            if chosen is not None:
                t.append("(in your fleet" + ("" if chosen == option else
                                             f" as {'ABC✦'[chosen]}") + ") ", style="green")
            if ship is None:
                action = load_ships()[number].action
                t.append(f"✦ {action.name}: ", style="bold green")
                t.append(action.text)
            else:
                t.append(f"ship {'ABC'[option]}: Speed {ship.speed}, Attack {ship.attack}, "
                         f"Cargo {ship.cargo}", style="bold")
        return t

    def _keys(self, view: dict, legal: list[Action]) -> Text:
        last = "v last round" if view["last_round"] else ""
        if not legal or not view["hand"]:
            return Text(last)
        k = self._options()
        t = Text(f"←/→ card · ↑/↓ or 1–{k} option · Space add/switch/remove · L launch · u undo")
        if last:
            t.append(f" · {last}")
        return t

    def interlude(self, events: list):
        if not any(e.kind == "scored" for e in events):
            return None
        record = self.match.view(None)["last_round"]
        if record is None:
            return None
        texts = [(e.kind, e.text_for(None).format(*self.names)) for e in events]
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
        cursor = max(0, min(len(self._view["hand"]) - 1, self.cursor + delta))
        if cursor == self.cursor:
            return  # the end of the hand: the cursor stays (the option row too)
        self.cursor = cursor
        self.show(self._view, self.viewer, self._legal)

    def action_option(self, delta: int) -> None:
        if not self._acting():
            return
        option = max(0, min(self._options() - 1, self.option + delta))
        if option == self.option:
            return  # the first or last option: the cursor stays
        self.option = option
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

    def action_last_round(self) -> None:
        """Show the last round's replay again (every fleet was revealed: public)."""
        screen = self._last_round_screen()
        if screen is None:
            self.notify("No round has been played yet.", severity="information", timeout=2)
            return
        self.app.push_screen(screen)

    def _last_round_screen(self) -> ResolutionScreen | None:
        record = self.match.view(None)["last_round"]
        if record is None:
            return None
        events = self.match.events
        end = max((i for i, e in enumerate(events) if e.kind == "scored"), default=len(events) - 1)
        begin = max((i for i, e in enumerate(events[:end]) if e.kind in ("scored", "deal")),
                    default=-1) + 1
        texts = [(e.kind, e.text_for(None).format(*self.names)) for e in events[begin:end + 1]
                 if e.kind != "undo"]
        return ResolutionScreen(record, self.names, texts)

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
