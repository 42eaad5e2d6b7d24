"""The key to a game screen's marks ("What's this?"): every mark and icon the table uses, with
what it means. Opened with **k** on a game screen; each line also explains itself on hover, as the
marks do on the board."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class LegendLine(Static):
    """One mark and its meaning; hovering it shows the meaning as a tooltip too."""

    DEFAULT_CSS = "LegendLine { height: auto; }"

    def __init__(self, mark: str, meaning: str) -> None:
        text = Text(f"{mark:>8}  ", style="bold")
        text.append(meaning, style="")
        super().__init__(text)
        self.mark, self.meaning = mark, meaning
        self.tooltip = f"{mark}: {meaning}"


class LegendScreen(ModalScreen[None]):
    BINDINGS = [("escape,k,enter,q", "close", "Close")]
    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen #legend { width: 90; max-width: 95%; height: auto; max-height: 90%;
                           border: thick $accent; background: $panel; padding: 0 1; }
    LegendScreen #legend-title { text-style: bold; padding-bottom: 1; }
    LegendScreen #legend-lines { height: auto; max-height: 22; }
    LegendScreen #legend-keys { color: $text-muted; padding-top: 1; }
    """

    def __init__(self, title: str, marks: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.marks = marks

    def compose(self) -> ComposeResult:
        with Vertical(id="legend"):
            yield Static(Text(f"What the marks mean: {self.title_text}"), id="legend-title")
            with VerticalScroll(id="legend-lines"):
                for mark, meaning in self.marks:
                    yield LegendLine(mark, meaning)
            yield Static("Hover over a mark on the table to see what it means.  "
                         "Esc, Enter or k: back to the game", id="legend-keys")

    def action_close(self) -> None:
        self.dismiss(None)
