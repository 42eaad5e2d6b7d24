"""The game log: what happened, in order, as the current viewer may read it."""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from ..textual_internals import keep_styled_lines, repaint
from .lines import line_strip
from .scroll_rows import repaint_changed_rows

BOLD_KINDS = frozenset({"trick", "hand_scored", "game_over", "reveal"})
PENDING_STYLE = "dim italic"


def wrapped(text: Text, width: int, console) -> list[Strip]:
    """``text`` wrapped to ``width`` as drawn lines, as Rich wraps it (folding a word longer than
    a line). Most events fit on one line: those skip Rich's word division (a log drawn again, for
    another viewer or the final table, used to spend most of its time there)."""
    plain = text.plain
    if "\n" in plain or "\t" in plain or text.cell_len > width:
        lines = list(text.wrap(console, width, overflow="fold"))
    else:
        lines = [text]  # what Rich's wrap gives for a line that fits
    return [line_strip(line, console, Style()) for line in lines]


class GameLog(ScrollView):
    """Shows the session's events for one viewer. Private notes (such as your own prediction)
    are only written while their owner is the viewer: the log is rebuilt whenever the viewer
    changes. Each event is wrapped to the width the log has now and kept as drawn lines, so a
    new event adds its lines without touching the others (no layout pass); a resize wraps
    everything again. The log keeps the newest line in view unless the reader has scrolled
    back."""

    can_focus = False  # the arrow keys belong to the game; the wheel still scrolls the log
    DEFAULT_CSS = """
    GameLog { height: 6; border-top: solid $primary-darken-2; scrollbar-size-vertical: 1;
              padding: 0 1 0 0; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        keep_styled_lines(self)  # a line scrolled up is not styled again
        self._shown = 0
        self._viewer: object = object()
        self._last: object = None
        self._events: list[Text] = []  # each event's text, unwrapped
        self._lines: list[Strip] = []  # every event wrapped to the width below
        self._wrapped_at = 0
        self._pending: str = ""  # a passing line under the last one ("Cleo is thinking…")
        self._style: Style | None = None  # the log's own style (asking Textual costs a lot)
        #: each line as last drawn: (line index, scroll x, width) -> strip; a line that scrolls
        #: up or down is drawn again from here
        self._drawn: dict[tuple[int, int, int], Strip] = {}

    @property
    def text(self) -> Text:
        """Everything the log holds now (its whole scrollback)."""
        return Text("\n").join(self._events)

    @property
    def pending(self) -> str:
        return self._pending

    def sync(self, session, viewer: int | None) -> None:
        events = session.match.events
        # a move taken back rewrites the end of the list: start again when it no longer
        # continues what is shown
        if viewer != self._viewer or len(events) < self._shown or \
                (self._shown and events[self._shown - 1] is not self._last):
            self._events, self._lines = [], []
            self._drawn.clear()
            self._shown = 0
            self._viewer = viewer
            self.refresh()
        if self._shown == len(events) and self._shown:
            return
        new = [Text(session.format(e, viewer), style="bold" if e.kind in BOLD_KINDS else "")
               for e in events[self._shown:]]
        self._shown = len(events)
        self._last = events[-1] if events else None
        self._events.extend(new)
        width = self._width()
        if width != self._wrapped_at:
            self._rewrap()
        else:
            for text in new:
                self._lines.extend(self._wrap(text, width))
        self._update_size()

    def set_pending(self, line: str) -> None:
        """Show ``line`` under the last event until it is replaced or cleared with ""."""
        if line != self._pending:
            self._pending = line
            self._update_size()
            self.refresh()

    # -- drawing ---------------------------------------------------------------------------------
    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width or (self.app.size.width - 2))

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        return wrapped(text, width, self.app.console)

    def _rewrap(self) -> None:
        width = self._width()
        self._wrapped_at = width
        self._lines = [strip for text in self._events for strip in self._wrap(text, width)]
        self._drawn.clear()
        self.refresh()

    def _update_size(self) -> None:
        height = len(self._lines) + (1 if self._pending else 0)
        size = Size(self._wrapped_at or self._width(), height)
        quiet = self._resize_quietly(size)
        if not quiet:
            self.virtual_size = size  # (a layout pass: the scroll bar comes or goes)
            self._keep_end()
        elif self._at_end:
            self._end_quietly()
        if quiet:  # (no size changes: the screen is told at once, see ``repaint``)
            if self.show_vertical_scrollbar:
                self.vertical_scrollbar.refresh()  # once, with its thumb where it ends up
            repaint(self)
        else:
            self.refresh()

    def _resize_quietly(self, size: Size) -> bool:
        """A new line under a log that already scrolls (or that still fits) changes nothing of
        the screen's layout, only the scroll bar's thumb: set the size without asking for a
        layout pass of the whole screen (a move made used to pay one for its log line)."""
        old, window = self.virtual_size, self.scrollable_content_region.height
        # (a log whose bar is always there never makes room for it)
        bar_stays = self.styles.overflow_y == "scroll" or \
            (size.height > window) == (old.height > window)
        if not (self.is_mounted and window and size.width == old.width and bar_stays):
            return False
        self.set_reactive(GameLog.virtual_size, size)
        if self.show_vertical_scrollbar:
            bar = self.vertical_scrollbar
            # (set without a repaint each: the bar is repainted once the scroll is done)
            bar.set_reactive(ScrollBar.window_virtual_size, size.height)
            bar.set_reactive(ScrollBar.window_size, window)
        return True

    def _end_quietly(self) -> None:
        """Scroll to the newest line without Textual's scrolling machinery (which repaints the
        scroll bar a second time and asks for the whole log again): the log and its bar are
        repainted once, below."""
        end = self.max_scroll_y
        if end != self.scroll_y:
            self.set_reactive(GameLog.scroll_target_y, end)
            self.set_reactive(GameLog.scroll_y, end)
            if self.show_vertical_scrollbar:
                self.vertical_scrollbar.set_reactive(ScrollBar.position, end)

    def _keep_end(self) -> None:
        """Stay on the newest line as lines come and as the text rewraps, until the reader
        scrolls back (and again once they scroll down to the end)."""
        if self._at_end:
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)
            # and again once laid out: the scroll bar that comes with the first line too many
            # takes room, and the end moves after this scroll was made
            self.call_after_refresh(self._after_layout)

    def _after_layout(self) -> None:
        if not self.is_mounted:
            return
        if self._width() != self._wrapped_at:
            # the bar came (or went) without a resize of the log: wrap to the room there is now
            # (a line one cell too wide would bring a sideways scroll bar, a row lost)
            self._rewrap()
            self._update_size()
        elif self._at_end and self.scroll_y != self.max_scroll_y:
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    _at_end = True

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._at_end = new_value >= self.max_scroll_y - 1

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        # made by Textual when first needed (a log that never scrolls has none): a new line
        # moves its thumb a little, so it repaints only the rows that change
        made = ScrollView.vertical_scrollbar.fget(self)  # type: ignore[attr-defined]
        return repaint_changed_rows(made)

    def on_resize(self, _event) -> None:
        if self._width() != self._wrapped_at:
            self._rewrap()
            self._update_size()
        else:
            self._keep_end()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style = None  # the colours around it changed (a theme, a class)
        self._drawn.clear()

    _frame: tuple | None = None  # (scroll offset, width) while the lines are drawn

    def render_lines(self, crop):
        # where the log is scrolled to and its width, asked once for all the lines drawn
        self._frame = (self.scroll_offset, self.scrollable_content_region.width)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def render_line(self, y: int) -> Strip:
        (scroll_x, scroll_y), width = self._frame or (self.scroll_offset,
                                                      self.scrollable_content_region.width)
        index = scroll_y + y
        if self._style is None:
            self._style = self.rich_style
        style = self._style
        if index < len(self._lines):
            key = (index, scroll_x, width)
            drawn = self._drawn.get(key)
            if drawn is None:
                if len(self._drawn) > 512:
                    self._drawn.clear()
                drawn = self._drawn[key] = Strip(Segment.apply_style(
                    self._lines[index], style)).crop_extend(scroll_x, scroll_x + width, style)
            return drawn
        elif index == len(self._lines) and self._pending:
            strip = line_strip(Text(self._pending, style=PENDING_STYLE), self.app.console,
                               Style())
        else:
            return Strip.blank(width, style)
        return Strip(Segment.apply_style(strip, style)).crop_extend(scroll_x, scroll_x + width,
                                                                    style)
