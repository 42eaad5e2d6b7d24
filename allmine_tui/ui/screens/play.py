"""The shared frame of every game screen: status line, board, log, bots, curtain and autosave.

A game's screen subclasses ``PlayScreen[GameView]``, parametrized by its game's view TypedDict
(``games/<game>/views.py``), and provides ``compose_board`` and ``show`` (draw a view); it calls
``submit(action)`` when the viewer makes a move. Everything about turns, bots, the curtain,
saving and the end of the game is handled here, once for every game.

Who is looking is decided by the session's hot-seat flow (``ui/flow.py``): this screen renders its
state (the board for ``flow.viewer``, the curtain, the peek chooser, news for everyone, the
results) and reports what people do. Privacy follows from the states:

- Everything a screen keeps for the person looking at it (cursors, selections, half-made choices)
  is declared in the game screen's ``VIEWER_STATE``; those attributes are reset to their declared
  values whenever the flow's *owner* changes (a different viewer, or, on the table view, a
  different person making a public decision). Notifications and tooltips go too, and input typed
  before the new owner's screen was drawn is dropped (``accepts_input``, ``message_allowed``).
- When a private view leaves the screen (the curtain comes up, or the table view returns), the
  board is composed afresh behind the curtain (new widgets: no hidden widget, scroll position,
  menu or tooltip keeps anything of the previous viewer), so the next viewer gets exactly what a
  freshly opened screen would give them, and gets it at once when they pass their curtain.
"""
from __future__ import annotations

import copy
import dataclasses
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...engine import Action, IllegalAction
from ..flow import Mode, Refused, State
from ..session import GameSession
from ..text import plain
from ..textual_internals import MessageGate, clear_tooltip, event_clock, keep_styled_lines
from ..undo_command import HintCommand, TakeBackCommand
from ..widgets.draw import set_content
from ..widgets.keybar import ScreenKeys
from ..widgets.lines import TextLines
from ..widgets.log import GameLog
from ..widgets.player_input import is_player_input
from .grace import input_grace
from .play_bots import BotTurns, bot_delay
from .play_coach import Coaching
from .play_overlays import Overlays

if TYPE_CHECKING:
    from ..app import AllMineApp

_NOBODY = object()
#: the view type of a game's screen: its game's view TypedDict (a TypedDict is a Mapping)
V = TypeVar("V", bound=Mapping[str, object])
POLL_SECONDS = 0.1  # how often a shared game's file is checked for other screens' moves


class PlayScreen(Coaching, BotTurns, Overlays, MessageGate, Screen, Generic[V]):
    """The frame of a game's screen; ``V`` is the game's view type (``AllMineScreen`` is a
    ``PlayScreen[AllMineView]``), which ``show`` and ``status_text`` receive."""

    DEFAULT_CSS = """
    #status-bar { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; text-style: bold; }
    .-coach-target { outline: heavy $warning; }
    """
    MIN_SIZE = (100, 30)
    #: Markdown describing this screen's keys and mouse use; shown in help.
    CONTROLS = ""
    #: Every attribute this screen keeps for the person looking at it, with its fresh value. They are
    #: reset (deep copies of these values) whenever the screen's owner changes.
    VIEWER_STATE: ClassVar[dict[str, Any]] = {}
    # Priority bindings run as the app receives each key, in order, so the input gate (see
    # ``accepts_input``) sees the screen as it is when each key is handled. Every game screen's
    # bindings are priority bindings too.
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", priority=True),
        Binding("q", "menu", "Menu (saved)", priority=True),
        Binding("p", "peek", "Peek at my hand", show=False, priority=True),
        Binding("u", "undo", "Take back", priority=True),
        # when u is not offered (a finished game), the key still answers with the reason
        Binding("u", "undo_refused", "", show=False, priority=True),
        Binding("h", "hint", "Hint", priority=True),
        # when h is not offered (hints off, a finished game), the key still answers why
        Binding("h", "hint_refused", "", show=False, priority=True),
        Binding("k", "legend", "Marks", priority=True),
    ]
    COMMANDS = {TakeBackCommand, HintCommand}
    #: every mark and icon the board uses, with what it means ("What's this"): shown by **k**,
    #: and as a tooltip when the mouse is over the mark on the board
    LEGEND: ClassVar[list[tuple[str, str]]] = []

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        keep_styled_lines(self)  # (its background, drawn behind every change: kept set-up)
        self.session = session
        self.match = session.match
        self.flow = session.flow
        self.viewer: int | None = None
        self.actor: int | None = None  # who acts now on this screen (see Flow.actor)
        self._epoch = -1  # the flow's owner_epoch this screen last rendered
        self._board_viewer: object = _NOBODY  # whose view the board's widgets hold
        self._rebuilding = False
        self._input_since = math.inf  # input is closed until the first frame is on screen
        self._owner_since = 0.0  # when the current owner got the screen (event clock)
        self._overlay: Screen | None = None  # our curtain, chooser or news on top
        self._overlay_for: State | None = None
        self._results_shown = False
        self._thinking: int | None = None  # the bot seat whose move is being worked out
        self._bot_seat: int | None = None  # the bot the worker is choosing for
        if getattr(session, "unsaved", None):  # the way out must not promise a save
            keys = self._bindings.key_to_bindings  # (this screen's own copy of the bindings)
            keys["q"] = [dataclasses.replace(b, description="Menu (not saved)")
                         if b.action == "menu" else b for b in keys.get("q", [])]
        self.reset_viewer_state()

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TextLines(id="status-bar")
        yield from self.compose_board()
        yield GameLog(id="game-log")
        yield ScreenKeys()

    def compose_board(self) -> ComposeResult:  # pragma: no cover - every game overrides it
        yield Static("board")

    def board_mounted(self) -> None:
        """Called after the widgets are (re)composed, before they are drawn."""

    def show(self, view: V, viewer: int | None, legal: list[Action]) -> None:
        """Draw ``view`` (what ``viewer`` may know). ``legal`` is the viewer's legal moves now."""

    def status_text(self, view: V, viewer: int | None) -> str | Text:
        return self.match.rules.info.title

    def status_prefix(self) -> Text:
        """What the frame puts before the game's top line (the way out of a peek; a replay's
        position). ``status_room`` is what is left for the game's own line."""
        marks = []
        if self.flow.state.mode is Mode.PEEK:  # the way out stays in view
            marks.append(Text(" Peek: press p when you are done ", style="bold reverse"))
        if getattr(self.session, "unsaved", None):  # no save (see session.play_unsaved)
            marks.append(Text(" NOT SAVED ", style="bold reverse"))
        return Text(" ").join(marks)

    @property
    def status_room(self) -> int:
        """Cells the game's top line may use (the screen's width, less the frame's prefix)."""
        prefix = self.status_prefix().cell_len
        return max(20, self.app.size.width - 2 - (prefix + 1 if prefix else 0))

    @property
    def as_player(self) -> bool:
        """The board shows a person's own view (so "(you)" names them); False in a replay or
        on the final table, where every hand is open to whoever looks."""
        return self.flow.private_views

    def cursor_keys(self) -> tuple[str, str]:
        """Two keys that move the viewer's cursor one step and back at the decision on screen
        (``allmine bench`` times them)."""
        return ("right", "left")

    def view_of(self, seat: int | None) -> V:
        """``seat``'s view now (None: the table view), typed as this screen's game's view. The
        match holds any game's rules, so its ``view`` is an untyped dict; the game's screen is
        declared for its own game (``PlayScreen[GameView]``), whose rules give that TypedDict."""
        return cast(V, self.match.view(seat))

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def allmine_app(self) -> "AllMineApp":
        return cast("AllMineApp", self.app)

    # -- who owns the screen ---------------------------------------------------------------------
    def reset_viewer_state(self) -> None:
        for name, value in self.VIEWER_STATE.items():
            setattr(self, name, copy.deepcopy(value))
        self._hint = None  # a hint belongs to the person it was for
        self.mark_hint(None)

    def accepts_input(self, event) -> bool:
        """Keys and clicks made before the current owner's screen was on view are dropped: typed
        ahead by the previous person, they must not act for (or reveal) the next one."""
        if self.flow.solo:
            return True  # one person at the keyboard: nothing typed ahead belongs to another
        return not self._rebuilding and getattr(event, "time", 0.0) >= self._input_since

    def message_allowed(self, message) -> bool:
        """A widget's message made from the previous owner's input (a menu line chosen, a card
        clicked) that is handled after the owner changed is dropped, so one person's double
        Enter never acts for the next one."""
        return not (is_player_input(message) and message.time < self._owner_since)

    def _open_input(self) -> None:
        """Keys count from now on, after the grace (which also covers the few milliseconds
        before the new owner's screen is painted)."""
        if not self._rebuilding:
            self._input_since = event_clock() + input_grace()

    def _close_input(self) -> None:
        self._input_since = math.inf

    def _owner_changed(self) -> None:
        self._owner_since = event_clock()
        self.reset_viewer_state()
        self._close_input()
        self.dismiss_private_notices()

    def dismiss_private_notices(self) -> None:
        """Notifications and tooltips belong to the person who caused them."""
        if not self.is_attached:
            return
        # (raised before now but not yet shown too: a key typed just before the change)
        self.allmine_app.forget_notices()
        clear_tooltip(self)

    # -- rendering the flow ----------------------------------------------------------------------
    def on_mount(self) -> None:
        self.board_mounted()
        # the curtain (when one is due) comes up before the table is ever painted
        self.render_flow()
        self.call_after_refresh(self.allmine_app.check_size)
        if hasattr(self.session, "poll"):  # a game other screens play too: watch for their moves
            self.set_interval(POLL_SECONDS, self._poll)
            from ..presence_view import watch_presence  # issue 20: who is connected

            watch_presence(self)

    _keys_at_end = False  # the keys line was drawn again for the finished game

    def _alive(self) -> bool:
        """On the stack and not closing (a closing widget reports ``display`` False)."""
        return self.is_attached and self.display and self in self.app.screen_stack

    def render_flow(self) -> None:
        """Show the flow's state: the owner's board, the overlay the state asks for (curtain,
        chooser, news), a bot at work, or the results."""
        if not self._alive():
            return  # (closing: a bot's move may still arrive)
        flow = self.flow
        if flow.owner_epoch != self._epoch:
            self._epoch = flow.owner_epoch
            self._owner_changed()
        viewer = flow.viewer
        if flow.private_views and self._board_viewer not in (_NOBODY, None) \
                and self._board_viewer != viewer:
            self._start_rebuild()  # a private view leaves the screen: fresh widgets
        self.viewer, self.actor = viewer, flow.actor
        self._sync_overlay()
        if not self._rebuilding:
            self._draw()
            if self._input_since == math.inf and self.app.screen is self:
                self._open_input()
        mode = flow.state.mode
        if not self._keys_at_end and self.match.is_over():
            self._keys_at_end = True  # h Hint leaves the keys line: nothing is left to decide
            for keys in self.query(ScreenKeys):
                keys.draw()
        self._coach()
        if mode is Mode.BOTS:
            # once the frame showing the move is out: a bot's worker and its messages would
            # hold that frame up (the bot pauses before it moves anyway)
            self.call_after_refresh(self._start_bot_now)
        elif mode is Mode.RESULTS and not self._results_shown:
            self._results_shown = True
            self.set_timer(1.0 if bot_delay() else 0.05, self._results)

    def _start_bot_now(self) -> None:
        if self._alive() and self.flow.state.mode is Mode.BOTS:
            self._start_bot()

    def _draw(self) -> None:
        session, viewer = self.session, self.viewer
        view = self.view_of(viewer)
        legal: list[Action] = []
        if self.actor is not None:
            legal = self.match.legal_actions(self.actor)
        self._board_viewer = viewer
        status = self.status_text(view, viewer)
        status = plain(status) if isinstance(status, str) else status
        prefix = self.status_prefix()
        if prefix.plain:
            status = Text.assemble(prefix, " ", status)
        set_content(self.query_one("#status-bar", TextLines), status)
        self.show(view, viewer, legal)
        self.query_one(GameLog).sync(session, viewer)
        if session.save_error:
            self.notify(session.save_error, severity="error")
            session.save_error = None

    def redraw(self) -> None:
        """Draw the board again as the flow stands (after a resize, a scroll...)."""
        if self._alive() and not self._rebuilding:
            self._draw()

    def _start_rebuild(self) -> None:
        """Hide the board now, then compose it afresh and draw it."""
        self._board_viewer = _NOBODY
        if self._rebuilding:
            return  # the rebuild under way draws whoever owns the screen when it is done
        for child in self.children:
            if not child.has_class("-textual-system"):
                child.display = False
        self._rebuilding = True
        self.run_worker(self._rebuild(), group="rebuild")

    async def _rebuild(self) -> None:
        try:
            await self.recompose()
        finally:
            self._rebuilding = False
        if not self._alive():
            return
        self.board_mounted()
        self.render_flow()

    def on_unmount(self) -> None:
        close = getattr(self.session, "close", None)
        if close is not None:  # e.g. give back a shared game's seats
            close()

    # -- moves -----------------------------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        """Play ``action`` for the person acting. An illegal move is explained and changes
        nothing."""
        seat = self.flow.actor
        if seat is None or seat not in self.match.to_act():
            self.notify("It is not your turn.", severity="warning")
            return False
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        if self._hint is not None:  # the decision is made: the coach's mark goes
            self._hint = None
            self.mark_hint(None)
        self._queue_interludes(events)
        self.render_flow()
        return True

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("hint", "undo") and self.match.is_over():
            # nothing is left to decide and the moves stand: neither is listed (u still says
            # why, through undo_refused)
            return False
        if action == "hint" and not self.match.hints_allowed:
            return False  # not listed (keys line, palette); h says why, through hint_refused
        return True

    # -- actions -------------------------------------------------------------------------------
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game_id, self.CONTROLS))

    def legend(self) -> list[tuple[str, str]]:
        """The marks of this screen and their meanings (the frame's own, then the game's)."""
        return list(self.LEGEND)

    def action_no_decision(self) -> None:
        """Enter on a board where nobody decides (the final table, a replay): nothing to do."""

    def action_legend(self) -> None:
        from .legend import LegendScreen

        self.app.push_screen(LegendScreen(self.match.rules.info.title, self.legend()))

    def action_menu(self) -> None:
        self.session.autosave()
        self.app.clear_notifications()  # notices of this game stay with it
        self.notify(self.session.leave_note, timeout=3)
        if self.app.screen is self:
            self.app.pop_screen()
        else:
            self.dismiss_to_menu()

    def dismiss_to_menu(self) -> None:
        """Leave with whatever is open over this screen (the curtain's Esc)."""
        app = self.app
        while app.screen is not self and len(app.screen_stack) > 1:
            app.pop_screen()
        if app.screen is self:
            app.pop_screen()

    def action_undo_refused(self) -> None:
        self.action_undo()  # the session gives the reason

    def action_undo(self) -> None:
        """Take back the viewer's last move (GameSession.undo says when that is allowed)."""
        reason = self.session.undo()
        if reason is not None:
            self.notify(reason, title="Cannot take back", severity="warning")
            return
        self.workers.cancel_group(self, "bots")  # a bot may have been thinking about the move
        self._bot_seat = None
        self.render_flow()

    def action_peek(self) -> None:
        """Between turns, with several people, let one of them look at their own hand; during
        a peek, p ends it."""
        try:
            self.flow.ask_peek()
        except Refused as exc:
            self.notify(str(exc), severity="information")
            return
        self.render_flow()

    def _results(self) -> None:
        if self.is_current:
            self.allmine_app.show_results(self.session)
        else:
            self._results_shown = False  # show them when we are back on top

    def on_screen_resume(self) -> None:
        self.app.call_after_refresh(self.allmine_app.check_size)
        self.render_flow()

    def on_screen_suspend(self) -> None:
        self._close_input()
