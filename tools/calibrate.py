"""Fit the coach's chance-to-win curves (engine/calibration.py) from self-play.

Two steps per game:

    python tools/calibrate.py play this-is-mine --games 30 --jobs 2   # self-play, appends records
    python tools/calibrate.py fit this-is-mine                        # the curve and held-out set

``play`` plays games where every seat takes the coach's first move (a hint at the hint's own
budget, capped in CPU time) and appends one record per hint (the raw chance of its first move,
whether that seat won) to ``tools/results/calibration/<game>.jsonl``; the player counts cycle
over 2 and 3 (All Mine!: 3). Progress goes to stderr, one line a game. Game ``i`` is the same
game whenever it is played (seed ``calibrate/i``), so ``--start`` can add more later.

``fit`` fits a curve on every record (isotonic, or logistic in the raw chance's log-odds,
whichever scores better on games left out of the fit) and writes it to
``assets/<game>/coach-calibration.json``, with the scores of the raw chances and of the
calibrated ones on games the fit did not see (three folds of games, each scored by a curve fitted
on the other two); the records go to ``assets/<game>/coach-selfplay.jsonl``, which
``allmine bench`` scores the same way.

Refit a game whenever its bots, its sampler, its plans or the shared search change (the records
carry a fingerprint of those sources; ``fit`` refuses records of mixed fingerprints unless
``--mixed``): delete its records file, ``play``, then ``fit``. About 30 games a game take 10 to
20 minutes on one core.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from allmine_tui.engine import calibration as cal  # noqa: E402
from allmine_tui.games import GAMES  # noqa: E402
from allmine_tui.paths import asset  # noqa: E402

RECORDS = Path(__file__).resolve().parent / "results" / "calibration"


def players_of(game_id: str, index: int) -> int:
    spec = GAMES[game_id]
    low = max(2, spec.min_players)
    high = min(3, spec.max_players)  # (more players: longer games, same kind of claims)
    return low + index % (high - low + 1)


def _one(job: tuple[str, int]) -> tuple[int, list[dict], float]:
    game_id, index = job
    started = time.perf_counter()
    records = cal.selfplay(game_id, players_of(game_id, index), index)
    return index, [r.to_json() for r in records], time.perf_counter() - started


def play(game_id: str, games: int, start: int, jobs: int) -> None:
    RECORDS.mkdir(parents=True, exist_ok=True)
    path = RECORDS / f"{game_id}.jsonl"
    stamp = cal.fingerprint(game_id)
    todo = [(game_id, i) for i in range(start, start + games)]
    started = time.perf_counter()
    with Pool(jobs) as pool, path.open("a") as out:
        for done, (index, records, seconds) in enumerate(pool.imap_unordered(_one, todo), 1):
            for r in records:
                out.write(json.dumps(r | {"fingerprint": stamp}) + "\n")
            out.flush()
            print(f"{game_id}: game {index} ({players_of(game_id, index)} players): "
                  f"{len(records)} hints in {seconds:.0f} s; {done}/{len(todo)} done, "
                  f"{time.perf_counter() - started:.0f} s in all", file=sys.stderr, flush=True)


def fit(game_id: str, mixed: bool) -> dict:
    path = RECORDS / f"{game_id}.jsonl"
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    stamps = {x.get("fingerprint") for x in lines}
    if len(stamps) > 1 and not mixed:
        raise SystemExit(f"{path} holds records of {len(stamps)} versions of the code: "
                         "delete it and play again (or --mixed)")
    records = [cal.Record.from_json(x) for x in lines]
    tried = {kind: cal.crossfit(records, kind=kind) for kind in cal.KINDS}
    kind = min(cal.KINDS, key=lambda k: tried[k]["brier"])  # the better out of fold
    curve = cal.fit_records(records, kind)
    summary = {
        "game": game_id, "fingerprint": cal.fingerprint(game_id), "kind": kind,
        "records_fingerprint": sorted(str(s) for s in stamps),
        "fitted_on": {"games": len({r.index for r in records}), "hints": len(records)},
        "raw": cal.score(records, None), "held_out": tried[kind],
        "held_out_other": {k: tried[k]["ratio"] for k in cal.KINDS if k != kind},
    }
    data = curve.to_json() | {"about": summary}
    asset(game_id, cal.CURVE_FILE).write_text(json.dumps(data, indent=1) + "\n")
    with asset(game_id, cal.CHECK_FILE).open("w") as out:
        out.write("# " + json.dumps({"fingerprint": summary["fingerprint"],
                                     "games": summary["fitted_on"]["games"]}) + "\n")
        for r in records:
            out.write(json.dumps(r.to_json()) + "\n")
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("game", choices=sorted(GAMES))
    f.add_argument("--mixed", action="store_true")
    args = parser.parse_args()
    if args.command == "play":
        play(args.game, args.games, args.start, args.jobs)
    else:
        print(json.dumps(fit(args.game, args.mixed), indent=1))


if __name__ == "__main__":
    main()
