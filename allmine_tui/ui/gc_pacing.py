"""Python's full garbage collections, run when nobody is waiting for a frame.

Every so often Python looks through all its oldest objects for unreachable cycles. With a game's
screens, caches and history alive that pass takes 50-200 ms, and a key that came meanwhile waited
for it: the slowest frames ``allmine bench`` measured were these pauses. While an app runs, the
pacer takes that pass out of Python's schedule (the oldest generation's threshold is set out of
reach) and runs it itself once it is due by Python's own count and the app has been quiet for a
moment: no key or click for ``IDLE`` seconds, or, on a table that never rests, ``LONGEST`` seconds
since the last one at the most. The young generations are collected as ever, so memory is handed
back as before. ``ALLMINE_GC=python`` leaves Python's own schedule alone.

The young generations are paced too. Python collects the youngest one after every 700 new
objects, and a move made creates a few thousand (its lines, texts and strips): two or three young
collections, and every few moves a middle one (1-2 ms), landed inside the frame of nearly every
move. While pacing, the youngest generation waits for ``YOUNG`` new objects instead, and each
tick collects the youngest generation (and the middle one when Python would) once the keyboard
has been quiet for ``YOUNG_QUIET`` seconds and enough is there to collect: a frame seldom pays for
one, garbage never waits long, and the full pass comes due at Python's own pace.
"""
from __future__ import annotations

import gc
import os
import time
from typing import Callable

IDLE = 0.8  # seconds without a key or click before a due full collection runs
LONGEST = 20.0  # seconds: a due full collection waits no longer than this for a quiet moment
DUE = 10  # collections of the middle generation since the last full one (Python's default)
OUT_OF_REACH = 1 << 30
YOUNG = 25_000  # new objects before Python collects the youngest generation itself, while pacing
YOUNG_QUIET = 0.2  # seconds without a key or click before a tick collects the young generations
YOUNG_MIN = 700  # new objects worth a young collection at a tick (Python's own threshold)

_active = 0  # pacers started and not stopped (tests run many apps in one process)
_saved: tuple[int, int, int] | None = None  # Python's thresholds before the first pacer


class GcPacer:
    """One app's pacer: ``start`` on mount, ``input_seen`` for each key or click, ``tick`` from a
    timer, ``stop`` on unmount."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_input = self.last_full = clock()
        self.running = False
        self.full_runs = 0
        self.young_runs = 0

    def start(self) -> bool:
        """Take the full collections over (False, and nothing changed, under ALLMINE_GC=python)."""
        global _active, _saved
        if self.running or os.environ.get("ALLMINE_GC", "").strip().lower() == "python":
            return False
        if _active == 0:
            _saved = gc.get_threshold()
            _young, middle, _old = _saved
            gc.set_threshold(YOUNG, middle, OUT_OF_REACH)
        _active += 1
        self.running = True
        return True

    def stop(self) -> None:
        """Give Python its own schedule back (when the last pacer stops)."""
        global _active, _saved
        if not self.running:
            return
        self.running = False
        _active -= 1
        if _active == 0 and _saved is not None:
            gc.set_threshold(*_saved)
            _saved = None

    def input_seen(self) -> None:
        self.last_input = self.clock()

    def due(self) -> bool:
        return gc.get_count()[2] >= DUE

    def tick(self) -> bool:
        """Run a full collection if one is due and this is a good moment; True if it ran.
        Else collect the young generations if the keyboard is quiet and they hold enough."""
        if not self.running:
            return False
        now = self.clock()
        if not self.due():
            young, middle, _old = gc.get_count()
            if now - self.last_input >= YOUNG_QUIET and young >= YOUNG_MIN:
                # the middle generation too when Python would collect it (its own count)
                gc.collect(1 if middle >= gc.get_threshold()[1] else 0)
                self.young_runs += 1
            return False
        if now - self.last_input < IDLE and now - self.last_full < LONGEST:
            return False
        gc.collect()
        self.last_full = self.clock()
        self.full_runs += 1
        return True
