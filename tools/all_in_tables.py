"""Measure, in games of ``normal`` bots only, the tables behind the All In expert's value
(allmine_tui/games/all_in/expert_value.py):

* BEST: per hand length (3, 4, 5) and final points, how often a hand takes its Best Scoring Hand
  bonus (alone or tied) against the other players' hands of the same letter;
* BEST_TOP: the same for a finished hand by category and top card (the key's first value),
  drawn towards BEST where there are few such hands;
* DENIAL: when a seat takes a bonus alone, how often the best of the others (by final score)
  would have taken it otherwise;
* RIVAL: the mean and spread of the best other final score, seen from one seat;
* BONUS_MEAN: the bonus points a player takes on average;
* ERROR: per round, how far the final score lands from the expert's sheet estimate at the start
  of that round (mean and spread; a last entry for the finished sheets), for the value's
  correction and the width of its smooth step.

    nice -n 19 python tools/all_in_tables.py --players 4 --games 2000 --save /tmp/t4.json
    python tools/all_in_tables.py --players 4 --load /tmp/t4.json
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from allmine_tui.engine import Match, Seat  # noqa: E402
from allmine_tui.games.all_in import expert_value  # noqa: E402
from allmine_tui.games.all_in.rules import WRITE  # noqa: E402


def play(players: int, game: int, seed: str) -> dict:
    match = Match("all-in", [Seat(f"N{i}", "normal") for i in range(players)], f"{seed}/{game}")
    rules = match.rules
    estimates: list[list[float]] = []  # per round: each seat's sheet estimate as it starts
    while not rules.is_over(match.state):
        state = match.state
        if state.phase == WRITE and not any(state.done) and all(c is None for c in state.choice):
            if len(estimates) < state.round:
                estimates.append([expert_value.sheet_points(rules.view(state, s))
                                  for s in range(players)])
        seat = match.bot_seats_to_act()[0]
        match.apply(seat, match.bot_choice(seat))
    # the last entry: the finished sheets (only the bonuses are left to know)
    estimates.append([expert_value.sheet_points(rules.view(match.state, s))
                      for s in range(players)])
    scoring = rules.scoring(match.state)
    sheet = rules.sheet(match.state, 0)
    hands = [{h.letter: list(p["hands"][h.letter].key) for h in sheet.hands}
             for p in scoring["players"]]
    return {"game": game, "scores": rules.result(match.state).scores, "hands": hands,
            "best": scoring["best"], "lengths": {h.letter: len(h.cells) for h in sheet.hands},
            "bonuses": {h.letter: h.bonus for h in sheet.hands},
            "estimates": estimates}


POINTS = (0, 2, 4, 6, 8, 10, 12, 14)


def tables(records: list[dict], players: int) -> list[str]:
    best, best_top = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    denial = [0, 0]
    rival, bonus, errors = [], [], defaultdict(list)
    for r in records:
        scores = r["scores"]
        for s in range(players):
            others = [t for t in range(players) if t != s]
            leader = max(others, key=lambda t: scores[t])
            rival.append(scores[leader])
            bonus.append(sum(r["bonuses"][letter] for letter in r["hands"][s]
                             if s in r["best"][letter]))
            for letter, key in r["hands"][s].items():
                won = s in r["best"][letter]
                for table, k in ((best, (r["lengths"][letter], POINTS[key[0]])),
                                 (best_top, (r["lengths"][letter], POINTS[key[0]], key[1]))):
                    table[k][0] += won
                    table[k][1] += 1
                if r["best"][letter] == [s]:  # alone: who had the best of the others' hands?
                    top = max(tuple(r["hands"][t][letter]) for t in others)
                    if top[0]:
                        denial[0] += tuple(r["hands"][leader][letter]) == top
                        denial[1] += 1
            for rnd, row in enumerate(r["estimates"], 1):
                errors[rnd].append(scores[s] - row[s])
    out = [f"# {len(records)} games of {players} normal bots"]
    out.append("BEST = {  # (length, points): chance of the bonus (games)")
    for k in sorted(best):
        won, n = best[k]
        out.append(f"    {k}: {won / n:.3f},  # {n}")
    out.append("}")
    out.append("BEST_TOP = {  # (length, points): chance of the bonus of a finished hand by its "
               "top card, 2 to 14 (drawn towards BEST by 30 games)")
    for length, points in sorted(best):
        if not points:
            continue
        won, n = best[(length, points)]
        row = []
        for top in range(2, 15):
            w, m = best_top.get((length, points, top), (0, 0))
            row.append(f"{(w + 30 * won / n) / (m + 30):.2f}")
        out.append(f"    {(length, points)}: ({', '.join(row)}),")
    out.append("}")
    out.append(f"DENIAL = {denial[0] / max(1, denial[1]):.3f}  # of {denial[1]} bonuses taken "
               "alone")
    out.append(f"RIVAL = ({statistics.mean(rival):.2f}, {statistics.pstdev(rival):.2f})"
               "  # best other final score: mean, spread")
    out.append(f"BONUS_MEAN = {statistics.mean(bonus):.2f}")
    out.append("ERROR = (  # per round's start, then the finished sheets: final score minus the "
               "estimate, mean and spread")
    out.append("    " + ", ".join(f"({statistics.mean(errors[rnd]):.2f}, "
                                  f"{statistics.pstdev(errors[rnd]):.2f})"
                                  for rnd in sorted(errors)))
    out.append(")")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default="tables")
    parser.add_argument("--save", metavar="FILE", help="write the games' records (JSON)")
    parser.add_argument("--load", metavar="FILE", help="read records instead of playing")
    args = parser.parse_args(argv)
    if args.load:
        records = json.loads(Path(args.load).read_text(encoding="utf-8"))
    else:
        records = []
        for g in range(args.games):
            records.append(play(args.players, g, args.seed))
            if (g + 1) % 100 == 0:
                print(f"  {g + 1} games", file=sys.stderr)
        if args.save:
            Path(args.save).write_text(json.dumps(records), encoding="utf-8")
    print("\n".join(tables(records, args.players)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
