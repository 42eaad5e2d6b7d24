"""All Mine! rules, "E. Score" and "End of the Game": the rulebook's four scoring examples
(counts are listed per suit in our order: crystals, gold, mushrooms, dragon eggs), the same
examples through a hand's last trick, a middle hand that deals the next, and shared wins."""
from __future__ import annotations

import pytest
from all_mine_rules_helpers import (ARVE, BRITTANY, C, D, DEEPAL, G, M, assert_rejected, play,
                                    position)

from allmine_tui.engine import Action
from allmine_tui.games.all_mine.cards import score_hand
from allmine_tui.games.all_mine.rules import RULES
from allmine_tui.games.all_mine.state import HEAP, OVER, PREDICT


SCORING_EXAMPLES = [
    # (most, fewest, counts, most points, fewest points, bonus, total)
    pytest.param(D, M, [2, 2, 5, 6], 5, 0, 0, 5, id="most-dragon-eggs-fewest-mushrooms"),
    pytest.param(C, G, [2, 2, 5, 6], 0, 3, 0, 3, id="most-crystals-wrong-fewest-gold-tied"),
    pytest.param(C, G, [6, 0, 4, 0], 5, 3, 6, 14, id="most-crystals-fewest-gold-bonus-6"),
    pytest.param(M, D, [0, 0, 0, 0], 3, 3, 0, 6, id="nothing-taken"),
]


@pytest.mark.parametrize("most,fewest,counts,most_pts,fewest_pts,bonus,total", SCORING_EXAMPLES)
def test_rulebook_scoring_examples(most, fewest, counts, most_pts, fewest_pts, bonus, total):
    assert score_hand(counts, most, fewest) == {
        "most": most_pts, "fewest": fewest_pts, "bonus": bonus, "total": total}


def test_score_hand_more_cases():
    # both perfect: 5 + 5 + difference
    assert score_hand([7, 1, 3, 2], C, G)["total"] == 5 + 5 + 6
    # both right but the bonus is counted from the predicted suits only
    assert score_hand([4, 0, 4, 1], M, G) == {"most": 3, "fewest": 5, "bonus": 4, "total": 12}
    # only Most right: no bonus
    assert score_hand([7, 1, 3, 2], C, D) == {"most": 5, "fewest": 0, "bonus": 0, "total": 5}


# One 4-player position, last trick of a hand: the four seats end with
#   Arve  : 2 C, 2 G, 5 M, 6 D, predicted +D -M  (example 1: 5)
#   Britt : 2 C, 2 G, 5 M, 6 D, predicted +C -G  (example 2: 3)
#   Clay  : nothing,            predicted +M -D  (example 4: 6)
#   Deepal: 8 C, 8 G, 2 M, 0 D, predicted +C -D  (Most tied 3, Fewest perfect 5, bonus 8 - 0: 16)
# Deepal wins the last trick (four gold, Gold 12 highest, no super-trump played); the heap is empty.
SCORING_WON = [
    "C1 C3 G2 G6 M1 M2 M3 M4 M5 D1 D2 D3 D4 D5 D6",
    "C4 C5 G7 G8 M6 M7 M8 M9 M10 D7 D8 D9 D10 D11 D12",
    "",
    "C2 C6 C7 C8 C9 C10 C11 C12 G1 G9 G10 G11 M11 M12",  # G3 G4 G5 G12 come with the last trick
]
SCORING_HANDS = ["G3", "G4", "G5", "G12"]
SCORING_PREDICTIONS = [[D, M], [C, G], [M, D], [C, D]]
SCORING_TOTALS = [5, 3, 6, 16]


def last_trick_position(hand_no, scores=None):
    return position(4, SCORING_HANDS, "", dealer=(ARVE - 1) % 4 if hand_no == 0 else 2,
                    leader=ARVE, hand_no=hand_no, predictions=[list(p) for p in SCORING_PREDICTIONS],
                    won_cards=SCORING_WON, scores=scores)


def play_last_trick(state):
    for seat, c in zip(range(4), SCORING_HANDS):
        RULES.apply(state, seat, play(c))


def test_scoring_examples_through_a_full_hand_final_hand():
    state = last_trick_position(hand_no=3)
    play_last_trick(state)
    assert state.phase == OVER and RULES.is_over(state)
    assert RULES.to_act(state) == []
    record = state.history[-1]["players"]
    assert [p["counts"] for p in record] == [[2, 2, 5, 6], [2, 2, 5, 6], [0, 0, 0, 0], [8, 8, 2, 0]]
    assert [(p["most_points"], p["fewest_points"], p["bonus"]) for p in record] == [
        (5, 0, 0), (0, 3, 0), (3, 3, 0), (3, 5, 8)]
    assert [p["total"] for p in record] == SCORING_TOTALS
    assert state.scores == SCORING_TOTALS
    result = RULES.result(state)
    assert result.scores == SCORING_TOTALS
    assert result.winners == [DEEPAL]
    assert result.table[-1] == ("Total", SCORING_TOTALS)
    for seat in range(4):
        assert RULES.legal_actions(state, seat) == []
    assert_rejected(state, ARVE, Action("predict", (C, G)), "over")


def test_scoring_a_middle_hand_adds_up_and_deals_the_next():
    state = last_trick_position(hand_no=0, scores=[0, 0, 0, 0])
    first_dealer = state.dealer
    play_last_trick(state)
    assert state.scores == SCORING_TOTALS
    assert state.phase == PREDICT and state.hand_no == 1
    assert state.dealer == (first_dealer + 1) % 4
    assert [len(h) for h in state.hands] == [10, 10, 10, 10]
    assert sum(len(st) for st in state.heap) == 8
    assert state.won == [[0, 0, 0, 0]] * 4
    assert state.predictions == [None] * 4


def test_equal_totals_share_the_win():
    # Before the last hand: 11, 13, 0, 0; the hand adds 5, 3, 6, 16 -> 16, 16, 6, 16.
    state = last_trick_position(hand_no=3, scores=[11, 13, 0, 0])
    play_last_trick(state)
    result = RULES.result(state)
    assert result.scores == [16, 16, 6, 16]
    assert result.winners == [ARVE, BRITTANY, DEEPAL]
    assert len(result.scores) == 4


def test_last_trick_with_the_last_heap_card_three_players():
    """3 players: the heap's last card goes to the winner of the last trick; example 3 again."""
    won = ["C1 C2 C3 C4 C5 C6 M1 M2 M3 M4", "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12",
           "C7 C8 C9 C10 C11 C12 M5 M6 M7 M8 M9 M10 M11 M12 D3 D4 D5 D6 D7 D8 D9 D10"]
    state = position(3, ["D1", "D2", "D12"], "D11", dealer=1, leader=0, hand_no=2,
                     predictions=[[C, G], [G, C], [D, G]], won_cards=won)
    for seat, c in ((0, "D1"), (1, "D2"), (2, "D12")):
        RULES.apply(state, seat, play(c))
    if state.phase == HEAP:
        RULES.apply(state, 2, Action("heap", (D,)))
    assert state.phase == OVER
    record = state.history[-1]["players"]
    assert [p["counts"] for p in record] == [[6, 0, 4, 0], [0, 12, 0, 0], [6, 0, 8, 12]]
    # seat 0: example 3 (14); seat 1: +G perfect 5, -C tied 3, bonus 12 (20);
    # seat 2: +D perfect 5, -G perfect 5, bonus 12 (22)
    assert state.scores == [14, 20, 22]
    assert RULES.result(state).winners == [2]
