"""A light clickable label such as "[n] New game".

Textual's Button carries a large stylesheet that costs tens of milliseconds to parse at start-up;
the picker only needs something to click (its keys do the rest), so it uses this instead.
"""
from __future__ import annotations

from textual.message import Message
from textual.widgets import Static


class KeyButton(Static):
    DEFAULT_CSS = """
    KeyButton { width: auto; height: 1; padding: 0 1; background: $panel-lighten-2;
                text-style: bold; }
    KeyButton:hover { background: $accent 60%; }
    KeyButton.-primary { background: $success 60%; }
    KeyButton.-primary:hover { background: $success; }
    """

    def __init__(self, label="", **kwargs) -> None:
        # plain text: a label such as "Launch [L]" must keep its "[L]"
        kwargs.setdefault("markup", False)
        super().__init__(label, **kwargs)

    class Pressed(Message):
        def __init__(self, button: "KeyButton") -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> "KeyButton":
            return self.button

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Pressed(self))
