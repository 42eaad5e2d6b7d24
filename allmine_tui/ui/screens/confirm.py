"""A yes/no question in a small dialog: y or Enter (on Yes) answers yes, n or Esc answers no."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #confirm-box { width: 64; height: auto; border: thick $warning;
                                 background: $panel; padding: 1 2; }
    ConfirmScreen #confirm-question { padding-bottom: 1; }
    ConfirmScreen #confirm-buttons { height: auto; }
    ConfirmScreen Button { margin-right: 2; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str | Text, yes: str = "Yes  (y)", no: str = "No  (n)") -> None:
        super().__init__()
        self.question = question if isinstance(question, Text) else Text(question)
        self.labels = (yes, no)

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(self.labels[0], id="yes", variant="error")
                yield Button(self.labels[1], id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # Enter alone never deletes anything

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
