"""Drawing only what changed.

``set_content(widget, content)`` gives a ``Static`` new content only when it differs from what it
shows, and asks Textual for a layout pass only when the widget's size can change: a widget of fixed
size never needs one, and a text whose lines keep their number and widths needs none either. A key
that moves a cursor thus repaints the two cells it leaves and enters, not the screen.

Content that cannot be compared (a Rich table, a group) is compared through ``key``: anything equal
when the drawing would be the same (the data it is drawn from). ``forget(widget)`` makes the next
``set_content`` draw whatever it is given (after a resize, for example).
"""
from __future__ import annotations

import marshal
from typing import Any, cast

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from .lines import TextLines

_UNSET = object()


def _fixed(scalar) -> bool:
    """A size that does not follow the content: set, or unset (which fills the container)."""
    return scalar is None or not scalar.is_auto


def content_shape(widget: Static, content) -> object:
    """Something equal for two contents that give the widget the same size, or None when that
    cannot be told cheaply."""
    styles = widget.styles
    if _fixed(styles.width) and _fixed(styles.height):
        return "fixed"
    if isinstance(content, str):
        content = Text(content)
    if not isinstance(content, Text):
        return None
    lines = content.plain.split("\n")
    widths = tuple(Text(line).cell_len for line in lines) if not content.plain.isascii() \
        else tuple(len(line) for line in lines)
    room = widget.content_size.width
    if _fixed(styles.width):
        if room and max(widths, default=0) > room:
            return None  # it wraps: the number of lines depends on where words fall
        widths = ()  # only the number of lines matters
    elif room and max(widths, default=0) > room:
        return None
    return (len(lines), widths, _fixed(styles.height))


def _text_key(text: Text) -> tuple:
    """What a Text draws (its ``==`` leaves out the style of the whole text)."""
    return (text.plain, tuple(text.spans), str(text.style), text.justify, text.overflow,
            text.no_wrap, text.end)


def _same(old: object, new: object) -> bool:
    if old is new:
        return True
    if isinstance(old, Text) and isinstance(new, Text):
        return _text_key(old) == _text_key(new)
    if isinstance(old, Text) or isinstance(new, Text):
        return False
    try:
        return bool(old == new)
    except Exception:  # pragma: no cover - an object that cannot be compared
        return False


def set_content(widget: Static | TextLines, content, *, key: object = _UNSET) -> bool:
    """Show ``content`` in ``widget`` unless it shows the same already (``key``, when given,
    stands for the content in that comparison). Returns whether anything was redrawn."""
    marker = content if key is _UNSET else key
    state = widget.__dict__
    old = state.get("_drawn_marker", _UNSET)
    if old is not _UNSET and _same(old, marker):
        return False
    if isinstance(widget, TextLines):  # it compares line by line itself
        state["_drawn_marker"] = marker
        return widget.set_text(content)
    shape = content_shape(widget, content)
    layout = shape is None or shape != state.get("_drawn_shape", _UNSET)
    state["_drawn_marker"] = marker
    state["_drawn_shape"] = shape
    widget.update(content, layout=layout)
    return True


def shows(widget: Widget, key: object) -> bool:
    """Whether ``widget`` already shows what ``key`` stands for (drawn with ``set_content(...,
    key=key)``): the caller may skip building the content at all."""
    old = widget.__dict__.get("_drawn_marker", _UNSET)
    return old is not _UNSET and _same(old, key)


def view_key(data: object) -> object:
    """A key for plain view data (lists, dicts, strings, numbers) that is equal exactly when the
    data is, made in C (``freeze`` for anything else): for the parts of a table compared at
    every move."""
    try:
        return marshal.dumps(cast(Any, data), 2)
    except ValueError:
        return freeze(data)


def freeze(data: object) -> object:
    """Lists and dicts (as in a view) as tuples, so that they can be kept and compared."""
    if isinstance(data, (list, tuple)):
        return tuple(freeze(x) for x in data)
    if isinstance(data, dict):
        return tuple((k, freeze(v)) for k, v in data.items())
    return data


def forget(widget: Widget) -> None:
    """The next ``set_content`` draws, whatever it is given."""
    widget.__dict__.pop("_drawn_marker", None)
    widget.__dict__.pop("_drawn_shape", None)


def set_tooltip(widget, tooltip) -> None:
    """Set a tooltip only when it changes (setting one costs a screen update)."""
    if widget.tooltip != tooltip:
        widget.tooltip = tooltip
