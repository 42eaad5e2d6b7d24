"""Widgets that hand the screen the lines they drew last when nothing has changed since.

When anything on a screen changes, Textual draws again every widget inside the box around all
that changed: a move that changes the top line and the keys line at the bottom has every widget
of the table drawn again, most of them unchanged. For each, Textual works out its colours from
its ancestors and takes each line from its cache, which costs about as much as drawing a short
line. ``DrawnOnce`` keeps the lines given for the last part asked for, and gives them again
while nothing could have changed them: no ``refresh`` (Textual's way to say "draw me again",
called for a new content, a new style, a hover, a scroll), no new styles, the same size and
scroll offset. Anything else goes to Textual as before. (Not for a widget with keylines, which
Textual marks dirty on a scroll without a refresh.)

``RowBox`` and ``ColumnBox`` are Textual's ``Horizontal`` and ``Vertical`` made so: the boxes
the tables are laid out in; ``QuietStatic`` is a ``Static`` made so (a caption beside a row).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Self

from textual.containers import Horizontal, Vertical
from textual.widgets import Static
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from ..textual_internals import keep_styled_lines

if TYPE_CHECKING:
    _Mixin = Widget
else:
    _Mixin = object  # (not a widget itself: Textual takes a class's CSS type from its first
    #                  widget base, which stays the Textual class it is mixed into)


class DrawnOnce(_Mixin):
    """See the module's text. Put it before the widget class it changes."""

    _drawn_lines: tuple | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        keep_styled_lines(self)  # (lines drawn before are not styled again)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        self._drawn_lines = None  # (whatever is asked, the next drawing is Textual's)
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn_lines = None  # the colours around it changed (a theme, a class)

    def render_lines(self, crop: Region) -> list[Strip]:
        key = (crop, self.size, self.scroll_offset)
        done = self._drawn_lines
        if done is not None and done[0] == key:
            return done[1]
        strips = super().render_lines(crop)
        self._drawn_lines = (key, strips)
        return strips


class RowBox(DrawnOnce, Horizontal):
    """Textual's ``Horizontal``, drawn again only when asked (see the module's text)."""


class ColumnBox(DrawnOnce, Vertical):
    """Textual's ``Vertical``, drawn again only when asked (see the module's text)."""


class QuietStatic(DrawnOnce, Static):
    """Textual's ``Static``, drawn again only when asked (see the module's text)."""
