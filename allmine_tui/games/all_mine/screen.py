"""The All Mine! table: trumps, every hand's backs, the heap, the trick, your hand and predictions."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import Action
from ...ui.screens.play import PlayScreen
from ...ui.widgets.cards import CardFace
from .cards import LETTERS, SUITS, suit_tag
from .widgets import (HandRow, HeapRow, HeapStack, PredictionPicker, TablePanel, TrickArea,
                      TrumpDisplay)

CONTROLS = """
- **Predicting:** ←/→ choose a suit, ↑/↓ switch between Most and Fewest, Enter or Space picks;
  or type the suit letter (c, g, m, d). Once both are chosen, Enter places the tiles.
  Backspace clears. Click a tile to pick it, click it again to place.
- **Playing a card:** ←/→ move along your hand (legal cards are bright, the others dim),
  Enter or Space plays. Clicking a card plays it.
- **Taking from the heap:** press the suit letter, or ←/→ and Enter, or click a stack.
- **p** lets a human peek at their own hand between turns (behind the curtain), **q** goes back to the
  menu (the game is saved after every move), **?** shows this help.
"""


class AllMineScreen(PlayScreen):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    AllMineScreen #board { height: auto; }
    AllMineScreen #players { border-top: solid $primary-darken-2; }
    AllMineScreen #prompt { height: 1; padding: 0 1; background: $boost; }
    AllMineScreen #game-log { height: 1fr; min-height: 3; }
    """
    # all priority: keys are handled in the order typed, at once (see PlayScreen.accepts_input)
    BINDINGS = [
        Binding("left", "move(-1)", "←", show=False, priority=True),
        Binding("right", "move(1)", "→", show=False, priority=True),
        Binding("up", "row(-1)", "↑", show=False, priority=True),
        Binding("down", "row(1)", "↓", show=False, priority=True),
        Binding("enter,space", "choose", "Choose/play", priority=True),
        Binding("backspace", "clear", "Clear", show=False, priority=True),
        Binding("c", "suit(0)", "C", show=False, priority=True),
        Binding("g", "suit(1)", "G", show=False, priority=True),
        Binding("m", "suit(2)", "M", show=False, priority=True),
        Binding("d", "suit(3)", "D", show=False, priority=True),
    ]

    VIEWER_STATE = {
        "cursor": 0,  # index in the hand
        "heap_cursor": 0,  # a suit of the heap
        "pick_row": 0,  # 0 Most, 1 Fewest
        "pick_col": 0,
        "picks": [None, None],  # the half-made prediction
        "_picks_for": None,
        "_view": None,
        "_legal": [],
    }

    def compose_board(self) -> ComposeResult:
        with Vertical(id="board"):
            yield TrumpDisplay(id="trumps")
            yield TablePanel(id="players")
            yield HeapRow(id="heap")
            yield TrickArea(id="trick")
            yield PredictionPicker(id="predict")
            yield Static(id="prompt")
            yield HandRow(id="hand")

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: dict, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        t.append("All Mine! ", style="bold")
        t.append(f"· Hand {view['hand_no'] + 1}/{view['hands_total']} "
                 f"· dealer {names[view['dealer']]} ")
        if view["phase"] == "over":
            t.append("· game over ")
        elif view["phase"] == "predict":
            t.append("· predictions ")
        else:
            t.append(f"· trick {min(view['tricks_done'] + 1, view['tricks_total'])}"
                     f"/{view['tricks_total']} ")
        acting = view["to_act"]
        if view["phase"] == "play" and acting:
            t.append(f"· {names[acting[0]]} to play ")
        elif view["phase"] == "heap" and acting:
            t.append(f"· {names[acting[0]]} takes from the heap ")
        if viewer is not None and len(self.match.humans) > 1:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        scores = "   ".join(f"{n} {s}" for n, s in zip(names, view["scores"]))
        room = self.app.size.width - len(t.plain) - 3
        if room >= len(scores):  # scores also stand in the table; here only when they fit
            t.append(" " * (room - len(scores)) + scores)
        return t

    def show(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        phase = view["phase"]
        acting = bool(legal)
        key = (view["hand_no"], viewer)
        if self._picks_for != key:
            self._picks_for = key
            self.picks = [None, None]
            self.pick_row = 0
        self.query_one(TrumpDisplay).show(view["display"])
        self.query_one(TablePanel).show(view, names, viewer)
        heap_choice = phase == "heap" and acting
        if heap_choice and not view["heap"][self.heap_cursor]:
            self.heap_cursor = next(s for s in range(4) if view["heap"][s])
        self.query_one(HeapRow).show(view["heap"], heap_choice,
                                     self.heap_cursor if heap_choice else None)
        picker = self.query_one(PredictionPicker)
        trick = self.query_one(TrickArea)
        predicting = phase == "predict" and acting
        picker.display = predicting
        trick.display = not predicting
        if predicting:
            picker.show(self.picks[0], self.picks[1], self.pick_row, self.pick_col, True)
        else:
            trick.show(view, names)
        playable = set(view["playable"]) if phase == "play" and acting else set()
        hand = view["hand"]
        if hand is not None and phase == "play" and acting:
            self.cursor = min(self.cursor, max(0, len(hand) - 1))
            if hand and hand[self.cursor] not in playable:
                self.cursor = next(i for i, c in enumerate(hand) if c in playable)
        cursor = self.cursor if phase == "play" and acting else None
        caption = Text("HAND" if viewer is None else names[viewer][:8].upper())
        self.query_one(HandRow).show(hand, view["display"], playable, cursor, caption)
        self.query_one("#prompt", Static).update(self._prompt(view, viewer, legal))

    def _prompt(self, view: dict, viewer: int | None, legal: list[Action]) -> Text:
        names = self.names
        phase = view["phase"]
        if phase == "over":
            return Text("The game is over. The results follow.", style="bold")
        if viewer is None:
            acting = ", ".join(names[s] for s in view["to_act"])
            return Text(f"Waiting for {acting}…  (table view: no hand is shown; "
                        f"p lets a player peek at their own hand)", style="italic")
        if not legal:
            acting = ", ".join(names[s] for s in view["to_act"])
            return Text(f"Waiting for {acting}…", style="italic")
        if phase == "predict":
            m, f = self.picks
            t = Text("Your prediction: Most ")
            t.append(suit_tag(m) if m is not None else "?", style="bold")
            t.append(", Fewest ")
            t.append(suit_tag(f) if f is not None else "?", style="bold")
            t.append("   — Enter places the tiles" if m is not None and f is not None
                     else "   — choose a suit (c g m d, arrows + Enter, or click)")
            return t
        if phase == "heap":
            return Text("You won the trick: take one face-down card from the treasure heap "
                        "(c g m d, ←/→ + Enter, or click a stack).", style="bold")
        if view["trick"]:
            led = view["trick"][0][1] // 12
            must = any(c // 12 == led for c in view["hand"])
            if must:
                return Text(f"Your turn: follow suit with {SUITS[led]} ({suit_tag(led)}).  "
                            "←/→ choose, Enter plays, or click a card.", style="bold")
            return Text(f"Your turn: you have no {SUITS[led]}, so any card may be played.  "
                        "←/→ choose, Enter plays, or click a card.", style="bold")
        return Text("Your turn to lead: play any card.  ←/→ choose, Enter plays, or click a card.",
                    style="bold")

    def interlude(self, events: list):
        """After each hand but the last, show everyone that hand's scores."""
        if self.match.is_over() or not any(e.kind == "hand_scored" for e in events):
            return None
        from rich.table import Table

        from ...ui.screens.notice import NoticeScreen

        record = self.match.view(None)["history"][-1]
        table = Table(box=None, padding=(0, 2))
        for col in ("", "Most", "Fewest", "taken C/G/M/D", "points", "total"):
            table.add_column(col)
        totals = self.match.view(None)["scores"]
        for seat, p in enumerate(record["players"]):
            table.add_row(Text(self.names[seat]), f"+{suit_tag(p['most'])} {p['most_points']}",
                          f"−{suit_tag(p['fewest'])} {p['fewest_points']}",
                          "/".join(map(str, p["counts"])),
                          f"{p['total']} (bonus {p['bonus']})", str(totals[seat]))
        return NoticeScreen(f"Hand {record['hand'] + 1} of {len(self.names)} scored", table)

    # -- input ---------------------------------------------------------------------------------
    def _acting_phase(self) -> str | None:
        if not self._legal or self._view is None:
            return None
        return self._view["phase"]

    def _not_now(self) -> None:
        if self._view is not None and self._view["phase"] != "over":
            self.notify("It is not your turn.", severity="information", timeout=2)

    def action_move(self, delta: int) -> None:
        phase = self._acting_phase()
        view = self._view
        if phase == "predict":
            self.pick_col = (self.pick_col + delta) % 4
        elif phase == "play":
            hand = view["hand"]
            playable = set(view["playable"])
            i = self.cursor
            for _ in range(len(hand)):
                i = (i + delta) % len(hand)
                if hand[i] in playable:
                    break
            self.cursor = i
        elif phase == "heap":
            s = self.heap_cursor
            for _ in range(4):
                s = (s + delta) % 4
                if view["heap"][s]:
                    break
            self.heap_cursor = s
        else:
            return self._not_now()
        self.show(view, self.viewer, self._legal)

    def action_row(self, delta: int) -> None:
        if self._acting_phase() == "predict":
            self.pick_row = (self.pick_row + delta) % 2
            self.show(self._view, self.viewer, self._legal)

    def action_clear(self) -> None:
        if self._acting_phase() == "predict":
            self.picks = [None, None]
            self.pick_row = 0
            self.show(self._view, self.viewer, self._legal)

    def _pick(self, row: int, suit: int) -> None:
        other = 1 - row
        if self.picks[other] == suit:
            self.notify("Most and Fewest must be two different suits.", severity="warning")
            return
        self.picks[row] = suit
        if self.picks[other] is None:
            self.pick_row = other
        self.show(self._view, self.viewer, self._legal)

    def action_suit(self, suit: int) -> None:
        phase = self._acting_phase()
        if phase == "predict":
            if self.picks[0] is not None and self.picks[1] is not None:
                self.picks = [None, None]
                self.pick_row = 0
            self._pick(self.pick_row, suit)
        elif phase == "heap":
            self.submit(Action("heap", (suit,)))
        elif phase == "play":
            hand = self._view["hand"]
            playable = set(self._view["playable"])
            options = [i for i, c in enumerate(hand) if c // 12 == suit and c in playable]
            if options:
                after = [i for i in options if i > self.cursor]
                self.cursor = after[0] if after else options[0]
                self.show(self._view, self.viewer, self._legal)
            else:
                self.notify(f"You cannot play {SUITS[suit]} now.", severity="information",
                            timeout=2)
        else:
            self._not_now()

    def action_choose(self) -> None:
        phase = self._acting_phase()
        view = self._view
        if phase == "predict":
            m, f = self.picks
            if m is not None and f is not None:
                self.submit(Action("predict", (m, f)))
            else:
                self._pick(self.pick_row, self.pick_col)
        elif phase == "play":
            self.submit(Action("play", (view["hand"][self.cursor],)))
        elif phase == "heap":
            self.submit(Action("heap", (self.heap_cursor,)))
        else:
            self._not_now()

    def on_card_face_clicked(self, message: CardFace.Clicked) -> None:
        face = message.card
        if not (face.id or "").startswith("hand-") or face.value is None:
            return
        if self._acting_phase() != "play":
            return self._not_now()
        self.submit(Action("play", (face.value,)))

    def on_heap_stack_clicked(self, message: HeapStack.Clicked) -> None:
        if self._acting_phase() != "heap":
            return self._not_now()
        self.submit(Action("heap", (message.suit,)))

    def on_prediction_picker_picked(self, message: PredictionPicker.Picked) -> None:
        if self._acting_phase() != "predict":
            return
        if self.picks[message.row] == message.suit and all(p is not None for p in self.picks):
            self.submit(Action("predict", tuple(self.picks)))
            return
        self.pick_row, self.pick_col = message.row, message.suit
        self._pick(message.row, message.suit)


GAME_SCREEN = AllMineScreen
