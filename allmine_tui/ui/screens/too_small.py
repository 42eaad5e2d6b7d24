"""Shown instead of a broken layout when the terminal is smaller than the screen needs."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    #too-small-message { width: auto; border: heavy $warning; padding: 1 2; text-align: center; }
    """
    MIN_SIZE = (0, 0)
    BINDINGS = [("ctrl+q", "app.quit", "Quit")]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._message(), id="too-small-message")

    def _message(self) -> str:
        w, h = self.need
        cw, ch = self.app.size
        if self.app.is_web:  # in a browser: the window's cells are set by the page's font
            how = ("Please make the page larger: zoom out (Ctrl and −, or ⌘ and − on a Mac)\n"
                   "or widen the browser window.")
        else:
            how = "Please enlarge the terminal (or choose a smaller font)."
        return (f"{how}\n\nThis screen needs at least {w}×{h} character cells; "
                f"it has {cw}×{ch} now.\nYour game is saved; nothing is lost.  (ctrl+q quits)")

    def update_size(self, width: int, height: int) -> None:
        self.need = (width, height)
        self._refresh_message()

    def on_resize(self, event) -> None:
        self._refresh_message()

    def _refresh_message(self) -> None:
        # May be called before compose has run (two size checks in a row); compose shows it then.
        for message in self.query("#too-small-message").results(Static):
            message.update(self._message())
