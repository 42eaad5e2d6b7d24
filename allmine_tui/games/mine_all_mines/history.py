"""Mine All Mines: the game round by round, and the dwarves each seat holds unseen."""
from __future__ import annotations

from ...engine.history import GameHistory, HistoryHooks, Timeline, round_rows
from .data import load
from .rules import RULES
from .choices import SHORT
from .state import MineAllMinesState

def round_of(state: MineAllMinesState) -> int:
    return state.round_no


def round_label(r: int) -> str:
    return f"Round {r + 1}"


def card_names(kind: str, ids: list[str]) -> list[str]:
    """Cards of one kind ("jewelry", "support" or "ach") as the round-by-round table names them:
    a Jewelry card by its type, a Support card by its name, an achievement by ★ and its name."""
    data = load()
    if kind == "jewelry":
        return [data.jewelry[j].type.capitalize() for j in ids]
    if kind == "support":
        return [data.support[c].name for c in ids]
    return [f"★{data.achievements[a].name}" for a in ids]


def new_cards(before: dict, after: dict) -> list[str]:
    """The cards a seat got between two of its ``owned`` records: each kind's list only ever
    grows (a card is never given up), so what it got is the tail of each list, kind by kind.
    (Comparing one list of all the kinds together took a Ring bought after a Support card for
    the Support card, and an old achievement for a new one.)"""
    out: list[str] = []
    for kind in ("jewelry", "support", "ach"):
        out += card_names(kind, after[kind][len(before[kind]):])
    return out


def _bought(_rnd: int, before: MineAllMinesState, state: MineAllMinesState, s: int) -> str:
    # every card, never cut: the results table wraps a long cell on lines of its own
    return ", ".join(new_cards(before.owned[s], state.owned[s])) or "nothing bought"


def history(timeline: Timeline) -> GameHistory:
    """One row per round: each seat's VP after it and the cards it bought or claimed."""
    rows = round_rows(timeline, lambda _r, st: [RULES.vp_breakdown(st, s)["total"]
                                                for s in range(st.n)], _bought)
    return GameHistory("VP", rows, ["Each round: the VP so far and the cards bought or "
                                    "claimed (★ an achievement)."])


def _dwarves(ds: list) -> str:
    """Dwarves as the table names them: Dealer, Blacksmith, and the miners by gem (Di Sa Ru Em
    Go), so that a seat's line fits the replay's 100 columns."""
    return ", ".join(DWARF_WORDS[d] if d in DWARF_WORDS else SHORT[d] for d in ds) or "none"


DWARF_WORDS = {"dealer": "Dealer", "blacksmith": "Blacksmith"}


def hidden_cards(state: MineAllMinesState) -> list[str]:
    """Per seat: the dwarves still in hand and the ones set aside at random this round."""
    return [f"{{{s}}}: in hand {_dwarves(state.hands[s])} · set aside "
            f"{_dwarves(state.discards[s])}" for s in range(state.n)]


HOOKS = HistoryHooks(round_of, round_label, history, hidden_cards)
