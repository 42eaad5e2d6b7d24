"""This is Mine!: the game round by round, and the cards each heir holds unseen."""
from __future__ import annotations

import re
from collections import Counter

from ...engine.history import GameHistory, HistoryHooks, Timeline, round_rows, short
from .data import load, name_of
from .rules import RULES
from .state import COPY, DISCARD, OVER, ThisIsMineState

def round_of(state: ThisIsMineState) -> int:
    """Rounds 0..7, then the end (Relatives and Suitcases) as one more."""
    return load().rounds if state.phase in (DISCARD, COPY, OVER) else state.round_no


def round_label(r: int) -> str:
    return "The end" if r >= load().rounds else f"Round {r + 1}"


def _names(cards) -> str:
    counts = Counter(name_of(c) for c in cards)
    return ", ".join(f"{k}× {t}" if k > 1 else t for t, k in sorted(counts.items()))


def _suitcase_money(events, n: int) -> list[int]:
    """Per seat, the Money Cards that Suitcase events among ``events`` handed out."""
    paid = [0] * n
    for event in events:
        if event.kind == "money" and event.text.startswith("A Suitcase:"):
            for seat in re.findall(r"\{(\d+)\}", event.text):
                paid[int(seat)] += 1
    return paid


def _scores_of(timeline: Timeline):
    """Money Cards and coins at the end of each round; the final totals at the end. A round's
    row is the first position of the next round, whose Suitcases have already paid out (in the
    same move): their money is taken off again."""
    ends = dict((k, rnd) for rnd, k in timeline.ends_of_rounds())

    def scores(rnd: int, state: ThisIsMineState) -> list:
        if rnd >= load().rounds:
            return RULES.result(state).scores
        k = next((k for k, r in ends.items() if r == rnd), None)
        paid = [0] * state.n
        if k is not None and state.phase not in (DISCARD, COPY, OVER):
            paid = _suitcase_money(timeline.events[timeline.marks[k - 1]:timeline.marks[k]],
                                   state.n)
        return [state.money[s] + state.coins[s] - paid[s] for s in range(state.n)]
    return scores


def _taken(rnd: int, before: ThisIsMineState, state: ThisIsMineState, s: int) -> str:
    """The cards taken in a round; at the end, what Relatives took and Suitcases copied."""
    if rnd < load().rounds:
        got = (Counter(state.hands[s]) - Counter(before.hands[s])).elements()
        return short(_names(got) or "nothing")
    parts = []
    if state.discards and state.discards[s]:
        parts.append("lost " + ", ".join(name_of(t) for t in state.discards[s]))
    if state.copies and state.copies[s]:
        parts.append("copied " + ", ".join(name_of(t) for t in state.copies[s]))
    return short("; ".join(parts) or "—")


def history(timeline: Timeline) -> GameHistory:
    """One row per round: the money each holds after it and the cards taken; then the end,
    with the final totals and what Relatives took and Suitcases copied."""
    return GameHistory("$", round_rows(timeline, _scores_of(timeline), _taken),
                       ["After each round: Money Cards and coins, and the cards taken. The end "
                        "adds the inheritance."])


def hidden_cards(state: ThisIsMineState) -> list[str]:
    """Per seat: the cards collected (face down for the others) and secret end choices."""
    out = []
    for s in range(state.n):
        line = f"{{{s}}}: {_names(state.hands[s]) or 'no cards'}"
        if state.discards and state.discards[s] and state.phase in (DISCARD, COPY):
            line += "; Relatives take " + ", ".join(name_of(t) for t in state.discards[s])
        if state.copies and state.copies[s] and state.phase == COPY:
            line += "; Suitcases copy " + ", ".join(name_of(t) for t in state.copies[s])
        out.append(line)
    return out


HOOKS = HistoryHooks(round_of, round_label, history, hidden_cards)
