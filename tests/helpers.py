"""What the app tests share: waiting for a condition instead of a fixed time, the game screen
under whatever is on top, and waiting for the app to be idle."""
from __future__ import annotations

import time
from typing import Callable, TypeVar

from textual.worker import WorkerState

from allmine_tui.ui.screens.play import PlayScreen

S = TypeVar("S", bound=PlayScreen)


async def wait_until(pilot, condition: Callable[[], object], what: str = "the condition",
                     timeout: float = 20.0) -> None:
    """Let the app run until ``condition()`` is true; fail, naming ``what``, after ``timeout``
    seconds (a generous bound: a loaded machine is slow, a broken app never gets there)."""
    end = time.monotonic() + timeout
    while True:
        if condition():
            return
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        await pilot.pause(0.01)


def busy(app) -> bool:
    """A worker of the app (a bot thinking, a screen being built) is still pending or running."""
    return any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in app.workers)


async def until_idle(pilot, timeout: float = 20.0) -> None:
    """Let the app run until it is idle: no worker pending or running, twice in a row with the
    messages in between handled (what a fixed pause hoped for, without guessing a time)."""
    end = time.monotonic() + timeout
    quiet = 0
    while quiet < 2:
        await pilot.pause()
        quiet = 0 if busy(pilot.app) else quiet + 1
        if time.monotonic() > end:
            raise AssertionError("the app never settled: a worker kept running")


def game_screen(app, kind: type[S] = PlayScreen) -> S | None:  # type: ignore[assignment]
    """The game screen of kind ``kind`` in the app's stack (under a curtain, a dialog...)."""
    return next((s for s in reversed(app.screen_stack) if isinstance(s, kind)), None)


async def on_screen(pilot, kind: type[S] = PlayScreen) -> S:  # type: ignore[assignment]
    """The game screen of kind ``kind`` on top, drawn, with no bot move or rebuild under way."""
    app = pilot.app
    await wait_until(pilot, lambda: game_screen(app, kind) is app.screen, "the game screen on top")
    await until_idle(pilot)
    return app.screen


def refused(rules, state, seat: int, action, match: str | None = None) -> str:
    """``action`` is refused with a message (containing ``match``, when given) and the state is
    left exactly as it was; returns the message."""
    import json

    import pytest

    from allmine_tui.engine import IllegalAction

    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        rules.apply(state, seat, action)
    assert str(info.value), "an illegal action needs a message"
    if match:
        assert match in str(info.value)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(info.value)


async def until_turn_or_next_screen(pilot, screen, match, seat: int = 0) -> None:
    """On a bot's turn (or with another screen on top), let the app run until ``seat`` may act
    on ``screen`` (the game screen it was) or another screen is on top."""
    await wait_until(pilot, lambda: pilot.app.screen is not screen
                     or (isinstance(screen, PlayScreen) and seat in match.to_act()),
                     f"seat {seat}'s turn or the next screen")


async def lift_curtain(pilot, curtain) -> None:
    """Enter on the curtain on top, once it listens (a key typed before it is shown is
    dropped by design), and wait until it is gone."""
    await wait_until(pilot, lambda: curtain.listening or pilot.app.screen is not curtain,
                     "the curtain listening")
    await pilot.press("enter")
    await wait_until(pilot, lambda: pilot.app.screen is not curtain, "the curtain lifted")


def notice_text(app) -> str:
    """Every notification on screen now, their messages joined (through the adapter: the app's
    notifications are a private attribute of Textual's)."""
    from allmine_tui.ui.textual_internals import live_notifications

    return " ".join(str(n.message) for n in live_notifications(app))


def notices(app, words: str) -> int:
    """How many notifications on screen now say ``words``."""
    from allmine_tui.ui.textual_internals import live_notifications

    return sum(words in str(n.message) for n in live_notifications(app))
