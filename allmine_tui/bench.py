"""``allmine bench``: the performance figures the project aims for, measured on this machine.

- random bot-only games: actions per second on one core (target: 30,000 or more);
- each registered bot's decision time, 95th percentile (target for ``normal``: 50 ms in every game;
  for ``expert``, which searches, 1 s, its max shown too with a target of 3 s; it is timed on fewer
  decisions);
- the coach's hints (``engine.coach.hint``: the expert's search from a person's view, with the
  figures of every candidate), 95th percentile, in positions of ``normal`` bot games (target:
  1.5 s);
- autosave as the player waits for it (``storage.AutoSaver.save`` after each action of a game's
  second half: the document is built and handed to the background writer, which encodes and
  writes it a moment later), 95th percentile
  (target: 5 ms or less); the writer's own time per save (encode, write, fsync, rename) is shown
  beside it, without a target;
- start-up to the game picker against a bare Textual app, each timed as fresh ``python -c``
  processes that exit as soon as the app is running (target ratio: 1.3 or less).

Every registered game is covered by the first three. Textual is imported only by the start-up
probes, which run in subprocesses. The whole run stays under about a minute.
"""
from __future__ import annotations

import math
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Literal

from . import storage
from .engine import Match, RandomBot, Seat, stream
from .engine.search import SearchBot
from .games import GAMES, Game
from .bench_coach import coach_claims, coach_stability, render_claims, render_stability
from .simulate import bot_seats, play_out

#: Targets that hold for every game; each game's own (actions per second, each bot's p95) come
#: from its registration (``Game.bench``), see ``targets``.
COMMON_TARGETS = {
    "search_max_ms": 3000.0,  # a searching bot's slowest decision
    "claims_brier_ratio": 0.9,  # the coach's claims against always claiming 1/players
    "claims_tercile_gap": 0.10,  # claimed minus won, each third of the claims
    "coach_same_top": 0.9,  # the same first move asked twice, where a hint calls it clearly best
    "autosave_p95_ms": 5.0,
    "startup_ratio": 1.3,
}


def targets() -> dict:
    """Every target of a run: per game from the registry (issue 13: 50 ms for every normal bot,
    1 s for the expert; 30,000 random actions a second unless a game says otherwise), and the
    common ones."""
    benched = {game.id: game.bench for game in GAMES.values() if game.bench is not None}
    return {
        "actions_per_second": {g: b.actions_per_second for g, b in benched.items()},
        "bot_p95_ms": {g: dict(b.bot_p95_ms) for g, b in benched.items()},
        "hint_p95_ms": {g: b.hint_p95_ms for g, b in benched.items()},
        **COMMON_TARGETS,
    }


#: Seconds (or runs) spent on each measurement: (full run, --quick).
BUDGET = {
    "actions": (2.0, 0.2),
    "bot": (2.5, 0.2),
    "bot_max_decisions": (3000, 200),
    "search_bot": (8.0, 0.5),  # the searching bots (expert): seconds and decisions per game
    "search_bot_max_decisions": (40, 3),
    "hint": (8.0, 0.5),  # the coach's hints: seconds and hints per game
    "hint_max": (40, 3),
    "autosave_runs": (60, 5),
    "coach": (30.0, 2.0),  # the coach section: seconds and positions per game, each hint asked twice
    "coach_positions": (24, 4),
    "startup_runs": (7, 1),
}

_EXIT_AT_ONCE = """
async def _exit_at_once(pilot):
    pilot.app.exit()
"""
BARE_APP = _EXIT_AT_ONCE + """
from textual.app import App
App().run(headless=True, auto_pilot=_exit_at_once)
"""
ALLMINE_APP = _EXIT_AT_ONCE + """
from allmine_tui.ui.app import AllMineApp
AllMineApp().run(headless=True, auto_pilot=_exit_at_once)
"""


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (``pct`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


# -- rules speed -------------------------------------------------------------------------------
def measure_actions(spec: Game, players: int, budget: float) -> dict:
    """Random bot-only games, back to back, until ``budget`` seconds are spent (at least one)."""
    seats = bot_seats(["random"] * players) if "random" in spec.bots() else \
        bot_seats([spec.default_bot] * players)
    actions = games = 0
    elapsed = 0.0
    while games == 0 or elapsed < budget:
        started = time.perf_counter()
        match = Match(spec.id, seats, f"bench/{games}")
        actions += play_out(match)
        elapsed += time.perf_counter() - started
        games += 1
    return {
        "bot": seats[0].bot,
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 4),
        "actions_per_second": round(actions / elapsed, 1),
        "actions_per_game": round(actions / games, 1),
    }


# -- bot think time ----------------------------------------------------------------------------
def measure_bot(spec: Game, bot: str, players: int, budget: float, max_decisions: int,
                actions_per_game: float) -> dict:
    """Time ``bot``'s decisions (view building included, as in the app) in positions spread over
    whole games.

    Every seat is ``bot``. A slow bot cannot play a whole game inside the budget, so after a few
    warm-up decisions only every ``stride``-th decision is the bot's (timed); the others are
    random moves, which move the game on quickly. The stride is chosen so that about one game's
    worth of positions fits in the budget.
    """
    seats = [Seat(f"{bot} {i + 1}", bot) for i in range(players)]
    filler, filler_rng = RandomBot(), stream("bench", "filler")
    times: list[float] = []
    stride, since_timed, game = 1, 0, 0
    match = Match(spec.id, seats, f"bench-bot/{game}")
    started = time.perf_counter()
    while len(times) < max_decisions:
        spent = time.perf_counter() - started
        if len(times) >= 20 and spent > budget or spent > 3 * budget:
            break
        if match.is_over():
            game += 1
            match = Match(spec.id, seats, f"bench-bot/{game}")
        seat = match.to_act()[0]
        if since_timed + 1 >= stride:
            t0 = time.perf_counter()
            action = match.bot_choice(seat)
            times.append(time.perf_counter() - t0)
            since_timed = 0
            if len(times) == 5:  # enough to guess the cost of one decision
                mean = statistics.fmean(times)
                stride = max(1, round(mean * actions_per_game / budget))
        else:
            action = filler.choose(None, match.legal_actions(seat), filler_rng)
            since_timed += 1
        match.apply(seat, action)
    return {
        "bot": bot,
        "decisions": len(times),
        "stride": stride,
        "mean_ms": _ms(statistics.fmean(times)),
        "p95_ms": _ms(percentile(times, 95)),
        "max_ms": _ms(max(times)),
    }


# -- hints -------------------------------------------------------------------------------------
def measure_hints(spec: Game, players: int, budget: float, max_hints: int) -> dict:
    """Time the coach's hints (wall time, as a person waits for one) in positions spread over
    ``normal`` bot games: a hint every few decisions with a choice, for the seat to act."""
    from .engine.coach import hint

    bot = spec.default_bot if "normal" not in spec.bots() else "normal"
    seats = [Seat(f"{bot} {i + 1}", bot) for i in range(players)]
    times: list[float] = []
    cpu: list[float] = []  # the same hints' CPU time (telling on a busy machine)
    cut = searched = 0
    stride, since, game = 1, 0, 0
    match = Match(spec.id, seats, f"bench-hint/{game}")
    started = time.perf_counter()
    while len(times) < max_hints:
        spent = time.perf_counter() - started
        if len(times) >= 20 and spent > budget or times and spent > 3 * budget:
            break
        if match.is_over():
            game += 1
            match = Match(spec.id, seats, f"bench-hint/{game}")
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if len(legal) > 1:
            since += 1
            if since >= stride:
                since = 0
                t0, c0 = time.perf_counter(), time.thread_time()
                found = hint(spec, match.view(seat), seat, legal)
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
                cut += found.cut_short
                searched += found.searched
                if len(times) == 5:  # spread the rest over about a game's decisions
                    mean = statistics.fmean(times)
                    stride = max(1, round(mean * 60 / budget))
        match.step_bot(seat)
    return {
        "hints": len(times),
        "searched": searched,
        "cut_short": cut,
        "mean_ms": _ms(statistics.fmean(times)),
        "p95_ms": _ms(percentile(times, 95)),
        "max_ms": _ms(max(times)),
        "cpu_p95_ms": _ms(percentile(cpu, 95)),
    }


# -- autosave ----------------------------------------------------------------------------------
def _game_halves(spec: Game, players: int) -> tuple[list[Seat], dict, list]:
    """Seats (one human), options and the log of a whole random bot-only game."""
    seats = [Seat(f"Player {i + 1}", None if i == 0 else "random") for i in range(players)]
    full = Match(spec.id, bot_seats(["random"] * players), "bench-save")
    play_out(full)
    return seats, full.options, full.log


def mid_game_match(spec: Game, players: int) -> Match:
    """A match halfway through a random bot-only game, as the app would autosave it."""
    seats, options, log = _game_halves(spec, players)
    return Match.replay(spec.id, seats, "bench-save", options, log[: len(log) // 2])


def measure_autosave(spec: Game, players: int, runs: int) -> dict:
    """What an autosave costs the player, as the app does it: after each action of the second
    half of a game, ``storage.AutoSaver.save`` (the time timed: building the document and handing
    it to the writer thread, which encodes and writes it a moment later). Then, for reference,
    the writer's own work per document (encode, write, fsync, rename), timed on its own."""
    seats, options, log = _game_halves(spec, players)
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="allmine-bench-") as tmp:
        path = Path(tmp) / "saves" / f"{spec.id}-bench.json"
        storage.write_save(path, mid_game_match(spec, players))  # the folder; not timed
        saver = storage.AutoSaver(path)
        while len(times) < runs:
            half = len(log) // 2
            match = Match.replay(spec.id, seats, "bench-save", options, log[:half])
            for seat, action in log[half:]:
                match.apply(seat, action)
                t0 = time.perf_counter()
                saver.save(match)
                times.append(time.perf_counter() - t0)
                if len(times) >= runs:
                    break
        saver.flush()
        writes = saver.writes
        middle = mid_game_match(spec, players)
        write_times: list[float] = []
        for _ in range(runs):
            t0 = time.perf_counter()
            storage.write_save(path, middle)
            write_times.append(time.perf_counter() - t0)
        size = path.stat().st_size
    return {
        "runs": runs,
        "actions_in_log": len(middle.log),
        "bytes": size,
        "mean_ms": _ms(statistics.fmean(times)),
        "p95_ms": _ms(percentile(times, 95)),
        "writes": writes,
        "write_mean_ms": _ms(statistics.fmean(write_times)),
        "write_p95_ms": _ms(percentile(write_times, 95)),
    }


# -- start-up ----------------------------------------------------------------------------------
def _time_process(code: str, timeout: float = 60.0) -> tuple[float, str | None]:
    """Wall time of ``python -c code``; the error's last line when it fails."""
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t0, f"did not exit within {timeout:.0f} s"
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
        return elapsed, (lines[-1].strip() if lines else f"exit code {proc.returncode}")
    return elapsed, None


def measure_startup(runs: int, warm_up: bool = True) -> dict:
    """Median wall time of fresh processes that start an app headless and exit once it runs:
    a bare Textual ``App`` and ``AllMineApp`` (at its picker), interleaved."""
    out: dict = {"runs": runs, "available": False, "reason": ""}
    bare: list[float] = []
    mine: list[float] = []
    if warm_up:  # fill the file cache and write bytecode, so neither side pays for that
        _time_process(BARE_APP)
        _, error = _time_process(ALLMINE_APP)
        if error:
            out["reason"] = error
    for _ in range(runs):
        seconds, error = _time_process(BARE_APP)
        if error:
            out["reason"] = f"bare Textual app failed: {error}"
            return out
        bare.append(seconds)
        if out["reason"]:
            continue
        seconds, error = _time_process(ALLMINE_APP)
        if error:
            out["reason"] = error
            continue
        mine.append(seconds)
    out["bare_median_s"] = round(statistics.median(bare), 4)
    if mine and not out["reason"]:
        out["available"] = True
        out["allmine_median_s"] = round(statistics.median(mine), 4)
        out["ratio"] = round(out["allmine_median_s"] / out["bare_median_s"], 3)
    return out


# -- the whole run -----------------------------------------------------------------------------
def measure_ui(game_ids: list[str], quick: bool, progress: bool) -> dict:
    """The UI section (``ui/bench_ui.py``: key to frame against a bare Textual app), in a
    process of its own so that this one never imports Textual."""
    cmd = [sys.executable, "-m", "allmine_tui.ui.bench_ui", *game_ids]
    if quick:
        cmd.append("--quick")
    if progress:
        cmd.append("--progress")
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=None if progress else subprocess.PIPE, text=True,
                              timeout=1800)
    except subprocess.TimeoutExpired:
        return {"available": False, "reason": "the UI measurement did not finish in 30 minutes"}
    if proc.returncode != 0:
        lines = [ln for ln in (proc.stderr or "").strip().splitlines() if ln.strip()]
        return {"available": False, "reason": lines[-1] if lines else f"exit {proc.returncode}"}
    import json

    return {"available": True} | json.loads(proc.stdout)


def run(quick: bool = False, progress: bool = False, sections: tuple[str, ...] = ("rules", "ui"),
        game_ids: list[str] | None = None) -> dict:
    """Every measurement; returns one JSON-ready dict. ``progress`` prints steps on stderr.
    ``sections``: "rules" (rules speed, bots, autosave, start-up, and the coach's claims on the
    held-out self-play games), "coach" (those claims, and the coach asked twice in the same
    positions: ``coach_stability``) and/or "ui" (key to frame);
    ``game_ids``: only these games."""
    pick = 1 if quick else 0
    budget: dict[str, Any] = {key: value[pick] for key, value in BUDGET.items()}
    say: Callable[[str], None] = (lambda text: print(f"bench: {text}", file=sys.stderr)) \
        if progress else (lambda text: None)
    started = time.perf_counter()
    chosen = [GAMES[g] for g in game_ids] if game_ids else list(GAMES.values())
    games = []
    for spec in chosen if "rules" in sections else []:
        players = spec.max_players
        say(f"{spec.title}: bot-only games")
        speed = measure_actions(spec, players, budget["actions"])
        bots = []
        for name, bot_class in spec.bots().items():
            say(f"{spec.title}: '{name}' bot decisions")
            searching = isinstance(bot_class, type) and issubclass(bot_class, SearchBot)
            prefix = "search_bot" if searching else "bot"
            bots.append(measure_bot(spec, name, players, budget[prefix],
                                    budget[f"{prefix}_max_decisions"], speed["actions_per_game"])
                        | {"searching": searching})
        say(f"{spec.title}: the coach's hints")
        hints = measure_hints(spec, players, budget["hint"], budget["hint_max"])
        say(f"{spec.title}: autosave")
        autosave = measure_autosave(spec, players, budget["autosave_runs"])
        games.append({"game": spec.id, "title": spec.title, "players": players,
                      "default_bot": spec.default_bot, "random_games": speed,
                      "actions_per_second": speed["actions_per_second"], "bots": bots,
                      "hints": hints, "autosave": autosave, "claims": coach_claims(spec)})
    report: dict = {
        "quick": quick,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "games": games,
        "targets": targets(),
    }
    if "rules" in sections:
        report["autosave_p95_ms"] = max(g["autosave"]["p95_ms"] for g in games)
        say("start-up against a bare Textual app")
        report["startup"] = measure_startup(budget["startup_runs"], warm_up=not quick)
    if "coach" in sections:
        report["coach"] = []
        for spec in chosen:
            if spec.search_plan is None:
                continue
            say(f"{spec.title}: the coach asked twice")
            players = min(spec.max_players, max(spec.min_players, 3))
            report["coach"].append({"game": spec.id, "title": spec.title, "players": players,
                                    "claims": coach_claims(spec),
                                    "stability": coach_stability(
                                        spec, players, budget["coach"],
                                        budget["coach_positions"])})
    if "ui" in sections:
        say("the game screens: key to frame, against a bare Textual app")
        report["ui"] = measure_ui([s.id for s in chosen], quick, progress)
    report["seconds"] = round(time.perf_counter() - started, 2)
    return report


def _verdict(value: float | None, target: float | None, higher_is_better: bool):
    from rich.text import Text

    if value is None:
        return Text("n/a", "yellow")
    if target is None:
        return Text("—", "dim")
    ok = value >= target if higher_is_better else value <= target
    return Text("met", "green") if ok else Text("missed", "bold red")


def render(report: dict, console) -> None:
    """A readable table of ``report`` (from ``run``)."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title="allmine bench" + (" (quick: rough figures)" if report["quick"] else ""),
                  title_justify="left", highlight=False)
    columns: list[tuple[str, Literal["left", "right"]]] = [
        ("Measure", "left"), ("Game", "left"), ("Result", "right"), ("Target", "right"),
        ("", "left")]
    for name, justify in columns:
        table.add_column(name, justify=justify)
    goals = report["targets"]
    for g in report["games"]:
        target = goals["actions_per_second"].get(g["game"])
        speed = g["random_games"]
        table.add_row(f"{speed['bot']} bot-only games, {g['players']} players", g["title"],
                      f"{g['actions_per_second']:,.0f} actions/s",
                      f">= {target:,}" if target else "",
                      _verdict(g["actions_per_second"], target, True))
        for b in g["bots"]:
            target = goals["bot_p95_ms"].get(g["game"], {}).get(b["bot"])
            table.add_row(f"'{b['bot']}' bot decision, p95 ({b['decisions']} timed)", g["title"],
                          f"{b['p95_ms']:.2f} ms", f"<= {target:g} ms" if target else "",
                          _verdict(b["p95_ms"], target, False))
            if b.get("searching"):
                worst = goals["search_max_ms"]
                table.add_row(f"'{b['bot']}' bot decision, slowest", g["title"],
                              f"{b['max_ms']:.0f} ms", f"<= {worst:g} ms",
                              _verdict(b["max_ms"], worst, False))
        h = g.get("hints")
        if h:
            target = goals.get("hint_p95_ms", {}).get(g["game"])
            table.add_row(f"coach's hint, p95 ({h['hints']} timed, {h['cut_short']} cut short)",
                          g["title"], f"{h['p95_ms']:.0f} ms (CPU {h['cpu_p95_ms']:.0f} ms)",
                          f"<= {target:g} ms" if target else "",
                          _verdict(h["p95_ms"], target, False))
        if "normal" not in {b["bot"] for b in g["bots"]}:
            table.add_row("'normal' bot decision, p95", g["title"], Text("no such bot", "yellow"),
                          "", _verdict(None, 1, False))
        if "claims" in g:
            render_claims(table, g["title"], g["claims"], goals)
        target = goals["autosave_p95_ms"]
        save = g["autosave"]
        table.add_row(f"autosave, player's wait, p95 ({save['bytes']:,} bytes)", g["title"],
                      f"{save['p95_ms']:.2f} ms", f"<= {target:g} ms",
                      _verdict(save["p95_ms"], target, False))
        table.add_row("autosave, background write with fsync, p95", g["title"],
                      f"{save['write_p95_ms']:.2f} ms", "", _verdict(save["write_p95_ms"], None,
                                                                      False))
    for c in report.get("coach", []):
        render_claims(table, c["title"], c["claims"], goals)
        render_stability(table, c["title"], c["stability"], goals)
    if "ui" in report:
        _render_ui(table, report["ui"])
    s = report.get("startup")
    target = goals["startup_ratio"]
    if s is None:
        pass
    elif s.get("available"):
        result = (f"{s['ratio']:.2f}x ({s['allmine_median_s'] * 1000:.0f} ms vs "
                  f"{s['bare_median_s'] * 1000:.0f} ms)")
        table.add_row(f"start-up vs bare Textual, median of {s['runs']}", "picker", result,
                      f"<= {target:g}x", _verdict(s["ratio"], target, False))
    else:
        table.add_row("start-up vs bare Textual", "picker",
                      Text(f"unavailable: {s.get('reason', '')}", "yellow"), f"<= {target:g}x",
                      _verdict(None, target, False))
    console.print(table)
    console.print(f"Python {report['python']} on {report['platform']}; "
                  f"bench took {report['seconds']:.1f} s.", highlight=False)


def _render_ui(table, ui: dict) -> None:
    """The UI section's rows: each figure with its ratio to the bare app timed beside it."""
    from rich.text import Text

    if not ui.get("available"):
        table.add_row("key to frame", "screens", Text(f"unavailable: {ui.get('reason', '')}",
                                                      "yellow"), "", "")
        return
    goal = ui["targets"]
    base = ui.get("bare_median_ms") or 0
    table.add_row("bare Textual app, one key to its frame, median", "yardstick",
                  f"{base:.1f} ms", "", Text("—", "dim"))

    def row(label: str, title: str, figure: dict, value_key: str, target: float | None,
            ratio_key: str | None = None) -> None:
        if not figure.get("samples"):
            table.add_row(label, title, Text("no sample", "yellow"), "", _verdict(None, 1, False))
            return
        if ratio_key is not None:
            value = figure.get(ratio_key)
            result = f"{value:.2f}x ({figure[value_key]:.1f} ms)"
            shown_target = f"<= {target:g}x"
        else:
            value = figure[value_key]
            result = f"{value:.0f} ms"
            shown_target = f"<= {target:g} ms"
        table.add_row(label, title, result, shown_target, _verdict(value, target, False))

    for g in ui["games"]:
        title = g["game"]
        if g.get("bare_median_ms"):
            table.add_row("bare Textual app timed before and after it, median", title,
                          f"{g['bare_median_ms']:.1f} ms", "", Text("—", "dim"))
        row("cursor key to frame, median vs bare", title, g["cursor"], "median_ms",
            goal["cursor_ratio"], "ratio")
        row("cursor key to frame, p95 vs bare median", title, g["cursor"], "p95_ms",
            goal["cursor_p95_ratio"], "p95_ratio")
        row("a move made to its frame, median vs bare", title, g["move"], "median_ms",
            goal["move_ratio"], "ratio")
        row("change of viewer (curtain Enter to board), p95", title, g["viewer"], "p95_ms",
            goal["viewer_p95_ms"])
        row("results to final table, p95", title, g["final"], "p95_ms", goal["final_p95_ms"])
