"""``ui.text.hang``: a list under its head, broken between items to fit, further lines indented."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from allmine_tui.ui.text import hang


def test_a_list_that_fits_stays_on_one_line():
    assert hang("  Take: ", ["Bibelot", "2× Bottle"], 40) == "  Take: Bibelot, 2× Bottle"
    assert hang("  Take: ", [], 40) == "  Take: "


def test_a_long_list_breaks_between_items_under_an_indent():
    items = ["Bibelot", "Bottle", "Record", "Ice Skates", "Turntable", "TV"]
    assert hang("  Relatives take: ", items, 56).split("\n") == [
        "  Relatives take: Bibelot, Bottle, Record, Ice Skates,",
        "    Turntable, TV"]


ITEM = st.from_regex(r"[abc×]{1,6}( [abc×]{1,6})?", fullmatch=True)


@given(st.lists(ITEM, min_size=1, max_size=12), st.integers(min_value=20, max_value=80))
def test_every_item_is_kept_in_order_and_no_line_is_too_long(items, room):
    lines = hang("  Head: ", items, room).split("\n")
    for i, line in enumerate(lines):
        body = line[len("  Head: "):] if i == 0 else line
        # too long only where one item alone does not fit
        assert len(line) <= room or body.strip().rstrip(",").count(",") == 0
        if i:
            assert line.startswith("    ") and not line.startswith("     ")
    text = " ".join(line.strip() for line in lines)
    assert text == "Head: " + ", ".join(items)
