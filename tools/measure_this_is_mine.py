"""Measure the This is Mine! ``normal`` bot against random bots.

One ``normal`` seat against ``--players - 1`` random seats, its seat rotating with the game index
(seat = game % players); a shared win counts as a win. Prints the win rate, the mean scores and the
normal bot's decision times (view building included, like ``Match.bot_choice``: p50, p95, p99,
max). Games are driven with the rules directly.

    python tools/measure_this_is_mine.py --games 1000 --jobs 2
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from allmine_tui.engine import RandomBot, stream  # noqa: E402
from allmine_tui.games.this_is_mine.normal_bot import NormalBot  # noqa: E402
from allmine_tui.games.this_is_mine.rules import RULES  # noqa: E402


def play_vs_random(job: tuple[int, int, str]):
    game, players, seed = job
    me = game % players
    bots = [NormalBot() if s == me else RandomBot() for s in range(players)]
    state = RULES.new_state(players, {}, f"{seed}/{game}")
    rng = stream(f"{seed}/{game}", "bots")
    times: list[float] = []
    steps = 0
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        bot = bots[seat]
        t0 = time.perf_counter()
        legal = RULES.legal_actions(state, seat)
        view = RULES.view(state, seat) if bot.needs_view else None
        action = bot.choose(view, legal, rng)
        if seat == me:
            times.append(time.perf_counter() - t0)
        if action not in legal:
            raise RuntimeError(f"illegal action {action} in game {game}")
        RULES.apply(state, seat, action)
        steps += 1
        if steps > 20000:
            raise RuntimeError(f"game {game} does not end")
    result = RULES.result(state)
    others = [s for i, s in enumerate(result.scores) if i != me]
    return me in result.winners, result.scores[me], sum(others) / len(others), times


def _ms(ordered: list[float], q: float) -> str:
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (faster; wall-clock timings get noisier)")
    args = parser.parse_args(argv)
    n = args.players
    jobs = [(g, n, args.seed) for g in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            res = pool.map(play_vs_random, jobs, chunksize=8)
    else:
        res = [play_vs_random(j) for j in jobs]
    wins = sum(r[0] for r in res)
    times = sorted(t for r in res for t in r[3])
    print(f"This is Mine! {n} players: 1 normal vs {n - 1} random, {args.games} games, "
          f"seed {args.seed}, seat rotating")
    print(f"  normal win rate: {wins / args.games:.1%} ({wins}/{args.games}; fair share "
          f"{1 / n:.0%})")
    for seat in range(n):
        sub = [r for g, r in enumerate(res) if g % n == seat]
        print(f"    in seat {seat}: {sum(r[0] for r in sub) / max(1, len(sub)):.1%}")
    print(f"  mean score: normal {statistics.mean(r[1] for r in res):.2f}, random "
          f"{statistics.mean(r[2] for r in res):.2f}")
    print(f"  decisions: {len(times)}: p50 {_ms(times, 0.5)}, p95 {_ms(times, 0.95)}, "
          f"p99 {_ms(times, 0.99)}, max {times[-1] * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
