"""The shared frame of every game screen: status line, board, log, bots, curtain and autosave.

A game's screen subclasses ``PlayScreen`` and provides ``compose_board`` and ``show`` (draw a view);
it calls ``submit(action)`` when the viewer makes a move. Everything about turns, bots, the curtain,
saving and the end of the game is handled here, once for every game.

Privacy is a mechanism of this class, not something each game must remember:

- Everything a screen keeps for the person looking at it (cursors, selections, half-made choices)
  is declared in the game screen's ``VIEWER_STATE``; those attributes are reset to their declared
  values whenever the *owner* of the screen changes (a different viewer, or, on the table view,
  a different person making a public decision).
- When the viewer changes, the whole screen is composed afresh (new widgets, so no hidden widget,
  scroll position, menu or tooltip keeps the previous viewer's things), notifications are dismissed
  and input typed before the change is dropped (see ``accepts_input``): the new viewer gets exactly
  what a freshly opened screen would give them.
- When the viewer's private decision is sent and someone else is next, the private board is hidden
  at once (in the same frame) and the curtain or the table view replaces it.
"""
from __future__ import annotations

import asyncio
import copy
import math
import os
import time
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ...engine import Action, IllegalAction
from ..session import GameSession
from ..text import plain
from ..undo_command import TakeBackCommand
from ..widgets.log import GameLog
from .curtain import CurtainScreen, input_grace

_NOBODY = object()
POLL_SECONDS = 0.1  # how often a shared game's file is checked for other screens' moves


THINKING_AFTER = 0.3  # seconds a bot may take before the log says it is thinking


def bot_delay() -> float:
    try:
        return max(0.0, float(os.environ.get("ALLMINE_BOT_DELAY", "0.7")))
    except ValueError:
        return 0.7


def _from_input(message) -> bool:
    """Messages our widgets post when someone clicks or chooses (not Textual's own events)."""
    return type(message).__module__.startswith("allmine_tui") or isinstance(message, Button.Pressed)


class PlayScreen(Screen):
    DEFAULT_CSS = """
    #status-bar { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; text-style: bold; }
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
    ]
    COMMANDS = {TakeBackCommand}

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.viewer: int | None = None
        self.actor: int | None = None  # who acts now on this screen (see GameSession.actor)
        self._owner: object = _NOBODY
        self._drawn_viewer: object = _NOBODY
        self._rebuilding = False
        self._input_since = math.inf  # input is closed until the first frame is on screen
        self._owner_since = 0.0  # when the current owner got the screen
        self._curtain_open = False
        self._results_shown = False
        self._thinking: int | None = None  # the bot seat whose move is being worked out
        self._interludes: list[Screen] = []
        self.reset_viewer_state()

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        yield from self.compose_board()
        yield GameLog(id="game-log")
        yield Footer()

    def compose_board(self) -> ComposeResult:  # pragma: no cover - every game overrides it
        yield Static("board")

    def board_mounted(self) -> None:
        """Called after the widgets are (re)composed, before they are drawn."""

    def show(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        """Draw ``view`` (what ``viewer`` may know). ``legal`` is the viewer's legal moves now."""

    def status_text(self, view: dict, viewer: int | None) -> str | Text:
        return self.match.rules.info.title

    @property
    def names(self) -> list[str]:
        return self.session.names

    # -- who owns the screen ---------------------------------------------------------------------
    def reset_viewer_state(self) -> None:
        for name, value in self.VIEWER_STATE.items():
            setattr(self, name, copy.deepcopy(value))

    def accepts_input(self, event) -> bool:
        """Keys and clicks made before the current owner's screen was on view are dropped: typed
        ahead by the previous person, they must not act for (or reveal) the next one."""
        if not self.session.needs_curtain():
            return True  # one person at the keyboard: nothing typed ahead belongs to another
        return not self._rebuilding and getattr(event, "time", 0.0) >= self._input_since

    async def _on_message(self, message) -> None:
        """A widget's message made from the previous owner's input (a menu line chosen, a card
        clicked) that is handled after the owner changed is dropped, so one person's double
        Enter never acts for the next one."""
        if message.time < self._owner_since and _from_input(message):
            return
        await super()._on_message(message)

    def _open_input(self) -> None:
        """Keys count from now on, after the grace (which also covers the few milliseconds
        before the new owner's screen is painted)."""
        if not self._rebuilding:
            self._input_since = time.monotonic() + input_grace()

    def _close_input(self) -> None:
        self._input_since = math.inf

    def _owner_changed(self) -> None:
        self._owner_since = time.monotonic()
        self.reset_viewer_state()
        self._close_input()
        self.dismiss_private_notices()

    def dismiss_private_notices(self) -> None:
        """Notifications and tooltips belong to the person who caused them."""
        if not self.is_attached:
            return
        self.app.clear_notifications()
        # anything posted later by the handler that changed the owner goes too
        self.call_later(self.app.clear_notifications)
        try:
            self._clear_tooltip()
        except Exception:  # pragma: no cover - no tooltip machinery yet
            pass

    # -- the loop ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.board_mounted()
        self.redraw()
        # the curtain (when one is due) comes up before the table is ever painted
        self.advance()
        self.call_after_refresh(self.app.check_size)
        if hasattr(self.session, "poll"):  # a game other screens play too: watch for their moves
            self.set_interval(POLL_SECONDS, self._poll)
            from ..presence_view import watch_presence  # issue 20: who is connected

            watch_presence(self)

    def _poll(self) -> None:
        """Moves made elsewhere (``session.poll()``: None when nothing changed, else the new
        events) are drawn, and the game goes on from them."""
        events = self.session.poll()
        if events is None or not self.is_attached:
            return
        self._queue_interludes(events)
        self.redraw()
        self.advance()

    def on_unmount(self) -> None:
        close = getattr(self.session, "close", None)
        if close is not None:  # e.g. give back a shared game's seats
            close()

    def redraw(self) -> None:
        if not self.is_attached or self._pruning:
            return  # (closing: a bot's move may still arrive)
        session = self.session
        viewer = session.screen_viewer()
        actor = session.actor()
        owner = (viewer,) if viewer is not None else (None, actor)
        if owner != self._owner:
            self._owner = owner
            self._owner_changed()
            if self._drawn_viewer is not _NOBODY and viewer != self._drawn_viewer:
                self._start_rebuild()
        self.viewer, self.actor = viewer, actor
        if self._rebuilding:
            return  # drawn when the fresh widgets are in
        if self._input_since == math.inf:
            self._open_input()
        self._draw()

    def _draw(self) -> None:
        session, viewer = self.session, self.viewer
        view = self.match.view(viewer)
        legal: list[Action] = []
        if self.actor is not None:
            legal = self.match.legal_actions(self.actor)
        self._drawn_viewer = viewer
        status = self.status_text(view, viewer)
        self.query_one("#status-bar", Static).update(
            plain(status) if isinstance(status, str) else status)
        self.show(view, viewer, legal)
        self.query_one(GameLog).sync(session, viewer)
        if session.save_error:
            self.notify(session.save_error, severity="error")
            session.save_error = None

    def _show_thinking(self) -> None:
        """Under the log's last line, "Cleo is thinking…" while a bot takes its time."""
        if self._rebuilding or not self.is_attached:
            return
        line = "" if self._thinking is None else f"{self.names[self._thinking]} is thinking…"
        for log in self.query(GameLog):  # none while the screen is closing
            log.set_pending(line)

    def _start_rebuild(self) -> None:
        """A new viewer: hide everything now, then compose the screen afresh and draw it."""
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
        if not self.is_attached:
            return
        self.board_mounted()
        self.viewer = self.session.screen_viewer()
        self.actor = self.session.actor()
        self._draw()
        self.refresh_bindings()  # the new Footer lists the keys
        self._open_input()

    def interlude(self, events: list) -> Screen | None:
        """A game may return a screen to show after some events (e.g. a hand's scores)."""
        return None

    def _queue_interludes(self, events: list) -> None:
        if not self.session.humans:
            return
        screen = self.interlude(events)
        if screen is not None:
            self._interludes.append(screen)

    def advance(self) -> None:
        if self._curtain_open or not self.is_attached:
            return
        if self._interludes:
            screen = self._interludes.pop(0)
            self._curtain_open = True

            def done(_result=None) -> None:
                self._curtain_open = False
                self.advance()

            self.app.push_screen(screen, done)
            return
        if self.session.peeking:  # nothing moves on while someone looks at their own cards
            self.redraw()
            return
        step = self.session.next_step()
        if step.kind == "over":
            self.redraw()
            if not self._results_shown:
                self._results_shown = True
                self.set_timer(1.0 if bot_delay() else 0.05, self._results)
            return
        if step.kind == "bots":
            self.redraw()
            # a partial, not a coroutine: a worker cancelled before it starts leaves no
            # never-awaited coroutine behind
            self.run_worker(partial(self._bot_turn, step.seat), exclusive=True, group="bots")
            return
        if step.curtain:
            self._show_curtain(step.seat)
            return
        self.redraw()

    async def _bot_turn(self, seat: int) -> None:
        delay = 0.0 if self._secret_decision(seat) else bot_delay()
        if delay:
            await asyncio.sleep(delay)
        if not self.is_attached:
            return
        self._thinking = seat
        shown = self.set_timer(THINKING_AFTER, self._show_thinking)  # quick moves never flash it
        try:
            action = await asyncio.to_thread(self.session.bot_choice, seat)
        finally:
            self._thinking = None
            shown.stop()
            self._show_thinking()
        if not self.is_attached or self.app.screen_stack.count(self) == 0:
            return
        if self.session.peeking or self.match.bot_seats_to_act()[:1] != [seat]:
            self.advance()
            return
        self._queue_interludes(self.session.apply(seat, action))
        self.redraw()
        self.advance()

    def _secret_decision(self, seat: int) -> bool:
        """A bot's part of a simultaneous secret phase (several seats to act at once): nobody can
        watch it, so it needs no pause."""
        return len(self.match.to_act()) > 1

    def submit(self, action: Action) -> bool:
        """Play ``action`` for the viewer. An illegal move is explained and changes nothing."""
        seat = self.session.actor()
        if seat is None or seat not in self.match.to_act():
            self.notify("It is not your turn.", severity="warning")
            return False
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        self._queue_interludes(events)
        self.redraw()
        self.advance()
        return True

    # -- curtain -------------------------------------------------------------------------------
    def _show_curtain(self, seat: int, reason: str = "", peek: bool = False) -> None:
        self.session.raise_curtain()
        self._curtain_open = True
        self.redraw()  # table view underneath, so nothing private lingers
        self.dismiss_private_notices()

        def passed(answer: str | None) -> None:
            self._curtain_open = False
            if answer == "peek":
                self._choose_peeker(after=seat)
                return
            if answer != "ready":
                self.session.end_peek()
                self.app.pop_screen()
                return
            if peek:
                self.session.peeking = True
            self.session.curtain_passed(seat)
            self.redraw()
            self.advance()

        self.app.push_screen(CurtainScreen(self.names[seat], reason, peek=peek), passed)

    # -- actions -------------------------------------------------------------------------------
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game_id, self.CONTROLS))

    def action_menu(self) -> None:
        self.session.autosave()
        self.notify(self.session.leave_note, timeout=3)
        self.app.pop_screen()

    def action_undo(self) -> None:
        """Take back the viewer's last move (GameSession.undo says when that is allowed)."""
        reason = self.session.undo()
        if reason is not None:
            self.notify(reason, title="Cannot take back", severity="warning")
            return
        self.workers.cancel_group(self, "bots")  # a bot may have been thinking about the move
        self.redraw()
        self.advance()

    def action_peek(self) -> None:
        """Between turns, with several humans, let one of them look at their own hand."""
        session = self.session
        if not self.session.needs_curtain() or self.match.is_over():
            self.notify("Your hand is already on screen.", severity="information")
            return
        if session.peeking:
            session.end_peek()
            self.redraw()
            self.advance()
            return
        if self.viewer is not None:
            self.notify("Your hand is already on screen.", severity="information")
            return
        self._choose_peeker()

    def _choose_peeker(self, after: int | None = None) -> None:
        """Ask who wants to peek; that person gets their own curtain. ``after``: the seat whose
        curtain was up, which comes back if nobody peeks."""
        from .choose_player import ChoosePlayerScreen

        humans = self.session.humans

        def chosen(seat: int | None) -> None:
            if seat is not None and seat == after:
                # the person whose turn it is: that is simply passing their curtain
                self._show_curtain(seat)
            elif seat is not None:
                self._show_curtain(seat, "Peeking: press p when you are done.", peek=True)
            else:
                self.advance()

        self.app.push_screen(ChoosePlayerScreen([(s, self.names[s]) for s in humans]), chosen)

    def _results(self) -> None:
        if self.is_current:
            self.app.show_results(self.session)
        else:
            self._results_shown = False  # show them when we are back on top

    def on_screen_resume(self) -> None:
        self.app.call_after_refresh(self.app.check_size)
        self.redraw()
        if self.match.is_over() and not self._results_shown:
            self.advance()

    def on_screen_suspend(self) -> None:
        self._close_input()
