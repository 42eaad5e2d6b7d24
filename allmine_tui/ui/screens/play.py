"""The shared frame of every game screen: status line, board, log, bots, curtain and autosave.

A game's screen subclasses ``PlayScreen`` and provides ``compose_board`` and ``show`` (draw a view);
it calls ``submit(action)`` when the viewer makes a move. Everything about turns, bots, the curtain,
saving and the end of the game is handled here, once for every game.
"""
from __future__ import annotations

import asyncio
import os
from functools import partial

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Action, IllegalAction
from ..session import GameSession
from ..undo_command import TakeBackCommand
from ..widgets.log import GameLog
from .curtain import CurtainScreen


def bot_delay() -> float:
    try:
        return max(0.0, float(os.environ.get("ALLMINE_BOT_DELAY", "0.7")))
    except ValueError:
        return 0.7


class PlayScreen(Screen):
    DEFAULT_CSS = """
    #status-bar { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; text-style: bold; }
    """
    MIN_SIZE = (100, 30)
    #: Markdown describing this screen's keys and mouse use; shown in help.
    CONTROLS = ""
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "menu", "Menu (saved)"),
        Binding("p", "peek", "Peek at my hand", show=False),
        Binding("u", "undo", "Take back", priority=True),
    ]
    COMMANDS = {TakeBackCommand}

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.viewer: int | None = None
        self.actor: int | None = None  # who acts now on this screen (see GameSession.actor)
        self._curtain_open = False
        self._results_shown = False
        self._interludes: list[Screen] = []

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        yield from self.compose_board()
        yield GameLog(id="game-log")
        yield Footer()

    def compose_board(self) -> ComposeResult:  # pragma: no cover - every game overrides it
        yield Static("board")

    def show(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        """Draw ``view`` (what ``viewer`` may know). ``legal`` is the viewer's legal moves now."""

    def status_text(self, view: dict, viewer: int | None) -> str:
        return self.match.rules.info.title

    @property
    def names(self) -> list[str]:
        return self.session.names

    # -- the loop ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.redraw()
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self.app.check_size)

    def redraw(self) -> None:
        session = self.session
        viewer = session.screen_viewer()
        self.viewer = viewer
        view = self.match.view(viewer)
        legal: list[Action] = []
        self.actor = session.actor()
        if self.actor is not None:
            legal = self.match.legal_actions(self.actor)
        self.query_one("#status-bar", Static).update(self.status_text(view, viewer))
        self.show(view, viewer, legal)
        self.query_one(GameLog).sync(session, viewer)
        if session.save_error:
            self.notify(session.save_error, severity="error")
            session.save_error = None

    def interlude(self, events: list) -> Screen | None:
        """A game may return a screen to show after some events (e.g. a hand's scores)."""
        return None

    def _queue_interludes(self, events: list) -> None:
        if not self.match.humans:
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
        step = self.session.next_step()
        if step.kind == "over":
            self.redraw()
            if not self._results_shown:
                self._results_shown = True
                self.set_timer(1.0 if bot_delay() else 0.05, self._results)
            return
        if step.kind == "bots":
            if self.session.peeking:
                return  # bots wait while someone peeks at their hand
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
        delay = bot_delay()
        if delay:
            await asyncio.sleep(delay)
        if not self.is_attached:
            return
        action = await asyncio.to_thread(self.session.bot_choice, seat)
        if not self.is_attached or self.app.screen_stack.count(self) == 0:
            return
        if self.session.peeking or self.match.bot_seats_to_act()[:1] != [seat]:
            self.advance()
            return
        self._queue_interludes(self.session.apply(seat, action))
        self.redraw()
        self.advance()

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

        def passed(ready: bool | None) -> None:
            self._curtain_open = False
            if not ready:
                self.session.peeking = False
                self.app.pop_screen()
                return
            if peek:
                self.session.peeking = True
            self.session.curtain_passed(seat)
            self.redraw()
            self.advance()

        self.app.push_screen(CurtainScreen(self.names[seat], reason), passed)

    # -- actions -------------------------------------------------------------------------------
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game_id, self.CONTROLS))

    def action_menu(self) -> None:
        self.session.autosave()
        self.notify("Game saved. Pick it up again with Continue.", timeout=3)
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
        if not self.match.needs_curtain() or self.match.is_over():
            self.notify("Your hand is already on screen.", severity="information")
            return
        if session.peeking:
            session.peeking = False
            self.redraw()
            self.advance()
            return
        if self.viewer is not None:
            self.notify("Your hand is already on screen.", severity="information")
            return
        from .choose_player import ChoosePlayerScreen

        humans = self.match.humans

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self._show_curtain(seat, "Peeking: press p when you are done.", peek=True)

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


def esc(text: str) -> str:
    return escape(text)
