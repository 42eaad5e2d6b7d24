"""A modal that shows public news (such as a hand's scores) until a key or click dismisses it."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class NoticeScreen(ModalScreen[None]):
    BINDINGS = [("enter,space,escape", "close", "Continue")]
    DEFAULT_CSS = """
    NoticeScreen { align: center middle; }
    NoticeScreen #notice { width: 90; max-width: 95%; height: auto; border: thick $accent;
                           background: $panel; padding: 1 2; }
    NoticeScreen #notice-title { text-style: bold; padding-bottom: 1; }
    NoticeScreen Button { margin-top: 1; width: 100%; }
    """

    def __init__(self, title: str, body) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="notice"):
            yield Static(self.title_text, id="notice-title")
            yield Static(self.body, id="notice-body")
            yield Button("Continue (Enter)", id="notice-ok", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
