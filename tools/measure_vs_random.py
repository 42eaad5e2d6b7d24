"""Measure a game's ``normal`` bot against random bots: win rate and decision times.

One ``normal`` seat against ``--players - 1`` random seats, its seat rotating with the game index
(seat = game % players); a shared win counts as a win. Decision times are ``Match.bot_choice``
(legal actions and view building included): p50, p95, p99 and max.

    python tools/measure_vs_random.py mine-all-mines --players 4 --games 1000 --jobs 2
    python tools/measure_vs_random.py this-is-mine --players 3 --games 1000 --jobs 2
"""
from __future__ import annotations

import argparse
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from allmine_tui.engine import Match, Seat  # noqa: E402
from allmine_tui.games import GAMES  # noqa: E402
from allmine_tui.simulate import play_out_timed  # noqa: E402


def play_vs_random(job: tuple[str, int, int, str, dict]):
    """One game: (won, normal's score, mean score of the others, normal's decision times)."""
    game_id, game, players, seed, options = job
    me = game % players
    seats = [Seat(f"P{i}", "normal" if i == me else "random") for i in range(players)]
    match = Match(game_id, seats, f"{seed}/{game}", options)
    times = play_out_timed(match, me)
    result = match.rules.result(match.state)
    others = [s for i, s in enumerate(result.scores) if i != me]
    return me in result.winners, result.scores[me], sum(others) / len(others), times


def ms(ordered: list[float], q: float) -> str:
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f} ms"


def run(game_id: str, players: int, games: int, seed: str, jobs: int,
        options: dict | None = None) -> list:
    work = [(game_id, g, players, seed, options or {}) for g in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(play_vs_random, work, chunksize=8)
    return [play_vs_random(j) for j in work]


def report(game_id: str, players: int, seed: str, res: list) -> None:
    games = len(res)
    wins = sum(r[0] for r in res)
    times = sorted(t for r in res for t in r[3])
    print(f"{GAMES[game_id].title}, {players} players: 1 normal vs {players - 1} random, "
          f"{games} games, seed {seed}, seat rotating")
    print(f"  normal win rate: {wins / games:.1%} ({wins}/{games}; fair share {1 / players:.0%})")
    for seat in range(players):
        sub = [r for g, r in enumerate(res) if g % players == seat]
        print(f"    in seat {seat}: {sum(r[0] for r in sub) / max(1, len(sub)):.1%}")
    print(f"  mean score: normal {statistics.mean(r[1] for r in res):.2f}, random "
          f"{statistics.mean(r[2] for r in res):.2f}")
    print(f"  decisions: {len(times)}: p50 {ms(times, 0.5)}, p95 {ms(times, 0.95)}, "
          f"p99 {ms(times, 0.99)}, max {times[-1] * 1000:.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (faster; wall-clock timings get noisier)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    res = run(args.game, args.players, args.games, args.seed, args.jobs, options)
    report(args.game, args.players, args.seed, res)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
