"""``TextLines``: a widget that shows a ``Text`` exactly as laid out, drawn line by line.

It uses Textual's line API (``render_line``): each line of the text becomes a strip of segments
once, kept in a shared cache, and a new text repaints only the lines that differ. It never wraps
(a line longer than the widget is cut) and needs no layout pass unless the number of lines or, for
a widget of ``width: auto``, the longest line changes. Made for what the game tables show most:
card faces, rows of a table, prompts.
"""
from __future__ import annotations

from collections import OrderedDict

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from ..textual_internals import repaint
from .quiet import DrawnOnce

_CACHE: "OrderedDict[tuple, Strip]" = OrderedDict()
_CACHE_SIZE = 4096
_MEASURED_SIZE = 32  # texts a TextLines remembers the lines of


def _line_key(line: Text) -> tuple:
    return (line.plain, tuple(line.spans), str(line.style))


#: the key of each line object last seen (a line kept by its caller is not keyed again)
_KEYS: "OrderedDict[int, tuple[Text, tuple]]" = OrderedDict()


def _key_of(line: Text) -> tuple:
    """``_line_key(line)``, kept by the line's identity: lines are not changed once shown."""
    hit = _KEYS.get(id(line))
    if hit is not None and hit[0] is line:
        return hit[1]
    key = _line_key(line)
    _KEYS[id(line)] = (line, key)
    if len(_KEYS) > _CACHE_SIZE:
        _KEYS.popitem(last=False)
    return key


#: (base, the line's own style, a span's style) -> the segment's style, as Rich would combine it
_STYLES: dict[tuple, Style] = {}
_STYLES_SIZE = 8192


def _segment_style(console, base_own: Style, own_style: Style, key: tuple, span) -> Style:
    style = _STYLES.get(key)
    if style is None:
        if len(_STYLES) > _STYLES_SIZE:
            _STYLES.clear()
        inner = own_style if span is None else \
            own_style + console.get_style(span, default=Style.null())
        style = _STYLES[key] = base_own + inner
    return style


def line_strip(line: Text, console, base: Style) -> Strip:
    """One line of text as a strip: ``base`` under the line's own style under its spans
    (``Text.render`` alone leaves out the style of the whole text).

    A line whose spans follow one another without overlapping (nearly every line the tables
    draw: texts built with ``append``) is cut into segments here, with each combination of
    styles worked out once; Rich's general ``render`` (a stack of open spans at every cut) took
    most of the time of a move's drawing. Lines with spans inside others (a card's face: the
    label's colour inside the face's emphasis) are cut by ``_nested_segments``, the same way
    Rich cuts them, their combinations also kept. Only a line with a span past its end goes
    through Rich. All give the same segments (tests/test_drawing.py compares them)."""
    own = line.style
    own_style = console.get_style(own, default=Style.null()) if isinstance(own, str) and own \
        else own if isinstance(own, Style) else Style()
    base_own = base + own_style
    spans = line.spans
    if not spans:
        return _rich_strip(line, console, base_own)
    plain = line.plain
    segments: list[Segment] = []
    at = 0
    for span in spans:
        start, end = span.start, span.end
        if end > len(plain):
            return _rich_strip(line, console, base_own)  # (Rich knows what to make of it)
        if start < at:  # spans inside others
            return Strip(_merged(_nested_segments(line, console, base, own, base_own,
                                                  own_style)), line.cell_len)
        if end <= start:
            continue
        if start > at:
            segments.append(Segment(plain[at:start], _segment_style(
                console, base_own, own_style, (base, own, None), None)))
        segments.append(Segment(plain[start:end], _segment_style(
            console, base_own, own_style, (base, own, span.style), span.style)))
        at = end
    if at < len(plain):
        segments.append(Segment(plain[at:], _segment_style(
            console, base_own, own_style, (base, own, None), None)))
    return Strip(_merged(segments), line.cell_len)


class Joined(Text):
    """A line made of parts laid side by side (the cards of a row, the cells of a table's row):
    the same text as the parts appended one after another, and it remembers them. ``TextLines``
    draws it from the strips of its parts, each cut once and kept (see ``joined_strip``), so a
    new row of cards seen before costs a join, not a cut of the whole line."""

    parts: tuple[Text, ...] = ()


def joined(parts: list[Text]) -> Joined:
    """``parts`` appended, as a ``Joined`` line (its own style is none: each part keeps its
    own)."""
    parts = [part for part in parts if part.plain]  # (an empty part shows nothing)
    line = Joined()
    for part in parts:
        line.append_text(part)
    line.parts = tuple(parts)
    return line


def part_strip(part: Text, console, base: Style) -> Strip:
    """``line_strip`` of a part, kept by what it shows (with the lines ``TextLines`` draws)."""
    key = (_key_of(part), base)
    strip = _CACHE.get(key)
    if strip is None:
        strip = _CACHE[key] = line_strip(part, console, base)
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return strip


def joined_strip(line: Joined, console, base: Style) -> Strip:
    """A ``Joined`` line as a strip: its parts' strips side by side. The same cells, colours
    and emphasis as ``line_strip`` of the whole line (a part's own style becomes, once
    appended, a style over the part, under its spans: what cutting the part alone gives)."""
    segments: list[Segment] = []
    for part in line.parts:
        segments.extend(part_strip(part, console, base))
    return Strip(_merged(segments), line.cell_len)


def _intact(line: Text) -> bool:
    """``line`` is a ``Joined`` line still as its parts make it (nothing appended or styled
    over it since)."""
    if not isinstance(line, Joined) or not line.parts or line.style:
        return False
    parts = line.parts
    return len(line) == sum(len(part) for part in parts) \
        and len(line.spans) == sum(len(part.spans) + (1 if part.style else 0) for part in parts)


def _merged(segments: list[Segment]) -> list[Segment]:
    """``segments`` with neighbours of the same style joined (the borders of two cards side by
    side, say): Textual styles, cuts and writes a line segment by segment, each time it is
    drawn."""
    out: list[Segment] = []
    for segment in segments:
        if out and out[-1].style is segment.style:
            out[-1] = Segment(out[-1].text + segment.text, segment.style)
        else:
            out.append(segment)
    return out


def _nested_segments(line: Text, console, base: Style, own, base_own: Style,
                     own_style: Style) -> list[Segment]:
    """Rich's cutting of a line with overlapping spans (``Text.render``): at every place a span
    starts or ends, a segment whose style combines the line's own style and every open span's,
    in the order the spans were added; each combination worked out once."""
    plain = line.plain
    spans = line.spans
    cuts = [(0, False, 0)]
    cuts += [(span.start, False, index) for index, span in enumerate(spans, 1)]
    cuts += [(span.end, True, index) for index, span in enumerate(spans, 1)]
    cuts.append((len(plain), True, 0))
    cuts.sort(key=lambda cut: (cut[0], cut[1]))
    open_: list[int] = []
    segments: list[Segment] = []
    for (offset, leaving, index), (next_offset, _, _) in zip(cuts, cuts[1:]):
        if leaving:
            open_.remove(index)
        else:
            open_.append(index)
        if next_offset > offset:
            chain = tuple(spans[i - 1].style for i in sorted(open_) if i)
            key = (base, own, chain)
            style = _STYLES.get(key)
            if style is None:
                if len(_STYLES) > _STYLES_SIZE:
                    _STYLES.clear()
                style = _STYLES[key] = base_own + Style.combine(
                    [own_style] + [console.get_style(s, default=Style.null()) for s in chain])
            segments.append(Segment(plain[offset:next_offset], style))
    return segments


def _rich_strip(line: Text, console, style: Style) -> Strip:
    """``line`` cut by Rich, under ``style``."""
    return Strip(list(Segment.apply_style(line.render(console), style)), line.cell_len)


def text_key(text: Text) -> tuple:
    """What a Text draws, as a value (Text's ``==`` leaves out the style of the whole text)."""
    return (text.plain, tuple(text.spans), str(text.style), text.justify, text.overflow,
            text.no_wrap, text.end)


def split_lines(text: Text) -> list[Text]:
    """``text``'s lines (none for an empty text): how ``TextLines`` splits what it shows."""
    return list(text.split("\n", allow_blank=True)) if text.plain else []


class TextLines(DrawnOnce, Widget):
    """Shows ``text``: call ``set_text`` (or ``set_lines``); only the lines that changed are
    drawn again, and none while nothing changed (``DrawnOnce``)."""

    DEFAULT_CSS = """
    TextLines { height: auto; width: 1fr; }
    """

    def __init__(self, text: str | Text = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self._text: Text | None = Text(text) if isinstance(text, str) else text
        self._lines: list[Text] = self._split(self._text)
        self._keys: list[tuple] = [_line_key(line) for line in self._lines]
        self._shown_key: tuple | None = text_key(self._text)
        self._extent = (len(self._lines), max((line.cell_len for line in self._lines), default=0))
        self._measured: "OrderedDict[tuple, tuple]" = OrderedDict()
        self._base: Style | None = None

    # -- what it shows ---------------------------------------------------------------------------
    @property
    def content(self) -> Text:
        """The text shown (as ``Static.content`` is)."""
        if self._text is None:  # shown as lines (``set_lines``): joined when asked for
            self._text = Text("\n").join(self._lines)
        return self._text

    def _split(self, text: Text) -> list[Text]:
        """The lines of ``text`` (a widget that has them at hand already may say so)."""
        return split_lines(text)

    def _measure(self, text: Text, key: tuple) -> tuple[list[Text], list[tuple], tuple[int, int]]:
        """``text``'s lines, their keys and its extent (lines, widest line), kept for the last
        texts shown by what they draw: a cursor that goes back and forth shows the same few."""
        memo = self._measured
        hit = memo.get(key)
        if hit is not None:
            memo.move_to_end(key)
            return hit
        lines = self._split(text)
        keys = [_line_key(line) for line in lines]
        measured = (lines, keys, (len(keys), max((line.cell_len for line in lines), default=0)))
        memo[key] = measured
        if len(memo) > _MEASURED_SIZE:
            memo.popitem(last=False)
        return measured

    def set_text(self, text: str | Text) -> bool:
        """Show ``text``; returns whether anything changed on screen."""
        text = Text(text) if isinstance(text, str) else text
        key = text_key(text)
        if key == self._shown_key:
            return False
        lines, keys, extent = self._measure(text, key)
        self._text, self._shown_key = text, key
        return self._show(lines, keys, extent)

    def set_lines(self, lines: list[Text]) -> bool:
        """Show ``lines`` (no line holds a newline), as ``set_text`` would show them joined:
        nothing is joined, split or compared but line by line. A caller that keeps its lines
        (the same ``Text`` for the same content) saves most of the work."""
        keys = [_key_of(line) for line in lines]
        if any("\n" in key[0] for key in keys):  # (a line that is several: split as a text)
            return self.set_text(Text("\n").join(lines))
        if keys == self._keys:
            return False
        extent = (len(keys), max((line.cell_len for line in lines), default=0))
        self._text, self._shown_key = None, None
        self.__dict__.pop("_drawn_marker", None)  # (what ``set_content`` showed is gone)
        return self._show(lines, keys, extent)

    def _show(self, lines: list[Text], keys: list[tuple], extent: tuple[int, int]) -> bool:
        old_keys = self._keys
        old_extent = self._extent
        self._lines, self._keys, self._extent = lines, keys, extent
        styles = self.styles
        auto_w = styles.width is not None and styles.width.is_auto
        auto_h = styles.height is not None and styles.height.is_auto
        if (auto_h and extent[0] != old_extent[0]) or (auto_w and extent[1] != old_extent[1]):
            self.refresh(layout=True)
            return True
        width = self.size.width
        if not width:
            self.refresh()
            return True
        changed = [Region(0, y, width, 1) for y in range(max(len(keys), len(old_keys)))
                   if (keys[y] if y < len(keys) else None)
                   != (old_keys[y] if y < len(old_keys) else None)]
        if changed:  # (the size stays: the screen is told at once, see ``repaint``)
            self._drawn_lines = None
            repaint(self, *changed)
        return True

    # -- Textual's side ------------------------------------------------------------------------------
    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines)

    def get_content_width(self, container, viewport) -> int:
        return max((line.cell_len for line in self._lines), default=0)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None  # the colours around it changed (a theme, a class)

    # -- what's this: a mark under the mouse explains itself ----------------------------------------
    def mark_at(self, x: int, y: int) -> str | None:
        """The meaning of the legend mark under (``x``, ``y``) of the content, if any: the
        screen's ``legend()`` pairs marks such as "★" or "✗ void" with what they mean."""
        if not 0 <= y < len(self._lines):
            return None
        legend = getattr(self.screen, "legend", None)
        marks = legend() if callable(legend) else []
        line = self._lines[y].plain
        # cells and characters match for the marks used (one cell each)
        for mark, meaning in sorted(marks, key=lambda m: -len(m[0])):
            start = line.find(mark)
            while start != -1:
                if start <= x < start + len(mark):
                    return meaning
                start = line.find(mark, start + 1)
        return None

    def hover_tooltip(self, x: int, y: int) -> str | None:
        """What the tooltip says at (``x``, ``y``): a mark's meaning (subclasses add more)."""
        return self.mark_at(x, y)

    def on_mouse_move(self, event) -> None:
        offset = event.get_content_offset(self)
        tip = self.hover_tooltip(offset.x, offset.y) if offset is not None else None
        if tip is not None or getattr(self, "_mark_tip", False):
            self._mark_tip = tip is not None
            if self.tooltip != tip:
                self.tooltip = tip

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._base is None:
            self._base = self.rich_style
        base = self._base
        if y >= len(self._lines):
            return Strip.blank(width, base)
        key = (self._keys[y], base)
        strip = _CACHE.get(key)
        if strip is None:
            line = self._lines[y]
            strip = _CACHE[key] = joined_strip(line, self.app.console, base) \
                if isinstance(line, Joined) and _intact(line) \
                else line_strip(line, self.app.console, base)
            if len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
        else:
            _CACHE.move_to_end(key)
        return strip.crop_extend(0, width, base)
