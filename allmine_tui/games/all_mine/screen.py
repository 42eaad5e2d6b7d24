"""The All Mine! table: trumps, every hand's backs, the heap, the trick, your hand and predictions."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...engine import Action
from ...engine.names import short_names, tags, with_names
from ...engine.views import own
from ...ui.screens.play import PlayScreen
from ...ui.widgets.cards import CardRow
from ...ui.widgets.draw import set_content
from ...ui.widgets.lines import TextLines
from ...ui.widgets.quiet import ColumnBox
from .cards import SUITS, suit_tag
from .views import AllMineView
from .widgets import (HandRow, HeapRow, PredictionPicker, TablePanel, TrickArea,
                      TrumpDisplay, hand_over)

CONTROLS = """
- **Predicting:** ←/→ choose a suit, ↑/↓ switch between Most and Fewest, Enter or Space picks
  it; or type the suit letter (**c**, **g**, **m**, **d**). After Most, the cursor goes to the
  Fewest row. Once both are chosen, Enter places the tiles; Backspace clears them. With the
  mouse: click a tile to pick it, click it again to place both.
- **Playing a card:** ←/→ move along your hand (they stop at either end). Cards you may play are
  bright, the others dim: the cursor can rest on those too, and Enter then says why it cannot be
  played. **c g m d** jump to your next card of that suit. Enter or Space plays; clicking a card
  plays it.
- **Taking from the heap:** press the suit letter (c g m d), or ←/→ and Enter, or click a stack.
- **The trick:** each slot names its player in playing order ("Bob: ?" before Bob plays);
  ✔ marks who is winning it, or who took it; the card played last is underlined, its player
  marked • (unless ✔). When a hand ends, its last trick and the scores
  are shown before the next deal.
- **h** asks the coach for a hint: its best moves with their chances, the first marked ☆ on the
  table (a double green border on a card).
- **p** lets a human peek at their own hand between turns (behind the curtain), **u** takes back
  your last move while nobody has seen it, **k** lists what every mark on the table means (the
  mouse over a mark says it too), **q** goes back to the menu (the game is saved after every
  move), **?** shows this help.
"""


class AllMineScreen(PlayScreen[AllMineView]):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    AllMineScreen #board { height: auto; }
    AllMineScreen #players { border-top: solid $primary-darken-2; }
    AllMineScreen #prompt { height: 1; padding: 0 1; background: $boost; }
    AllMineScreen #game-log { height: 1fr; min-height: 3; }
    /* the coach's outline is drawn on a part's outer rows: a blank row above and below keeps
       every line of the part in view while the coach points at it */
    AllMineScreen .-coach-target { border-top: blank; border-bottom: blank; height: auto; }
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

    LEGEND = [
        ("◆C", "Crystals: a suit (each suit has a symbol and a letter, never only a colour)"),
        ("$G", "Gold: a suit"),
        ("▲M", "Mushrooms: a suit"),
        ("●D", "Dragon eggs: a suit"),
        ("★", "a super-trump: it beats every other card; the four are ranked left to right in "
              "the TRUMPS row"),
        (">", "beats: the order of the super-trumps, then of the suits"),
        ("▮", "card backs: how many cards of that suit a player holds (everyone sees the "
              "backs)"),
        ("✗ void", "this player holds no card of this suit any more (they could not follow it)"),
        ("▶", "whose turn it is"),
        ("✔", "who is winning the trick, or who took it"),
        ("•", "who played the card played last (it is underlined)"),
        ("(you)", "the player whose cards are on screen"),
        ("+", "the Most tile of a prediction: the suit they expect to collect most of"),
        ("−", "the Fewest tile of a prediction: the suit they expect to collect fewest of"),
        ("hidden", "a prediction placed face down: revealed when everyone has placed theirs"),
        ("?", "a card still to be played in this trick"),
        ("☆", "the coach's pick, after a hint (h): the card, heap stack or tiles it would "
              "choose (its card has a double green border)"),
    ]

    # the viewer's screen state (VIEWER_STATE: set afresh for each viewer)
    cursor: int
    heap_cursor: int
    pick_row: int
    pick_col: int
    picks: list[int | None]
    _picks_for: object
    _cursor_turn: object
    _view: AllMineView  # None only before the first drawing
    _legal: list[Action]
    _hinted: Action | None

    VIEWER_STATE = {
        "cursor": 0,  # index in the hand
        "heap_cursor": 0,  # a suit of the heap
        "pick_row": 0,  # 0 Most, 1 Fewest
        "pick_col": 0,
        "picks": [None, None],  # the half-made prediction
        "_picks_for": None,
        "_cursor_turn": None,  # the turn the hand cursor was last placed for
        "_view": None,
        "_legal": [],
        "_hinted": None,  # the coach's pick (an action), marked until the decision is made
    }

    def compose_board(self) -> ComposeResult:
        with ColumnBox(id="board"):
            yield TrumpDisplay(id="trumps")
            yield TablePanel(id="players")
            yield HeapRow(id="heap")
            yield TrickArea(id="trick")
            yield PredictionPicker(id="predict")
            yield TextLines(id="prompt")
            yield HandRow(id="hand")

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: AllMineView, viewer: int | None) -> Text:
        """Hand, trick, who acts and every score, in one line: the dealer is left out, then names
        get shorter (and last, "viewing as" is left out) until it fits the screen's width."""
        room = self.status_room
        hot_seat = viewer is not None and len(self.match.humans) > 1 and self.as_player
        tries = [(16, True, hot_seat)] + [(w, False, hot_seat) for w in (16, 12, 10, 8, 6)] + \
            [(w, False, False) for w in (12, 8, 6, 4)]
        for width, dealer, viewing in tries:
            t = self._status(view, viewer, short_names(self.names, width), dealer, viewing, room)
            if t is not None:
                return t
        t = self._status(view, viewer, tags(self.names), False, False, 10 ** 6)
        assert t is not None  # (that much room always fits)
        return t

    def _status(self, view: AllMineView, viewer: int | None, names: list[str], dealer: bool,
                viewing: bool, room: int) -> Text | None:
        t = Text()
        t.append("All Mine! ", style="bold")
        t.append(f"· Hand {view['hand_no'] + 1}/{view['hands_total']} ")
        if dealer:
            t.append(f"· dealer {names[view['dealer']]} ")
        phase, acting = view["phase"], view["to_act"]
        if phase == "over":
            t.append("· game over ")
        elif phase == "predict":
            t.append("· predictions ")
        elif phase == "heap":  # the trick just won is the one counted
            t.append(f"· trick {view['tricks_done']}/{view['tricks_total']} won ")
        else:
            t.append(f"· trick {min(view['tricks_done'] + 1, view['tricks_total'])}"
                     f"/{view['tricks_total']} ")
        if phase == "play" and acting:
            t.append(f"· {names[acting[0]]} to play ")
        elif phase == "heap" and acting:
            t.append(f"· {with_names('{0} takes', [names[acting[0]]])} from the heap ")
        if viewing and viewer is not None:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        scores = Text("  ").join(Text(f"{n} {s}") for n, s in zip(names, view["scores"]))
        gap = room - len(t.plain) - len(scores.plain)
        if gap < 1:
            return None
        t.append(" " * gap)
        t.append_text(scores)
        return t

    def show(self, view: AllMineView, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        key = (view["hand_no"], viewer)
        if self._picks_for != key:
            self._picks_for = key
            self.picks = [None, None]
            self.pick_row = 0
        self.query_one(TrumpDisplay).show(view["display"])
        self.query_one(TablePanel).show(view, names, viewer if self.as_player else None)
        predicting = view["phase"] == "predict" and bool(legal)
        trick = self.query_one(TrickArea)
        trick.display = not predicting
        trick.show(view, names)
        self._draw_choice()

    def mark_hint(self, actions) -> None:
        self._hinted = actions[0] if actions else None
        if self._view is not None and self.is_attached:
            self._draw_choice()

    def _draw_choice(self) -> None:
        """What a key of the person deciding changes: the heap's stacks, the prediction tiles,
        the hand and the prompt (nothing else is drawn again for a cursor)."""
        view, legal, viewer = self._view, self._legal, self.viewer
        phase = view["phase"]
        acting = bool(legal)
        heap_choice = phase == "heap" and acting
        if heap_choice and not view["heap"][self.heap_cursor]:
            self.heap_cursor = next(s for s in range(4) if view["heap"][s])
        hinted = self._hinted if self.viewer is not None else None
        hint_of = (lambda kind: hinted.args if hinted is not None and hinted.kind == kind
                   else None)
        heap_hint = hint_of("heap")
        self.query_one(HeapRow).show(view["heap"], heap_choice,
                                     self.heap_cursor if heap_choice else None,
                                     hint=heap_hint[0] if heap_hint else None)
        picker = self.query_one(PredictionPicker)
        predicting = phase == "predict" and acting
        picker.display = predicting
        # drawn, shown or not: a hidden widget keeps nothing of an earlier choice
        picker.show(self.picks[0], self.picks[1], self.pick_row, self.pick_col, predicting,
                    hint=hint_of("predict"))
        playable = set(view["playable"]) if phase == "play" and acting else set()
        hand = view["hand"]
        if hand and phase == "play" and acting:
            self.cursor = min(self.cursor, len(hand) - 1)
            turn = (view["hand_no"], view["tricks_done"], len(view["trick"]))
            if self._cursor_turn != turn:
                # a new turn starts on a card that may be played; after that the cursor goes
                # where the player moves it (a card that may not be played is explained on Enter)
                self._cursor_turn = turn
                if hand[self.cursor] not in playable:
                    self.cursor = next(i for i, c in enumerate(hand) if c in playable)
        cursor = self.cursor if phase == "play" and acting else None
        names = self.names
        caption = Text("HAND" if viewer is None else short_names(names, 12)[viewer].upper())
        card_hint = hint_of("play")
        self.query_one(HandRow).show(hand, view["display"], playable, cursor, caption,
                                     hint=card_hint[0] if card_hint else None)
        set_content(self.query_one("#prompt", TextLines), self._prompt(view, viewer, legal))

    def _prompt(self, view: AllMineView, viewer: int | None, legal: list[Action]) -> Text:
        """One line (it never wraps at 100 columns): what is going on, and the keys for it."""
        names = short_names(self.names, 10)
        phase = view["phase"]
        if phase == "over":
            return Text("The game is over. The results follow.", style="bold")
        if not legal:
            acting = ", ".join(names[s] for s in view["to_act"])
            dots = "" if acting.endswith("…") else "…"  # (a shortened name ends with one)
            t = Text(f"Waiting for {acting}{dots}", style="italic")
            if viewer is None:
                t.append("  · no hand is shown; p: peek at your own", style="dim")
            return t
        if phase == "predict":
            m, f = self.picks
            t = Text("Your prediction: Most ")
            t.append(suit_tag(m) if m is not None else "?", style="bold")
            t.append(", Fewest ")
            t.append(suit_tag(f) if f is not None else "?", style="bold")
            t.append("  · Enter places the tiles, Backspace clears" if m is not None and
                     f is not None else "  · c g m d, or ←/→ and Enter, or a click")
            return t
        keys = "  · ←/→ or c g m d, Enter plays, or a click"
        if phase == "heap":
            return Text("You won the trick: take a card from the treasure heap"
                        "  · c g m d, or ←/→ and Enter, or a click", style="bold")
        if view["trick"]:
            led = view["trick"][0][1] // 12
            if any(c // 12 == led for c in own(view["hand"])):
                return Text(f"Your turn: follow suit with {SUITS[led]} ({suit_tag(led)})" + keys,
                            style="bold")
            return Text(f"Your turn: you hold no {SUITS[led]}: play any card" + keys,
                        style="bold")
        return Text("Your turn to lead: play any card" + keys, style="bold")

    def interlude(self, events: list):
        """After each hand, show everyone its last trick, who took it, and the hand's scores
        (the table below has already moved on to the next deal)."""
        if not any(e.kind == "hand_scored" for e in events):
            return None
        from ...ui.screens.notice import NoticeScreen

        table_view = self.view_of(None)
        record = table_view["history"][-1]
        # the finished hand's trumps, for the ★ of super-trumps in its last trick
        before = self._view if self._view and self._view["hand_no"] == record["hand"] else None
        display = before["display"] if before else []
        heap_card = any(e.kind == "heap" for e in events)
        body = hand_over(record, table_view, self.names, display, heap_card)
        title = f"Hand {record['hand'] + 1} of {len(self.names)} is over"
        if self.match.is_over():
            title += ": that was the last hand; the results follow"
        return NoticeScreen(title, body)

    def on_resize(self, event) -> None:
        """The top line and the table fit the new width."""
        if self._view is not None:
            self.redraw()

    # -- input ---------------------------------------------------------------------------------
    def _acting_phase(self) -> str | None:
        if not self._legal or self._view is None:
            return None
        return self._view["phase"]

    def _not_now(self) -> None:
        if self._view is not None and self._view["phase"] != "over":
            self.notify("It is not your turn.", severity="information", timeout=2)

    def action_move(self, delta: int) -> None:
        """←/→ stop at the ends (they never wrap round). In the hand they also rest on cards
        that may not be played (Enter then says why); in the heap they skip empty stacks."""
        phase = self._acting_phase()
        view = self._view
        if phase == "predict":
            self.pick_col = max(0, min(3, self.pick_col + delta))
        elif phase == "play":
            self.cursor = max(0, min(len(own(view["hand"])) - 1, self.cursor + delta))
        elif phase == "heap":
            stacks = [s for s in range(4) if view["heap"][s]]
            ahead = [s for s in stacks if (s - self.heap_cursor) * delta > 0]
            if ahead:
                self.heap_cursor = min(ahead, key=lambda s: abs(s - self.heap_cursor))
        else:
            return self._not_now()
        self._draw_choice()

    def action_row(self, delta: int) -> None:
        if self._acting_phase() == "predict":
            self.pick_row = (self.pick_row + delta) % 2
            self._draw_choice()

    def action_clear(self) -> None:
        if self._acting_phase() == "predict":
            self.picks = [None, None]
            self.pick_row = 0
            self._draw_choice()

    def _pick(self, row: int, suit: int) -> None:
        other = 1 - row
        if self.picks[other] == suit:
            self.notify("Most and Fewest must be two different suits.", severity="warning")
            return
        self.picks[row] = suit
        self.pick_col = suit
        if self.picks[other] is None:
            # on to the other row, on its first suit still allowed, so Enter alone goes on
            self.pick_row = other
            self.pick_col = next(s for s in range(4) if s != suit)
        self._draw_choice()

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
            view = self._view
            hand = own(view["hand"])
            mine = [i for i, c in enumerate(hand) if c // 12 == suit]
            if not mine:
                self.notify(f"You hold no {SUITS[suit]}.", severity="information", timeout=2)
            elif not any(hand[i] in view["playable"] for i in mine):
                led = view["trick"][0][1] // 12
                self.notify(f"You must follow suit with {SUITS[led]} ({suit_tag(led)}): "
                            f"no {SUITS[suit]} now.", severity="information", timeout=2)
            else:
                after = [i for i in mine if i > self.cursor]
                self.cursor = after[0] if after else mine[0]
                self._draw_choice()
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
            self.submit(Action("play", (own(view["hand"])[self.cursor],)))
        elif phase == "heap":
            self.submit(Action("heap", (self.heap_cursor,)))
        else:
            self._not_now()

    def on_card_row_clicked(self, message: CardRow.Clicked) -> None:
        if message.row.id != "hand-cards" or message.value is None:
            return
        if self._acting_phase() != "play":
            return self._not_now()
        self.submit(Action("play", (message.value,)))

    def on_heap_row_clicked(self, message: HeapRow.Clicked) -> None:
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
