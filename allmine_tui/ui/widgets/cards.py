"""Card faces and backs shared by every game.

A ``CardFace`` is a small bordered widget with a one-line label (e.g. "▲M12★"); it posts
``CardFace.Clicked`` when clicked. ``backs`` draws a splayed pile of card backs as text. Colour is
only ever a second cue: every label carries a symbol and a letter.
"""
from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static


class CardFace(Static):
    DEFAULT_CSS = """
    CardFace {
        width: 7; height: 3; border: round $foreground 40%; content-align: center middle;
        text-style: bold; margin: 0 0 0 0;
    }
    CardFace.-dim { text-opacity: 45%; border: round $foreground 15%; text-style: none; }
    CardFace.-legal { border: round $success; }
    CardFace.-cursor { border: heavy $accent; background: $accent 25%; }
    CardFace.-winning { border: double $warning; }
    CardFace.-blank { border: round $foreground 15%; color: $text-muted; text-style: none; }
    """

    class Clicked(Message):
        def __init__(self, card: "CardFace") -> None:
            super().__init__()
            self.card = card

    def __init__(self, label: str | Text = "", value: object = None, **kwargs) -> None:
        super().__init__(label, **kwargs)
        self.value = value

    def set_card(self, label: str | Text, value: object, *, classes: dict[str, bool] | None = None,
                 tooltip: str | None = None) -> None:
        self.value = value
        self.update(label)
        for name, on in (classes or {}).items():
            self.set_class(on, name)
        self.tooltip = tooltip

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked(self))


def backs(count: int, style: str = "", glyph: str = "▮") -> Text:
    """A splayed pile of ``count`` card backs, e.g. ▮▮▮▮."""
    return Text(glyph * count, style=style)
