"""Measure the All In ``normal`` bot against ``random`` bots.

One ``normal`` seat plays against ``--players - 1`` random seats; its seat rotates with the game
index (seat = game % players) so seat order does not bias the figures. Prints the mean final scores
(normal and the random seats' mean), their ratio, the normal bot's win rate (a shared win counts
as a win) and its decision times through ``Match.bot_choice`` (wall clock and CPU: p50, p95, p99,
max). With ``--players 1`` it plays solo games and prints the normal bot's scores only.

    python tools/measure_all_in_bot.py --games 500 --players 4 --seed 1
    python tools/measure_all_in_bot.py --games 200 --players 1 --sheets advanced
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from allmine_tui.engine import Match, Seat  # noqa: E402
import allmine_tui.games  # noqa: E402,F401  (registers the games Match looks up by id)


def play_one(job: tuple[int, int, str, str]) -> tuple[bool, int, float | None, list[float],
                                                       list[float]]:
    """Play one game; returns (normal won, normal's score, mean random score or None when solo,
    decision wall times, decision CPU times)."""
    game, players, seed, sheets = job
    me = game % players
    seats = [Seat(f"P{i}", "normal" if i == me else "random") for i in range(players)]
    match = Match("all-in", seats, f"{seed}/{game}", {"sheets": sheets})
    times: list[float] = []
    cpu: list[float] = []
    while not match.is_over():
        seat = match.bot_seats_to_act()[0]
        if seat == me:
            t0, c0 = time.perf_counter(), time.thread_time()
            action = match.bot_choice(seat)
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        else:
            action = match.bot_choice(seat)
        match.apply(seat, action)
    result = match.rules.result(match.state)
    others = [s for i, s in enumerate(result.scores) if i != me]
    mean_others = sum(others) / len(others) if others else None
    return me in result.winners, result.scores[me], mean_others, times, cpu


def _ms(ordered: list[float], q: float) -> str:
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=4, choices=range(1, 7))
    parser.add_argument("--seed", default="1")
    parser.add_argument("--sheets", default="basic", choices=("basic", "advanced"))
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (faster; wall-clock timings get noisier)")
    args = parser.parse_args(argv)

    jobs = [(g, args.players, args.seed, args.sheets) for g in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play_one, jobs, chunksize=8)
    else:
        results = [play_one(j) for j in jobs]

    mine = [r[1] for r in results]
    times = sorted(t for r in results for t in r[3])
    cpu = sorted(t for r in results for t in r[4])
    print(f"All In, {args.players} player{'s' if args.players > 1 else ''} ({args.sheets} sheets): "
          f"1 normal vs {args.players - 1} random, {args.games} games, seed {args.seed}")
    normal_mean = statistics.mean(mine)
    spread = f"min {min(mine)}, median {statistics.median(mine)}, max {max(mine)}"
    if args.players > 1:
        wins = sum(r[0] for r in results)
        rand = statistics.mean(r[2] for r in results)
        print(f"normal win rate: {wins / args.games:.1%} ({wins}/{args.games}; fair share "
              f"{1 / args.players:.0%})")
        print(f"mean score: normal {normal_mean:.2f} ({spread}), random {rand:.2f}, "
              f"ratio {normal_mean / rand:.2f}x")
    else:
        print(f"mean score: normal {normal_mean:.2f} ({spread})")
    print(f"decisions: {len(times)} (bot.choose via Match.bot_choice, view building included)")
    for label, ts in (("wall", times), ("cpu", cpu)):
        print(f"  {label} time: p50 {_ms(ts, 0.5)}, p95 {_ms(ts, 0.95)}, p99 {_ms(ts, 0.99)}, "
              f"max {ts[-1] * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
