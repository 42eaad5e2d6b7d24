"""Mine All Mines rules, "Goal and Game End Conditions": the end scoring (Jewelry, Support,
Achievements, Lamp gems) and the tie-breaks (more gems left, Lamp gems not counted, more
Jewelry cards, then a shared win)."""
from __future__ import annotations

from mine_all_mines_rules_helpers import P1, P2, P3, fresh

from allmine_tui.games.mine_all_mines.rules import RULES


def test_end_scoring_totals():
    st = fresh(3)
    st.owned[P1] = {"jewelry": ["J01", "J05"], "support": ["goldsmith", "lamp"],
                    "ach": ["two-rings"]}
    st.lamp[P1] = [1, 1, 0, 0, 0]
    st.owned[P2] = {"jewelry": ["J40"], "support": ["mine-d", "mine-s"], "ach": []}
    res = RULES.result(st)
    # P1: 2 + 3 jewelry, 1 - 1 support, 3 achievement, 2 lamp
    assert res.scores == [10, 6, 0]
    assert res.winners == [P1]


def _tied(st):
    st.owned[P1] = {"jewelry": ["J01"], "support": [], "ach": []}  # 2 VP
    st.owned[P2] = {"jewelry": ["J02"], "support": [], "ach": []}  # 2 VP
    st.owned[P3] = {"jewelry": [], "support": [], "ach": []}


def test_tie_break_more_gems_left():
    st = fresh()
    _tied(st)
    st.gems[P1] = [1, 1, 0, 0, 0]
    st.gems[P2] = [3, 0, 0, 0, 0]
    res = RULES.result(st)
    assert res.scores == [2, 2, 0] and res.winners == [P2]
    assert res.notes


def test_tie_break_lamp_gems_do_not_count():
    st = fresh()
    _tied(st)
    st.owned[P1]["support"] = ["lamp", "goldsmith"]  # -1 + 1
    st.lamp[P1] = [0, 0, 0, 0, 0]
    st.gems[P1] = [1, 0, 0, 0, 0]
    st.gems[P2] = [1, 1, 0, 0, 0]
    res = RULES.result(st)
    assert res.scores == [2, 2, 0] and res.winners == [P2]
    # lamp gems score VP, but do not break the tie
    st.owned[P2]["support"] = ["lamp"]  # -1 VP
    st.lamp[P2] = [1, 0, 0, 0, 0]
    st.gems[P2] = [1, 0, 0, 0, 0]
    res = RULES.result(st)
    assert res.scores == [2, 2, 0]
    assert res.winners == [P1, P2]  # 1 gem left each (the Lamp gem is not one), 1 Jewelry each


def test_tie_break_more_jewelry_cards_then_shared():
    st = fresh()
    st.owned[P1] = {"jewelry": ["J01", "J02"], "support": [], "ach": []}  # 4 VP, 2 cards
    st.owned[P2] = {"jewelry": ["J40"], "support": ["goldsmith"], "ach": []}  # 4 VP, 1 card
    st.gems[P1] = [1, 0, 0, 0, 0]
    st.gems[P2] = [0, 1, 0, 0, 0]
    assert RULES.result(st).winners == [P1]
    st.owned[P2] = {"jewelry": ["J03", "J04"], "support": [], "ach": []}
    res = RULES.result(st)
    assert res.scores == [4, 4, 0] and res.winners == [P1, P2]
    assert any("shared" in n for n in res.notes)
