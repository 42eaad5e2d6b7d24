"""This is Mine!'s round by round: the money after a round is what each heir held when the round
ended, before the next round's Suitcases pay out (they used to be counted in: round 4 showed
9/7/6/8 where the players held 8/6/5/7)."""
from __future__ import annotations

import random

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.engine.history import Timeline
from allmine_tui.games.this_is_mine.rules import ThisIsMineRules


def played(seed: int, n: int) -> Match:
    match = Match("this-is-mine", [Seat(f"P{i}", "random") for i in range(n)], seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


@pytest.mark.parametrize("seed,n", [(1, 2), (4, 3), (7, 4), (12, 4)])
def test_money_after_a_round_leaves_out_the_next_round_s_suitcases(seed, n, monkeypatch):
    match = played(seed, n)
    # what each held as each new round began, before its Suitcases paid: seen from inside the
    # rules while the history replays the game
    held: dict[int, list[int]] = {}
    start_round = ThisIsMineRules._start_round

    def watched(self, st, round_no, leader, events):
        held[round_no] = [st.money[s] + st.coins[s] for s in range(st.n)]
        return start_round(self, st, round_no, leader, events)
    monkeypatch.setattr(ThisIsMineRules, "_start_round", watched)
    timeline = Timeline(match)
    rows = [row for row in timeline.hooks.history(timeline).rows if row.label != "The end"]
    assert len(rows) == 8
    for r, row in enumerate(rows[:-1]):
        assert row.scores == held[r + 1], (row.label, row.scores, held[r + 1])
    last = timeline.state(timeline.ends_of_rounds()[-2][1])  # the last round, no new round
    assert rows[-1].scores == [last.money[s] + last.coins[s] for s in range(n)]
    # (these games have Suitcases at some round's start, so the old count was off)
    assert any(row.scores != [timeline.state(k).money[s] + timeline.state(k).coins[s]
                              for s in range(n)]
               for (_r, k), row in zip(timeline.ends_of_rounds(), rows))
