"""``allmine bench --soak MINUTES``: one app session left playing all-bot games for a while.

The real app runs headless: from the picker it opens a game of bots only (each game in turn, every
seat filled with a random bot, bots acting at once), waits for the results screen, goes back to the
picker with Enter, and starts the next game, until the time is up. Every few seconds it records
the process's memory (resident set size) and a census of what the app holds: screens on the
stack, live DOM nodes, workers, timers, threads and Python objects. What accumulates from game to
game shows up as a slope in those figures. With ``trace`` it also compares tracemalloc snapshots
taken after the first game and at the end, and lists the source lines whose allocations grew most.

Saves go to a temporary data folder, removed at the end; the player's own saves are not touched.
"""
from __future__ import annotations

import gc
import os
import sys
import tempfile
import threading
import time
import tracemalloc
from typing import Callable

from .games import GAMES

WARM_UP_GAMES = 1  # the first sample is taken after this many games (imports, caches)
GAME_TIMEOUT = 300.0  # seconds; a game of bots that takes longer than this has stalled


class SoakError(Exception):
    """The soak could not go on (a game stalled, a screen did not appear)."""


def rss_mib() -> float:
    """This process's resident memory now, in MiB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def census(app) -> dict:
    """What the app holds now (after a full garbage collection)."""
    from .ui.textual_internals import live_nodes, timer_count

    gc.collect()
    nodes = live_nodes(app)  # every live DOM node: screens and widgets
    timers = timer_count(app)
    return {
        "screens": len(app.screen_stack),
        "dom_nodes": len(nodes),
        "workers": len(app.workers),
        "timers": timers,
        # not the event loop's own pool (asyncio_N), which bots think in: it is bounded and
        # keeps its idle threads
        "threads": sum(1 for t in threading.enumerate() if not t.name.startswith("asyncio_")),
        "objects": len(gc.get_objects()),
        "rss_mib": rss_mib(),
    }


def soak_seats(spec, players: int | None = None):
    """Every seat a bot; random bots (where the game has them) so that many games go by: what
    leaks, leaks per game and per screen, not per bot decision."""
    from .engine import Seat

    bot = "random" if "random" in spec.bots() else spec.default_bot
    count = spec.max_players if players is None else max(spec.min_players, min(players,
                                                                           spec.max_players))
    return [Seat(f"Bot {i + 1}", bot) for i in range(count)]


async def _wait_for(pilot, condition, what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SoakError(f"{what} did not happen within {timeout:.0f} s")
        await pilot.pause(0.02)


async def drive(pilot, minutes: float, every: float, report: dict,
                say: Callable[[str], None], max_games: int | None = None,
                game_ids: list[str] | None = None, players: int | None = None) -> None:
    """Play games in the running app until ``minutes`` have passed; fills ``report``."""
    from . import storage
    from .engine import Match
    from .ui.screens.picker import PickerScreen
    from .ui.screens.results import ResultsScreen
    from .ui.session import GameSession

    app = pilot.app
    ids = game_ids or list(GAMES)
    started = time.monotonic()
    deadline = started + minutes * 60
    next_sample = 0.0
    games = 0
    await _wait_for(pilot, lambda: isinstance(app.screen, PickerScreen), "the picker", 30)
    while time.monotonic() < deadline and (max_games is None or games < max_games):
        spec = GAMES[ids[games % len(ids)]]
        match = Match(spec.id, soak_seats(spec, players), f"soak/{games}")
        session = GameSession(match, storage.new_save_path(spec.id))
        session.autosave()
        app.open_session(session)
        await _wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen),
                        f"game {games + 1} ({spec.title}) reaching its results", GAME_TIMEOUT)
        await pilot.press("enter")
        await _wait_for(pilot, lambda: isinstance(app.screen, PickerScreen),
                        "the way back to the picker", 30)
        games += 1
        report["games"] = games
        now = time.monotonic() - started
        if games == WARM_UP_GAMES and report.get("trace"):
            report["_snapshot"] = tracemalloc.take_snapshot()
        if games >= WARM_UP_GAMES and (now >= next_sample or time.monotonic() >= deadline):
            await pilot.pause(0.1)  # let screens that were just closed finish going away
            sample = {"seconds": round(now, 1), "games": games, **census(app)}
            report["samples"].append(sample)
            say(f"{sample['seconds']:7.1f} s  {games:4d} games  {sample['rss_mib']:7.1f} MiB  "
                f"{sample['dom_nodes']:5d} nodes  {sample['objects']:8d} objects")
            next_sample = now + every


def _top_growth(first, last, limit: int = 10) -> list[dict]:
    stats = sorted(last.compare_to(first, "lineno"), key=lambda st: st.size_diff, reverse=True)
    out = []
    for stat in [st for st in stats if st.size_diff > 0][:limit]:
        frame = stat.traceback[0]
        out.append({"where": f"{frame.filename}:{frame.lineno}",
                    "grew_kib": round(stat.size_diff / 1024, 1), "count_diff": stat.count_diff})
    return out


def run(minutes: float, every: float = 10.0, trace: bool = False, progress: bool = False,
        max_games: int | None = None, game_ids: list[str] | None = None,
        players: int | None = None) -> dict:
    """Run the soak; returns a JSON-ready report (``samples``, ``growth``, ``error``). Games
    follow ``game_ids`` (default: every game) in turn, each with ``players`` seats (default: the
    most the game takes); ``max_games`` ends it sooner."""
    from .ui.app import AllMineApp

    say: Callable[[str], None] = (lambda text: print(f"soak: {text}", file=sys.stderr)) \
        if progress else (lambda text: None)
    report: dict = {"minutes": minutes, "games": 0, "samples": [], "trace": trace, "error": None}
    saved_env = {k: os.environ.get(k) for k in ("ALLMINE_DATA_DIR", "ALLMINE_BOT_DELAY")}
    with tempfile.TemporaryDirectory(prefix="allmine-soak-") as tmp:
        os.environ["ALLMINE_DATA_DIR"] = tmp
        os.environ["ALLMINE_BOT_DELAY"] = "0"
        if trace:
            tracemalloc.start(1)

        async def pilot_main(pilot) -> None:
            try:
                await drive(pilot, minutes, every, report, say, max_games, game_ids, players)
            except SoakError as exc:
                report["error"] = str(exc)
            finally:
                pilot.app.exit()

        try:
            AllMineApp().run(headless=True, size=(120, 40), auto_pilot=pilot_main)
        finally:
            from . import storage

            storage.flush_autosaves()
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    first = report.pop("_snapshot", None)
    if trace:
        if first is not None:
            report["top_growth"] = _top_growth(first, tracemalloc.take_snapshot())
        tracemalloc.stop()
    report["growth"] = growth(report["samples"])
    return report


def growth(samples: list[dict]) -> dict:
    """First and last sample and the change per game of each figure."""
    if len(samples) < 2:
        return {}
    first, last = samples[0], samples[-1]
    games = max(1, last["games"] - first["games"])
    keys = ("rss_mib", "dom_nodes", "objects", "workers", "timers", "threads", "screens")
    return {key: {"first": first[key], "last": last[key],
                  "per_game": round((last[key] - first[key]) / games, 3)} for key in keys}


def render(report: dict, console) -> None:
    from rich.table import Table

    table = Table(title=f"allmine soak: {report['games']} games in one app session",
                  title_justify="left", highlight=False)
    for name in ("time", "games", "RSS MiB", "objects", "DOM nodes", "screens", "workers",
                 "timers", "threads"):
        table.add_column(name, justify="right")
    for s in report["samples"]:
        table.add_row(f"{s['seconds']:.0f} s", str(s["games"]), f"{s['rss_mib']:.1f}",
                      f"{s['objects']:,}", str(s["dom_nodes"]), str(s["screens"]),
                      str(s["workers"]), str(s["timers"]), str(s["threads"]))
    console.print(table)
    g = report.get("growth") or {}
    if g:
        console.print("Change per game after the first: " + ", ".join(
            f"{key} {value['per_game']:+g}" for key, value in g.items()), highlight=False)
    for item in report.get("top_growth", []):
        console.print(f"  {item['grew_kib']:+9.1f} KiB {item['count_diff']:+7d} blocks  "
                      f"{item['where']}", highlight=False, markup=False)
    if report.get("error"):
        console.print(f"Soak stopped early: {report['error']}", style="bold red",
                      highlight=False, markup=False)
