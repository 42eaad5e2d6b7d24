"""A one-line, clickable list of a screen's keys: a light stand-in for Textual's Footer where
start-up time matters (the Footer rebuilds itself several times while the first screen opens)."""
from __future__ import annotations

from textual.widgets import Static

from ..text import safe


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $panel; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, keys: list[tuple[str, str, str]], **kwargs) -> None:
        """``keys``: (key label, description, action) triples; an action without a namespace
        runs on the screen."""
        parts = [f"[@click={action if '.' in action else 'screen.' + action}]"
                 f"[b]{safe(key)}[/b] {safe(text)}[/]" for key, text, action in keys]
        super().__init__("  ".join(parts), **kwargs)
