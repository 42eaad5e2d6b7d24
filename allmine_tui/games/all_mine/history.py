"""All Mine!: the game hand by hand, and the cards each seat holds unseen at any position."""
from __future__ import annotations

from ...engine.history import GameHistory, HistoryHooks, HistoryRow, Timeline
from .cards import LETTERS, card_name, suit_tag
from .state import PREDICT, AllMineState

def round_of(state: AllMineState) -> int:
    return state.hand_no


def round_label(r: int) -> str:
    return f"Hand {r + 1}"


def history(timeline: Timeline) -> GameHistory:
    """One row per scored hand: the running totals, each seat's prediction, what it took of each
    suit (Crystals/Gold/Mushrooms/Dragon eggs) and the hand's points."""
    final = timeline.state(timeline.last)
    totals = [0] * final.n
    rows = []
    for rec in final.history:
        gained = []
        for s, p in enumerate(rec["players"]):
            totals[s] += p["total"]
            taken = " ".join(f"{LETTERS[i]}{k}" for i, k in enumerate(p["counts"]))
            # two short lines, so that a narrow column never breaks one after a separator
            gained.append(f"+{LETTERS[p['most']]} −{LETTERS[p['fewest']]}: {p['total']:+d}"
                          f"\n{taken}")
        rows.append(HistoryRow(round_label(rec["hand"]), list(totals), gained))
    return GameHistory("points", rows, ["Each hand: the prediction (+most −fewest) and the "
                                        "hand's points, then the cards taken of C/G/M/D."])


def hidden_cards(state: AllMineState) -> list[str]:
    """Per seat, what the others could not see: its hand and an unrevealed prediction."""
    out = []
    for s in range(state.n):
        hand = " ".join(card_name(c) for c in sorted(state.hands[s])) or "no cards"
        line = f"{{{s}}}: {hand}"
        p = state.predictions[s] if state.phase == PREDICT else None
        if p is not None:
            line += f"; predicted +{suit_tag(p[0])} −{suit_tag(p[1])}"
        out.append(line)
    return out


HOOKS = HistoryHooks(round_of, round_label, history, hidden_cards)
