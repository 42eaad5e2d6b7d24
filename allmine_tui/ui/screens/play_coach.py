"""The play screen's coach (a mixin of PlayScreen).

- Lessons: in a guided game (learn to play), the first lesson that applies is shown beside the
  board, pointing at what it speaks of, and the game waits for the learner.
- Hints (h): the coach's best moves for the person deciding, worked out from their own view. A
  decision made in front of everyone (the flow's table view with a decider, several people at the
  screen) gets its hint behind the decider's own curtain: the screen asks the flow for a peek of
  theirs (``ask_peek`` then ``choose_peeker``), works the hint out once they have passed their
  curtain, and ends the peek (``end_peek``) when the hint is closed. The flow then forgets who held
  the keyboard and the screen forgets what it kept for them, as after any peek.
"""
from __future__ import annotations

import asyncio
from functools import partial
from typing import Any, cast

from ..flow import Mode, Refused
from .play_host import PlayHost


class Coaching(PlayHost):
    _hint_running = False
    _hint: Any = None

    def _coach(self) -> None:
        """In a guided game, the first lesson that applies now (from the learner's own view),
        once, over the board; the game waits for the learner meanwhile. (Also where a hint asked
        on a decision made in front of everyone goes on, once its curtain is passed.)"""
        self._hint_peek_step()
        if not hasattr(self.session, "lesson_due") or self._rebuilding or \
                self.app.screen is not self:
            return
        from .coach import GuidedSession

        session = cast(GuidedSession, self.session)
        if self.flow.state.mode not in (Mode.PRIVATE, Mode.TABLE, Mode.BOTS, Mode.WAITING):
            return
        coach = session.coach
        if not coach.intro_given:
            coach.intro_given = True
            self._show_lesson("Learn to play " + self.match.rules.info.title,
                              session.tutorial.intro, None)
            return
        view = self.match.view(0)
        lesson = session.lesson_due(view, self.flow.actor == 0)
        if lesson is None:
            return
        coach.give(lesson)
        target = None
        if lesson.target:
            found = self.query(lesson.target)
            target = found.first() if found else None
        self._show_lesson("Coach", lesson.say(view, self.names), target)

    def _coach_up(self) -> bool:
        from .coach import CoachScreen

        return any(isinstance(screen, CoachScreen) for screen in self.app.screen_stack)

    def _show_lesson(self, title: str, text: str, target) -> None:
        from .coach import CoachScreen

        def done(go_on: bool | None) -> None:
            if go_on is False:
                setattr(self.session, "coach_on", False)
            self.render_flow()

        self.app.push_screen(CoachScreen(title, text, target), done)


    # -- hints: the coach's best moves for the person deciding ------------------------------------
    #: the seat whose hint is shown behind their own curtain (a decision made in front of
    #: everyone): the hint is worked out and shown during a peek of theirs, which ends with it
    _hint_peek: int | None = None
    _hint_peek_started = False

    def hint_seat(self) -> int | None:
        """Whose decision a hint may be asked for now: the person acting (their own view on
        screen, or a decision made in front of everyone, whose hint then comes behind the
        decider's curtain). Refusals are said, not silent."""
        seat = self.flow.actor
        viewer = getattr(self, "viewer", None)
        if not self.match.hints_allowed:
            self.notify("Hints are off at this table.", severity="information", timeout=3)
            return None
        if self.match.is_over():
            self.notify("The game is over: nothing is left to decide.",
                        severity="information", timeout=3)
            return None
        if seat is None or seat not in self.match.to_act():
            self.notify("A hint is for your own decision: ask when it is your turn.",
                        severity="information", timeout=3)
            return None
        if viewer != seat and not self._in_public(seat):
            self.notify("Ask for a hint when your own view is on screen.",
                        severity="information", timeout=4)
            return None
        return seat

    def _in_public(self, seat: int) -> bool:
        """``seat`` decides on the table view, with others at this screen."""
        flow = self.flow
        return flow.state.mode is Mode.TABLE and flow.state.seat == seat and not flow.solo \
            and seat in flow.people

    def action_hint(self) -> None:
        if self._hint_running or self._hint_peek is not None:
            return
        seat = self.hint_seat()
        if seat is None:
            return
        if self._in_public(seat):
            self._hint_behind_curtain(seat)
        else:
            self._start_hint(seat)

    def action_hint_refused(self) -> None:
        """h where no hint is offered (hints off, the game over): the reason, said."""
        self.hint_seat()

    def _hint_behind_curtain(self, seat: int) -> None:
        """A hint on a decision made in front of everyone would show the table what the
        decider's cards say: the decider's own curtain comes up (a peek of theirs), the hint is
        worked out from their own view behind it, and closing the hint ends the peek (back to
        the table view, nothing of theirs left on screen)."""
        flow = self.flow
        try:
            flow.ask_peek()
            flow.choose_peeker(seat)
        except Refused as exc:
            if flow.state.mode is Mode.CHOOSING:
                flow.choose_peeker(None)
            self.notify(str(exc), severity="information", timeout=3)
            self.render_flow()
            return
        self._hint_peek, self._hint_peek_started = seat, False
        self.render_flow()
        from .curtain import CurtainScreen

        curtain = self._overlay  # (just pushed: it is composed after this, with its reason)
        if isinstance(curtain, CurtainScreen) and not curtain.is_mounted:
            curtain.reason = ("A hint for your decision: it comes with your own cards. Closing it "
                              "brings the table view back.")

    def _hint_peek_step(self) -> None:
        """After each draw: once the decider has passed their curtain, work out their hint;
        if the peek ended some other way (p, Esc on the curtain), the hint is dropped."""
        seat = self._hint_peek
        if seat is None:
            return
        state = self.flow.state
        if state.mode is Mode.CURTAIN and state.peek and state.seat == seat:
            return  # waiting for them at their curtain
        if state.mode is Mode.PEEK and state.seat == seat:
            if not self._hint_peek_started and not self._rebuilding \
                    and self.app.screen is self:
                self._hint_peek_started = True
                self._start_hint(seat)
            return
        self._hint_peek, self._hint_peek_started = None, False

    def _start_hint(self, seat: int) -> None:
        view = self.match.view(seat)
        legal = self.match.legal_actions(seat)
        epoch = self.flow.owner_epoch
        self._hint_running = True
        self.run_worker(partial(self._work_out_hint, seat, view, legal, epoch),  # type: ignore[arg-type]
                        group="hint", exclusive=True)

    def _end_hint_peek(self, seat: int, _answer: object = None) -> None:
        """The hint of a public decision is closed: the peek ends, the table view is back."""
        state = self.flow.state
        self._hint_peek, self._hint_peek_started = None, False
        if state.mode is Mode.PEEK and state.seat == seat:
            try:
                self.flow.end_peek()
            except Refused:
                pass
        self.render_flow()

    async def _work_out_hint(self, seat: int, view, legal, epoch: int) -> None:
        from ...engine.coach import hint, note_hint
        from ..widgets.log import GameLog

        for log in self.query(GameLog):
            log.set_pending("The coach is thinking…")
        try:
            found = await asyncio.to_thread(hint, self.match.game, view, seat, legal)
        except ValueError as exc:
            found, problem = None, str(exc)
        else:
            problem = ""
        finally:
            self._hint_running = False
            for log in self.query(GameLog):
                log.set_pending("")
        if not self._alive() or self.flow.owner_epoch != epoch or \
                self.match.view(seat) != view:
            return  # the person or the position changed meanwhile: the hint is not theirs now
        peek = self._hint_peek == seat
        if found is None:
            if peek:
                self._end_hint_peek(seat)
            self.notify(f"No hint: {problem}", severity="information", timeout=3)
            return
        if found.searched:  # (a move the coach only names, unsearched, is no hint used)
            note_hint(self.match, seat)
            self.session.autosave()
        marked = False
        if not peek:  # (a peek's board has no decision on it to mark)
            self._hint = found
            self.mark_hint(found.moves[0].actions if found.moves else None)
            marked = self.hint_marked()
        from .hint import HintScreen

        after = partial(self._end_hint_peek, seat) if peek else None
        self.app.push_screen(HintScreen(self.names[seat], found, marked=marked,
                                        public=peek), after)

    def mark_hint(self, actions) -> None:
        """Mark the hint's first move on the board (a game screen draws it; by default
        nothing); ``actions``: that move's actions, or None to clear the mark. A screen that
        marks keeps what it marks in ``_hinted`` (see ``hint_marked``)."""

    def hint_marked(self) -> bool:
        """Whether the board now shows a mark for the hint (what ``mark_hint`` kept)."""
        return bool(getattr(self, "_hinted", None))
