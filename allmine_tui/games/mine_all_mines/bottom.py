"""Under the Mine All Mines board: the player's side (their dwarves, the hint line and the menu of
moves) and the game log beside it. Like the board's widgets, they draw views only, at sizes the
layout fixes (a new menu line or log line never causes a layout pass)."""
from __future__ import annotations

from typing import Callable

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget

from ...ui import textual_internals as internals
from ...ui.widgets.choicetree import ChoiceTree
from ...ui.widgets.lines import TextLines, _line_key, line_strip, text_key
from ...ui.widgets.log import GameLog
from ...ui.widgets.quiet import ColumnBox, RowBox
from .choices import END_LABEL, Unplayable


class MovesMenu(ChoiceTree):
    """The menu of moves: End your turn keeps its own key (e), never a number; a dwarf that
    cannot be played is listed dim (choosing it says why).

    Drawn line by line like ``TextLines`` (its size is fixed by the layout): a cursor key
    repaints the two lines it leaves and enters, with no layout pass. A line too long for the
    width ends in "…"."""

    DEFAULT_CSS = """
    MovesMenu { height: 1fr; }
    MovesMenu.-coach-target { padding: 1 1; }
    """
    #: told the values under the cursor whenever they may have changed, at once: a Highlighted
    #: message would be handled after the menu's new lines were painted, a frame of its own
    on_highlight: Callable[[list], None] | None = None

    def post_message(self, message) -> bool:
        if isinstance(message, ChoiceTree.Highlighted) and self.on_highlight is not None:
            self.on_highlight(message.values)
            return True
        return super().post_message(message)

    def __init__(self, max_lines: int = 8, **kwargs) -> None:
        self._menu = Text()
        self._menu_lines: list[Text] = []
        self._menu_keys: list[tuple] = []
        self._base: Style | None = None
        super().__init__(max_lines, **kwargs)

    @property
    def content(self) -> Text:  # what it shows (Static's own content is never set)
        return self._menu

    @content.setter
    def content(self, content: VisualType) -> None:  # (as Static's: shows it)
        self.update(content)

    def render(self) -> Text:
        return self._menu

    def update(self, content="", *, layout: bool = False) -> None:
        text = content if isinstance(content, Text) else Text(str(content))
        if text_key(text) == text_key(self._menu):
            return
        lines = list(text.split("\n", allow_blank=True)) if text.plain else []
        keys = [_line_key(line) for line in lines]
        old = self._menu_keys
        self._menu, self._menu_lines, self._menu_keys = text, lines, keys
        width = self.size.width
        if not width:
            self.refresh()
            return
        changed = [Region(0, y, width, 1) for y in range(max(len(keys), len(old)))
                   if (keys[y] if y < len(keys) else None) != (old[y] if y < len(old) else None)]
        if changed:
            self.refresh(*changed)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._menu_lines)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        if self._base is None:
            self._base = self.rich_style
        base = self._base
        if y >= len(self._menu_lines):
            return Strip.blank(width, base)
        line = self._menu_lines[y]
        if line.cell_len > width > 1:
            line = line.copy()
            line.truncate(width, overflow="ellipsis")
        return line_strip(line, self.app.console, base).crop_extend(0, width, base)

    def on_resize(self, _event) -> None:
        """As many lines as the room below the board holds."""
        lines = max(3, self.size.height)
        if lines != self.max_lines:
            self.max_lines = lines
            if self.items:
                self.refresh_lines()

    def line_key(self, index: int, label: str) -> str:
        if label == END_LABEL and not self.prefix:
            return "e."
        return super().line_key(index, label)

    def line_style(self, label: str, values: list, current: bool) -> str:
        if values and all(isinstance(v, Unplayable) for v in values):
            return "dim reverse" if current else "dim"
        return super().line_style(label, values, current)


class QuietLog(GameLog):
    """The game log, whose new lines never cause a layout pass of the screen: its size is set
    by the layout (it fills the room beside the menu), never by its lines, so a change of its
    virtual size (a new line) needs no layout, only its scroll bar brought up to date. (A
    layout pass of this screen costs about 20 ms, and a move logs several lines.) Its scroll
    bar is always there, so the width its lines are wrapped to never changes under them."""

    DEFAULT_CSS = "QuietLog { overflow-x: hidden; overflow-y: scroll; }"

    #: lines kept when the log is written afresh (a new viewer, the final table, a step back
    #: in a replay): wrapping a whole game's ~1,500 lines took 70 ms
    KEEP = 100
    EARLIER = "… (earlier moves are not listed here)"

    def sync(self, session, viewer: int | None) -> None:
        events = session.match.events
        shown = self._shown
        fresh = viewer != self._viewer or len(events) < shown or (
            shown and events[shown - 1] is not self._last)
        if fresh and len(events) > self.KEEP:  # start from the last KEEP lines
            self._events, self._lines = [Text(self.EARLIER, style="dim italic")], []
            self._viewer = viewer
            self._shown = len(events) - self.KEEP
            self._last = events[self._shown - 1]
            self._wrapped_at = 0  # (wrapped again, the first line with them)
            self.refresh()
        super().sync(session, viewer)

    def _rewrap(self) -> None:
        if not self.size.width:  # not laid out yet: its first resize wraps them, once
            self._wrapped_at, self._lines = 0, []
            self._drawn.clear()
            return
        super()._rewrap()

    def _update_size(self) -> None:
        height = len(self._lines) + (1 if self.pending else 0)
        size = Size(self._wrapped_at or self._width(), height)
        quiet = size == self.virtual_size or self._resize_quietly(size)
        if not quiet:  # (not laid out yet, or a new width)
            self.set_reactive(Widget.virtual_size, size)
            internals.scroll_update(self, size)  # (a bar that comes or goes asks for a layout)
        self._keep_end()
        if quiet and self.show_vertical_scrollbar:
            self.vertical_scrollbar.refresh()  # once, with its thumb where it ends up
        self.refresh()


# -- the layout (kept with the widgets: a final table or a replay is a class of its own that
# -- does not carry the game screen's style sheet) -------------------------------------------------
class Bottom(RowBox):
    """Under the board: the player's side (hand, hint, menu) and the log."""

    DEFAULT_CSS = """
    Bottom { height: 1fr; }
    Bottom GameLog { width: 1fr; height: 1fr; }
    """


class Side(ColumnBox):
    DEFAULT_CSS = "Side { width: 70%; height: 1fr; border-right: solid $primary-darken-2; }"


class HandLine(TextLines):
    """The viewer's dwarves (one line, cut at the edge)."""

    DEFAULT_CSS = """
    HandLine { height: 1; padding: 0 1; background: $boost; }
    HandLine.-coach-target { height: 3; padding: 1 1; }
    """


class HintLine(TextLines):
    """What the line under the cursor means, and which keys end the turn or take back."""

    DEFAULT_CSS = "HintLine { height: 1; padding: 0 1; color: $text-muted; }"
