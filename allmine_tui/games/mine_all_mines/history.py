"""Mine All Mines: the game round by round, and the dwarves each seat holds unseen."""
from __future__ import annotations

from ...engine.history import GameHistory, HistoryHooks, Timeline, round_rows, short
from .data import load
from .rules import RULES
from .state import MineAllMinesState, dwarf_name

def round_of(state: MineAllMinesState) -> int:
    return state.round_no


def round_label(r: int) -> str:
    return f"Round {r + 1}"


def _cards(own: dict) -> list[str]:
    data = load()
    return ([data.jewelry[j].type.capitalize() for j in own["jewelry"]]
            + [data.support[c].name for c in own["support"]]
            + [f"★{data.achievements[a].name}" for a in own["ach"]])


def _bought(_rnd: int, before: MineAllMinesState, state: MineAllMinesState, s: int) -> str:
    new = _cards(state.owned[s])[len(_cards(before.owned[s])):]  # cards are only ever added
    return short(", ".join(new) or "nothing bought")


def history(timeline: Timeline) -> GameHistory:
    """One row per round: each seat's VP after it and the cards it bought or claimed."""
    rows = round_rows(timeline, lambda _r, st: [RULES.vp_breakdown(st, s)["total"]
                                                for s in range(st.n)], _bought)
    return GameHistory("VP", rows, ["Each round: the VP so far and the cards bought or "
                                    "claimed (★ an achievement)."])


def hidden_cards(state: MineAllMinesState) -> list[str]:
    """Per seat: the dwarves still in hand and the ones set aside at random this round."""
    out = []
    for s in range(state.n):
        hand = ", ".join(dwarf_name(d) for d in state.hands[s]) or "none"
        aside = ", ".join(dwarf_name(d) for d in state.discards[s]) or "none"
        out.append(f"{{{s}}}: in hand {hand}; set aside {aside}")
    return out


HOOKS = HistoryHooks(round_of, round_label, history, hidden_cards)
