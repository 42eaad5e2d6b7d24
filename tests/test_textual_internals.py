"""Every private Textual API the app uses lives in allmine_tui/ui/textual_internals.py. For each:
the attribute exists in the installed Textual, and it is really called the way we rely on (a
Textual upgrade that renamed or bypassed one fails here, not silently in the field)."""
from __future__ import annotations

import asyncio
import time

from textual import events
from textual.app import App, ComposeResult
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from allmine_tui.ui import textual_internals as internals


def test_the_event_clock_is_the_clock_of_event_stamps():
    before = internals.event_clock()
    stamp = events.Key("x", "x").time
    after = internals.event_clock()
    assert before <= stamp <= after
    # the same clock as time.monotonic here (perf_counter on Windows): close to it, not to epoch
    assert abs(internals.event_clock() - time.monotonic()) < 5 or \
        abs(internals.event_clock() - time.perf_counter()) < 5


class Ping(Message):
    pass


class Gated(internals.MessageGate, Screen):
    def __init__(self) -> None:
        super().__init__()
        self.allowed = True
        self.asked: list[Message] = []
        self.handled: list[Message] = []

    def message_allowed(self, message) -> bool:
        if isinstance(message, Ping):
            self.asked.append(message)
            return self.allowed
        return True

    def on_ping(self, message: Ping) -> None:
        self.handled.append(message)


class GateApp(App):
    def on_mount(self) -> None:
        self.push_screen(Gated())


async def test_the_message_gate_sees_every_message_before_its_handler_and_can_drop_it():
    app = GateApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Gated)
        screen.post_message(Ping())
        await pilot.pause()
        assert len(screen.handled) == 1 and any(isinstance(m, Ping) for m in screen.asked)
        screen.allowed = False
        screen.post_message(Ping())
        await pilot.pause()
        assert len(screen.handled) == 1  # dropped: the handler never ran


class TipApp(App):
    def compose(self) -> ComposeResult:
        yield Static("hover me", id="tip")


async def test_clear_tooltip_exists_and_runs():
    app = TipApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert callable(getattr(app.screen, "_clear_tooltip", None))
        internals.clear_tooltip(app.screen)  # no tooltip up: nothing happens, nothing raises


async def test_notifications_can_be_listed_and_one_replaced():
    @internals.replace_same_notifications
    class NoteApp(App):
        pass

    app = NoteApp()
    async with app.run_test(notifications=True) as pilot:
        for _ in range(3):
            app.notify("the same")
            await pilot.pause()
        app.notify("another")
        await pilot.pause()
        messages = [n.message for n in internals.live_notifications(app)]
        assert messages.count("the same") == 1 and "another" in messages
        internals.drop_notification(app, internals.live_notifications(app)[0])
        await pilot.pause()
        assert len(internals.live_notifications(app)) == 1


def test_the_styles_memo_exists_and_is_cleared():
    from textual._styles_cache import StylesCache

    memo = StylesCache.get_inner_outer
    assert hasattr(memo, "cache_clear") and hasattr(memo, "cache_info")
    internals.forget_closed_widgets()
    assert memo.cache_info().currsize == 0


async def test_live_nodes_timers_driver_and_compositor_are_there():
    app = TipApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        nodes = internals.live_nodes(app)
        assert app.screen in nodes and app.query_one("#tip") in nodes
        app.set_interval(10, lambda: None)
        assert internals.timer_count(app) >= 1
        assert internals.driver(app) is not None
        assert hasattr(internals.compositor(app.screen), "render_update")


async def test_scroll_update_brings_the_scroll_bar_to_a_new_size():
    """scroll_update (Widget._scroll_update) shows the bar of a widget whose new virtual size
    outgrows it, and is what Mine All Mines' log calls for it."""
    import unittest.mock as mock

    from textual.geometry import Size
    from textual.scroll_view import ScrollView
    from textual.widget import Widget

    from allmine_tui.games.mine_all_mines.bottom import QuietLog

    class Scroller(ScrollView):
        DEFAULT_CSS = "Scroller { height: 5; overflow-y: auto; }"

    class ScrollApp(App):
        def compose(self) -> ComposeResult:
            yield Scroller(id="s")
            yield QuietLog(id="log")

    assert callable(getattr(Widget, "_scroll_update", None))
    app = ScrollApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        scroller = app.query_one("#s", Scroller)
        size = Size(scroller.size.width, 50)
        scroller.set_reactive(Widget.virtual_size, size)
        internals.scroll_update(scroller, size)
        await pilot.pause()
        assert scroller.show_vertical_scrollbar and scroller.max_scroll_y > 0
        log = app.query_one(QuietLog)
        with mock.patch.object(internals, "scroll_update", wraps=internals.scroll_update) as spy:
            log._wrapped_at = log.size.width + 1  # (a new width: the log is sized afresh)
            log._update_size()
        assert spy.called


async def test_a_closing_screen_reports_no_display():
    """PlayScreen._alive reads ``display``, which Textual makes False while a widget is being
    removed (its ``_pruning`` / ``_closing`` flags)."""
    app = TipApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        widget = app.query_one("#tip")
        assert widget.display
        removal = widget.remove()
        assert not widget.display or widget._pruning
        await removal
        await asyncio.sleep(0)
        assert not widget.display


async def test_kept_styles_cache_replaces_textual_s_and_is_used():
    """keep_styled_lines puts a KeptStylesCache where Textual keeps a widget's styling
    (``Widget._styles_cache``), and Textual styles the widget's lines through it
    (``StylesCache.render_widget``, ``render`` then ``render_line`` for each line); what it
    reads of Textual to keep the set-up of a drawing is there too (a style's ``_cache_key``,
    a widget's border titles, the padding row ``_simple_strip``)."""
    import unittest.mock as mock

    from textual._styles_cache import StylesCache
    from textual.widget import Widget

    from allmine_tui.ui.widgets.lines import TextLines

    plain = Widget()
    assert isinstance(plain._styles_cache, StylesCache)  # noqa: SLF001
    assert callable(StylesCache.render) and callable(StylesCache.render_line)
    assert callable(StylesCache.render_widget)
    assert hasattr(StylesCache(), "_simple_strip")
    assert isinstance(plain.styles._cache_key, int)  # noqa: SLF001
    assert plain._border_title is None and plain._border_subtitle is None  # noqa: SLF001

    class LinesApp(App):
        CSS = "TextLines { border: round red; }"  # (a border: the lines styled are kept)

        def compose(self) -> ComposeResult:
            yield TextLines("one\ntwo", id="t")

    app = LinesApp()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        widget = app.query_one("#t", TextLines)
        cache = widget._styles_cache  # noqa: SLF001
        assert isinstance(cache, internals.KeptStylesCache)
        with mock.patch.object(internals.KeptStylesCache, "render_line", autospec=True,
                               side_effect=internals.KeptStylesCache.render_line) as spy, \
                mock.patch.object(internals.KeptStylesCache, "render_widget", autospec=True,
                                  side_effect=internals.KeptStylesCache.render_widget) as whole:
            widget.set_text("three\nfour")
            await pilot.pause()
        assert spy.called and whole.called
        assert cache._frame is not None  # noqa: SLF001 - the set-up it keeps was made
        assert any(kept[0] is not None for kept in cache._kept.values())  # noqa: SLF001


async def test_repaint_tells_the_screen_once_the_handler_is_done_and_the_frame_shows_it():
    """``repaint`` marks a widget's regions dirty (``Widget._set_dirty``) and sends the screen
    the widget's ``Update`` as soon as the running handler is done, which puts it among the
    screen's dirty widgets (``Screen._dirty_widgets``), drawn at the screen's next idle; the
    widget's own idle round (``refresh``) is skipped. It checks the screen is laid out at its size
    (``Screen._compositor``, ``Screen._layout_required``). A line widget's new text goes that
    way, and the painted frame shows it. Without the screen told, nothing would be drawn: the
    second half checks that the change reaches the frame only through ``repaint``."""
    import unittest.mock as mock

    from textual.geometry import Region
    from textual.widget import Widget

    from allmine_tui.ui.widgets.lines import TextLines

    from textual.messages import Update

    assert callable(Widget._set_dirty)  # noqa: SLF001

    class LinesApp(App):
        def compose(self) -> ComposeResult:
            yield TextLines("one\ntwo", id="t")

    def painted(app, y: int) -> str:
        strips = internals.compositor(app.screen).render_strips()
        return strips[y].text.rstrip()

    app = LinesApp()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen._dirty_widgets, set)  # noqa: SLF001
        assert screen._layout_required is False  # noqa: SLF001
        assert internals.compositor(screen).size == screen.size
        widget = app.query_one("#t", TextLines)
        with mock.patch.object(internals, "repaint", wraps=internals.repaint) as spy, \
                mock.patch.object(Widget, "refresh", autospec=True,
                                  side_effect=Widget.refresh) as refresh:
            from allmine_tui.ui.widgets import lines
            with mock.patch.object(lines, "repaint", spy), \
                    mock.patch.object(screen, "post_message",
                                      wraps=screen.post_message) as told:
                widget.set_text("one\nTWO")
                widget.set_text("one\nTWO!")  # (the screen is told once for both)

                def updates() -> int:
                    return sum(isinstance(call.args[0], Update) and call.args[0].widget is widget
                               for call in told.call_args_list)

                assert updates() == 0  # not before the handler running now is done
                await asyncio.sleep(0)
                assert updates() == 1  # then at once
                await pilot.pause()
        assert spy.called and not refresh.called  # (not through the widget's idle round)
        assert painted(app, 1) == "TWO!"
        # the frame follows the screen's dirty widgets: regions marked without the screen told
        # bring no frame; told through ``repaint``, a frame comes
        with mock.patch.object(App, "_display", autospec=True,
                               side_effect=App._display) as display:
            widget._set_dirty(Region(0, 1, 30, 1))  # noqa: SLF001
            await pilot.pause()
            assert not display.called
            internals.repaint(widget, Region(0, 1, 30, 1))
            await pilot.pause()
            assert display.called


async def test_a_repaint_and_a_refresh_made_together_come_in_one_frame():
    """A handler that repaints one widget (``repaint``) and refreshes another the usual way
    (a Static's update) shows both in the same frame: the screen hears of the repaint only
    after the other widget has had its turn."""
    import unittest.mock as mock

    from textual.binding import Binding

    from allmine_tui.ui.widgets.lines import TextLines

    class Both(App):
        BINDINGS = [Binding("x", "both")]
        n = 0

        def compose(self) -> ComposeResult:
            yield TextLines("a0", id="t")
            yield Static("b0", id="s")

        def action_both(self) -> None:
            self.n += 1
            self.query_one("#t", TextLines).set_text(f"a{self.n}")
            self.query_one("#s", Static).update(f"b{self.n}")

    app = Both()
    async with app.run_test(size=(20, 4)) as pilot:
        await pilot.pause()
        for _ in range(5):
            with mock.patch.object(App, "_display", autospec=True,
                                   side_effect=App._display) as display:
                await pilot.press("x")
                await pilot.pause(0.1)  # (a frame held back would come within this)
            assert display.call_count == 1
