"""Full garbage collections in quiet moments (ui/gc_pacing.py): Python's own full pass is taken
out of its schedule while an app runs and given back after; a due pass waits for a moment without
input, or runs anyway once it has waited too long; ALLMINE_GC=python turns the pacer off."""
from __future__ import annotations

import gc

import pytest

from allmine_tui.ui import gc_pacing
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.gc_pacing import (IDLE, LONGEST, OUT_OF_REACH, YOUNG, YOUNG_MIN, YOUNG_QUIET,
                                      GcPacer)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Due(GcPacer):
    """A pacer whose full pass is due when the test says so."""

    is_due = True

    def due(self) -> bool:
        return self.is_due


@pytest.fixture(autouse=True)
def python_schedule(monkeypatch):
    monkeypatch.delenv("ALLMINE_GC", raising=False)
    before = gc.get_threshold()
    yield
    assert gc.get_threshold() == before  # every test gives the schedule back


def test_start_takes_the_full_pass_over_and_stop_gives_it_back_even_when_nested():
    before = gc.get_threshold()
    first, second = GcPacer(), GcPacer()
    assert first.start() and second.start()
    assert gc.get_threshold() == (YOUNG, before[1], OUT_OF_REACH)
    first.stop()
    assert gc.get_threshold()[2] == OUT_OF_REACH  # the other app still runs
    second.stop()
    second.stop()  # (twice: harmless)
    assert gc.get_threshold() == before


def test_a_due_pass_waits_for_a_quiet_moment():
    clock = Clock()
    pacer = Due(clock)
    pacer.start()
    try:
        pacer.input_seen()
        clock.now += IDLE / 2
        assert not pacer.tick() and pacer.full_runs == 0  # a key came just now
        clock.now += IDLE
        assert pacer.tick() and pacer.full_runs == 1  # quiet for a moment: it runs
        pacer.is_due = False
        clock.now += 10 * IDLE
        assert not pacer.tick()  # nothing due: nothing done
    finally:
        pacer.stop()


def test_a_table_that_never_rests_still_gets_its_pass():
    clock = Clock()
    pacer = Due(clock)
    pacer.start()
    try:
        runs = []
        for _ in range(int(LONGEST / 0.25) + 8):  # a key every quarter second
            clock.now += 0.25
            pacer.input_seen()
            runs.append(pacer.tick())
        assert runs.count(True) == 1 and not any(runs[:int(LONGEST / 0.25) - 1])
    finally:
        pacer.stop()


def test_the_pass_really_collects_and_is_due_by_pythons_own_count():
    pacer = GcPacer(Clock())
    pacer.start()
    try:
        gc.collect()
        assert not pacer.due()
        for _ in range(20):  # middle-generation passes, as allocations would cause
            gc.collect(1)
        assert pacer.due()
        pacer.clock.now += LONGEST  # type: ignore[attr-defined]
        assert pacer.tick() and gc.get_count()[2] == 0
    finally:
        pacer.stop()


def test_allmine_gc_python_leaves_pythons_schedule(monkeypatch):
    monkeypatch.setenv("ALLMINE_GC", "python")
    before = gc.get_threshold()
    pacer = GcPacer()
    assert not pacer.start() and gc.get_threshold() == before
    pacer.input_seen()
    assert not pacer.tick()
    pacer.stop()


async def test_the_app_paces_while_it_runs_and_gives_the_schedule_back():
    before = gc.get_threshold()
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.gc_pacer.running and gc.get_threshold()[2] == OUT_OF_REACH
        seen = app.gc_pacer.last_input
        await pilot.press("down")
        assert app.gc_pacer.last_input > seen  # keys count as input
    assert not app.gc_pacer.running and gc.get_threshold() == before
    assert gc_pacing._active == 0


class NotDue(GcPacer):
    def due(self) -> bool:
        return False


def test_the_young_generations_are_collected_in_a_quiet_moment_not_after_a_key():
    clock = Clock()
    pacer = NotDue(clock)
    pacer.start()
    keep = []
    try:
        gc.collect()
        keep.extend([] for _ in range(YOUNG_MIN + 100))  # new objects, as a move makes
        assert gc.get_count()[0] >= YOUNG_MIN  # (Python has not collected them: YOUNG)
        pacer.input_seen()
        clock.now += YOUNG_QUIET / 2
        assert not pacer.tick() and pacer.young_runs == 0  # a key just came: not now
        clock.now += YOUNG_QUIET
        pacer.tick()
        assert pacer.young_runs == 1 and gc.get_count()[0] < YOUNG_MIN
        pacer.tick()
        assert pacer.young_runs == 1  # (nothing much new: nothing done)
        for _ in range(gc.get_threshold()[1] + 1):  # the middle generation comes due too
            keep.extend([] for _ in range(YOUNG_MIN))
            clock.now += 1
            pacer.tick()
        assert gc.get_count()[1] < gc.get_threshold()[1]
    finally:
        pacer.stop()
