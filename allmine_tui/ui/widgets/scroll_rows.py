"""A scroll bar that repaints only the rows whose cell changes.

Textual repaints a whole scroll bar whenever its thumb moves. Under a game log that happens at
every move (the log grows by a line, the thumb creeps down a little), and the bar's rows went
through Textual's styling one by one each time although only one or two of them change. Here,
each time the bar asks to be repainted whole, its rows are worked out as the bar draws them
(``ScrollBarRender.render_bar``, public) and compared with the rows of the last repaint: only
those that differ are repainted; and a row is drawn from those rows alone (Textual renders the
whole bar again to draw any row of it). Anything else (a new size, a layout pass, a region) goes
to Textual as before. tests/test_drawing.py checks each row against Textual's own drawing.
"""
from __future__ import annotations

from types import MethodType

from rich.segment import Segment
from rich.style import Style

from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.widget import Widget

from ..textual_internals import keep_styled_lines, repaint as repaint_now


def bar_rows(bar: ScrollBar) -> list[tuple[str, object]] | None:
    """The cells of a vertical bar, top to bottom, as (text, style) pairs (None when they
    cannot be told: not laid out, or not a plain bar)."""
    height, width = bar.size.height, bar.size.width
    if not (bar.vertical and height and width and bar.parent is not None):
        return None
    drawn = bar.render()
    if not isinstance(drawn, ScrollBarRender) or not isinstance(drawn.style, Style):
        return None
    style = drawn.style
    if style.bgcolor is None or style.color is None:
        return None
    segments = drawn.render_bar(size=height, virtual_size=drawn.virtual_size,
                                window_size=drawn.window_size, position=drawn.position,
                                thickness=width, vertical=True, back_color=style.bgcolor,
                                bar_color=style.color)
    return [(segment.text, segment.style) for segment in segments.segments]


def _refresh(self: ScrollBar, *regions: Region, repaint: bool = True, layout: bool = False,
             recompose: bool = False) -> Widget:
    whole = not regions and repaint and not layout and not recompose and self.is_mounted
    new = bar_rows(self) if whole else None
    old = self.__dict__.get("_rows_shown")
    self.__dict__["_rows_shown"] = new
    if new is not None and old is not None and len(old) == len(new):
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, (was, now) in enumerate(zip(old, new))
                   if was != now]
        if not changed:
            return self
        repaint_now(self, *changed)  # (the bar's size stays: see ``repaint``)
        return self
    return Widget.refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)


def _render_line(self: ScrollBar, y: int) -> Strip:
    """A row as Textual draws it, from the rows worked out for the last whole repaint (Textual
    would render the whole bar again for any row)."""
    rows = self.__dict__.get("_rows_shown")
    if rows is None or len(rows) != self.size.height or not 0 <= y < len(rows):
        return Widget.render_line(self, y)
    text, style = rows[y]
    width = self.size.width
    base = self.visual_style.rich_style
    # the same cell is the same strip: what Textual keeps on it (styling, filters) is kept too
    made = self.__dict__.setdefault("_row_strips", {})
    key = (text, style, base, width)
    strip = made.get(key)
    if strip is None:
        if len(made) > 64:
            made.clear()
        strip = made[key] = Strip([Segment(text, base + style)], width)
    return strip


def repaint_changed_rows(bar: ScrollBar) -> ScrollBar:
    """Make ``bar`` repaint only its rows that change, and draw a row without drawing the
    others (see the module's text)."""
    if not isinstance(bar.__dict__.get("refresh"), MethodType):
        bar.refresh = MethodType(_refresh, bar)  # type: ignore[method-assign]
        bar.render_line = MethodType(_render_line, bar)  # type: ignore[method-assign]
        keep_styled_lines(bar)
    return bar
