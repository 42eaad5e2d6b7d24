"""``allmine bench``'s UI section: how long a key takes to reach the terminal as a new frame.

Every figure is the time from a key handed to the app's driver (as a terminal's input thread
hands it over) to the last byte of the frame the app writes for it, measured in one process with a
driver that renders frames exactly as for a terminal and records when each write happens. A bare
Textual app (one ``Static`` updated by a key) is timed in the same run as the yardstick, since the
machine may be busy: the figures that matter are the ratios to it. It is timed before each game
and after the last, and a game's ratios are to the median of the two beside it (the load of a
shared machine drifts over the minutes a run takes).

Measured, per game, at 100×30, one person and the game's largest table of bots:

- a cursor key (the screen's ``cursor_keys()``: one step along and back, at the first decision);
- a move made (the key that sends the person's move; the move is the one the ``normal`` bot would
  make in their seat; the bots' moves are not counted: they come after a pause, even in a secret
  phase, where they would follow at once and be drawn in one later frame; a notice for everyone,
  such as the end of a hand, is closed with Enter between two moves);
- a change of viewer (two people in hot seat: Enter on the curtain, until the board is drawn; in
  a game whose decisions are all public, the curtain of a peek);
- results → final table (``f`` on the results screen of a finished game).
"""
from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Static

from . import textual_internals as internals

SIZE = (100, 30)
QUIET = 0.12  # seconds without a write that end a frame (the bots' pauses are longer)
BOT_PAUSE = "0.6"  # ALLMINE_BOT_DELAY while measuring: a bot's move is never part of a frame
#: samples per measure: (full run, --quick)
SAMPLES = {"bare": (40, 10), "cursor": (30, 8), "move": (16, 3), "viewer": (6, 2),
           "final": (5, 2)}


class RecordingDriver(HeadlessDriver):
    """Renders frames as for a real terminal (not headless), writes them nowhere, and notes the
    time each write ended."""

    writes: list[float]
    cpu: list[float]
    last_cpu: float = 0.0

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.bytes_written = getattr(self, "bytes_written", 0) + len(data)
        if not hasattr(self, "writes"):
            self.writes = []
            self.cpu = []
        self.writes.append(time.perf_counter())
        self.cpu.append(time.process_time())


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def summary(times: list[float], cpu: list[float] | None = None) -> dict:
    """Median, 95th percentile and maximum of wall times (and the median CPU time of the
    process over the same spans, which a busy machine disturbs less)."""
    ms = [t * 1000 for t in times]
    if not ms:
        return {"samples": 0}
    out = {"samples": len(ms), "median_ms": round(statistics.median(ms), 2),
           "p95_ms": round(percentile(ms, 95), 2), "max_ms": round(max(ms), 2)}
    if cpu:
        out["cpu_median_ms"] = round(statistics.median(cpu) * 1000, 2)
    return out


async def key_to_frame(app: App, key: str, timeout: float = 10.0) -> float | None:
    """Hand ``key`` to the driver and wait for the frame it causes: the time from the key to the
    end of the last write before the output goes quiet (None when nothing was written)."""
    driver = internals.driver(app)
    assert isinstance(driver, RecordingDriver)
    driver.writes = []
    char = {"enter": "\r", "space": " ", "escape": "\x1b"}.get(key, key if len(key) == 1 else None)
    driver.cpu = []
    event = events.Key(key, char)
    started, cpu = time.perf_counter(), time.process_time()
    driver.send_message(event)
    deadline = started + timeout
    while not driver.writes:
        if time.perf_counter() > deadline:
            return None
        await asyncio.sleep(0.002)
    while time.perf_counter() - driver.writes[-1] < QUIET:
        await asyncio.sleep(0.005)
    driver.last_cpu = driver.cpu[-1] - cpu
    return driver.writes[-1] - started


class Samples(list):
    """Key-to-frame times, with the CPU time of each beside them."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []

    async def time(self, app: App, key: str) -> None:
        t = await key_to_frame(app, key)
        if t is not None:
            self.append(t)
            self.cpu.append(internals.driver(app).last_cpu)

    def summary(self) -> dict:
        return summary(list(self), self.cpu)


async def wait_until(check: Callable[[], bool], timeout: float = 30.0) -> bool:
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if check():
            return True
        await asyncio.sleep(0.01)
    return False


async def quiet(app: App) -> None:
    """Until nothing has been written for a while (a frame under way is finished)."""
    driver = internals.driver(app)
    await asyncio.sleep(QUIET)
    while getattr(driver, "writes", None) and time.perf_counter() - driver.writes[-1] < QUIET:
        await asyncio.sleep(0.01)


# -- the yardstick -----------------------------------------------------------------------------
class BareApp(App):
    """One Static whose text a key changes: the least a Textual app can do for a key."""

    BINDINGS = [Binding("left", "move(-1)"), Binding("right", "move(1)")]

    def __init__(self) -> None:
        super().__init__(driver_class=RecordingDriver)
        self.at = 0

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="line")

    def _text(self) -> str:
        return " ".join("[reverse]##[/]" if i == self.at else "##" for i in range(20))

    def action_move(self, delta: int) -> None:
        self.at = (self.at + delta) % 20
        self.query_one("#line", Static).update(self._text())


async def measure_bare(samples: int) -> dict:
    app = BareApp()
    times = Samples()
    async with app.run_test(headless=False, size=SIZE):
        await quiet(app)
        for i in range(samples):
            await times.time(app, "right" if i % 2 == 0 else "left")
    return times.summary()


# -- the games ---------------------------------------------------------------------------------
def _bench_app(game_id: str, people: int, seed: str, data: Path):
    from ..engine import Match, Seat
    from ..games import get_game
    from .session import GameSession

    spec = get_game(game_id)
    players = spec.max_players
    seats = [Seat(name) for name in ("Ann", "Bob")[:people]]
    seats += [Seat(f"Bot {i + 1}", "normal") for i in range(players - len(seats))]
    match = Match(game_id, seats, seed)
    session = GameSession(match, data / f"{game_id}-{people}.json")
    app = BenchApp(session)
    return app, session


class _BenchMixin:
    """A bench-only key (F12) that sends the move chosen beforehand for the person acting."""

    pending_move = None

    def action_bench_move(self) -> None:
        screen = getattr(self, "screen")
        if self.pending_move is not None and hasattr(screen, "submit"):
            screen.submit(self.pending_move)
            self.pending_move = None


def _game_screen(app):
    from .screens.play import PlayScreen

    return next((s for s in reversed(app.screen_stack) if isinstance(s, PlayScreen)), None)


def _ready_for(app, seat: int) -> bool:
    """The person in ``seat`` has their decision on screen, with input open."""
    game = _game_screen(app)
    return game is not None and app.screen is game and game.actor == seat \
        and game.accepts_input(events.Key("x", "x"))


async def measure_game(game_id: str, quick: bool) -> dict:
    pick = 1 if quick else 0
    out: dict = {"game": game_id}
    with tempfile.TemporaryDirectory(prefix="allmine-bench-ui-") as tmp:
        data = Path(tmp)
        # one person and bots: cursor keys, then moves
        app, session = _bench_app(game_id, 1, "bench-ui", data)
        cursor, moves = Samples(), Samples()
        async with app.run_test(headless=False, size=SIZE):
            if await wait_until(lambda: _ready_for(app, 0)):
                await quiet(app)
                game = _game_screen(app)
                forth, back = game.cursor_keys()
                for i in range(SAMPLES["cursor"][pick]):
                    await cursor.time(app, forth if i % 2 == 0 else back)
                for _ in range(SAMPLES["move"][pick]):
                    if not await wait_until(lambda: _ready_for(app, 0) or _notice(app)
                                            or session.match.is_over()):
                        break
                    while _notice(app) and not session.match.is_over():  # (a hand's end)
                        await quiet(app)
                        await key_to_frame(app, "enter")
                        if not await wait_until(lambda: _ready_for(app, 0) or _notice(app)
                                                or session.match.is_over()):
                            break
                    if session.match.is_over():
                        break
                    await quiet(app)
                    app.pending_move = _normal_move(session.match, 0)
                    await moves.time(app, "f12")
            session.match.seats  # (keeps the session alive until here)
        out["cursor"] = cursor.summary()
        out["move"] = moves.summary()
        # two people in hot seat: Enter on the curtain until the board is drawn
        app, session = _bench_app(game_id, 2, "bench-ui-2", data)
        viewer = Samples()
        async with app.run_test(headless=False, size=SIZE):
            for _ in range(SAMPLES["viewer"][pick] * 6):
                if len(viewer) >= SAMPLES["viewer"][pick]:
                    break
                ok = await wait_until(lambda: _curtain(app) or _ready_for(app, 0)
                                      or _ready_for(app, 1) or session.match.is_over())
                if not ok or session.match.is_over():
                    break
                await quiet(app)
                if _curtain(app):
                    await wait_until(lambda: app.screen.accepts_input(events.Key("enter", "\r")))
                    await viewer.time(app, "enter")
                    continue
                game = _game_screen(app)
                app.pending_move = _normal_move(session.match, game.actor)
                await key_to_frame(app, "f12")
            if not viewer and not session.match.is_over():
                await _peeks(app, viewer, SAMPLES["viewer"][pick])
        out["viewer"] = viewer.summary()
        # the results of a finished game, then f: the final table
        out["final"] = (await _measure_final(game_id, data, SAMPLES["final"][pick])).summary()
    return out


async def _peeks(app, viewer: Samples, samples: int) -> None:
    """A game whose decisions are all public (This is Mine!) changes viewer only for a peek:
    p, the first person chosen, and Enter on their curtain until their own view is drawn (p
    again ends the peek)."""
    from .screens.choose_player import ChoosePlayerScreen

    for _ in range(samples):
        if not await wait_until(lambda: _game_screen(app) is app.screen, timeout=10):
            return
        await quiet(app)
        await key_to_frame(app, "p")
        if isinstance(app.screen, ChoosePlayerScreen):
            await key_to_frame(app, "enter")
        if not await wait_until(lambda: _curtain(app), timeout=5):
            return
        await wait_until(lambda: app.screen.accepts_input(events.Key("enter", "\r")))
        await viewer.time(app, "enter")
        await quiet(app)
        await key_to_frame(app, "p")


def _notice(app) -> bool:
    """A notice for everyone (the end of a hand) waits for Enter."""
    from .screens.notice import NoticeScreen

    return isinstance(app.screen, NoticeScreen)


def _curtain(app) -> bool:
    from .screens.curtain import CurtainScreen

    return isinstance(app.screen, CurtainScreen)


def _normal_move(match, seat: int):
    from ..engine import stream

    bot = match.game.bots()["normal"]()
    return bot.choose(match.view(seat), match.legal_actions(seat), stream("bench-ui", seat))


async def _measure_final(game_id: str, data: Path, samples: int) -> Samples:
    from ..engine import Match, Seat
    from ..games import get_game
    from ..simulate import play_out
    from .screens.results import ResultsScreen
    from .session import GameSession

    spec = get_game(game_id)
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(spec.max_players)]
    played = Match(game_id, seats, "bench-ui-final")
    play_out(played)
    people = [Seat("Ann")] + seats[1:]
    match = Match.replay(game_id, people, "bench-ui-final", played.options, played.log)
    session = GameSession(match, data / f"{game_id}-final.json")
    app = BenchApp(session)
    times = Samples()
    async with app.run_test(headless=False, size=SIZE):
        if not await wait_until(lambda: isinstance(app.screen, ResultsScreen)):
            return times
        results = app.screen
        for _ in range(samples):
            await quiet(app)
            await times.time(app, "f")
            if not await wait_until(lambda: app.screen is not results, timeout=5):
                break
            await quiet(app)
            await key_to_frame(app, "escape")
            if not await wait_until(lambda: app.screen is results, timeout=5):
                break
    return times


def _make_bench_app_class():
    from .app import AllMineApp

    class _BenchApp(_BenchMixin, AllMineApp):
        BINDINGS = [Binding("f12", "bench_move", priority=True)]

        def __init__(self, session) -> None:
            super().__init__(session)
            self.driver_class = RecordingDriver

    return _BenchApp


def BenchApp(session):  # noqa: N802 - a factory that reads like the class it builds
    return _make_bench_app_class()(session)


# -- the whole section -------------------------------------------------------------------------
def run(game_ids: list[str], quick: bool = False, say: Callable[[str], None] = lambda s: None
        ) -> dict:
    """Every UI figure, with the bare app's beside them and the ratios of medians."""
    pick = 1 if quick else 0
    saved = {k: os.environ.get(k) for k in ("ALLMINE_BOT_DELAY", "ALLMINE_SECRET_BOT_DELAY",
                                            "ALLMINE_INPUT_GRACE")}
    os.environ["ALLMINE_BOT_DELAY"] = os.environ["ALLMINE_SECRET_BOT_DELAY"] = BOT_PAUSE
    os.environ["ALLMINE_INPUT_GRACE"] = "0"

    async def main() -> dict:
        # the yardstick before each game and after the last: a game's ratios are to the bare
        # app timed just before and just after it (a shared machine's load drifts in minutes)
        bares, games = [], []
        for game_id in game_ids:
            say("UI: bare Textual app")
            bares.append(await measure_bare(SAMPLES["bare"][pick]))
            say(f"UI: {game_id}")
            games.append(await measure_game(game_id, quick))
        say("UI: bare Textual app")
        bares.append(await measure_bare(SAMPLES["bare"][pick]))
        return {"bare": bares[0], "bare_after": bares[-1], "bare_each": bares, "games": games}

    try:
        report = asyncio.run(main())
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    bares = report["bare_each"]

    def yardstick(field: str, first: int, last: int) -> float | None:
        return statistics.median([bares[i].get(field, 0) for i in (first, last)]) or None

    report["bare_median_ms"] = yardstick("median_ms", 0, -1)
    report["bare_cpu_median_ms"] = yardstick("cpu_median_ms", 0, -1)
    for i, g in enumerate(report["games"]):
        base = g["bare_median_ms"] = yardstick("median_ms", i, i + 1)
        cpu = g["bare_cpu_median_ms"] = yardstick("cpu_median_ms", i, i + 1)
        for key in ("cursor", "move"):
            if base and g[key].get("samples"):
                g[key]["ratio"] = round(g[key]["median_ms"] / base, 2)
                g[key]["p95_ratio"] = round(g[key]["p95_ms"] / base, 2)
            if cpu and g[key].get("cpu_median_ms"):
                g[key]["cpu_ratio"] = round(g[key]["cpu_median_ms"] / cpu, 2)
    return report


#: the issue's targets (issue 19): ratios to the bare app, and absolute times in ms
TARGETS = {"cursor_ratio": 1.5, "cursor_p95_ratio": 3.0, "move_ratio": 3.0,
           "viewer_p95_ms": 150.0, "final_p95_ms": 300.0}


def main(argv: list[str] | None = None) -> int:
    """``python -m allmine_tui.ui.bench_ui [--quick] [GAME ...]``: the UI section as one JSON
    object on standard output (``allmine bench`` runs it so, in a process of its own)."""
    import argparse
    import json
    import sys

    from ..games import GAMES

    parser = argparse.ArgumentParser(prog="allmine_tui.ui.bench_ui")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("games", nargs="*")
    args = parser.parse_args(argv)
    games = args.games or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"unknown game: {', '.join(unknown)}", file=sys.stderr)
        return 2
    say = (lambda text: print(f"bench: {text}", file=sys.stderr)) if args.progress else \
        (lambda text: None)
    report = run(games, quick=args.quick, say=say)
    report["targets"] = TARGETS
    sys.stdout.write(json.dumps(report) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
