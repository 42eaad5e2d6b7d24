"""Every use of Textual's private APIs, in one place.

Textual is pinned to a minor release in pyproject.toml, and tests/test_textual_internals.py checks,
for each function here, that the attribute it uses exists in the installed Textual and that it is
really called (a Textual upgrade that renamed one fails that test instead of silently losing what
it gave us: for the stale-message filter, privacy).

- ``event_clock``: the clock of Textual's event stamps (``Message.time``), so that the input gate
  compares like with like on every platform (monotonic, or perf_counter on Windows).
- ``MessageGate``: a screen mixin that sees every message before its handlers run
  (``_on_message``), to drop player input made for a previous owner of the screen.
- ``clear_tooltip``: hide a tooltip that is up (``Screen._clear_tooltip``).
- ``replace_same_notifications``: a notification replaces one with the same text
  (``App._on_notify``, ``App._notifications``, ``App._unnotify``).
- ``forget_closed_widgets``: clear a memo that keeps closed screens' widgets alive
  (``StylesCache.get_inner_outer``).
- ``live_nodes`` / ``timer_count``: every DOM node and timer, for the soak test
  (``App._registry``, ``_timers``).
- ``driver``: the app's driver, to hand it keys as a terminal would (``App._driver``).
- ``compositor``: the screen's compositor, to read the painted frame (``Screen._compositor``).
- ``scroll_update``: bring a scrolling widget's scroll bars up to a new virtual size without a
  layout pass of the screen (``Widget._scroll_update``): Mine All Mines' log, before it is laid
  out or at a new width.
- ``keep_styled_lines``: a widget's lines, once styled (padding, borders, colours converted),
  are kept by the line they were made from (``Widget._styles_cache``, ``StylesCache.render`` /
  ``render_line``), so a line drawn before is not styled again; and what Textual works out
  before styling any line (``StylesCache.render_widget``) is kept while the widget's size and
  its ancestors' styles stay the same (``RenderStyles._cache_key``; a widget with a border
  title, ``_border_title``, is left to Textual; ``_simple_strip`` is reset as Textual does);
  see ``KeptStylesCache``.
- ``repaint``: repaint parts of a widget whose size does not change, telling its screen once the
  running handler is done (``Widget._set_dirty``, then the ``Update`` message Textual's widgets
  send their screen) instead of through the widget's own idle round (``refresh``: a message to
  the widget, which then sends that one). Only on a screen laid out at its size
  (``Screen._compositor``, ``Screen._layout_required``). A move that changes ten parts of a
  table saves a trip through the event loop for each, and still comes in one frame.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

from textual import _time
from textual._segment_tools import line_pad
from textual._styles_cache import StylesCache
from textual.app import App
from textual.messages import Update
from textual.screen import Screen
from textual.strip import Strip

#: the clock of ``Message.time`` (and so of every key and click)
event_clock: Callable[[], float] = _time.get_time


class MessageGate:
    """Mixed into a Screen: ``message_allowed(message)`` is asked before any handler sees a
    message; a message it refuses is dropped (not handled, not bubbled further)."""

    def message_allowed(self, message) -> bool:  # pragma: no cover - overridden
        return True

    async def _on_message(self, message) -> None:
        if not self.message_allowed(message):
            return
        await super()._on_message(message)  # type: ignore[misc]


def clear_tooltip(screen: Screen) -> None:
    screen._clear_tooltip()


def live_notifications(app: App) -> list[Any]:
    return list(app._notifications)


def drop_notification(app: App, notification: Any) -> None:
    app._unnotify(notification, refresh=False)


def replace_same_notifications(app_class: type) -> type:
    """Class decorator for an App: a new notification with the same text, title and severity
    as one still on screen replaces it (its time starts again), so a refused key pressed ten
    times never stacks ten copies. (Textual calls its own ``_on_notify`` after this one, which
    shows the new notification.) When the app's ``stale_notice(event)`` says so, the
    notification is dropped instead."""

    def _on_notify(self, event) -> None:
        stale = getattr(self, "stale_notice", None)
        if stale is not None and stale(event):
            event.prevent_default()  # (Textual's own handler, on the base class, is skipped)
            return
        new = event.notification
        for old in live_notifications(self):
            if (old.message, old.title, old.severity) == (new.message, new.title, new.severity):
                drop_notification(self, old)

    app_class._on_notify = _on_notify  # type: ignore[attr-defined]
    return app_class


def forget_closed_widgets() -> None:
    """Let the widgets of closed screens go. Textual memoizes a colour calculation per widget
    (``StylesCache.get_inner_outer``, an lru_cache of 1,024 entries on a method), which keeps
    every closed screen's widgets and their rendered lines alive until 1,024 more have passed:
    about 10,000 objects and a few MiB per game. The memo is cheap to rebuild."""
    from textual._styles_cache import StylesCache

    StylesCache.get_inner_outer.cache_clear()


def live_nodes(app: App) -> list[Any]:
    return list(app._registry)


def timer_count(app: App) -> int:
    return len(app._timers) + sum(len(node._timers) for node in live_nodes(app))


def driver(app: App) -> Any:
    return app._driver


def compositor(screen: Screen) -> Any:
    return screen._compositor


def scroll_update(widget: Any, virtual_size: Any) -> None:
    widget._scroll_update(virtual_size)


class KeptStylesCache(StylesCache):
    """Textual's styling of a widget's lines, keeping each styled line by the content line it
    was made from (by identity: a widget that draws the same content line as the same ``Strip``
    gets the same styled ``Strip`` back).

    Textual styles every line it is asked to draw again into a new strip, and everything it
    keeps on a strip (its colours converted for the terminal, its cuts at the edges of the
    widgets beside it) is lost with it. A move scrolls a log by a line, or brings back a card
    row shown before: every such line was styled before, and is given again as it was. A
    styled line depends on the content line and on the widget's styles, size and colours
    (the signature below): a new signature forgets every line kept. The rows of borders and
    padding are styled as before (Textual keeps them per row)."""

    KEEP = 512  # styled lines kept per widget (all forgotten past that: a new start)

    def __init__(self) -> None:
        super().__init__()
        self._kept: dict[int, tuple[Strip, Strip]] = {}
        self._signature: tuple | None = None
        self._content_rows = (0, 0, 0)  # (first, end, top gutter): set by each ``render``
        self._plain: tuple | None = None  # see ``_plain_rows``: set by each ``render``
        self._frame: tuple | None = None  # see ``render_widget``

    def render_widget(self, widget, crop) -> list[Strip]:
        """Textual's ``render_widget``, keeping what it works out before styling any line (the
        colours behind the widget, from its ancestors; its sizes, padding and opacity; the
        theme's filters) while nothing they come from changes: the widget's size and every
        ancestor's styles (Textual counts each change of a style in ``_cache_key``), the theme
        and the filters. A widget with a border title is left to Textual."""
        if widget._border_title is not None or widget._border_subtitle is not None:
            self._frame = None
            return super().render_widget(widget, crop)
        self._simple_strip = None  # (as Textual: a padding row made in this drawing only)
        app = widget.app
        nodes = widget.ancestors_with_self
        size = widget.region.size
        filters = app.get_line_filters()
        key = (size, nodes, [node.styles._cache_key for node in nodes], app.ansi_theme,
               app.native_ansi_color, filters)
        frame = self._frame
        styles = widget.styles
        if frame is not None and frame[0] == key:
            _key, base_background, background, extra = frame
            strips = StylesCache.render(self, styles, size, base_background, background,
                                        widget.render_line, filters, None, None, crop=crop,
                                        **extra)
        else:
            base_background, background = widget.background_colors
            extra = {"content_size": widget.content_region.size, "padding": styles.padding,
                     "opacity": widget.opacity, "ansi_theme": key[3], "native_ansi": key[4]}
            strips = self.render(styles, size, base_background, background, widget.render_line,
                                 filters, None, None, crop=crop, **extra)
            self._frame = (key, base_background, background, extra)
        if widget.auto_links:  # (as Textual does: the link under the mouse, highlighted)
            hover_style = widget.hover_style
            if hover_style._link_id and hover_style._meta and "@click" in hover_style.meta:
                link_style_hover = widget.link_style_hover
                if link_style_hover:
                    strips = [strip.style_links(hover_style.link_id, link_style_hover)
                              for strip in strips]
        return strips

    def render(self, styles, size, base_background, background, *args, **kwargs):
        signature = (size, base_background, background, styles.padding, styles.border,
                     styles.outline, styles.tint, styles.text_opacity,
                     styles.hatch if styles.has_rule("hatch") else None,
                     kwargs.get("content_size"), kwargs.get("padding"), kwargs.get("opacity"),
                     id(kwargs.get("ansi_theme")), kwargs.get("native_ansi"))
        if signature != self._signature:
            self._signature = signature
            self._kept = {}
        # the rows of content, styled alike: below the top border and padding (and the top
        # outline), above the bottom ones, within the content's height
        gutter = styles.gutter
        content = kwargs.get("content_size") or size
        outline = styles.outline
        first = max(gutter.top, 1 if outline.top[0] else 0)
        last = min(size.height - gutter.bottom, gutter.top + content.height,
                   size.height - 1 if outline.bottom[0] else size.height)
        self._content_rows = (first, last, gutter.top)
        self._plain = self._plain_rows(styles, size, content, base_background, background,
                                       kwargs.get("padding") or styles.padding,
                                       kwargs.get("opacity", 1.0))
        return super().render(styles, size, base_background, background, *args, **kwargs)

    def _plain_rows(self, styles, size, content, base_background, background, padding,
                    opacity) -> tuple | None:
        """For a widget whose content rows Textual styles by padding them alone (no border,
        outline, tint, opacity, text opacity or hatch): the padding's style, the padding
        either side, the content's width and the widget's. Such a row is made here as Textual
        makes it, without its per-row set-up."""
        if any(edge for edge, _ in styles.border) or any(edge for edge, _ in styles.outline) \
                or styles.tint.a or opacity != 1.0 or styles.text_opacity != 1.0 \
                or (styles.has_rule("hatch") and styles.hatch != "none"):
            return None
        left, right = padding.left, padding.right
        if content.width + left + right != size.width:
            return None
        inner = self.get_inner_outer(base_background, background)[0].rich_style
        return inner, left, right, content.width, size.width

    def render_line(self, styles, y, size, content_size, padding, base_background, background,
                    render_content_line, *rest) -> Strip:
        first, last, top = self._content_rows
        if not first <= y < last:
            return super().render_line(styles, y, size, content_size, padding, base_background,
                                       background, render_content_line, *rest)
        line = render_content_line(y - top)
        kept = self._kept.get(id(line))
        if kept is not None and kept[0] is line:
            return kept[1]
        plain = self._plain
        if plain is not None:  # no border, outline or effect: only the padding to add
            inner, left, right, content_width, width = plain
            padded = line.adjust_cell_length(content_width, inner)
            if not (left or right):
                return padded
            styled = Strip(line_pad(padded, left, right, inner), width)
        else:
            styled = super().render_line(styles, y, size, content_size, padding, base_background,
                                         background, lambda _y: line, *rest)
        if len(self._kept) >= self.KEEP:
            self._kept = {}
        self._kept[id(line)] = (line, styled)
        return styled


def keep_styled_lines(widget: Any) -> None:
    """Give ``widget`` a ``KeptStylesCache`` (call it from the widget's ``__init__``)."""
    widget._styles_cache = KeptStylesCache()


def repaint(widget: Any, *regions: Any) -> None:
    """``widget.refresh(*regions)`` for a widget of unchanged size, on a screen that is laid
    out: the regions (of its content) are marked to be drawn again, and the screen is told as
    soon as the handler running now is done (once for every widget repainted meanwhile). Not
    earlier: widgets refreshed the usual way in the same handler send their screen word from
    their own turn in the event loop, just after it; a screen told before them would draw a
    frame without their part, and theirs a frame later. A widget not on show yet, or not
    shown, goes through its class's ``refresh``."""
    screen: Any = widget.screen if widget.is_attached else None
    compositor: Any = screen._compositor if screen is not None else None
    # only on a screen laid out at its present size, with no layout pending (a resize under
    # way: the widget's place is not known yet) and the widget on show. (Nothing here may
    # ask the compositor for what it works out lazily, such as ``visible_widgets``: asked in
    # the middle of a layout, it would keep the old map.)
    if screen is None or compositor is None or compositor.size != screen.size or \
            screen._layout_required or \
            not widget.display or not widget.is_mounted:
        type(widget).refresh(widget, *regions)  # (the class's: not a repaint made on top)
        return
    widget._set_dirty(*regions)
    pending = _REPAINTS.get(screen)
    if pending is None:
        pending = _REPAINTS[screen] = {}
        asyncio.get_running_loop().call_soon(_tell_screen, screen)
    pending[widget] = None


#: per screen, the widgets repainted since the screen was last told (in order)
_REPAINTS: dict[Any, dict[Any, None]] = {}


def _tell_screen(screen: Any) -> None:
    for widget in _REPAINTS.pop(screen, {}):
        screen.post_message(Update(widget))
