"""Measure a bot (``expert`` by default) against ``normal`` bots in every other seat.

Its seat rotates with the game index (seat = game % players), so no seat's advantage counts; a
shared win counts as a win (as in ``allmine simulate``). The expert's playout budget can be set
(``--playouts``; the time cap stays unless ``--seconds`` lifts it), so runs reproduce. Decision
times are ``Match.bot_choice`` for the measured seat: p50, p95, max, in wall time and in CPU time
(the thread's own: what an idle core would take, whatever else the machine is doing).

    nice -n 10 python tools/measure_vs_normal.py all-mine --players 3 --games 200
    python tools/measure_vs_normal.py all-in --players 4 --games 20 --playouts 60 --jobs 2
"""
from __future__ import annotations

import argparse
import functools
import json
import statistics
import subprocess
import sys
import time
import types
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from allmine_tui.engine import Match, Seat  # noqa: E402
from allmine_tui.games import GAMES  # noqa: E402
from allmine_tui.simulate import play_out_timed  # noqa: E402


@functools.cache
def old_normal_bot(game_id: str, commit: str) -> type:
    """The game's ``NormalBot`` class from its normal_bot.py at ``commit`` (git show), loaded
    into the game's package so that its relative imports find today's rules and data."""
    package = type(GAMES[game_id].rules()).__module__.rpartition(".")[0]
    path = package.replace(".", "/") + "/normal_bot.py"
    source = subprocess.run(["git", "show", f"{commit}:{path}"], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).resolve().parents[1]).stdout
    module = types.ModuleType(f"{package}._normal_bot_{commit}")
    module.__package__ = package
    exec(compile(source, f"{commit}:{path}", "exec"), module.__dict__)
    return module.NormalBot


def play_one(job: tuple) -> tuple:
    """One game: (won, my score, best other score, my decision times, winners, their CPU times)."""
    game_id, game, players, seed, options, bot, playouts, steps, seconds, old = job
    me = game % players
    seats = [Seat(f"P{i}", bot if i == me else "normal") for i in range(players)]
    if bot == "plain":  # the yardstick (tools/plain_search.py) in the measured seat
        from plain_search import plain_bot
        seats[me] = Seat(f"P{me}", "normal")
    match = Match(game_id, seats, f"{seed}/{game}", options)
    if bot == "plain":
        match._bots[me] = plain_bot(game_id)
    if old:  # the other seats: the normal bot as it was at commit ``old``
        old_bot = old_normal_bot(game_id, old)
        for i in range(players):
            if i != me:
                match._bots[i] = old_bot()
    measured = match._bots[me]
    if playouts or steps or seconds:
        budget = measured.budget_for({"n": players})
        measured.budget = replace(budget, playouts=playouts or budget.playouts,
                                  steps=steps or budget.steps, seconds=seconds or budget.seconds)
        measured.budget_by_players = {}
    cpu: list[float] = []
    times = play_out_timed(match, me, cpu)
    result = match.rules.result(match.state)
    others = max(s for i, s in enumerate(result.scores) if i != me)
    return me in result.winners, result.scores[me], others, times, result.winners, cpu


def summary(records: list[dict], players: int) -> list[str]:
    """The figures of a run (or of several joined): wins, scores, decision times."""
    games = len(records)
    wins = sum(r["won"] for r in records)
    alone = sum(1 for r in records if r["won"] and len(r["winners"]) == 1)
    lines = [f"  win rate: {wins / games:.1%} ({wins}/{games}, {alone} alone; fair share "
             f"{1 / players:.0%})",
             f"  mean score {statistics.mean(r['score'] for r in records):.2f}, best other "
             f"{statistics.mean(r['best_other'] for r in records):.2f}"]
    times = sorted(t for r in records for t in r.get("wall", []))
    cpu = sorted(t for r in records for t in r.get("cpu", []))
    if times:
        lines.append(f"  decisions: {len(times)}: p50 {ms(times, 0.5)}, p95 {ms(times, 0.95)}, "
                     f"max {times[-1] * 1000:.0f} ms")
        lines.append(f"  CPU time per decision: p50 {ms(cpu, 0.5)}, p95 {ms(cpu, 0.95)}, "
                     f"max {cpu[-1] * 1000:.0f} ms; {sum(cpu):.0f} s in all")
    return lines


def ms(ordered: list[float], q: float) -> str:
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--playouts", type=int, default=0, help="the bot's playout budget")
    parser.add_argument("--steps", type=int, default=0, help="the bot's budget of playout moves")
    parser.add_argument("--seconds", type=float, default=0.0, help="the bot's time cap")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--opponents-from", metavar="COMMIT",
                        help="the other seats play the normal bot of this git commit (e.g. the "
                             "one the issue measured against)")
    parser.add_argument("--save", metavar="FILE", help="write each game's result (JSON lines)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    work = [(args.game, g, args.players, args.seed, options, args.bot, args.playouts, args.steps,
             args.seconds, args.opponents_from)
            for g in range(args.first, args.first + args.games)]
    if args.opponents_from:
        try:
            old_normal_bot(args.game, args.opponents_from)
        except subprocess.CalledProcessError as e:
            print(f"measure_vs_normal: no normal bot at {args.opponents_from}: "
                  f"{e.stderr.strip()}", file=sys.stderr)
            return 2
    started = time.perf_counter()
    # each game's result is written as soon as it is known: a run stopped midway keeps its games
    out = open(args.save, "w", encoding="utf-8") if args.save else None

    def record_of(job, r) -> dict:
        record = {"game": job[1], "won": r[0], "score": r[1], "best_other": r[2],
                  "winners": r[4], "wall": r[3], "cpu": r[5]}
        if out is not None:
            out.write(json.dumps(record) + "\n")
            out.flush()
        return record

    records = []
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            for job, r in zip(work, pool.imap(play_one, work, chunksize=1)):
                records.append(record_of(job, r))
    else:
        for i, job in enumerate(work):
            records.append(record_of(job, play_one(job)))
            if (i + 1) % 10 == 0:
                wins = sum(r["won"] for r in records)
                print(f"  {i + 1} games: {wins} won ({wins / (i + 1):.0%})", file=sys.stderr)
    if out is not None:
        out.close()
    print(f"{GAMES[args.game].title}, {args.players} players: 1 {args.bot} vs "
          f"{args.players - 1} normal, {len(records)} games, seed {args.seed}, seats rotated"
          + (f", budget {args.playouts or '-'} playouts / {args.steps or '-'} steps"
             if args.playouts or args.steps else "")
          + (f", time cap {args.seconds:g} s" if args.seconds else "")
          + (f", opponents: normal of {args.opponents_from}" if args.opponents_from else ""))
    print("\n".join(summary(records, args.players)))
    print(f"  the run took {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
