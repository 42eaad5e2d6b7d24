"""Who is at a shared game: which of its people have a screen open, as one screen sees it.

A screen that has joined a seat holds that seat's lock (``NAME.seatN.lock``, see shared.py) for as
long as it is open, and the system drops the lock when the process ends, however it ends (a closed
window, a killed process, a browser tab closed). So a seat whose lock is held is connected, and a
seat whose lock file exists but is free has been open and is not any more. Nothing is written for
this: every screen only looks at the locks (``locks.is_held``), about twice a second.

``Presence.check()`` returns what changed since the last look, as lines to announce ("Bob left.",
"Bob is back."); ``line()`` is the one line every screen shows, e.g.
``Bob left (waiting 0:40) · here: Ann (you), Dan``. Nothing here imports Textual.
"""
from __future__ import annotations

import time
from typing import Callable

from . import locks
from .shared import SharedGame

BACK_SHOWN = 10.0  # seconds "Bob is back" stays on the line


class Presence:
    def __init__(self, game: SharedGame, names: list[str], humans: list[int], mine: list[int],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.names = list(names)
        self.mine = list(mine)
        self.others = [s for s in humans if s not in mine]
        self.clock = clock
        # per other seat: "new" (never opened), "here", "gone" (was open, is not now)
        self.state: dict[int, str] = {}
        self.since: dict[int, float] = {}  # when a seat went, or came back
        self.check()

    def _is_here(self, seat: int) -> bool:
        return locks.is_held(self.game.seat_lock_path(seat))

    def _was_opened(self, seat: int) -> bool:
        return locks.read_note(self.game.seat_lock_path(seat)) is not None

    def check(self) -> list[str]:
        """Look at every other seat now; returns the changes to announce."""
        news: list[str] = []
        now = self.clock()
        first = not self.state
        for seat in self.others:
            name = self.names[seat]
            here = self._is_here(seat)
            old = self.state.get(seat)
            if here:
                new = "here"
                if old == "gone":
                    news.append(f"{name} is back.")
                    self.since[seat] = now
                elif old == "new":
                    news.append(f"{name} joined.")
            elif old in ("here", "gone") or (old is None and self._was_opened(seat)):
                new = "gone"
                if old != "gone":
                    self.since[seat] = now
                    if not first:
                        news.append(f"{name} left (their seat waits for them).")
            else:
                new = "new"
            self.state[seat] = new
        return news

    def line(self) -> str:
        """Absent people first (what the others wait for), then who is here."""
        now = self.clock()
        away, absent, back = [], [], []
        here = [self.names[s] + " (you)" for s in self.mine]
        for seat in self.others:
            name, state = self.names[seat], self.state.get(seat)
            if state == "gone":
                waited = int(now - self.since.get(seat, now))
                away.append(f"{name} left (waiting {waited // 60}:{waited % 60:02d})")
            elif state == "new":
                absent.append(f"{name} has not joined yet")
            else:
                came = self.since.get(seat)
                if came is not None and now - came < BACK_SHOWN:
                    back.append(f"{name} is back")
                here.append(name)
        line = " · ".join(away + absent + back + ["here: " + ", ".join(here)])
        return line[:1].upper() + line[1:]
