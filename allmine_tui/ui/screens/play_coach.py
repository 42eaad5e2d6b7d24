"""The play screen's coach: in a guided game (learn to play), the first lesson that applies is shown
beside the board, pointing at what it speaks of, and the game waits for the learner (a mixin of
PlayScreen)."""
from __future__ import annotations

import asyncio
from functools import partial
from typing import Any, cast

from ..flow import Mode
from .play_host import PlayHost


class Coaching(PlayHost):
    _hint_running = False
    _hint: Any = None

    def _coach(self) -> None:
        """In a guided game, the first lesson that applies now (from the learner's own view),
        once, over the board; the game waits for the learner meanwhile."""
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
    def hint_seat(self) -> int | None:
        """Whose decision a hint may be asked for now: the person acting, when their own view
        is on screen (a hint from a decision made in front of everyone would tell the table what
        that person's cards say). Refusals are said, not silent."""
        seat = self.flow.actor
        viewer = getattr(self, "viewer", None)
        if not self.match.hints_allowed:
            self.notify("Hints are off at this table.", severity="information", timeout=3)
            return None
        if seat is None or seat not in self.match.to_act():
            self.notify("A hint is for your own decision: ask when it is your turn.",
                        severity="information", timeout=3)
            return None
        if viewer != seat:
            self.notify("Everyone can see this decision: ask for hints when your own view is "
                        "on screen.", severity="information", timeout=4)
            return None
        return seat

    def action_hint(self) -> None:
        seat = self.hint_seat()
        if seat is None or getattr(self, "_hint_running", False):
            return
        view = self.match.view(seat)
        legal = self.match.legal_actions(seat)
        epoch = self.flow.owner_epoch
        self._hint_running = True
        self.run_worker(partial(self._work_out_hint, seat, view, legal, epoch),  # type: ignore[arg-type]
                        group="hint", exclusive=True)

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
        if found is None:
            self.notify(f"No hint: {problem}", severity="information", timeout=3)
            return
        note_hint(self.match, seat)
        self.session.autosave()
        self._hint = found
        self.mark_hint(found.moves[0].actions if found.moves else None)
        from .hint import HintScreen

        self.app.push_screen(HintScreen(self.names[seat], found))

    def mark_hint(self, actions) -> None:
        """Mark the hint's first move on the board (a game screen draws it; by default
        nothing); ``actions``: that move's actions, or None to clear the mark."""
