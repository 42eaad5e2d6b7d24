"""What the last public move changed, for a game screen that marks it (This is Mine!, Mine, All
Mine!): worked out from the public part of the views only, so nothing private can be marked."""
from __future__ import annotations

from typing import Any, Callable


class PublicChanges:
    """``public_part(view)`` is what everyone may see of a view (a value that compares by
    content); ``changes(before, now)`` what differs between two of them (a dict). On a live table
    the change is against the last public position drawn; in a replay, against the position
    before the one shown."""

    def __init__(self, public_part: Callable[[Any], Any],
                 changes: Callable[[Any, Any], dict]) -> None:
        self._public_part = public_part
        self._changes = changes
        self._now: Any = None
        self._changed: dict = {}
        self._for: object = None

    def of(self, screen, view) -> dict:
        """The changes to mark now on ``screen`` (a PlayScreen or a replay of one)."""
        now = self._public_part(view)
        timeline = getattr(screen.session, "timeline", None)
        if timeline is not None:
            position = screen.session.position
            if self._for != ("replay", position):
                self._for = ("replay", position)
                before = None
                if position > 0:
                    before = self._public_part(
                        screen.match.rules.view(timeline.state(position - 1), None))
                self._changed = self._changes(before, now)
        elif now != self._now and getattr(screen, "_bot_seat", None) is None:
            # (while a bot is working out its move the marks stay: a draw in the middle of
            # the bots' secret moves, for a resize say, must not split them)
            before, self._now = self._now, now
            self._changed = self._changes(before, now)
        return self._changed
