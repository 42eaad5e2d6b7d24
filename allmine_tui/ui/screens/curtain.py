"""The privacy curtain: hides everything until the named player says nobody else is looking."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static


class CurtainScreen(Screen[bool]):
    """Dismisses with True when the player is ready. Nothing of the game is drawn behind it."""
    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    #curtain-box { width: 60; height: auto; border: double $accent; padding: 1 3; background: $panel; }
    #curtain-title { text-align: center; text-style: bold; padding-bottom: 1; }
    #curtain-text { text-align: center; padding-bottom: 1; }
    #curtain-ready { width: 100%; }
    """

    MIN_SIZE = (40, 10)
    BINDINGS = [("enter", "ready", "I'm ready"), ("space", "ready", "I'm ready"),
                ("escape", "menu", "Menu")]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.player = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                with Vertical(id="curtain-box"):
                    yield Static(f"Pass the keyboard to  [b]{_escape(self.player.upper())}[/b]",
                                 id="curtain-title")
                    yield Static(
                        f"{_escape(self.player)}, press Enter when nobody else can see the screen."
                        + (f"\n{_escape(self.reason)}" if self.reason else ""),
                        id="curtain-text")
                    yield Button(f"I am {self.player}, show me", id="curtain-ready",
                                 variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(False)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)
