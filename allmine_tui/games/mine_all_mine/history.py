"""Mine, All Mine!: the game round by round, and the ship cards each seat holds unseen."""
from __future__ import annotations

from ...engine.history import GameHistory, HistoryHooks, Timeline, round_rows
from .state import MineAllMineState

def round_of(state: MineAllMineState) -> int:
    return state.round_no


def round_label(r: int) -> str:
    return f"Round {r + 1}"


def _totals(rnd: int, state: MineAllMineState) -> list:
    return [sum(rec["points"][s] for rec in state.history[:rnd + 1]) for s in range(state.n)]


def _fleet(rnd: int, _before, state: MineAllMineState, s: int) -> str:
    """The round's fleet (Speed, Attack, Cargo) and what it mined, with any bonus."""
    rec = state.history[rnd]
    f = next((f for f in (state.last_round or {}).get("fleets", []) if f["seat"] == s), None)
    fleet = f"S{f['speed']} A{f['attack']} C{f['cargo']} · " if f else ""
    bonus = f" +{rec['bonus'][s]} bonus" if rec["bonus"][s] else ""
    return f"{fleet}mined {rec['carried'][s]}{bonus}"


def history(timeline: Timeline) -> GameHistory:
    """One row per round: running totals, each fleet and what it mined."""
    return GameHistory("points", round_rows(timeline, _totals, _fleet),
                       ["Each round: the fleet's Speed, Attack and Cargo, and the resources it "
                        "mined."])


def hidden_cards(state: MineAllMineState) -> list[str]:
    """Per seat: the ship cards in hand and a fleet still being put together."""
    out = []
    for s in range(state.n):
        line = f"{{{s}}}: cards " + (" ".join(map(str, sorted(state.hands[s]))) or "none")
        if state.pending[s]:
            line += "; fleet " + " ".join(f"{c}{'ABC✦'[o]}" for c, o in state.pending[s])
        out.append(line)
    return out


HOOKS = HistoryHooks(round_of, round_label, history, hidden_cards)
