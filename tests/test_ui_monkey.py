"""Random input through the real app, one bounded run per game: keys (the game's own, menus, help,
the command palette), clicks anywhere, and terminal resizes (some too small), over a hot-seat game
with a curtain and a bot. Fails on any exception in the app, or on a freeze (a watchdog ends the
test process, printing where it hung).

Each run is seeded; the seed and the last inputs are printed, so a failure reproduces with
``ALLMINE_MONKEY_SEED=<seed> pytest tests/test_ui_monkey.py -k <game> -n 0`` (and more inputs
per run with ``ALLMINE_MONKEY_STEPS``).
"""
from __future__ import annotations

import faulthandler
import os
import random
import sys

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.session import GameSession
from helpers import until_idle

STEPS = int(os.environ.get("ALLMINE_MONKEY_STEPS", "30"))  # longer runs by hand, e.g. 1000
FREEZE_SECONDS = 90  # far above a normal run (a few seconds); only a hang gets there

KEYS = (["left", "right", "up", "down", "enter", "space", "tab", "shift+tab", "backspace",
         "escape", "pageup", "pagedown", "home", "end", "question_mark", "f1", "f5", "ctrl+p",
         "p", "q", "n", "c", "r", "s", "l", "L", "R", "a", "b", "d", "g", "m", "x", "y"]
        + [str(d) for d in range(10)])


def seats_for(game_id: str) -> list[Seat]:
    spec = GAMES[game_id]
    n = max(3, spec.min_players) if spec.max_players >= 3 else spec.max_players
    seats = [Seat("Ann"), Seat("Bob")]
    seats += [Seat(f"Bot{i}", spec.default_bot) for i in range(n - 2)]
    return seats


def pick_size(rng: random.Random) -> tuple[int, int]:
    if rng.random() < 0.3:  # too small for a game, sometimes for a menu too
        return rng.randint(30, 110), rng.randint(10, 32)
    return rng.randint(100, 170), rng.randint(30, 50)


async def monkey(game_id: str, seed: str, trail: list[str], save_path) -> None:
    rng = random.Random(seed)
    match = Match(game_id, seats_for(game_id), seed)
    app = AllMineApp(GameSession(match, save_path))

    async def no_quit() -> None:  # a click on the keys line's Quit is a fair way out; keep going
        trail.append("(quit asked, ignored)")

    app.action_quit = no_quit
    async with app.run_test(size=(120, 40)) as pilot:
        await until_idle(pilot)
        for _ in range(STEPS):
            roll = rng.random()
            width, height = app.size
            if roll < 0.08:
                size = pick_size(rng)
                trail.append(f"resize {size}")
                await pilot.resize_terminal(*size)
            elif roll < 0.33:
                x, y = rng.randrange(width), rng.randrange(height)
                trail.append(f"click {x},{y}")
                await pilot.click(offset=(x, y))
            elif roll < 0.38:
                trail.append("pause")
                await pilot.pause(0.05)  # time passing is an input too: timers, a bot's move
            else:
                key = rng.choice(KEYS)
                if key == "q" and isinstance(app.screen, PickerScreen):
                    key = "n"  # q there quits the app, which would end the run early
                trail.append(key)
                await pilot.press(key)
        await pilot.resize_terminal(120, 40)
        await until_idle(pilot)  # (a hang never settles: it fails here, or the watchdog fires)
        assert app.is_running and app.screen_stack


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_random_input_never_crashes_or_freezes(game_id, monkeypatch, data_dir):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    seed = os.environ.get("ALLMINE_MONKEY_SEED") or f"monkey/{game_id}/1"
    print(f"monkey seed: {seed!r} ({game_id})")
    trail: list[str] = []
    faulthandler.dump_traceback_later(FREEZE_SECONDS, exit=True, file=sys.stderr)
    try:
        await monkey(game_id, seed, trail, data_dir / "monkey.json")
    except BaseException:
        print(f"seed {seed!r}; last inputs: {trail[-25:]}")
        raise
    finally:
        faulthandler.cancel_dump_traceback_later()
