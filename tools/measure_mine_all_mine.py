"""Measure the Mine, All Mine! ``normal`` bot and the card balance it shows.

(a) Win rate: one ``normal`` seat against ``--players - 1`` random seats, its seat rotating with the
    game index (seat = game % players); a shared win counts as a win. Also its decision times
    (``Match.bot_choice``, view building included: p50, p95, p99, max).
(b) Balance, ``normal`` in every seat (``--balance-games`` games): the share of fleets in which each
    card option (card number x option) is chosen (the issue wants none above 30%), the win share per
    seat position (none above 1.5x its fair share) and how often the leader after round 1 wins.

    python tools/measure_mine_all_mine.py --games 1000 --balance-games 300 --players 3 --jobs 4
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from allmine_tui.engine import Match, Seat  # noqa: E402
import allmine_tui.games  # noqa: E402,F401  (registers the games Match looks up by id)
from allmine_tui.games.mine_all_mine.data import option_name  # noqa: E402

import measure_vs_random  # noqa: E402  (tools/ is on sys.path when run as a script)

GAME = "mine-all-mine"


def play_balance(job: tuple[int, int, str, str]):
    game, players, seed, mode = job
    seats = [Seat(f"N{i}", "normal") for i in range(players)]
    match = Match(GAME, seats, f"balance-{seed}/{game}", {"mode": mode})
    fleets: list[list[tuple[int, int]]] = []
    while not match.is_over():
        seat = match.bot_seats_to_act()[0]
        match.apply(seat, match.bot_choice(seat))
    # each launched fleet, replayed from the action log (adds and removes before its launch)
    pending: dict[int, dict[int, int]] = {s: {} for s in range(players)}
    for seat, action in match.log:
        if action.kind == "add":
            pending[seat][action.args[0]] = action.args[1]
        elif action.kind == "remove":
            pending[seat].pop(action.args[0], None)
        elif action.kind == "launch":
            fleets.append(sorted(pending[seat].items()))
            pending[seat] = {}
    hist = match.state.history
    r1 = hist[0]["points"]
    top = max(r1)
    leaders = [s for s in range(players) if r1[s] == top]
    result = match.rules.result(match.state)
    leader_won = leaders[0] in result.winners if len(leaders) == 1 else None
    return fleets, result.winners, leader_won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--balance-games", type=int, default=300)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--mode", default="standard", choices=("standard", "beginner"))
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (faster; wall-clock timings get noisier)")
    args = parser.parse_args(argv)
    pool = Pool(args.jobs) if args.jobs > 1 else None
    run = (lambda f, jobs: pool.map(f, jobs, chunksize=8)) if pool else \
        (lambda f, jobs: [f(j) for j in jobs])
    n = args.players

    if args.games:
        res = measure_vs_random.run(GAME, n, args.games, args.seed, args.jobs, {"mode": args.mode})
        print(f"(a) mode {args.mode}:")
        measure_vs_random.report(GAME, n, args.seed, res)

    if args.balance_games:
        res = run(play_balance, [(g, n, args.seed, args.mode) for g in range(args.balance_games)])
        if pool:
            pool.close()
        fleets = [f for r in res for f in r[0]]
        counts: Counter = Counter()
        sizes: Counter = Counter()
        for f in fleets:
            sizes[len(f)] += 1
            for c, o in f:
                counts[(c, o)] += 1
        games = len(res)
        print(f"(b) balance: normal in all {n} seats, {games} games, {len(fleets)} fleets "
              f"({args.mode})")
        print("  fleet sizes: " + ", ".join(f"{k} card{'s' if k > 1 else ''} {v / len(fleets):.0%}"
                                          for k, v in sorted(sizes.items())))
        print("  option shares (of fleets), most chosen first:")
        for (c, o), k in counts.most_common():
            flag = "  <-- over 30%" if k / len(fleets) > 0.30 else ""
            print(f"    {k / len(fleets):6.1%}  {option_name(c, o, args.mode)}{flag}")
        never = [(c, o) for c in range(1, 13) for o in range(2 if args.mode == "beginner" else 4)
                 if (c, o) not in counts]
        if never:
            print("  never chosen: " + ", ".join(f"{c}/{'ABCD'[o]}" for c, o in never))
        top = max(counts.values()) / len(fleets)
        print(f"  most chosen option: {top:.1%} of fleets ({'OK' if top <= 0.30 else 'OVER'} "
              f"the 30% limit)")
        fair = 1 / n
        print("  win share per seat (shared wins split; fair share "
              f"{fair:.1%}, limit {1.5 * fair:.1%}):")
        share = [0.0] * n
        for r in res:
            for s in r[1]:
                share[s] += 1 / len(r[1])
        for s in range(n):
            v = share[s] / games
            print(f"    seat {s}: {v:.1%}{'  <-- over 1.5x' if v > 1.5 * fair else ''}")
        lw = [r[2] for r in res if r[2] is not None]
        print(f"  round-1 leader wins the game: {sum(lw) / max(1, len(lw)):.1%} "
              f"({sum(lw)}/{len(lw)} games with a single round-1 leader)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
