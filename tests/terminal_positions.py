"""Positions for the terminal tests: a game played with random legal moves up to a point where a
person's next move (their only legal one) does something the test is about, saved where
``allmine resume`` finds it. Each move order is deterministic, so a position reproduces."""
from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

from allmine_tui.engine import Match, Seat


def table(names: list[str]) -> list[Seat]:
    """``["Ann", "bot:Bob"]``: people, and bots (``bot:NAME``, the random bot)."""
    return [Seat(n[4:], "random") if n.startswith("bot:") else Seat(n) for n in names]


def find(game_id: str, names: list[str], seed: int,
         wanted: Callable[[Match, Match, int], bool | None]) -> tuple[Match, int]:
    """The first position, over move orders 0, 1, 2..., where a person has one legal move and
    ``wanted(before, after, seat)`` says True of it (``after``: the game once it is made); None
    from ``wanted`` gives up that move order. Returns the game before the move and its seat."""
    seats = table(names)

    def replay(log) -> Match:
        match = Match(game_id, seats, seed)
        for seat, action in log:
            match.apply(seat, action)
        return match

    for order in range(200):
        rng = random.Random(order)
        match = replay([])
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            if seats[seat].human and len(legal) == 1:
                after = replay(match.log)
                after.apply(seat, legal[0])
                verdict = wanted(match, after, seat)
                if verdict:
                    return match, seat
                if verdict is None:
                    break
            match.apply(seat, rng.choice(legal))
    raise AssertionError(f"no such position in {game_id} (seed {seed})")


def save_in(folder: Path, match: Match) -> Path:
    """Save ``match`` as a new game in the data folder ``folder`` (as ``allmine new`` would)."""
    from allmine_tui import storage

    old = os.environ.get("ALLMINE_DATA_DIR")
    os.environ["ALLMINE_DATA_DIR"] = str(folder)
    try:
        path = storage.new_save_path(match.game_id)
        storage.write_save(path, match)
        return path
    finally:
        if old is None:
            del os.environ["ALLMINE_DATA_DIR"]
        else:
            os.environ["ALLMINE_DATA_DIR"] = old
