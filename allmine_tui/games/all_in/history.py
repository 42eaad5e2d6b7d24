"""All In: the game round by round, and each sheet's unseen part at any position."""
from __future__ import annotations

from ...engine.history import GameHistory, HistoryHooks, Timeline, round_rows
from .cards import card_name
from .rules import RULES
from .sheets import space_names
from .state import AllInState


def round_of(state: AllInState) -> int:
    return state.round - 1  # rounds count from 1 in the state


def round_label(r: int) -> str:
    return f"Round {r + 1}"


def _cell(sheet, cell: int) -> str:
    """A space as the sheet shows it: the letters of its hands, row hand first ("A×F")."""
    return space_names(sheet)[cell]


def _written(_rnd: int, before: AllInState, state: AllInState, s: int) -> str:
    """The card(s) written on the sheet in the round, where (the hands of the space), and the
    hands it completed."""
    sheet = RULES.sheet(state, s)
    new = [c for c, card in enumerate(state.written[s])
           if card is not None and before.written[s][c] is None]
    text = ", ".join(f"{card_name(state.written[s][c])} {_cell(sheet, c)}" for c in new)
    done = sorted(set(state.completed[s]) - set(before.completed[s]))
    return (text or "skipped") + (" ✓" + "".join(done) if done else "")


def history(timeline: Timeline) -> GameHistory:
    """One row per round: each sheet's score if the game ended there, and the card written."""
    rows = round_rows(timeline, lambda _r, st: [p["total"] for p in RULES.scoring(st)["players"]],
                      _written)
    return GameHistory("points", rows, ["Scores are what each sheet would score if the game "
                                        "ended after that round; ✓ marks hands completed."])


def hidden_cards(state: AllInState) -> list[str]:
    """Per seat: how much of its sheet is written, its unused chips and a card chosen now."""
    out = []
    for s in range(state.n):
        written = sum(1 for c in state.written[s] if c is not None)
        line = (f"{{{s}}}: {written} cards on sheet {state.sheet_ids[s]}, "
                f"chips: {state.chips_won[s]} won, {RULES.chips(state, s)} left")
        if state.choice[s] is not None:
            line += f"; writing {card_name(state.choice[s])}"
        out.append(line)
    return out


HOOKS = HistoryHooks(round_of, round_label, history, hidden_cards)
