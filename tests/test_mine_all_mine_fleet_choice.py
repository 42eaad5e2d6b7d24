"""Mine, All Mine! rules, "Phase 1) Assembling Your Fleet": the moves offered (add one option
of a card, remove, launch; two ship sides in beginner mode), illegal moves that change
nothing, no move after launching, and fleets and hands secret until the reveal."""
from __future__ import annotations

import pytest
from mine_all_mine_rules_helpers import fixed_state, play_round

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.mine_all_mine import data
from allmine_tui.games.mine_all_mine.rules import RULES


def test_beginner_mode_offers_two_ship_options_and_no_action():
    state = fixed_state(2, mode="beginner", hands=[[1, 2, 3], [4, 5, 6]])
    legal = RULES.legal_actions(state, 0)
    assert Action("add", (1, 1)) in legal and Action("add", (1, 2)) not in legal
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, Action("add", (1, 3)))
    play_round(state, [[(1, 1)], [(4, 0)]])
    assert state.last_round["fleets"][0]["speed"] == data.load_ships()[1].beginner[1].speed


def test_legal_actions_order_and_remove():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    legal = RULES.legal_actions(state, 0)
    assert legal == [Action("add", (c, o)) for c in (1, 2, 3) for o in range(4)]
    RULES.apply(state, 0, Action("add", (2, 3)))
    legal = RULES.legal_actions(state, 0)
    assert legal[-2:] == [Action("remove", (2,)), Action("launch")]
    assert Action("add", (2, 0)) not in legal
    RULES.apply(state, 0, Action("remove", (2,)))
    assert state.pending[0] == [] and Action("launch") not in RULES.legal_actions(state, 0)


# -- illegal actions change nothing ----------------------------------------------------------------
@pytest.mark.parametrize("seat,action,message", [
    (0, Action("add", (4, 0)), "do not hold"),
    (0, Action("add", (1, 4)), "options 0 to 3"),
    (0, Action("add", (1, -1)), "options"),
    (0, Action("add", (1,)), "Choose one"),
    (0, Action("add", ("1", 0)), "Choose one"),
    (0, Action("add", (True, 0)), "Choose one"),
    (0, Action("add", (2, 0)), "already in your fleet"),
    (0, Action("remove", (3,)), "not in your fleet"),
    (0, Action("remove", ()), "Choose one"),
    (1, Action("launch"), "at least one card"),
    (0, Action("launch", (1,)), "no arguments"),
    (0, Action("dig"), "not a move"),
    (7, Action("launch"), "no such player"),
])
def test_illegal_actions_raise_and_change_nothing(seat, action, message):
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    RULES.apply(state, 0, Action("add", (2, 1)))
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        RULES.apply(state, seat, action)
    assert state.to_json() == before


def test_no_action_after_launching():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    RULES.apply(state, 0, Action("add", (2, 1)))
    RULES.apply(state, 0, Action("launch"))
    before = state.to_json()
    for a in (Action("add", (1, 0)), Action("remove", (2,)), Action("launch")):
        with pytest.raises(IllegalAction, match="already launched"):
            RULES.apply(state, 0, a)
    assert state.to_json() == before


# -- privacy ---------------------------------------------------------------------------------------
def test_fleets_and_hands_are_secret_until_reveal():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    events = RULES.apply(state, 0, Action("add", (2, 3)))
    assert events == []  # not even the number of cards in a fleet is logged before the reveal
    v1 = RULES.view(state, 1)
    assert v1["hand"] == [4, 5, 6] and v1["pending"] == []
    assert v1["hand_counts"] == [3, 3] and v1["launched"] == [False, False]
    v0 = RULES.view(state, 0)
    assert v0["pending"] == [[2, 3]] and v0["preview"]["actions"] == ["heavy-guns"]
    assert RULES.view(state, None)["hand"] is None
