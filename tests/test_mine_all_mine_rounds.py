"""Mine, All Mine! whole rounds through apply: reveal, resolve, score and deal ("Phase 4)
Discovering a New System"), the deal order (lowest score, then fewer cards, then a draw:
"Tie-breaking"), three rounds then the end, and shared wins."""
from __future__ import annotations

import pytest
from mine_all_mine_rules_helpers import fixed_state, play_round

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.mine_all_mine.rules import RULES
from allmine_tui.games.mine_all_mine.state import OVER


def test_a_round_through_apply_reveals_resolves_scores_and_deals():
    state = fixed_state(3, hands=[[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert RULES.to_act(state) == [0, 1, 2]
    RULES.apply(state, 0, Action("add", (1, 0)))
    RULES.apply(state, 0, Action("launch"))
    assert RULES.to_act(state) == [1, 2] and RULES.legal_actions(state, 0) == []
    RULES.apply(state, 1, Action("add", (4, 1)))
    RULES.apply(state, 1, Action("add", (5, 2)))
    RULES.apply(state, 1, Action("launch"))
    events = RULES.apply(state, 2, Action("add", (7, 0))) + RULES.apply(state, 2, Action("launch"))
    kinds = [e.kind for e in events]
    assert kinds.count("reveal") == 3 and kinds.count("arrive") == 3 and "scored" in kinds
    rec = state.last_round
    assert rec["round"] == 0 and len(rec["turns"]) == 6
    assert [f["cards"] for f in rec["fleets"]] == [[[1, 0]], [[4, 1], [5, 2]], [[7, 0]]]
    points = [f["points"] for f in rec["fleets"]]
    assert state.scores == points and state.history[0]["points"] == points
    # 4 cards were played: dealt back, so hands are 3, 3, 3 minus played plus dealt
    assert sum(len(h) for h in state.hands) == 9 and len(state.deck) == 3
    assert len(state.last_deal["dealt"]) == 4 and state.round_no == 1
    assert state.pending == [[], [], []] and state.launched == [False] * 3


def test_deal_order_lowest_score_then_fewer_cards_then_draw():
    state = fixed_state(4)
    state.scores = [7, 3, 3, 1]
    state.hands = [[1], [2, 3], [4], [5, 6]]
    order, draws = RULES.deal_order(state)
    assert order == [3, 2, 1, 0]  # 1 first; 2 and 1 tie on 3 points: 2 holds fewer cards
    assert len(set(draws)) == 4 and all(1 <= d <= 12 for d in draws)
    # full tie: the higher drawn Ship card number goes first
    state.scores = [4, 4, 4, 4]
    state.hands = [[1], [2], [3], [4]]
    order, draws = RULES.deal_order(state)
    assert order == sorted(range(4), key=lambda s: -draws[s])
    # draws vary with the seed and round
    orders = set()
    for seed in range(20):
        st = fixed_state(4, seed=seed)
        st.scores, st.hands = [0] * 4, [[1], [2], [3], [4]]
        orders.add(tuple(RULES.deal_order(st)[0]))
    assert len(orders) > 3


def test_dealing_cycles_from_the_lowest_score():
    state = fixed_state(3, hands=[[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    # seat 0 plays 3 cards, the others 1 each: 5 cards dealt cycling in deal order
    play_round(state, [[(1, 0), (2, 0), (3, 0)], [(4, 0)], [(7, 0)]])
    d = state.last_deal
    order = d["order"]
    assert [s for s, _c in d["dealt"]] == [order[i % 3] for i in range(5)]
    scores = state.scores
    assert scores[order[0]] <= scores[order[1]] <= scores[order[2]]
    assert sorted(len(h) for h in state.hands) == sorted(
        [0 + (2 if order.index(0) < 2 else 1), 2 + (2 if order.index(1) < 2 else 1),
         2 + (2 if order.index(2) < 2 else 1)])
    for s, c in d["dealt"]:
        assert c in state.hands[s]


def test_three_rounds_then_over_and_shared_wins():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    for r in range(3):
        assert state.round_no == r and not RULES.is_over(state)
        choices = [[(min(state.hands[s]), 0)] for s in range(2)]
        play_round(state, choices)
    assert RULES.is_over(state) and state.phase == OVER
    assert len(state.history) == 3 and RULES.progress(state) == "finished"
    assert RULES.to_act(state) == [] and RULES.legal_actions(state, 0) == []
    res = RULES.result(state)
    assert res.scores == state.scores
    assert res.table[-1] == ("Total", state.scores) and len(res.table) == 10
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, 0, Action("launch"))
    state.scores = [9, 9]
    res = RULES.result(state)
    assert res.winners == [0, 1] and res.notes
    state.scores = [9, 10]
    assert RULES.result(state).winners == [1]
