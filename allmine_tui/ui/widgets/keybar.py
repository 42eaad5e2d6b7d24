"""A one-line, clickable list of a screen's keys: a light stand-in for Textual's Footer where
start-up time matters (the Footer rebuilds itself several times while the first screen opens)."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..text import safe
from .draw import set_content


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


class ScreenKeys(Static):
    """The keys line of a game screen: every binding of the screen that is shown (one key per
    action, as Textual's Footer lists them), clickable, and the palette's key. Drawn once when
    the screen opens: unlike the Footer it is not rebuilt each time the screen comes back (after
    a curtain, a notice, the help), which kept a change of viewer from fitting in a frame."""

    DEFAULT_CSS = """
    ScreenKeys { dock: bottom; height: 1; background: $panel; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)

    def on_mount(self) -> None:
        self.call_after_refresh(self.draw)

    def draw(self) -> None:
        screen, app = self.screen, self.app
        seen: set[tuple[str, str]] = set()
        line = Text()
        for _key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not binding.description:
                continue
            what = (binding.action, binding.description)
            if what in seen:
                continue
            seen.add(what)
            action = binding.action if "." in binding.action else (
                "app." + binding.action if active.node is app else "screen." + binding.action)
            self._key(line, app.get_key_display(binding), binding.description, action)
        self._key(line, "^p", "palette", "app.command_palette")
        set_content(self, line)  # one line of a fixed size: drawn again without a layout pass

    @staticmethod
    def _key(line: Text, key: str, description: str, action: str) -> None:
        if line:
            line.append("  ")
        click = Style(meta={"@click": action})
        line.append(key, style=Style(bold=True) + click)
        line.append(f" {description}", style=click)
