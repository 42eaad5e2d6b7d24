"""Drawing only what changed (ui/widgets/draw.py, lines.py, cards.py): a content that draws the
same is skipped, a change of style is drawn, only the lines that differ are repainted, and a
widget of fixed size never asks for a layout pass."""
from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from allmine_tui.ui.widgets.cards import CardRow, look_of
from allmine_tui.ui.widgets.draw import freeze, set_content, shows
from allmine_tui.ui.widgets.lines import TextLines
from allmine_tui.ui.widgets.text_table import Column, text_table


class Board(App):
    CSS = """
    #fixed { width: 20; height: 2; }
    #lines { width: 30; height: 3; }
    """

    def compose(self) -> ComposeResult:
        yield Static("start", id="fixed")
        yield Static("auto", id="auto")
        yield TextLines("one\ntwo\nthree", id="lines")
        yield CardRow(gap=1, separator=">", id="row")


def spy_refresh(widget) -> list[dict]:
    """Each repaint asked of ``widget``: through ``refresh``, or straight to the screen
    (``textual_internals.repaint``, which marks the regions itself)."""
    calls: list[dict] = []
    original, set_dirty = widget.refresh, widget._set_dirty
    inside = []

    def refresh(*regions, **kwargs):
        calls.append({"regions": regions, **kwargs})
        inside.append(1)
        try:
            return original(*regions, **kwargs)
        finally:
            inside.pop()

    def marked(*regions):
        if not inside:
            calls.append({"regions": regions, "layout": False})
        return set_dirty(*regions)

    widget.refresh = refresh
    widget._set_dirty = marked
    return calls


async def test_the_same_content_is_not_drawn_again_and_a_new_style_is():
    app = Board()
    async with app.run_test() as pilot:
        await pilot.pause()
        fixed = app.query_one("#fixed", Static)
        assert set_content(fixed, Text("x", style="bold"))
        assert not set_content(fixed, Text("x", style="bold"))  # the same: skipped
        assert set_content(fixed, Text("x", style="underline"))  # same letters, new style
        assert set_content(fixed, Text("other"), key=("k", 1))
        assert shows(fixed, ("k", 1)) and not shows(fixed, ("k", 2))


async def test_fixed_size_needs_no_layout_and_a_growing_text_does():
    app = Board()
    async with app.run_test() as pilot:
        await pilot.pause()
        fixed, auto = app.query_one("#fixed", Static), app.query_one("#auto", Static)
        set_content(fixed, "a")
        set_content(auto, "a")
        await pilot.pause()
        calls_fixed, calls_auto = spy_refresh(fixed), spy_refresh(auto)
        set_content(fixed, "b\nc")
        set_content(auto, "b")  # same size
        assert calls_fixed[-1]["layout"] is False and calls_auto[-1]["layout"] is False
        set_content(auto, "b\nc\nd")  # one line more: the layout must make room
        assert calls_auto[-1]["layout"] is True


async def test_text_lines_repaint_only_the_lines_that_changed():
    app = Board()
    async with app.run_test() as pilot:
        await pilot.pause()
        lines = app.query_one("#lines", TextLines)
        calls = spy_refresh(lines)
        assert lines.set_text("one\nTWO\nthree")
        assert len(calls) == 1 and [r.y for r in calls[0]["regions"]] == [1]
        assert not lines.set_text("one\nTWO\nthree")
        lines.set_text(Text("one\nTWO\nthree", style="underline red"))  # every line's style
        assert [r.y for r in calls[-1]["regions"]] == [0, 1, 2]
        await pilot.pause()
        segments = list(lines.render_line(1))
        assert segments[0].text == "TWO" and segments[0].style.underline


class Framed(App):
    CSS = """
    #frame { height: 5; background: red; }
    #frame.-lit { background: blue; }
    #inner { width: 20; height: 3; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical(id="frame"):
            yield TextLines("one\ntwo\nthree", id="inner")


async def test_lines_drawn_again_unasked_are_the_same_and_never_stale():
    """A TextLines asked for lines it drew before, with nothing changed since, gives them again
    without Textual's work; a new text, a new size or a new colour around it (a class of its
    container) gives Textual's drawing of it."""
    from textual.geometry import Region

    app = Framed()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        inner = app.query_one("#inner", TextLines)
        crop = Region(0, 0, 20, 3)
        first = inner.render_lines(crop)
        assert inner.render_lines(crop) is first  # nothing asked: the same lines
        assert inner.render_lines(Region(0, 1, 20, 2)) is not first  # another part of it

        def background(strips) -> set:
            return {seg.style.bgcolor.triplet for strip in strips for seg in strip
                    if seg.style and seg.style.bgcolor}

        red = background(inner.render_lines(crop))
        app.query_one("#frame").add_class("-lit")  # the colour around it changes
        await pilot.pause()
        blue = background(inner.render_lines(crop))
        assert red and blue and red != blue
        inner.set_text("one\nTWO\nthree")
        await pilot.pause()
        assert "TWO" in "".join(seg.text for seg in inner.render_lines(crop)[1])
        inner.styles.width = 12  # a new size
        await pilot.pause()
        assert inner.render_lines(Region(0, 0, 12, 3))[0].cell_length == 12


async def test_lines_given_one_by_one_show_as_the_same_text_would():
    """set_lines shows what set_text shows for the lines joined, repaints only the lines that
    changed, and hands over to set_text (and set_content) and back without a stale line."""
    from allmine_tui.ui.widgets.draw import set_content

    app = Board()
    async with app.run_test() as pilot:
        await pilot.pause()
        lines = app.query_one("#lines", TextLines)
        calls = spy_refresh(lines)
        row = [Text("one"), Text("two", style="bold"), Text("three")]
        assert lines.set_lines(row)
        assert lines.content.plain == "one\ntwo\nthree"
        drawn = [list(lines.render_line(y)) for y in range(3)]
        assert not lines.set_lines([Text("one"), Text("two", style="bold"), Text("three")])
        assert lines.set_lines([row[0], Text("TWO", style="bold"), row[2]])
        assert [r.y for r in calls[-1]["regions"]] == [1]
        set_content(lines, Text("one\ntwo\nthree"))  # as a text: line 1 loses its bold
        assert lines.content.plain == "one\ntwo\nthree"
        assert not list(lines.render_line(1))[0].style.bold
        assert lines.set_lines(row)  # back to the lines (the same text in set_content: shown)
        assert [list(lines.render_line(y)) for y in range(3)] == drawn
        set_content(lines, Text("one\ntwo\nthree"))
        assert not list(lines.render_line(1))[0].style.bold
        assert lines.set_lines([Text("a\nb")])  # a line that is two: shown as two
        assert lines.content.plain == "a\nb" and len(lines._lines) == 2


async def test_a_card_row_draws_states_maps_clicks_and_keeps_its_places():
    app = Board()
    async with app.run_test() as pilot:
        await pilot.pause()
        row = app.query_one("#row", CardRow)
        row.set_cards([(Text("A1"), "a", {"-legal": True}), None,
                       (Text("C3"), "c", {"-cursor": True})], ["first", None, "third"])
        await pilot.pause()
        top, middle, bottom = row.content.plain.splitlines()
        assert top.startswith("╭") and "┏" in top  # the cursor's heavy border
        assert "A1" in middle and "C3" in middle and ">" in middle
        assert row.index_at(3) == 0 and row.index_at(7) is None  # the gap
        assert row.index_at(8) == 1 and row.values[1] is None
        assert row.index_at(17) == 2 and row.values[2] == "c"


def test_looks_follow_the_order_of_states():
    assert look_of({"-legal": True, "-cursor": True}).box == "heavy"
    assert look_of({"-dim": True}).dim and not look_of({"-dim": True}).bold
    assert look_of({"-blank": True}).muted
    assert look_of({}).box == "round"


def test_a_text_table_pads_columns_and_cuts_long_cells():
    table = text_table([Column("name"), Column("n", justify="right"), Column("x", width=3)],
                       [["Ann", 5, "abcdef"], ["Bartholomew", 12, "ok"]])
    lines = table.plain.splitlines()
    assert len({len(line) for line in lines}) == 1  # every line as wide
    assert lines[1].startswith(" Ann ") and " 5 " in lines[1] and "ab…" in lines[1]


def test_a_table_row_of_the_same_cells_is_the_same_line_until_the_layout_changes():
    from allmine_tui.ui.widgets.text_table import table_lines

    columns = [Column("name"), Column("n", justify="right")]
    ann, bob = [Text("Ann"), 5], [Text("Bob"), 7]
    first = table_lines(columns, [ann, bob])
    again = table_lines(columns, [ann, bob])
    assert again[1] is first[1] and again[2] is first[2]  # kept, not laid out again
    assert [line.plain for line in again] == [line.plain for line in first]
    # a wider name widens the column: every row is laid out again, to the new width
    wider = table_lines(columns, [ann, [Text("Bartholomew"), 7]])
    assert wider[1] is not first[1] and len(wider[1].plain) == len(wider[2].plain)
    assert wider[1].plain.startswith(" Ann ") and wider[2].plain.endswith(" 7 ")
    # a row with one cell changed is a new line; its neighbour is the one kept
    changed = table_lines(columns, [ann, [bob[0], 8]])
    assert changed[1] is first[1] and changed[2].plain.endswith(" 8 ")


def test_freeze_makes_views_comparable():
    assert freeze({"a": [1, [2]], "b": None}) == (("a", (1, (2,))), ("b", None))


def test_a_view_key_is_equal_exactly_when_the_view_is():
    from allmine_tui.ui.widgets.draw import view_key

    view = {"a": [1, [2, "x"]], "b": None, "c": {"d": 2.5}}
    same = {"a": [1, [2, "x"]], "b": None, "c": {"d": 2.5}}
    assert view_key(view) == view_key(same) and hash(view_key(view)) == hash(view_key(same))
    for other in ({"a": [1, [2, "y"]], "b": None, "c": {"d": 2.5}},
                  {"a": [1, [2, "x"]], "b": 0, "c": {"d": 2.5}},
                  {"a": [1, [2, "x"]], "b": None, "c": {"d": 2.6}},
                  {"a": [1, [2, "x"]], "b": None}):
        assert view_key(other) != view_key(view)
    odd = [object()]  # (not plain data: compared as freeze makes it)
    assert view_key(odd) == freeze(odd)


def test_the_keys_line_shortens_the_longest_descriptions_first_and_never_cuts_one():
    from allmine_tui.ui.widgets.keybar import ScreenKeys

    entries = [("?", "Help", "a"), ("q", "Menu (saved)", "b"), ("u", "Take back", "c"),
               ("e", "End", "d"), ("^p", "palette", "e")]
    whole = ScreenKeys.fitted(entries, 200).plain
    assert "Menu (saved)" in whole and "Take back" in whole
    tighter = ScreenKeys.fitted(entries, len(whole) - 3).plain
    assert "Menu (saved)" not in tighter and "q Menu" in tighter and "u Take back" in tighter
    tiny = ScreenKeys.fitted(entries, 20)
    assert tiny.cell_len <= 20
    kept = tiny.plain
    # whole entries only: each key shown still has (at least the first word of) its description
    for key, text, _action in entries:
        if f"{key} " in kept:
            assert f"{key} {text.split()[0]}" in kept


async def test_a_keys_line_kept_for_a_state_is_the_line_every_binding_gives():
    """``draw_for(state)`` shows the line kept for a state seen before: the same line asking
    every binding gives (``draw``); a new theme forgets what was kept."""
    from textual.binding import Binding
    from textual.screen import Screen

    from allmine_tui.ui.widgets.keybar import ScreenKeys

    class Offers(Screen):
        BINDINGS = [Binding("u", "undo", "Take back"), Binding("x", "other", "Other")]
        offer = False

        def compose(self) -> ComposeResult:
            yield ScreenKeys()

        def check_action(self, action: str, parameters) -> bool | None:
            return self.offer if action == "undo" else True

    class KeysApp(App):
        def on_mount(self) -> None:
            self.push_screen(Offers())

    app = KeysApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        keys = screen.query_one(ScreenKeys)
        shown = []
        for offer in (True, False, True, False):
            screen.offer = offer
            keys.draw_for(offer)
            line = keys.content
            keys.draw()  # every binding asked
            assert (line.plain, line.spans) == (keys.content.plain, keys.content.spans)
            shown.append(line.plain)
        assert "u Take back" in shown[0] and "Take back" not in shown[1]
        assert shown[2:] == shown[:2]
        kept = keys.__dict__["_state_lines"]
        assert len(kept) == 2
        screen.offer = True
        kept[next(k for k in kept if k[0] is True)] = Text("stale")  # (what is kept is shown)
        keys.draw_for(True)
        assert keys.content.plain == "stale"
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert not keys.__dict__.get("_state_lines")
        keys.draw_for(True)
        assert "u Take back" in keys.content.plain


def test_the_log_wraps_events_exactly_as_rich_does():
    """The log's short cut for an event that fits on a line draws the same lines
    as Rich's own wrapping, at every width, for lines that fit, just fit, and do not."""
    from rich.console import Console
    from rich.style import Style

    from allmine_tui.ui.widgets.lines import line_strip
    from allmine_tui.ui.widgets.log import wrapped

    console = Console(width=120)
    texts = [Text("Ann plays 7♥.", style="bold"), Text("Bob takes the trick "),
             Text("x" * 45), Text("a b c d e f g h i j k l m n o p q r s t u v w x y z"),
             Text("Cleo: 12 points\n(3 tricks)"), Text(""), Text("tab\there")]
    styled = Text("Dee wins ")
    styled.append("the hand", style="italic")
    texts.append(styled)
    for width in (10, 12, 13, 20, 44, 45, 46, 80):
        for text in texts:
            expected = [line_strip(line, console, Style())
                        for line in text.wrap(console, width, overflow="fold")]
            assert wrapped(text, width, console) == expected, (text.plain, width)


class _Events:
    """A session as the log reads it: events with a kind, formatted as their text."""

    def __init__(self) -> None:
        from types import SimpleNamespace

        self.match = SimpleNamespace(events=[])

    def add(self, n: int) -> None:
        from types import SimpleNamespace

        for _ in range(n):
            self.match.events.append(SimpleNamespace(kind="move",
                                                     text=f"event {len(self.match.events)}"))

    def format(self, event, viewer) -> str:
        return event.text


class LogBoard(App):
    def compose(self) -> ComposeResult:
        from allmine_tui.ui.widgets.log import GameLog

        yield GameLog(id="log")


def count_layouts(app) -> list:
    """A list that gets an entry for each layout pass of the app's screen from now on."""
    layouts: list = []
    original = app.screen._refresh_layout  # noqa: SLF001 - counting Textual's layout passes

    def counting(*args, **kwargs):
        layouts.append(1)
        return original(*args, **kwargs)

    app.screen._refresh_layout = counting  # type: ignore[method-assign]
    return layouts


async def _logged(app, session, pilot, events: int):
    """The app's log after ``events`` more events are synced and drawn."""
    from allmine_tui.ui.widgets.log import GameLog

    log = app.query_one(GameLog)
    session.add(events)
    log.sync(session, None)
    await pilot.pause()
    return log


async def test_the_newest_line_stays_in_view_as_the_log_first_overflows():
    """Lines added one at a time: the newest is on screen after each, also once the log no
    longer fits and its scroll bar comes (the bar takes room after the log has scrolled: the
    log once stayed one line short of its end there, for good)."""
    app, session = LogBoard(), _Events()
    async with app.run_test(size=(60, 20)) as pilot:
        log = None
        for _ in range(12):
            log = await _logged(app, session, pilot, 1)
            await pilot.pause()
            newest = f"event {len(session.match.events) - 1}"
            shown = [strip.text for strip in app.screen._compositor.render_strips()]  # noqa
            assert any(row.startswith(newest) for row in shown), (newest, shown[-8:])
            assert log.scroll_y == log.max_scroll_y
        assert log is not None and log.show_vertical_scrollbar and log.max_scroll_y > 0


async def test_a_new_line_under_a_scrolling_log_needs_no_layout_and_keeps_the_end_in_view():
    """The log's scroll bar comes with a layout pass; a line more under a log that already
    scrolls moves only the thumb (and the newest line stays in view)."""
    app, session = LogBoard(), _Events()
    async with app.run_test(size=(60, 20)) as pilot:
        log = await _logged(app, session, pilot, 2)
        layouts = count_layouts(app)
        session.add(10)  # now more than the log's height: the scroll bar comes
        log.sync(session, None)
        await pilot.pause()
        assert layouts and log.show_vertical_scrollbar
        session.add(1)  # (the bar took a column: the log wrapped again to the narrower width)
        log.sync(session, None)
        await pilot.pause()
        layouts.clear()
        for _ in range(3):
            session.add(1)
            log.sync(session, None)
            await pilot.pause()
        assert layouts == []
        assert log.virtual_size.height == 16 and log.scroll_y == log.max_scroll_y > 0
        bar = log.vertical_scrollbar
        assert bar.window_virtual_size == 16 and bar.window_size == log.scrollable_content_region.height
        assert log.render_line(log.scrollable_content_region.height - 1).text.startswith("event 15")



async def test_the_log_s_scroll_bar_repaints_only_the_rows_that_change():
    """A line more under a long log moves the thumb by a fraction of a row: the bar asks for
    the rows that change only (not all of them), and what it shows then is what a whole
    repaint shows. (The reader has scrolled back: a log kept at its end keeps its thumb on
    the bottom row.)"""
    import unittest.mock as mock

    from textual.geometry import Region
    from textual.widget import Widget

    from allmine_tui.ui.widgets.scroll_rows import bar_rows

    app, session = LogBoard(), _Events()
    async with app.run_test(size=(60, 14)) as pilot:
        log = await _logged(app, session, pilot, 60)
        bar = log.vertical_scrollbar
        height = bar.size.height
        assert log.show_vertical_scrollbar and height >= 3
        log.scroll_to(y=30, animate=False, immediate=True)  # back to the middle: it stays
        await pilot.pause()
        assert not log._at_end  # noqa: SLF001
        asked: list[tuple] = []
        whole_refresh = Widget.refresh

        def spy(widget, *regions, **kwargs):
            if widget is bar:
                asked.append(regions)
            return whole_refresh(widget, *regions, **kwargs)

        def told(widget, *regions):  # (rows repainted straight through the screen)
            if widget is bar and regions:
                asked.append(regions)
            return internals_repaint(widget, *regions)

        from allmine_tui.ui.widgets import scroll_rows
        internals_repaint = scroll_rows.repaint_now
        moved = 0  # lines added that moved the thumb (its rows as drawn)
        with mock.patch.object(Widget, "refresh", spy), \
                mock.patch.object(scroll_rows, "repaint_now", told):
            for _ in range(25):
                before = bar_rows(bar)
                session.add(1)
                log.sync(session, None)
                await pilot.pause()
                moved += bar_rows(bar) != before
        assert moved > 0 and asked
        rows = [r for regions in asked for r in regions]
        assert all(r.height == 1 and r.width == bar.size.width for r in rows)
        assert len(rows) < moved * height / 2  # a row or two a move, not the whole bar
        shown = [list(s) for s in bar.render_lines(Region(0, 0, bar.size.width, height))]
        whole_refresh(bar)  # a whole repaint, as Textual would do it
        await pilot.pause()
        assert shown == [list(s) for s in bar.render_lines(Region(0, 0, bar.size.width,
                                                                  height))]
        # each row drawn alone is the row Textual draws rendering the whole bar
        for _ in range(12):
            session.add(1)
            log.sync(session, None)
            await pilot.pause()
            ours = [list(bar.render_line(y)) for y in range(height)]
            whole_refresh(bar)  # (Textual's own drawing renders the bar again)
            assert ours == [list(Widget.render_line(bar, y)) for y in range(height)]

def _rich_line_strip(line: Text, console, base):
    """What line_strip gave before its fast path: every line through Rich's Text.render."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    own = line.style
    style = base + (console.get_style(own, default=Style.null()) if isinstance(own, str) and own
                    else own if isinstance(own, Style) else Style())
    return Strip(list(Segment.apply_style(line.render(console), style)), line.cell_len)


STYLES = ["", "bold", "dim italic", "red", "green on black", "reverse", "bold #ff8800",
          "link https://x.org", "nonsense-style-name"]


def test_a_line_is_cut_into_the_same_segments_as_rich_cuts_it():
    """line_strip's own cutting of lines whose spans follow one another gives exactly the
    segments (texts and styles) that Rich's Text.render gives, for lines built with append,
    lines with overlapping or out-of-order spans (cut by its own stack of open spans), and
    any base style."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from rich.console import Console
    from rich.style import Style

    from allmine_tui.ui.widgets.lines import line_strip

    console = Console(width=120, color_system="truecolor")
    piece = st.tuples(st.text(alphabet="ab ◆▮★é漢", min_size=0, max_size=6),
                      st.sampled_from(STYLES) | st.builds(Style, color=st.sampled_from(
                          ["red", "blue", None]), bold=st.booleans()))
    extra = st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30),
                               st.sampled_from(STYLES)), max_size=3)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(piece, max_size=8), extra, st.sampled_from(STYLES),
           st.sampled_from([Style(), Style(color="white", bgcolor="black"), Style(bold=True)]))
    def check(pieces, stylize, own, base):
        line = Text(style=own)
        for text, style in pieces:
            line.append(text, style=style)
        for start, end, style in stylize:  # spans that may overlap the others
            line.stylize(style, start, end)
        fast, rich = line_strip(line, console, base), _rich_line_strip(line, console, base)
        # the same cells: neighbours of one style may come as one segment
        assert list(fast.simplify()) == list(rich.simplify())
        assert fast.cell_length == rich.cell_length
        assert len(list(fast)) <= len(list(rich))

    check()


def test_a_joined_line_is_cut_as_the_whole_line_would_be():
    """A line joined from parts (a row of cards, a table's row) is drawn from its parts'
    strips: the same cells, colours and emphasis as the whole line cut at once, whatever the
    parts' own styles and spans; a joined line changed after it was made is cut whole."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from rich.console import Console
    from rich.style import Style

    from rich.segment import Segment
    from textual.strip import Strip

    from allmine_tui.ui.widgets.lines import _intact, joined, joined_strip, line_strip

    console = Console(width=120, color_system="truecolor")
    piece = st.tuples(st.text(alphabet="ab ◆▮★", min_size=0, max_size=5), st.sampled_from(STYLES))
    part = st.tuples(st.lists(piece, max_size=4), st.sampled_from(STYLES),
                     st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12),
                                        st.sampled_from(STYLES)), max_size=2))

    def build(pieces, own, stylize) -> Text:
        text = Text(style=own)
        for words, style in pieces:
            text.append(words, style=style)
        for start, end, style in stylize:
            text.stylize(style, start, end)
        return text

    @settings(max_examples=300, deadline=None)
    @given(st.lists(part, max_size=6),
           st.sampled_from([Style(), Style(color="white", bgcolor="black"), Style(bold=True)]))
    def check(parts, base):
        texts = [build(*p) for p in parts]
        line = joined(texts)
        assert line.plain == "".join(t.plain for t in texts)
        assert _intact(line) == bool(line.plain)
        if not line.plain:
            return  # (nothing to join: TextLines cuts it as any line)
        whole = Text()
        for t in texts:
            whole.append_text(t)
        mine, theirs = joined_strip(line, console, base), line_strip(whole, console, base)

        def cells(strip):  # (no style and the empty style draw alike)
            return list(Strip([Segment(seg.text, seg.style or Style()) for seg in strip])
                        .simplify())

        assert cells(mine) == cells(theirs)
        assert mine.cell_length == theirs.cell_length

    check()
    line = joined([Text("ab", style="red"), Text("cd")])
    line.stylize("bold", 0, 3)  # (changed after it was made: no longer its parts)
    assert not _intact(line)
    line = joined([Text("ab", style="red"), Text("cd")])
    line.append("e")
    assert not _intact(line)


async def test_the_boxes_lay_out_as_textual_s_and_skip_drawing_again():
    """RowBox and ColumnBox are Horizontal and Vertical (their CSS applies: children side by
    side, one under the other) that give the lines they drew while nothing changed."""
    from textual.geometry import Region

    from allmine_tui.ui.widgets.quiet import ColumnBox, RowBox

    class Boxes(App):
        CSS = "TextLines { width: 10; height: 1; } RowBox { height: auto; }"

        def compose(self) -> ComposeResult:
            with ColumnBox(id="down"):
                with RowBox(id="across"):
                    yield TextLines("a", id="a")
                    yield TextLines("b", id="b")
                yield TextLines("c", id="c")

    app = Boxes()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        a, b, c = (app.query_one(f"#{i}") for i in "abc")
        assert a.region.y == b.region.y and b.region.x == a.region.x + 10  # side by side
        assert c.region.y == a.region.y + 1 and c.region.x == a.region.x  # underneath
        across = app.query_one("#across", RowBox)
        crop = Region(0, 0, across.size.width, 1)
        drawn = across.render_lines(crop)
        assert across.render_lines(crop) is drawn
        across.refresh()
        assert across.render_lines(crop) is not drawn


async def test_a_log_whose_bar_is_always_there_never_asks_for_a_layout():
    """Mine All Mines' log (its scroll bar always shown) takes new lines, from fitting to
    scrolling and on, with no layout pass; the newest line stays in view and the bar knows the
    log's length."""
    from allmine_tui.games.mine_all_mines.bottom import QuietLog

    class QuietBoard(App):
        def compose(self) -> ComposeResult:
            yield QuietLog(id="log")

    app, session = QuietBoard(), _Events()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(QuietLog)
        session.add(2)
        log.sync(session, None)
        await pilot.pause()
        layouts = count_layouts(app)
        for _ in range(20):  # past the log's height
            session.add(1)
            log.sync(session, None)
            await pilot.pause()
        assert layouts == []
        assert log.virtual_size.height == 22 and log.scroll_y == log.max_scroll_y > 0
        assert log.vertical_scrollbar.window_virtual_size == 22
        last = log.scrollable_content_region.height - 1
        assert "".join(s.text for s in log.render_line(last)).startswith("event 21")


async def test_kept_styled_lines_are_the_lines_textual_styles():
    """A widget that keeps its styled lines (KeptStylesCache) draws every line exactly as
    Textual's own styling does, through new, repeated and changed content and through changes
    of border, padding, colours, tint and size (and without border: the rows it pads itself)."""
    from rich.segment import Segment
    from textual._styles_cache import StylesCache
    from textual.geometry import Region
    from textual.strip import Strip
    from textual.widget import Widget

    from allmine_tui.ui.widgets.lines import TextLines

    class Reference(TextLines):
        def __init__(self, **kwargs) -> None:
            super().__init__(**kwargs)
            self._styles_cache = StylesCache()  # noqa: SLF001 - Textual's own, as it comes

    strips: dict[str, Strip] = {}

    class Fixed(TextLines):
        """Draws each line as the same strip whatever its styles (so only the styling can
        change the line on screen)."""

        def render_line(self, y: int) -> Strip:
            text = self._lines[y].plain if y < len(self._lines) else ""
            return strips.setdefault(text, Strip([Segment(text)], len(text)))

    class FixedReference(Fixed):
        def __init__(self, **kwargs) -> None:
            super().__init__(**kwargs)
            self._styles_cache = StylesCache()  # noqa: SLF001

    css = """
    TextLines { height: 6; width: 28; border: round red; padding: 0 2; background: $panel; }
    TextLines.-other { border: heavy green; padding: 1 1; background: blue 40%; tint: red 20%; }
    TextLines.-thin { border: none; padding: 0; width: 20; outline: solid yellow; }
    TextLines.-plain { border: none; padding: 1 1 0 3; background: green 30%; }
    TextLines.-bare { border: none; padding: 0; width: 16; }
    """

    class Both(App):
        CSS = css

        def compose(self) -> ComposeResult:
            yield TextLines(id="kept")
            yield Reference(id="plain")
            yield Fixed(id="fixed")
            yield FixedReference(id="fixed-plain")

    texts = [Text("a line\n[b]x"), Text.from_markup("[bold red]red[/] and [i]more[/]\nsecond"),
             Text("a line\n[b]x"), Text("only one"), Text.from_markup("[u]a line[/]\n[b]x\nz")]
    app = Both()
    async with app.run_test(size=(60, 30)) as pilot:
        pairs = [(app.query_one("#kept", TextLines), app.query_one("#plain", Reference)),
                 (app.query_one("#fixed", Fixed), app.query_one("#fixed-plain", Fixed))]
        kept = pairs[0][0]
        assert not isinstance(pairs[0][1]._styles_cache, type(kept._styles_cache))  # noqa
        compared = 0
        for classes in ("", "-other", "", "-thin", "-plain", "-bare", "-plain", ""):
            for text in texts:
                for widget in [w for pair in pairs for w in pair]:
                    widget.set_classes(classes)
                    widget.set_text(text)
                await pilot.pause()
                for mine, theirs in pairs:
                    height, width = mine.outer_size.height, mine.outer_size.width
                    assert (height, width) == (theirs.outer_size.height,
                                               theirs.outer_size.width)
                    crop = Region(0, 0, width, height)
                    assert [list(s) for s in Widget.render_lines(mine, crop)] == \
                        [list(s) for s in Widget.render_lines(theirs, crop)], (classes, text)
                    compared += 1
        assert compared == 80
        # lines were really given again from what was kept (the repeated texts)
        assert kept._styles_cache._kept  # noqa: SLF001


async def test_kept_styling_follows_the_colours_around_a_widget():
    """What KeptStylesCache keeps between drawings (the colours behind a widget, its opacity,
    the theme) follows a change of an ancestor's background, tint or opacity, of the theme,
    and of the widget's size: every line is still the one Textual's own styling draws."""
    from textual._styles_cache import StylesCache
    from textual.containers import Vertical
    from textual.geometry import Region
    from textual.widget import Widget

    from allmine_tui.ui.widgets.lines import TextLines

    class Reference(TextLines):
        def __init__(self, **kwargs) -> None:
            super().__init__(**kwargs)
            self._styles_cache = StylesCache()  # noqa: SLF001 - Textual's own, as it comes

    css = """
    Vertical { height: 8; background: $surface; }
    Vertical.-red { background: red 50%; }
    Vertical.-faded { opacity: 60%; background: blue; }
    Vertical.-tinted { background-tint: green 30%; }
    TextLines { height: 3; width: 24; padding: 0 1; }
    TextLines.-wide { width: 30; }
    """

    class Nested(App):
        CSS = css

        def compose(self) -> ComposeResult:
            with Vertical(id="outer-kept"):
                yield TextLines(id="kept")
            with Vertical(id="outer-plain"):
                yield Reference(id="plain")

    app = Nested()
    async with app.run_test(size=(60, 20)) as pilot:
        mine, theirs = app.query_one("#kept", TextLines), app.query_one("#plain", Reference)
        boxes = [app.query_one("#outer-kept"), app.query_one("#outer-plain")]
        for widget in (mine, theirs):
            widget.set_text(Text.from_markup("[b]one[/] line\n[red]two[/]"))
        compared = 0
        steps = [("box", "-red"), ("box", "-faded"), ("theme", "textual-light"),
                 ("box", "-tinted"), ("widget", "-wide"), ("theme", "textual-dark"),
                 ("box", ""), ("widget", "")]
        for kind, value in steps:
            if kind == "theme":
                app.theme = value
            else:
                for node in (boxes if kind == "box" else [mine, theirs]):
                    node.set_classes(value)
            await pilot.pause()
            width, height = mine.outer_size.width, mine.outer_size.height
            assert (width, height) == (theirs.outer_size.width, theirs.outer_size.height)
            crop = Region(0, 0, width, height)
            ours = [list(s) for s in Widget.render_lines(mine, crop)]
            assert ours == [list(s) for s in Widget.render_lines(theirs, crop)], (kind, value)
            # and drawn a second time, from what was kept, the same again
            assert [list(s) for s in Widget.render_lines(mine, crop)] == ours
            compared += 1
        assert compared == len(steps)
        assert mine._styles_cache._frame is not None  # noqa: SLF001 - the kept set-up was used
