"""Keys typed ahead: a screen that appears for somebody (the curtain, a lesson, news for
everyone, a round replayed) counts keys only from a moment after it came into view, so one
person's fast double Enter never answers it for the next."""
from __future__ import annotations

import math
import os

from ..textual_internals import event_clock


def input_grace() -> float:
    """Seconds after a new screen owner appears during which keys are still treated as typed
    ahead (nobody reads a screen faster). ``ALLMINE_INPUT_GRACE`` overrides it (tests use 0)."""
    try:
        return max(0.0, float(os.environ.get("ALLMINE_INPUT_GRACE", "0.25")))
    except ValueError:
        return 0.25


class GraceGate:
    """A screen mixin: keys count from ``input_grace()`` after the screen came into view (pushed,
    or uncovered again), none while it is covered; Ctrl+Q always counts. The play screen's own
    gate (owner changes, rebuilds) is in play.py; MessageGate calls ``accepts_input``."""

    _input_since: float = math.inf  # nothing counts until the screen is on view

    def on_screen_resume(self) -> None:
        self._input_since = event_clock() + input_grace()

    def on_screen_suspend(self) -> None:
        self._input_since = math.inf  # covered (e.g. by the "please enlarge" message)

    @property
    def listening(self) -> bool:
        """Its keys count now (it is on screen, and the moment after it appeared is over)."""
        return event_clock() >= self._input_since

    def accepts_input(self, event) -> bool:
        if getattr(event, "key", None) == "ctrl+q":
            return True
        return getattr(event, "time", 0.0) >= self._input_since
