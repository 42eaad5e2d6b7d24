"""``allmine bench``: the coach's figures (issue 33: a coach you can trust).

- its chances to win against what happened, in self-play games of the expert at the hint's budget
  (tools/calibrate.py) that the calibration curve was not fitted on: the Brier score of the
  claims against always claiming 1/players (target: 0.9 times it or less) and the gap between
  the mean claim and the share won in each third of the claims (target: 0.10 or less); shown
  with the rules section (instant: the records are stored) and the coach section;
- the coach asked twice in the same position with two random streams (coach section only, a few
  minutes): how often the first moves agree, and how often where the first hint calls its move
  clearly best (target: 90%).
"""
from __future__ import annotations

import time

from .engine import Match, Seat
from .games import Game


def _verdict(value, target, higher_is_better: bool):
    from .bench import _verdict as verdict  # (bench imports this module)

    return verdict(value, target, higher_is_better)


# -- the coach's claims ---------------------------------------------------------------------------
def coach_claims(spec: Game) -> dict:
    """How the coach's calibrated chances fare in self-play games the curve was not fitted on
    (the records of ``assets/<game>/coach-selfplay.jsonl``, written by tools/calibrate.py, in
    three folds: ``calibration.crossfit``): the Brier score of the claims against always
    claiming 1/players, the claimed-vs-won gap of each tercile, the same for the raw chances,
    and whether the records are of today's sources (else: refit)."""
    from .engine import calibration as cal
    from .paths import asset

    path = asset(spec.id, cal.CHECK_FILE)
    records = cal.read_records(path)
    if not records:
        return {"available": False, "reason": "no self-play records (tools/calibrate.py)"}
    stamp = cal.header(path).get("fingerprint")
    return {"available": True, "calibrated": cal.load(spec.id) is not None,
            "stale": stamp != cal.fingerprint(spec.id),
            "kind": cal.kind_of(spec.id),
            "raw": cal.score(records, None)} | cal.crossfit(records, kind=cal.kind_of(spec.id))


def coach_stability(spec: Game, players: int, budget: float, max_positions: int) -> dict:
    """The coach asked twice, with two random streams, in positions of ``normal`` bot games
    (every few searched decisions): how often the two hints' first moves agree, over all
    positions and over those where the first hint calls its move clearly best."""
    import random

    from .engine.coach import hint

    bot = spec.default_bot if "normal" not in spec.bots() else "normal"
    seats = [Seat(f"{bot} {i + 1}", bot) for i in range(players)]
    game = since = 0
    match = Match(spec.id, seats, f"bench-coach/{game}")
    same = clear = clear_same = positions = 0
    started = time.perf_counter()
    while positions < max_positions and (positions < 4 or time.perf_counter() - started < budget):
        if match.is_over():
            game += 1
            match = Match(spec.id, seats, f"bench-coach/{game}")
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        since += len(legal) > 1
        if len(legal) > 1 and since >= 5:
            view = match.view(seat)
            first = hint(spec, view, seat, legal)
            if first.searched:
                since = 0
                second = hint(spec, view, seat, legal,
                              rng=random.Random(f"bench-coach/second/{positions}"))
                agree = first.best.actions == second.best.actions
                positions += 1
                same += agree
                clear += first.clear
                clear_same += first.clear and agree
        match.step_bot(seat)
    return {"positions": positions, "same": same, "clear": clear, "clear_same": clear_same,
            "same_share": round(same / positions, 3) if positions else None,
            "clear_share": round(clear_same / clear, 3) if clear else None}


def render_claims(table, title: str, c: dict, goals: dict) -> None:
    """The coach's claims on held-out self-play games: Brier ratio and worst tercile gap."""
    from rich.text import Text

    if not c.get("available"):
        table.add_row("coach's chances, self-play games", title,
                      Text(c.get("reason", "unavailable"), "yellow"), "", _verdict(None, 1, False))
        return
    note = (" STALE: refit" if c["stale"] else "") + ("" if c["calibrated"] else " (raw)")
    ratio, target = c["ratio"], goals["claims_brier_ratio"]
    table.add_row(f"coach's chances, Brier vs 1/players ({c['games']} games not fitted on, "
                  f"{c['hints']} hints){note}", title,
                  f"{ratio:.2f}x (raw {c['raw']['ratio']:.2f}x)", f"<= {target:g}x",
                  _verdict(ratio, target, False))
    gaps = ", ".join(f"{t['claimed']:.2f}/{t['won']:.2f}" for t in c["terciles"])
    target = goals["claims_tercile_gap"]
    table.add_row(f"  claimed/won by tercile: {gaps}", title, f"worst {c['worst_gap']:+.2f}",
                  f"<= {target:.2f}", _verdict(abs(c["worst_gap"]), target, False))


def render_stability(table, title: str, st: dict, goals: dict) -> None:
    from rich.text import Text

    target = goals["coach_same_top"]
    table.add_row(f"coach asked twice: same first move ({st['positions']} positions)", title,
                  "n/a" if st["same_share"] is None else f"{st['same_share']:.0%}", "",
                  Text("—", "dim"))
    table.add_row(f"  where called clearly best ({st['clear']} of them)", title,
                  "n/a" if st["clear_share"] is None else f"{st['clear_share']:.0%}",
                  f">= {target:.0%}", _verdict(st["clear_share"], target, True))
