"""Mine All Mines rules, "Game Setup" and "Game Round": the supply, the Marketplace and the
card displays at every player count, the random dwarf discards, the rounds a game has,
clockwise turns and the First Player Tile passed to the right; and, from "Player Turn", a
hand with no playable dwarf that discards one (trading and claiming still allowed)."""
from __future__ import annotations

import pytest
from mine_all_mines_rules_helpers import (D, E, G, P1, P2, P3, R, S, fresh, illegal, legal, ready,
                                          texts)

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.rules import RULES
from allmine_tui.games.mine_all_mines.state import DWARVES


# -- setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_supply_and_marketplace(n):
    st = RULES.new_state(n, {}, 1)
    assert st.supply == [10] * 5 and st.market == [1] * 5
    assert st.gems == [[0] * 5] * n and st.lamp == [[0] * 5] * n
    assert RULES.conserved(st) == {"gems": 55, "jewelry": 40, "support": 18, "achievements": 10}
    assert len([a for a in st.achievements_shown if a]) == 5


@pytest.mark.parametrize("n,shown", [(2, 3), (3, 3), (4, 3), (5, 4)])
def test_display_sizes(n, shown):
    st = RULES.new_state(n, {}, 7)
    assert len(st.jewelry_shown) == shown and len(st.jewelry_deck) == 40 - shown
    assert len(st.support_shown) == 2 and len(st.support_deck) == 16
    assert len(set(st.jewelry_shown + st.jewelry_deck)) == 40


# -- rounds and turns ------------------------------------------------------------------------------
@pytest.mark.parametrize("n,size", [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_hands_after_random_discards(n, size):
    seen = set()
    for seed in range(6):
        st = RULES.new_state(n, {}, seed)
        for s in range(n):
            assert len(st.hands[s]) == size and len(st.discards[s]) == 7 - size
            assert sorted(st.hands[s] + st.discards[s], key=str) == sorted(DWARVES, key=str)
            seen.add(tuple(st.discards[s]))
        assert st.seat == st.first and st.round_no == 0 and st.turn == 0
    assert len(seen) > 3  # the discards are random


def _quick_game(n, seed):
    """Play by always taking the first dwarf play and ending the turn; record each turn's seat."""
    st = RULES.new_state(n, {}, seed)
    rounds = []
    while not RULES.is_over(st):
        if st.turn == 0 and st.phase == "play":
            rounds.append({"first": st.first, "seats": [], "hands": [len(h) for h in st.hands],
                           "mines": [list(m) for m in st.mines], "market": list(st.market_dwarves)})
        seat = st.seat
        if st.phase == "play":
            rounds[-1]["seats"].append(seat)
        acts = RULES.legal_actions(st, seat)
        ends = [a for a in acts if a.kind in ("end", "lamp_done")]
        RULES.apply(st, seat, ends[0] if ends else acts[0])
    return st, rounds


@pytest.mark.parametrize("n,rounds_total", [(2, 4), (3, 3), (4, 4), (5, 5)])
def test_rounds_turn_order_and_first_player(n, rounds_total):
    st, rounds = _quick_game(n, 3)
    assert len(rounds) == rounds_total and st.phase == "over"
    size = 5 if n <= 3 else 4
    first0 = RULES.new_state(n, {}, 3).first
    for i, r in enumerate(rounds):
        assert r["first"] == (first0 - i) % n  # passes to the right each round
        assert r["seats"] == [(r["first"] + k) % n for k in range(n * size)]  # clockwise
        assert r["hands"] == [size] * n
        assert r["mines"] == [[None] * 6] * 5 and r["market"] == []
    assert all(h == [] for h in st.hands)


def test_first_player_passes_to_the_right():
    st = fresh(4)
    st.first = 2
    st.seat = 1
    st.turn = 4 * RULES.hand_size(st) - 1
    ready(st, 1, ["dealer"])
    RULES.apply(st, 1, Action("dealer"))
    RULES.apply(st, 1, Action("end"))
    assert st.round_no == 1 and st.first == 1 and st.seat == 1 and st.turn == 0
    assert [len(h) for h in st.hands] == [4] * 4


def test_turn_passes_clockwise():
    st = fresh(4)
    ready(st, 3, ["dealer"])
    st.turn = 0
    RULES.apply(st, 3, Action("dealer"))
    RULES.apply(st, 3, Action("end"))
    assert st.seat == 0 and st.turn == 1 and st.phase == "play"


def _blocked(st):
    """Gold and Diamond mines full, the others empty: a Gold or Diamond dwarf cannot be played."""
    st.mines[G] = [[G, P2], [R, P2], [E, P3], [D, P2], [S, P3], [R, P3]]
    st.mines[D] = [[D, P2], [S, P2], [G, P3], [R, P2], [E, P3], [E, P2]]
    for m in (S, R, E):
        st.mines[m] = [None] * 6


def test_unplayable_hand_discards_one_of_choice_and_ends_the_turn():
    st = fresh()
    _blocked(st)
    ready(st, P1, [D, G])
    st.turn = 3
    assert legal(st, P1) == [Action("discard", (D,)), Action("discard", (G,))]
    illegal(st, P1, Action("mine", (G, 0)))
    illegal(st, P1, Action("end"))
    events = RULES.apply(st, P1, Action("discard", (G,)))
    assert st.hands[P1] == [D] and st.dropped[P1] == [G]
    assert st.seat == P2 and st.turn == 4 and st.phase == "play"
    assert any("discards" in t for t in texts(events))
    assert RULES.view(st, P3)["dropped"][P1] == [G]


def test_discard_not_allowed_when_a_dwarf_can_be_played():
    st = fresh()
    _blocked(st)
    ready(st, P1, [G, "dealer"])
    assert legal(st, P1, "discard") == []
    illegal(st, P1, Action("discard", (G,)), "discard")
    ready(st, P1, [G, S])
    assert legal(st, P1, "discard") == [] and legal(st, P1, "mine") == [Action("mine", (S, 0))]


def test_a_player_who_cannot_play_a_dwarf_may_still_trade_with_a_helper_and_claim():
    """The rulebook allows the Goldsmith, a Trader and a claim at any time of the turn: they are
    offered beside the discard, and the discard still ends the turn afterwards."""
    st = fresh()
    _blocked(st)
    st.achievements_shown = ["two-rings", "three-kinds", "two-helpers", "three-gold", "two-crowns"]
    st.owned[P1]["jewelry"] = ["J01", "J02"]
    st.owned[P1]["support"] = ["goldsmith"]
    st.gems[P1] = [0, 0, 0, 0, 1]
    ready(st, P1, [D, G])
    acts = legal(st, P1)
    assert [a for a in acts if a.kind == "discard"] == [Action("discard", (D,)),
                                                         Action("discard", (G,))]
    assert Action("helper", ("goldsmith", G, R)) in acts
    assert Action("claim", ("two-rings",)) in acts
    assert {a.kind for a in acts} == {"discard", "helper", "claim"}
    RULES.apply(st, P1, Action("helper", ("goldsmith", G, R)))
    RULES.apply(st, P1, Action("claim", ("two-rings",)))
    assert st.phase == "play" and st.gems[P1] == [0, 0, 1, 0, 0]
    assert legal(st, P1) == [Action("discard", (D,)), Action("discard", (G,))]
    illegal(st, P1, Action("end"))
    RULES.apply(st, P1, Action("discard", (D,)))
    assert st.seat == P2 and st.owned[P1]["ach"] == ["two-rings"]
