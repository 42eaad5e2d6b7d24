"""Hypothesis strategies for damaged save files: a good save with one thing wrong with it (a value
somewhere replaced by something hostile, cut short, bytes overwritten, a key dropped) or plain
garbage. Shared by the command-line and the saves-screen fuzz tests."""
from __future__ import annotations

import asyncio
import faulthandler
import json
from functools import lru_cache
from pathlib import Path

from hypothesis import strategies as st

from allmine_tui import storage
from allmine_tui.engine import Match, Seat

MARK = "\u0000HOLE\u0000"

#: Raw JSON texts that a careless editor, a bad disk or another program might leave in a save.
HOSTILE_TOKENS = st.one_of(
    st.sampled_from(["NaN", "-NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e308", "-0",
                     "null", "true", "false", "{}", "[]", '""', '"\\ud800"', "0.5", "-1",
                     "[null]", '{"": {}}', '[[["deep"]]]']),
    st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n),
    st.integers(min_value=1, max_value=3000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=3000).map(lambda n: '{"a":' * n + "0" + "}" * n),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.text(max_size=30).map(json.dumps),
)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)


@lru_cache(maxsize=1)
def base_document() -> str:
    """A resumable mid-game save (one human, two bots) as JSON text."""
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 9)
    match.run_bots()
    seat = match.human_seats_to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    match.run_bots()
    return storage.encode_document(storage.save_document(match))


def _paths(value, prefix=()):
    """Every path (tuple of keys and indexes) into a JSON value, the root included."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, prefix + (i,))


@lru_cache(maxsize=1)
def base_paths() -> list[tuple]:
    return list(_paths(json.loads(base_document())))


def _with_hole(path: tuple) -> tuple[dict | str, str]:
    doc = json.loads(base_document())
    if not path:
        return MARK, json.dumps(MARK)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = MARK
    return doc, json.dumps(MARK)


@st.composite
def replaced_value(draw) -> bytes:
    path = draw(st.sampled_from(base_paths()))
    raw = draw(HOSTILE_TOKENS | JSON_VALUES.map(json.dumps))
    doc, hole = _with_hole(path)
    return json.dumps(doc).replace(hole, raw).encode()


@st.composite
def dropped_key(draw) -> bytes:
    paths = [p for p in base_paths() if p and isinstance(p[-1], str)]
    path = draw(st.sampled_from(paths))
    doc = json.loads(base_document())
    node = doc
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return json.dumps(doc).encode()


@st.composite
def cut_short(draw) -> bytes:
    raw = base_document().encode()
    return raw[: draw(st.integers(min_value=0, max_value=len(raw) - 1))]


@st.composite
def overwritten_bytes(draw) -> bytes:
    raw = bytearray(base_document().encode())
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(raw) - 1))
        raw[at] = draw(st.integers(min_value=0, max_value=255))
    return bytes(raw)


DAMAGED_SAVES = st.one_of(
    replaced_value(), replaced_value(), replaced_value(),  # the likeliest to reach deep code
    dropped_key(), cut_short(), overwritten_bytes(),
    st.binary(max_size=64),
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
)


def saves_screen_rows() -> tuple[set[str], set[str], str | None]:
    """Open the app, the saves screen, and back: (rows listed, rows marked unreadable, the
    picker's newest resumable save)."""
    from textual.widgets import DataTable

    from allmine_tui.ui.app import AllMineApp
    from allmine_tui.ui.screens.picker import PickerScreen
    from allmine_tui.ui.screens.saves import SavesScreen
    from helpers import until_idle, wait_until

    async def go():
        app = AllMineApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
            screen = app.screen
            table = screen.query_one(DataTable)
            listed = {Path(key).name for key in screen.infos}
            assert table.row_count == len(listed)
            bad = {Path(k).name for k, i in screen.infos.items() if not i.ok}
            for _ in range(len(listed) + 1):  # walk the rows: the detail line never breaks
                await pilot.press("down")
            await pilot.press("escape")
            picker = app.screen
            assert isinstance(picker, PickerScreen)
            await until_idle(pilot)  # the saves read again (the picker's worker) and shown
            newest = picker._newest.path.name if picker._newest else None
            return listed, bad, newest

    # A hang in the event loop (a blocking read) cannot be cut short by asyncio: the watchdog
    # ends the test process instead, printing where it hung.
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        return asyncio.run(asyncio.wait_for(go(), timeout=60))
    finally:
        faulthandler.cancel_dump_traceback_later()
