"""The play screen's coach: in a guided game (learn to play), the first lesson that applies is shown
beside the board, pointing at what it speaks of, and the game waits for the learner (a mixin of
PlayScreen)."""
from __future__ import annotations

from ..flow import Mode


class Coaching:
    def _coach(self) -> None:
        """In a guided game, the first lesson that applies now (from the learner's own view),
        once, over the board; the game waits for the learner meanwhile."""
        session = self.session
        if not hasattr(session, "lesson_due") or self._rebuilding or self.app.screen is not self:
            return
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
                self.session.coach_on = False
            self.render_flow()

        self.app.push_screen(CoachScreen(title, text, target), done)

