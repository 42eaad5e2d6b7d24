"""The game log: what happened, in order, as the current viewer may read it."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog):
    """Shows the session's events for one viewer; rebuilt when the viewer changes so private
    lines (such as your own prediction) are only ever shown to their owner."""

    DEFAULT_CSS = """
    GameLog { height: 6; border-top: solid $primary-darken-2; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20,
                         **kwargs)
        self._shown = 0
        self._viewer: object = object()
        self._last: object = None

    def sync(self, session, viewer: int | None) -> None:
        events = session.match.events
        # a move taken back rewrites the end of the list: start again when it no longer
        # continues what is shown
        if viewer != self._viewer or len(events) < self._shown or \
                (self._shown and events[self._shown - 1] is not self._last):
            self.clear()
            self._shown = 0
            self._viewer = viewer
        for event in events[self._shown:]:
            line = Text(session.format(event, viewer))
            if event.kind in ("trick", "hand_scored", "game_over", "reveal"):
                line.stylize("bold")
            self.write(line)
        if len(events) != self._shown or not self._shown:
            self.call_after_refresh(self.scroll_end, animate=False)
        self._shown = len(events)
        self._last = events[-1] if events else None
