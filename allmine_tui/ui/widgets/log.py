"""The game log: what happened, in order, as the current viewer may read it."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

BOLD_KINDS = frozenset({"trick", "hand_scored", "game_over", "reveal"})


class GameLog(VerticalScroll):
    """Shows the session's events for one viewer. Private notes (such as your own prediction)
    are only written while their owner is the viewer: the log is rebuilt whenever the viewer
    changes. The text wraps to the width the log has now, so it rewraps after a resize, and it
    keeps the newest line in view unless the reader has scrolled back."""

    can_focus = False  # the arrow keys belong to the game; the wheel still scrolls the log
    DEFAULT_CSS = """
    GameLog { height: 6; border-top: solid $primary-darken-2; scrollbar-size-vertical: 1; }
    GameLog > #log-text { width: 1fr; height: auto; padding: 0 1 0 0; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown = 0
        self._viewer: object = object()
        self._text = Text()
        self._last: object = None
        self._pending: str = ""  # a passing line under the last one ("Cleo is thinking…")

    def compose(self) -> ComposeResult:
        yield Static(id="log-text", markup=False)

    @property
    def text(self) -> Text:
        """Everything the log holds now (its whole scrollback)."""
        return self._text

    def sync(self, session, viewer: int | None) -> None:
        events = session.match.events
        # a move taken back rewrites the end of the list: start again when it no longer
        # continues what is shown
        if viewer != self._viewer or len(events) < self._shown or \
                (self._shown and events[self._shown - 1] is not self._last):
            self._text = Text()
            self._shown = 0
            self._viewer = viewer
        if self._shown == len(events) and self._shown:
            return
        for event in events[self._shown:]:
            if self._text:
                self._text.append("\n")
            self._text.append(session.format(event, viewer),
                              style="bold" if event.kind in BOLD_KINDS else "")
        self._shown = len(events)
        self._last = events[-1] if events else None
        self._update()

    def set_pending(self, line: str) -> None:
        """Show ``line`` under the last event until it is replaced or cleared with ""."""
        if line != self._pending:
            self._pending = line
            self._update()

    def _update(self) -> None:
        text = self._text
        if self._pending:
            text = text.copy()
            if text:
                text.append("\n")
            text.append(self._pending, style="dim italic")
        self.query_one("#log-text", Static).update(text)

    def on_mount(self) -> None:
        # stays scrolled to the newest line as lines come and as the text rewraps, until the
        # reader scrolls back (and again once they scroll down to the end)
        self.anchor()
