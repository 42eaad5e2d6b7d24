"""Measure how the review ranks play: games with an ``expert``, a ``normal`` and a ``random``
seat (rotated from game to game), every seat's decisions judged, and the costly marks per 100
decisions for each strength, per game. A review that ranks play gives random > normal > expert.

    nice -n 10 python tools/measure_review.py --games 6 --jobs 2
    python tools/measure_review.py all-mine --games 3 --scale 0.5 --jsonl /tmp/all-mine.jsonl
    python tools/measure_review.py --spread --games 60

``--spread`` measures instead each game's score spread, the review's scale
(``engine.verdicts.SCORE_SPREAD``): the standard deviation of a seat's final score over games of
three ``normal`` bots.

``--scale`` is the share of the review's own budget each decision gets (1: the review as
``allmine review`` runs it), ``--expert-scale`` the expert seat's share of its bot's budget;
neither has a time cap, so a run reproduces exactly. ``--jsonl`` keeps every judgement (with
its seat's strength) for a closer look.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "tests"))

from allmine_tui.engine import Match, Seat  # noqa: E402
from allmine_tui.engine.review import judge  # noqa: E402
from allmine_tui.simulate import play_out  # noqa: E402
from allmine_tui.games import GAMES  # noqa: E402
from review_seats import (STRENGTHS, per_100, rates, seat_match, seat_tasks,  # noqa: E402
                          strength_of)


def _game(job: tuple) -> list:
    """One game played, its decisions as (strength, task) pairs (a match does not pickle)."""
    game_id, index, seed, expert_scale, scale = job
    match = seat_match(game_id, index, seed, expert_scale)
    return [(strength_of(match, t.seat), t) for t in seat_tasks(match, scale)]


def _spread_game(job: tuple) -> list[float]:
    game_id, index, seed = job
    match = Match(game_id, [Seat(f"normal {i + 1}", "normal") for i in range(3)],
                  f"{seed}/spread/{index}")
    play_out(match)
    return [float(x) for x in match.rules.result(match.state).scores]


def spread(args, pool) -> None:
    for game_id in args.game or list(GAMES):
        scores = [x for game in pool.map(_spread_game, [(game_id, i, args.seed)
                                                        for i in range(args.games)])
                  for x in game]
        print(f"{game_id:15} {args.games} games of 3 normal bots: score mean "
              f"{statistics.mean(scores):.1f}, spread (standard deviation) "
              f"{statistics.pstdev(scores):.1f}", flush=True)


def _judge(job: tuple):
    strength, task = job
    return strength, judge(task)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", type=int, default=6, help="games per game (default 6)")
    parser.add_argument("--more", default="mine-all-mine=4",
                        help="game=k: k times the games for that game (few decisions a game)")
    parser.add_argument("--seed", default="review-ranks")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--expert-scale", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--jsonl", type=Path)
    parser.add_argument("--spread", action="store_true",
                        help="measure each game's score spread (the review's scale) instead")
    args = parser.parse_args()
    more = dict(part.split("=") for part in args.more.split(",") if part)
    if args.spread:
        with Pool(args.jobs) as pool:
            spread(args, pool)
        return 0
    out = args.jsonl.open("w") if args.jsonl else None
    with Pool(args.jobs) as pool:
        for game_id in args.game or list(GAMES):
            started = time.perf_counter()
            count = args.games * int(more.get(game_id, 1))
            games = pool.map(_game, [(game_id, i, args.seed, args.expert_scale, args.scale)
                                     for i in range(count)])
            jobs = [job for game in games for job in game]
            rows = pool.map(_judge, jobs, chunksize=4)
            if out is not None:
                for strength, j in rows:
                    if j is not None:
                        out.write(json.dumps({"game": game_id, "strength": strength}
                                             | j.to_json()) + "\n")
                out.flush()
            found = rates(rows)
            cells = "  ".join(f"{s} {per_100(*found[s]):5.1f} ({found[s][0]}/{found[s][1]})"
                              for s in STRENGTHS)
            ranked = per_100(*found["random"]) > per_100(*found["normal"]) > \
                per_100(*found["expert"])
            print(f"{game_id:15} {count:2} games  costly per 100 decisions: {cells}  "
                  f"{'ranked' if ranked else 'NOT RANKED'}  ({time.perf_counter() - started:.0f} s)",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
