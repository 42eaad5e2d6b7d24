"""The play screen's coach: in a guided game (learn to play), the first lesson that applies is shown
beside the board, pointing at what it speaks of, and the game waits for the learner (a mixin of
PlayScreen)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..flow import Mode


if TYPE_CHECKING:  # the mixin knows the screen it is mixed into (see PlayScreen)
    from textual.screen import Screen as _Host

    from ...engine import Match
    from textual.screen import Screen

    from ..flow import Flow, State
    from ..session import GameSession
else:
    _Host = object


class Coaching(_Host):
    if TYPE_CHECKING:  # provided by PlayScreen and the other mixins
        session: GameSession
        match: Match
        flow: Flow
        _rebuilding: bool
        _overlay: Screen | None
        _overlay_for: State | None
        _bot_seat: int | None
        _thinking: int | None

        @property
        def names(self) -> list[str]: ...
        def render_flow(self) -> None: ...
        def dismiss_private_notices(self) -> None: ...
        def dismiss_to_menu(self) -> None: ...
        def _alive(self) -> bool: ...
        def _queue_interludes(self, events: list) -> None: ...
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

