"""A small modal that asks which player (e.g. who wants to peek at their hand)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ChoosePlayerScreen(ModalScreen[int | None]):
    DEFAULT_CSS = """
    ChoosePlayerScreen { align: center middle; }
    .dialog { width: 50; height: auto; border: thick $accent; background: $panel; padding: 1 2; }
    .dialog Button { width: 100%; margin-top: 1; }
    .dialog-title { text-style: bold; }
    """
    BINDINGS = [("escape", "cancel", "Cancel"),
                ("down", "app.focus_next", "Next"), ("up", "app.focus_previous", "Previous")]

    def __init__(self, players: list[tuple[int, str]], prompt: str = "Who wants to peek?") -> None:
        super().__init__()
        self.players = players
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.prompt), classes="dialog-title")
            for seat, name in self.players:
                yield Button(Text(name), id=f"seat-{seat}")
            yield Button("Cancel", id="cancel", variant="default")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        self.dismiss(int(bid.split("-")[1]) if bid.startswith("seat-") else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
