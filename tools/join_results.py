"""Join the per-game results of several ``measure_vs_normal.py --save`` runs (JSON lines) into
one summary, e.g. a run of games 0-47 and one of games 48-199. Every game index must appear once.

    python tools/join_results.py --players 3 first.jsonl second.jsonl
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_vs_normal import summary  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    records = [json.loads(line) for f in args.files
               for line in Path(f).read_text(encoding="utf-8").splitlines() if line.strip()]
    games = sorted(r["game"] for r in records)
    if len(set(games)) != len(games):
        print("join_results: a game index appears twice", file=sys.stderr)
        return 2
    print(f"games {games[0]}-{games[-1]} ({len(games)} games) from {len(args.files)} runs")
    print("\n".join(summary(records, args.players)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
