"""The All In table: the revealed cards, your sheet, the cards you can write and the public table.

Everything is drawn from the viewer's view (``RULES.view``) and legal moves; with several humans the
table view (viewer None) shows no sheet at all. Writing a card takes two steps on screen, the card
then the space, and two actions sent together when the player confirms the space: ("card", c)
then ("place", cell). A Golden Deck card is ("golden", c), then ("card", c) only after a Joker,
then ("place", cell); turning the Golden Deck down is ("decline").

Drawing: the board is a handful of line widgets of fixed height. A view is drawn by ``_draw_all``
and a key that only moves a cursor by ``_draw_choice``; each part is built only when what it is
drawn from changed, and a line widget repaints only the lines that differ. The sizes (how the
sheet is drawn, the log's height, one or two players a line in the table) follow the terminal
alone (``_layout``), so nothing moves between the steps of a turn.

In a replay or on the final table (a finished game: every sheet is open) the board shows the
chosen seat's sheet, and the table lists what each seat had hidden at that point (chips left, a
card being written), in place of the replay's lines under the board.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...engine import Action
from ...engine.views import own
from ...ui.flow import Mode
from ...ui.screens.play import PlayScreen
from ...ui.widgets.draw import freeze
from ...ui.widgets.keybar import ScreenKeys
from ...ui.widgets.log import GameLog
from ...ui.widgets.quiet import ColumnBox, RowBox
from .cards import is_joker, write_cost
from .final_sheets import FinalSheetsScreen
from .panels import HandsPanel, TablePanel, best_hands, hands_through
from .sheet_widget import SheetMarks, SheetWidget, fitting_kind, geometry
from .sheets import get_sheet
from .table_input import TableInput
from .table_state import (CARD_STEP, CHOOSING, GOLDEN, JOKER, NO_CARD, OVER, PLACE, REVIEW, SKIP,
                          SPACE_STEP, TABLE, WAIT, WRITE)
from .texts import CONTROLS
from .views import AllInView
from .widgets import ChoicePanel, PromptBar, TopRow

_UNSET = object()
STATUS_H, TOP_H, PROMPT_H, KEYS_H = 1, 3, 1, 1
LOG_MIN, LOG_MAX = 3, 10  # the log's height, its top border included


def legal_cells_from_view(view: AllInView, any_empty: bool) -> list[int]:
    """The spaces where the viewer may write now, from their own view (the placement rule)."""
    if view.get("legal_cells") is not None:
        return list(view["legal_cells"])
    me = view["players"][own(view["viewer"])]
    sheet = get_sheet(me["sheet"])
    written = own(me["written"])
    empty = [c for c in range(len(sheet.cells)) if c != sheet.golden_cell and written[c] is None]
    if any_empty:
        return empty
    if view["round"] <= 2:
        return [c for c in empty if c in sheet.starts]
    return [c for c in empty if any(written[n] is not None for n in sheet.neighbors[c])]


@dataclass(frozen=True)
class Layout:
    """The board's sizes for one terminal size (see ``AllInScreen._layout``)."""

    kind: str  # how the sheet is drawn: tall, stacked or compact
    log_h: int
    hands_h: int  # the hands list's lines (the most hands of a sheet at the table, a header)
    table_h: int  # the table's lines
    columns: int  # players a line in the table
    sheet_w: int  # the sheet widget's width
    panel_w: int  # the width of the text in the right pane
    width: int  # the terminal's


def _changed(widget, key) -> bool:
    """Whether ``widget`` was last drawn from something other than ``key`` (and note ``key``):
    a part is built again only when what it is drawn from changed."""
    if widget.__dict__.get("_allin_key", _UNSET) == key:
        return False
    widget.__dict__["_allin_key"] = key
    return True


#: What's this: every mark the table draws and what it means (k lists them; the mouse over a mark
#: on the board says it too). The cursor's marks come first: a mark found under the mouse on the
#: sheet can move the cursor (hovering a space does), and the marks it moves are then explained
#: already. The longest mark under the mouse wins ("♟1→0" over "♟1", "★+" over "★").
LEGEND = [
    ("▶", "your cursor's space (▶ ◀), the hands through it, a player still to write"),
    ("◀", "with ▶: your cursor's space; after a name: that player's sheet is shown"),
    ("♠", "spades, a suit (S in the grid; a card always shows its suit symbol)"),
    ("♥", "hearts, a suit (H in the grid)"),
    ("♦", "diamonds, a suit (D in the grid)"),
    ("♣", "clubs, a suit (C in the grid)"),
    ("new", "just changed: the two cards just revealed, or the card you wrote last"),
    ("→", "the card you are about to write, made from the revealed cards"),
    ("★+", "a Best Scoring Hand: the strongest of its letter at the end; bonus won"),
    ("★", "the Golden Card (double border), the Golden Deck; at the end: best hand"),
    ("•", "a starting space: your cards of rounds 1 and 2 go on one of these"),
    ("+", "an empty space where you may write now (heavy border)"),
    ("+2", "a 3-card hand's bonus: 2 points at the end to the best of its letter"),
    ("+3", "a 4-card hand's bonus: 3 points at the end to the best of its letter"),
    ("+4", "a 5-card hand's bonus: 4 points at the end to the best of its letter"),
    ("♟1", "chip icon: the first to complete this hand wins 1 chip, nobody after"),
    ("♟♟2", "chip icon: the first to complete this hand wins 2 chips, anyone later 1"),
    ("♟1→0", "someone has completed this hand already: completing it now wins no chip"),
    ("♟♟2→1", "someone has completed this hand already: completing it now wins 1 chip"),
    ("✓", "done: a hand you completed, or a player who has written this round"),
    ("▲", "the card under the cursor would give this hand a better combination"),
    ("=", "the card under the cursor would leave this hand's combination as it is"),
    ("—", "nothing yet: no combination in the hand, or no hand completed"),
    ("·", "a card out of reach (grid), an empty space (hands); else a separator"),
    ("[", "the card under the cursor in the grid; each number is its cost in chips"),
    ("●", "a chip you still have: spend it, or keep it for 1 point at the end"),
    ("○", "a chip you have spent"),
    ("?", "secret: how many chips another player has left"),
    ("(you)", "your own row in the table"),
    ("*", "you (a narrow table); by a space on a very short screen: your last card"),
    ("═", "a double line: the Golden Card's box and its links to its neighbours"),
    ("║", "a double line: the Golden Card's box and its links to its neighbours"),
    ("┬", "a line down to the space below (boxes stacked on a shorter screen)"),
    ("┴", "a line up to the space above (boxes stacked on a shorter screen)"),
    ("✗ no card", "turn the Golden Deck down: take no card from it"),
]


class AllInScreen(TableInput, PlayScreen[AllInView]):
    """The All In table: its state (``TableState``), words (``TableTexts``) and input
    (``TableInput``) are mixins; here, the layout, the drawing and taking a move back."""

    CONTROLS = CONTROLS
    LEGEND = LEGEND
    DEFAULT_CSS = """
    AllInScreen #board { height: 1fr; }
    AllInScreen #middle { height: 1fr; }
    AllInScreen #right { width: 1fr; height: 1fr; overflow: hidden hidden; }
    AllInScreen #game-log { height: 3; }
    /* the part a lesson speaks of: bars at its sides only (its first and last lines are
       content: the sheet's column letters and starting dots, a panel's header) */
    AllInScreen .-coach-target { outline-top: none; outline-bottom: none; }
    """
    BINDINGS = [
        Binding("tab", "card(1)", "Next card", priority=True),
        Binding("shift+tab", "card(-1)", "Previous card", show=False, priority=True),
        Binding("left", "arrow(-1, 0)", "←", show=False, priority=True),
        Binding("right", "arrow(1, 0)", "→", show=False, priority=True),
        Binding("up", "arrow(0, -1)", "↑", show=False, priority=True),
        Binding("down", "arrow(0, 1)", "↓", show=False, priority=True),
        # priority like the arrows, so a fast burst of keys is handled in the order typed
        Binding("enter,space", "confirm", "Take / write", priority=True),
        Binding("escape,backspace", "back", "Back to the cards", show=False, priority=True),
        # u is listed only while a take-back can work (check_action); otherwise the second
        # binding answers the key with the reason
        Binding("u", "undo", "Take back", priority=True),
        Binding("u", "undo_refused", "", show=False, priority=True),
        *[Binding(str(i + 1), f"sheet({i})", f"Sheet {i + 1}", show=False, priority=True)
          for i in range(6)],
    ]

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        # (the sizes are such that everything fits: no scrolling; a replay or the final table
        # has nothing to choose, and no card chooser or prompt)
        with ColumnBox(id="board"):
            yield TopRow(id="top")
            with RowBox(id="middle"):
                yield SheetWidget(id="sheet")
                with ColumnBox(id="right"):
                    if self.live:
                        yield ChoicePanel(id="choices")
                    yield HandsPanel(id="hands")
                    yield TablePanel(id="table")
            if self.live:
                yield PromptBar(id="prompt")

    def board_mounted(self) -> None:
        if not self.live:  # the table lists what the replay's lines under the board would
            for widget in self.query("#replay-hidden"):
                widget.display = False
        self.__dict__.pop("_layout_key", None)
        self._fit()

    def on_resize(self, _event) -> None:
        self._fit()
        self._draw_all()

    def _layout(self) -> Layout:
        """The sizes for this terminal: the sheet as tall as the board allows (boxes with lines
        between rows, boxes stacked, or one-line spaces), the table one player a line when that
        fits, the log whatever is left (3 to 10 lines)."""
        width, height = self.app.size
        view = self.view_of(None)
        ids = [p["sheet"] for p in view["players"]]
        hands = max(len(get_sheet(s).hands) for s in ids) + 1
        fixed = STATUS_H + TOP_H + KEYS_H + (PROMPT_H if self.live else 0)
        room = height - fixed - LOG_MIN
        choices = ChoicePanel.HEIGHT if self.live else 0
        columns = 1 if choices + hands + 1 + view["n"] <= room else 2
        right = choices + hands + 1 + -(-view["n"] // columns)
        kind = fitting_kind(ids, room)
        need = max(right, geometry(ids[0], kind).height,
                   *(geometry(s, kind).height for s in ids))
        log_h = max(LOG_MIN, min(LOG_MAX, height - fixed - need))
        sheet_w = max(geometry(s, "tall").width for s in ids) + 1  # its padding
        panel_w = max(20, width - sheet_w - 2)  # (the padding)
        return Layout(kind, log_h, hands, 1 + -(-view["n"] // columns), columns, sheet_w,
                      panel_w, width)

    def _fit(self) -> None:
        layout = self._layout()
        if self.__dict__.get("_layout_key") == layout:
            return
        self._layout_now = layout
        self.__dict__["_layout_key"] = layout
        # fixed heights: a first text never needs a layout pass (the viewer's first frame)
        for widget, height in ((GameLog, layout.log_h), (HandsPanel, layout.hands_h),
                               (TablePanel, layout.table_h)):
            for node in self.query(widget):
                if node.styles.height is None or node.styles.height.value != height:
                    node.styles.height = height
        view = self.view_of(None)
        for sheet in self.query(SheetWidget):
            sheet.set_table([p["sheet"] for p in view["players"]], layout.kind)

    @property
    def layout_now(self) -> Layout:
        layout = self.__dict__.get("_layout_now")
        if layout is None:
            layout = self._layout_now = self._layout()
        return layout

    def show(self, view: AllInView, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        kinds = {a.kind for a in legal}
        phase = view["phase"]
        self.choices, self.costs, self.cells = [], {}, []
        if phase == "over":
            self.mode = OVER
        elif not self.live:
            self.mode = REVIEW if viewer is not None else TABLE
        elif viewer is None:
            self.mode = TABLE
        elif not legal:
            self.mode = WAIT
        elif "skip" in kinds:
            self.mode = SKIP
        elif "golden" in kinds:
            self.mode = GOLDEN
            self.choices = sorted({a.args[0] for a in legal if a.kind == "golden"})
            self.costs = {c: 0 for c in self.choices}
            self.cells = legal_cells_from_view(view, any_empty=True)
        elif "card" in kinds:
            self.choices = [a.args[0] for a in legal if a.kind == "card"]
            if phase == "golden":
                self.mode = JOKER
                self.costs = {c: 0 for c in self.choices}
                self.cells = legal_cells_from_view(view, any_empty=True)
            else:
                self.mode = WRITE
                costs = {c: write_cost(c, view["revealed"]) for c in self.choices}
                # (a card that may be written has a cost)
                self.costs = {c: cost for c, cost in costs.items() if cost is not None}
                self.choices.sort(key=lambda c: (self.costs[c], c))
                self.cells = legal_cells_from_view(view, any_empty=False)
        else:
            self.mode = PLACE
            self.cells = [a.args[0] for a in legal if a.kind == "place"]
        turn = (view["round"], phase, viewer, self.mode)
        key = (turn, tuple(self.choices), tuple(self.cells))
        if key != self._key:
            new_turn = self._key is None or self._key[0] != turn
            self._key = key
            if new_turn:
                self.step = SPACE_STEP if self.mode == PLACE else CARD_STEP
            if new_turn or (self.pick not in self.choices and self.pick != NO_CARD):
                self.pick = self.choices[0] if self.choices else None  # the cheapest
            if self.cursor not in self.cells:
                self.cursor = self._first_cell()
        self._offer_undo = self._undo_works()
        self._draw_all()

    # -- taking a move back --------------------------------------------------------------------
    def _undo_works(self) -> bool:
        """Whether ``u`` can take something back now: a card chosen but not written yet (or a
        Joker taken from the Golden Deck), or a card written while others are still writing and
        nobody has moved since (people at other screens of a shared game). With bots, or in hot
        seat, the last writer ends the round and the curtain passes on: nothing to take back."""
        if not self.live or self.viewer is None or self.flow.state.mode is Mode.PEEK:
            return False
        if self.mode == PLACE:  # a card chosen is secret: taking it back changes nobody's view
            return True
        if self.mode == JOKER:  # a Joker taken shrinks the Golden Deck others may have seen
            log = self.match.log
            return bool(log) and log[-1][0] == self.viewer or \
                self.match.undo_refusal(self.viewer) is None
        if self.mode == WAIT:  # the viewer's card is the last move, and the phase goes on
            view, log = self._view, self.match.log
            me = view["players"][self.viewer]
            return bool(log) and log[-1][0] == self.viewer and \
                log[-1][1].kind in ("place", "decline") and me["done"] and \
                (view["phase"] == "write" or self.viewer in view["pickers"])
        return False

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo" and self.live and not self._offer_undo:
            return False  # not listed; the key goes to undo_refused
        if action == "confirm" and self.mode not in CHOOSING + (SKIP,):
            return False  # nothing to take or write (waiting, the table view, a replay...)
        return super().check_action(action, parameters)

    def action_undo_refused(self) -> None:
        PlayScreen.action_undo(self)  # the reason it cannot, from the session

    def _sync_keys(self) -> None:
        """The keys line lists u only while it can work, Enter only while there is something to
        take or write: drawn again when that changes."""
        # (all that ``check_action`` reads, and the end: hint and take-back go)
        offer = (self._offer_undo, self.mode in CHOOSING + (SKIP,), self.match.is_over())
        keys = self.__dict__.get("_keys_line")
        if keys is None or not keys.is_attached:
            keys = self._keys_line = next(iter(self.query(ScreenKeys)), None)
        if keys is not None and keys.__dict__.get("_allin_undo", _UNSET) != offer:
            keys.__dict__["_allin_undo"] = offer
            if keys.is_mounted:
                keys.draw_for(offer)

    # -- drawing -------------------------------------------------------------------------------
    def _draw_all(self) -> None:
        """Every part of the board from the view (each one skipped when it would not change)."""
        if self._view is None or not self.is_attached:
            return
        self._draw_choice()
        self._draw_table()
        self._sync_keys()

    def _draw_choice(self) -> None:
        """The parts a cursor key can change: the top row, the sheet, the hands, the card
        chooser and the prompt."""
        view = self._view
        if view is None or not self.is_attached:
            return
        layout = self.layout_now
        mode = self.mode
        seat = self._sheet_seat()
        players = view["players"]
        selected = self.selected
        preview = selected if mode in CHOOSING and not is_joker(selected or 0) else None
        cursor = self.cursor if mode in CHOOSING else None
        top = self.query_one(TopRow)
        new = self._revealed_new()
        said, info = self._preview_text(), self._deck_info()
        key = (freeze(view["revealed"]), new, preview, said.plain, tuple(said.spans), info.plain,
               tuple(info.spans), layout.width)
        if _changed(top, key):
            top.show(view["revealed"], new, preview, said, info, layout.width)
        sheet_widget = self.query_one(SheetWidget)
        hands = self.query_one(HandsPanel)
        p = players[seat] if seat is not None else None
        written = p["written"] if p is not None else None
        if seat is None or p is None or written is None:
            if _changed(sheet_widget, "private"):
                sheet_widget.show_message(Text.assemble(
                    ("SHEETS ARE PRIVATE\n\n", "bold"),
                    "Every player writes behind the curtain;\nnobody sees another sheet until "
                    "the final scoring.\n\n", ("p", "bold"),
                    " lets a player peek at their own sheet."))
            if _changed(hands, "private"):
                hands.set_text("")
        else:
            marks = SheetMarks(legal=frozenset(self.cells), cursor=cursor, preview=preview,
                               last=self._last_written(seat),
                               hands=hands_through(p["sheet"], cursor))
            sheet_widget.show_sheet(p["sheet"], written, marks)
            best = self._best()[seat] if mode == OVER else None
            hands_key = (seat, p["sheet"], freeze(written), freeze(p["completed"]),
                         freeze(view["first_round"]), freeze(best), cursor, preview,
                         layout.panel_w)
            if _changed(hands, hands_key):
                hands.show(p["sheet"], written, p["completed"], view["first_round"], best,
                           cursor, preview, layout.panel_w)
        if self.live:
            self._show_choices()
            self.query_one(PromptBar).put(self._prompt())

    def _draw_table(self) -> None:
        view = self._view
        layout = self.layout_now
        seat = self._sheet_seat()
        shown = seat if self.mode in (OVER, REVIEW) else None
        views = None
        if not self.live and view["phase"] != "over":  # a replay: every seat's hidden part
            views = [self.view_of(s) for s in range(view["n"])]
        table = self.query_one(TablePanel)
        key = (freeze([(p["completed"], p["chips_won"], p["chips_spent"], p["done"])
                       for p in view["players"]]), freeze(view["to_act"]), view["phase"],
               freeze(view["pickers"]), self.viewer, shown, layout.columns, layout.panel_w,
               freeze([(v["players"][s]["chips_spent"], v.get("choice"))
                       for s, v in enumerate(views)]) if views else None)
        if _changed(table, key):
            table.show(view, self.names, self.viewer, shown, layout.columns, layout.panel_w,
                       views)

    def _best(self) -> list[dict[str, bool]]:
        view = self._view
        cached = self.__dict__.get("_best_cache")
        key = id(view)
        if cached is None or cached[0] != key:
            cached = self._best_cache = (key, best_hands(view))
        return cached[1]

    def _last_written(self, seat: int) -> int | None:
        """The space ``seat`` wrote last (marked "new" on their sheet): from the viewer's own
        view, or at the end (every sheet open) from that seat's view."""
        view = self._view
        if seat == view.get("viewer"):
            return view.get("last_written")
        if view["phase"] == "over":
            return self.view_of(seat).get("last_written")
        return None

    def _revealed_new(self) -> bool:
        """The revealed cards are new until the viewer writes this round (on the table view and
        in a replay: until anyone has)."""
        view = self._view
        if view["phase"] != "write" or not view["revealed"]:
            return False
        if self.live and self.viewer is not None:
            return not view["players"][self.viewer]["done"]
        return not any(p["done"] for p in view["players"])

    def _show_choices(self) -> None:
        panel = self.query_one(ChoicePanel)
        mode = self.mode
        active = self.step == CARD_STEP
        if mode in (WRITE, JOKER):
            if _changed(panel, (mode, freeze(self.costs), self.pick, active)):
                panel.show_matrix(self.costs, self.pick, active, "CARD" if mode == WRITE
                                  else "ANY")
        elif mode == GOLDEN:
            if _changed(panel, (mode, tuple(self.choices), self.pick, active)):
                items = self.choices + [None]
                title = Text.assemble(("GOLDEN DECK", "bold reverse" if active else "bold"),
                                      ("  free, on any empty space", "dim"))
                note = Text("Enter or a second click: no Golden Deck card", style="dim") \
                    if self.pick == NO_CARD else None
                panel.show_list(title, items, None if self.pick == NO_CARD else self.pick,
                                active, note)
        else:
            panel.show_message(self._choice_message())

    # -- the end ---------------------------------------------------------------------------------
    def interlude(self, events: list):
        """When the game ends, open every sheet before the results."""
        if not any(e.kind == "game_over" for e in events):
            return None
        return FinalSheetsScreen(self.session)
