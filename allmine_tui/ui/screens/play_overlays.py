"""The play screen's overlays: the curtain, the peek chooser and news for everyone, each shown
when the hot-seat flow is in its state and answered back to the flow (a mixin of PlayScreen)."""
from __future__ import annotations

from typing import Any, Callable

from functools import partial

from textual.screen import Screen

from ..flow import Mode, Refused, State
from .curtain import CurtainScreen
from .play_host import PlayHost


class Overlays(PlayHost):
    def _wanted_overlay(self) -> State | None:
        state = self.flow.state
        if state.mode in (Mode.CURTAIN, Mode.CHOOSING, Mode.INTERLUDE):
            return state
        return None

    def _sync_overlay(self) -> None:
        wanted = self._wanted_overlay()
        if self._overlay is not None and self._overlay_for == wanted and \
                (wanted is None or wanted.mode is not Mode.INTERLUDE
                 or self._overlay is self.flow.current_interlude()):
            return
        old, self._overlay, self._overlay_for = self._overlay, None, None
        # answered, or the game moved on under it (another screen's move): take it down, with
        # anything over it (the "please enlarge" message goes and comes back by itself)
        while old is not None and old in self.app.screen_stack and self.app.screen is not self:
            self.app.pop_screen()
        if wanted is None:
            return
        callback: Callable[[Any], None]
        if wanted.mode is Mode.CURTAIN:
            assert wanted.seat is not None
            reason = "Peeking: press p when you are done." if wanted.peek else ""
            screen: Screen = CurtainScreen(self.names[wanted.seat], reason, peek=wanted.peek,
                                           decide=self._curtain_decided)
            callback = self._curtain_answer
        elif wanted.mode is Mode.CHOOSING:
            from .choose_player import ChoosePlayerScreen

            people = [(s, self.names[s]) for s in self.flow.people]
            screen, callback = ChoosePlayerScreen(people), self._peeker_chosen
        else:
            screen, callback = self.flow.current_interlude(), self._interlude_done
        self.dismiss_private_notices()
        self._overlay, self._overlay_for = screen, wanted
        self.app.push_screen(screen, partial(self._overlay_closed, screen, callback))

    def _overlay_closed(self, screen: Screen, callback, answer=None) -> None:
        if self._overlay is not screen:
            return  # replaced meanwhile
        self._overlay = self._overlay_for = None
        callback(answer)

    def _curtain_decided(self, answer: str) -> None:
        """The curtain's answer, while it is still up: the flow moves on, ``render_flow`` takes
        the curtain down and draws what comes next, all before the next frame is painted."""
        if self._overlay is not None and isinstance(self._overlay, CurtainScreen):
            self._overlay.decide = None  # answered once
        self._curtain_answer(answer)

    def _curtain_answer(self, answer: str | None) -> None:
        flow = self.flow
        try:
            if answer == "ready":
                flow.pass_curtain()
            elif answer == "peek":
                flow.ask_peek()
            else:  # back to the menu; the game is saved, and the curtain comes first again
                if flow.state.peek:
                    flow.end_peek()
                self._overlay = self._overlay_for = None
                self.dismiss_to_menu()
                self.session.autosave()
                self.app.clear_notifications()  # notices of this game stay with it
                self.notify(self.session.leave_note, timeout=3)
                return
        except Refused:
            pass
        self.render_flow()

    def _peeker_chosen(self, seat: int | None) -> None:
        try:
            self.flow.choose_peeker(seat)
        except Refused as exc:
            self.notify(str(exc), severity="warning")
        self.render_flow()

    def _interlude_done(self, _answer=None) -> None:
        try:
            self.flow.interlude_done()
        except Refused:
            pass
        self.render_flow()

    def interlude(self, events: list) -> Screen | None:
        """A game may return a screen to show after some events (e.g. a hand's scores)."""
        return None

    def _queue_interludes(self, events: list) -> None:
        if not self.session.humans:
            return
        screen = self.interlude(events)
        if screen is not None:
            self.flow.add_interlude(screen)
            self.flow.settle()

