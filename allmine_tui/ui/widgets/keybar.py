"""A one-line, clickable list of a screen's keys: a light stand-in for Textual's Footer where
start-up time matters (the Footer rebuilds itself several times while the first screen opens)."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..text import safe
from .draw import set_content
from .lines import TextLines


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $panel; color: $text-muted; padding: 0 1;
             link-style: none; link-style-hover: reverse; }
    """

    def __init__(self, keys: list[tuple[str, str, str]], **kwargs) -> None:
        """``keys``: (key label, description, action) triples; an action without a namespace
        runs on the screen."""
        super().__init__(self._markup(keys), **kwargs)
        self._keys = keys

    @staticmethod
    def _markup(keys: list[tuple[str, str, str]]) -> str:
        return "  ".join(f"[@click={action if '.' in action else 'screen.' + action}]"
                         f"[b]{safe(key)}[/b] {safe(text)}[/]" for key, text, action in keys)

    def set_keys(self, keys: list[tuple[str, str, str]]) -> None:
        if keys != self._keys:
            self._keys = keys
            self.update(self._markup(keys))


class ScreenKeys(TextLines):
    """The keys line of a game screen: every binding of the screen that is shown (one key per
    action, as Textual's Footer lists them), clickable, and the palette's key. Drawn once when
    the screen opens: unlike the Footer it is not rebuilt each time the screen comes back (after
    a curtain, a notice, the help), which kept a change of viewer from fitting in a frame. Its
    line is drawn through the line API (a strip kept for each text it has shown), as the
    board is."""

    DEFAULT_CSS = """
    ScreenKeys { dock: bottom; height: 1; width: 1fr; background: $panel; color: $text-muted;
                 padding: 0 1; link-style: none; link-style-hover: reverse; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)

    def on_mount(self) -> None:
        self.call_after_refresh(self.draw)

    def draw(self) -> None:
        if not self.is_attached:  # (a draw asked for as the screen closed)
            return
        screen, app = self.screen, self.app
        seen: set[tuple[str, str]] = set()
        entries: list[tuple[str, str, str]] = []
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
            entries.append((self._key_display(binding), binding.description, action))
        entries.append(("^p", "palette", "app.command_palette"))
        # one line of a fixed size: drawn again without a layout pass
        room, link = max(20, self.size.width or app.size.width - 2), self.link_style
        # the line for these keys, kept: a screen goes back and forth between a few key sets
        # (All In's "u Take back" comes and goes with every move)
        memo = self.__dict__.setdefault("_lines_for", {})
        key = (tuple(entries), room, link)
        line = memo.get(key)
        if line is None:
            if len(memo) > 16:
                memo.clear()
            line = memo[key] = self.fitted(entries, room, link)
        self._line_drawn = line
        set_content(self, line)

    def draw_for(self, state: object) -> None:
        """``draw``, for a screen whose listed keys follow from ``state`` alone (besides the
        focus, the width and the theme): the line drawn for a state seen before is shown again
        without asking every binding whether it is on (All In's "u Take back" comes and goes
        with each move). ``state`` must hold everything the screen's ``check_action`` reads."""
        if not self.is_attached:
            return
        key = (state, self.screen.focused, self.size.width)
        memo = self.__dict__.setdefault("_state_lines", {})
        line = memo.get(key)
        if line is not None:
            set_content(self, line)
            return
        self.draw()
        line = self.__dict__.get("_line_drawn")
        if line is not None:
            if len(memo) > 16:
                memo.clear()
            memo[key] = line

    def _key_display(self, binding) -> str:
        """How the app shows ``binding``'s key, asked once per binding (Textual works it out
        anew each time, and All In draws this line again at nearly every move)."""
        shown = self.__dict__.setdefault("_key_displays", {})
        display = shown.get(binding)
        if display is None:
            display = shown[binding] = self.app.get_key_display(binding)
        return display

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.__dict__.pop("_state_lines", None)
        if self.is_attached:  # the links' colours come from the theme: drawn again in new ones
            self.call_after_refresh(self.draw)

    @classmethod
    def fitted(cls, entries: list[tuple[str, str, str]], room: int,
               link: Style | None = None) -> Text:
        """Every key with its description when they fit in ``room`` cells; else descriptions
        go short (their first word), the longest first (so "Menu (saved)" goes before "Take
        back" loses its meaning), then the last entries go: never cut in the middle of one."""
        entries = list(entries)
        short = [False] * len(entries)

        def build() -> Text:
            line = Text()
            for (key, text, action), cut in zip(entries, short):
                cls._key(line, key, text.split()[0] if cut else text, action, link)
            return line

        line = build()
        longest_first = sorted(range(len(entries)), key=lambda i: (-len(entries[i][1]), -i))
        for i in longest_first:
            if line.cell_len <= room:
                return line
            short[i] = True
            line = build()
        while line.cell_len > room and len(entries) > 1:
            entries.pop()
            short.pop()
            line = build()
        return line

    def on_resize(self, _event) -> None:
        self.draw()

    @staticmethod
    def _key(line: Text, key: str, description: str, action: str,
             link: Style | None = None) -> None:
        if line:
            line.append("  ")
        # the link's colours, as Textual draws a link in a Static (a line-API widget gets only
        # the hover style from Textual)
        click = (link or Style()) + Style(meta={"@click": action})
        line.append(key, style=Style(bold=True) + click)
        line.append(f" {description}", style=click)
