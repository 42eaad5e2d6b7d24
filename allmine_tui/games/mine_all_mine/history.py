"""Mine, All Mine!: the game round by round, and the ship cards each seat holds unseen."""
from __future__ import annotations

from ...engine.history import GameHistory, HistoryRow, Timeline
from .rules import MineAllMineState

def round_of(state: MineAllMineState) -> int:
    return state.round_no


def round_label(r: int) -> str:
    return f"Round {r + 1}"


def history(timeline: Timeline) -> GameHistory:
    """One row per round: running totals, each fleet's Speed/Attack/Cargo and what it mined
    (plus bonus points)."""
    rows = []
    totals: list[int] = []
    for rnd, k in timeline.ends_of_rounds():
        state = timeline.state(k)
        rec = state.history[rnd]
        fleets = {f["seat"]: f for f in (state.last_round or {}).get("fleets", [])}
        totals = [a + b for a, b in zip(totals or [0] * state.n, rec["points"])]
        gained = []
        for s in range(state.n):
            f = fleets.get(s)
            fleet = f"S{f['speed']} A{f['attack']} C{f['cargo']} · " if f else ""
            bonus = f" +{rec['bonus'][s]} bonus" if rec["bonus"][s] else ""
            gained.append(f"{fleet}mined {rec['carried'][s]}{bonus}")
        rows.append(HistoryRow(round_label(rnd), totals, gained))
    return GameHistory("points", rows, ["Each round: the fleet's Speed, Attack and Cargo, and "
                                        "the resources it mined."])


def hidden_cards(state: MineAllMineState) -> list[str]:
    """Per seat: the ship cards in hand and a fleet still being put together."""
    out = []
    for s in range(state.n):
        line = f"{{{s}}}: cards " + (" ".join(map(str, sorted(state.hands[s]))) or "none")
        if state.pending[s]:
            line += "; fleet " + " ".join(f"{c}{'ABC✦'[o]}" for c, o in state.pending[s])
        out.append(line)
    return out
