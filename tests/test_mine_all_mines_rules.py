"""Mine All Mines rules: the rulebook examples 1-11, friends and foes, the pyramid, the 3-per-gem
limit, trading, buying, every Support card, achievements, rounds, scoring, privacy and illegal
actions."""
from __future__ import annotations

import json
import random

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.mine_all_mines import data
from allmine_tui.games.mine_all_mines.pyramid import FOE, FRIEND, PARENTS, PLACES, relation
from allmine_tui.games.mine_all_mines.rules import RULES
from allmine_tui.games.mine_all_mines.state import DWARVES, MineAllMinesState, mine_set_vp

D, S, R, E, G = range(5)
P1, P2, P3 = 0, 1, 2  # the rulebook's Players 1, 2 and 3


# -- helpers ---------------------------------------------------------------------------------------
def fresh(n=3, seed=0) -> MineAllMinesState:
    """A new game with nobody holding gems and Player 1 (seat 0) to play."""
    st = RULES.new_state(n, {}, seed)
    st.gems = [[0] * 5 for _ in range(n)]
    st.seat = 0
    return st


def ready(st, seat, hand=None):
    """Start a scripted turn for ``seat``: reset the per-turn flags, optionally set the hand."""
    st.seat = seat
    st.phase = "play"
    st.dealer = st.traded = st.bought = st.claimed = False
    st.steal_from = []
    st.lamp_left = 0
    if hand is not None:
        st.hands[seat] = list(hand)


def play(st, seat, kind, *args, hand=None):
    """One scripted dwarf play: the seat gets a hand holding the dwarf unless one is given."""
    if hand is None:
        hand = [args[0]] if kind in ("mine", "dig") else [kind]
    ready(st, seat, hand)
    return RULES.apply(st, seat, Action(kind, tuple(args)))


def legal(st, seat, kind=None):
    acts = RULES.legal_actions(st, seat)
    return [a for a in acts if kind is None or a.kind == kind]


def illegal(st, seat, action, match=None):
    before = json.dumps(st.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(st, seat, action)
    assert str(info.value), "an illegal action needs a message"
    if match:
        assert match in str(info.value)
    assert json.dumps(st.to_json(), sort_keys=True) == before
    return str(info.value)


def clone(st):
    return MineAllMinesState.from_json(json.loads(json.dumps(st.to_json())))


def texts(events):
    return [e.text for e in events]


def gold_at_entrance(st):
    """Examples 2-11 start alike: Player 1 plays the Gold dwarf at the empty Gold mine."""
    play(st, P1, "mine", G, 0)
    assert st.gems[P1] == [0, 0, 0, 0, 1]
    assert st.mines[G][0] == [G, P1]


# -- rulebook examples ------------------------------------------------------------------------------
def test_example_1_mine_action_on_the_sapphire_mine():
    st = fresh()
    assert st.mines[S][0] is None
    ready(st, P1, [S])
    assert legal(st, P1, "mine") == [Action("mine", (S, 0))]
    events = RULES.apply(st, P1, Action("mine", (S, 0)))
    assert st.mines[S] == [[S, P1], None, None, None, None, None]
    assert st.gems[P1] == [0, 1, 0, 0, 0]
    assert st.supply == [10, 9, 10, 10, 10]
    assert st.phase == "act"
    assert any("takes 1 Sapphire" in t for t in texts(events))
    # the entrance is now occupied: nobody else can do a Mine action there
    ready(st, P2, [S])
    assert not legal(st, P2, "mine")
    illegal(st, P2, Action("mine", (S, 0)))


def test_example_2_friend():
    st = fresh()
    gold_at_entrance(st)
    ready(st, P2, [E])
    # the Emerald dwarf is a friend of Gold: only the Friend (+) side, place 2
    assert legal(st, P2, "dig") == [Action("dig", (E, G, 2, FRIEND, 0))]
    RULES.apply(st, P2, Action("dig", (E, G, 2, FRIEND, 0)))
    assert st.mines[G][2] == [E, P2]
    assert st.gems[P2] == [0, 0, 0, 1, 1]
    assert st.gems[P1] == [0, 0, 0, 0, 1]
    assert st.supply == [10, 10, 10, 9, 8]
    assert st.phase == "act"


def test_example_3_foe():
    st = fresh()
    gold_at_entrance(st)
    st.gems[P1] = [2, 0, 0, 0, 1]
    st.supply[D] -= 2
    ready(st, P2, [R])
    assert legal(st, P2, "dig") == [Action("dig", (R, G, 1, FOE, 0))]
    RULES.apply(st, P2, Action("dig", (R, G, 1, FOE, 0)))
    assert st.mines[G][1] == [R, P2]
    assert st.gems[P2] == [0, 0, 1, 0, 0]
    assert st.phase == "steal" and st.steal_from == [P1]
    # a gem of Player 2's choice
    assert legal(st, P2) == [Action("steal", (P1, D)), Action("steal", (P1, G))]
    RULES.apply(st, P2, Action("steal", (P1, G)))
    assert st.gems[P1] == [2, 0, 0, 0, 0]
    assert st.gems[P2] == [0, 0, 1, 0, 1]
    assert st.phase == "act" and st.steal_from == []
    assert st.supply == [8, 10, 9, 10, 9]


def test_example_4_two_rings():
    st = fresh()
    st.achievements_shown = ["two-rings", "two-crowns", "three-kinds", "three-gold", "two-helpers"]
    st.owned[P1]["jewelry"] = ["J01"]
    ready(st, P1, [G])
    assert Action("claim", ("two-rings",)) not in legal(st, P1)
    illegal(st, P1, Action("claim", ("two-rings",)))
    st.owned[P1]["jewelry"] = ["J01", "J02"]
    assert legal(st, P1, "claim") == [Action("claim", ("two-rings",))]
    RULES.apply(st, P1, Action("claim", ("two-rings",)))
    assert st.owned[P1] == {"jewelry": ["J01", "J02"], "support": [], "ach": ["two-rings"]}
    assert st.achievements_shown[0] is None
    assert RULES.vp_breakdown(st, P1)["achievements"] == 3


def test_example_5_three_cards_with_a_diamond_in_their_cost():
    st = fresh()
    st.achievements_shown = ["three-diamond", "two-crowns", "three-kinds", "three-gold", "two-helpers"]
    ready(st, P1, [G])
    # J08 costs DDR: one card, counted once; the Jeweler's rainbows never count
    st.owned[P1]["jewelry"] = ["J01", "J08"]
    st.owned[P1]["support"] = ["jeweler", "trade-helper"]
    assert not RULES.meets(st, P1, "three-diamond")
    assert Action("claim", ("three-diamond",)) not in legal(st, P1)
    # Support and Jewelry cards together
    st.owned[P1]["support"] = ["jeweler", "tools-1"]  # tools-1 costs DG
    assert RULES.meets(st, P1, "three-diamond")
    RULES.apply(st, P1, Action("claim", ("three-diamond",)))
    assert st.owned[P1]["ach"] == ["three-diamond"]
    assert st.owned[P1]["jewelry"] == ["J01", "J08"]
    assert st.owned[P1]["support"] == ["jeweler", "tools-1"]


def test_example_6_tools_and_mine_cart():
    st = fresh()
    st.owned[P1]["support"] = ["tools-1"]
    st.owned[P2]["support"] = ["cart-1"]
    ready(st, P1, [G])
    assert set(legal(st, P1, "mine")) == {Action("mine", (G, 0)), Action("mine", (G, 1))}
    events = RULES.apply(st, P1, Action("mine", (G, 1)))
    assert st.used[P1] == ["tools-1"]
    assert st.gems[P1] == [0, 0, 0, 0, 2]
    assert any("Tools" in t for t in texts(events))
    ready(st, P2, [E])
    assert set(legal(st, P2, "dig")) == {Action("dig", (E, G, 2, FRIEND, 0)),
                                         Action("dig", (E, G, 2, FRIEND, 1))}
    events = RULES.apply(st, P2, Action("dig", (E, G, 2, FRIEND, 1)))
    assert st.used[P2] == ["cart-1"]
    assert st.gems[P2] == [0, 0, 0, 2, 1]
    assert st.supply == [10, 10, 10, 8, 7]
    assert any("Mine Cart" in t for t in texts(events))


def test_example_7_second_friend():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", E, G, 2, FRIEND, 0)
    assert st.gems[P2] == [0, 0, 0, 1, 1]
    ready(st, P3, [R])
    # Ruby could also go on Gold's Foe side (place 1); the friend line is place 5
    assert set(legal(st, P3, "dig")) == {Action("dig", (R, G, 5, FRIEND, 0)),
                                         Action("dig", (R, G, 1, FOE, 0))}
    RULES.apply(st, P3, Action("dig", (R, G, 5, FRIEND, 0)))
    assert st.gems[P3] == [0, 0, 1, 1, 1]
    assert st.supply == [10, 10, 9, 8, 7]
    # a fourth dwarf cannot be added to this line: nothing below row 3
    ready(st, P1, [S, D])
    assert all(a.args[2] < PLACES for a in legal(st, P1, "dig"))
    assert PLACES == 6 and not any(p >= 3 for q in PARENTS for p, _ in PARENTS[q])
    illegal(st, P1, Action("dig", (S, G, 6, FRIEND, 0)))
    illegal(st, P1, Action("dig", (S, G, 8, FRIEND, 0)))


def test_example_7_note_own_dwarf_gives_no_friend_bonus():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", E, G, 2, FRIEND, 0)
    events = play(st, P1, "dig", R, G, 5, FRIEND, 0)
    # Player 1 gets a Ruby and an Emerald, but no Gold for their own Gold dwarf
    assert st.gems[P1] == [0, 0, 1, 1, 1]
    assert st.supply == [10, 10, 9, 8, 8]
    assert any("No bonus" in t for t in texts(events))


def test_example_8_second_foe():
    st = fresh()
    gold_at_entrance(st)
    st.gems[P1] = [1, 0, 0, 0, 1]
    st.supply[D] -= 1
    play(st, P2, "dig", R, G, 1, FOE, 0)
    RULES.apply(st, P2, Action("steal", (P1, G)))
    assert st.gems[P1] == [1, 0, 0, 0, 0] and st.gems[P2] == [0, 0, 1, 0, 1]
    ready(st, P3, [D])
    assert set(legal(st, P3, "dig")) == {Action("dig", (D, G, 3, FOE, 0)),
                                         Action("dig", (D, G, 2, FRIEND, 0))}
    RULES.apply(st, P3, Action("dig", (D, G, 3, FOE, 0)))
    assert st.gems[P3] == [1, 0, 0, 0, 0]
    # steals from Player 2 first, then Player 1 (up the line)
    assert st.phase == "steal" and st.steal_from == [P2, P1]
    assert legal(st, P3) == [Action("steal", (P2, R)), Action("steal", (P2, G))]
    RULES.apply(st, P3, Action("steal", (P2, R)))
    assert legal(st, P3) == [Action("steal", (P1, D))]
    RULES.apply(st, P3, Action("steal", (P1, D)))
    assert st.gems == [[0, 0, 0, 0, 0], [0, 0, 0, 0, 1], [2, 0, 1, 0, 0]]
    assert st.phase == "act"
    # no fourth dwarf on this Foe line
    ready(st, P1, [S, E, R])
    assert not [a for a in legal(st, P1, "dig") if a.args[1] == G and a.args[2] in (3, 6)]


def test_example_9_friend_of_a_foe():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", R, G, 1, FOE, 0)
    RULES.apply(st, P2, Action("steal", (P1, G)))
    assert st.gems[P1] == [0] * 5 and st.gems[P2] == [0, 0, 1, 0, 1]
    ready(st, P3, [S])
    # the Sapphire dwarf is Ruby's friend: place 4 on Ruby's + side (Sapphire is Gold's foe too)
    assert Action("dig", (S, G, 4, FRIEND, 0)) in legal(st, P3, "dig")
    RULES.apply(st, P3, Action("dig", (S, G, 4, FRIEND, 0)))
    assert st.gems[P3] == [0, 1, 1, 0, 0]  # no Gold: the line stops at the Foe link
    assert st.phase == "act"
    assert st.supply == [10, 9, 8, 10, 9]


def test_example_10_foe_of_a_friend():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", E, G, 2, FRIEND, 0)
    ready(st, P3, [S])
    assert set(legal(st, P3, "dig")) == {Action("dig", (S, G, 4, FOE, 0)),
                                         Action("dig", (S, G, 1, FOE, 0))}
    RULES.apply(st, P3, Action("dig", (S, G, 4, FOE, 0)))
    assert st.gems[P3] == [0, 1, 0, 0, 0]
    assert st.steal_from == [P2]  # not Player 1: the line stops at the Friend link
    assert legal(st, P3) == [Action("steal", (P2, E)), Action("steal", (P2, G))]
    RULES.apply(st, P3, Action("steal", (P2, E)))
    assert st.gems == [[0, 0, 0, 0, 1], [0, 0, 0, 0, 1], [0, 1, 0, 1, 0]]
    assert st.phase == "act"


def _example_11():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", R, G, 1, FOE, 0)
    RULES.apply(st, P2, Action("steal", (P1, G)))
    play(st, P3, "dig", E, G, 2, FRIEND, 0)
    assert st.gems == [[0, 0, 0, 0, 0], [0, 0, 1, 0, 1], [0, 0, 0, 1, 1]]
    ready(st, P1, [S])
    return st


def test_example_11_hard_choices_both_lines_are_legal():
    st = _example_11()
    digs = legal(st, P1, "dig")
    assert Action("dig", (S, G, 4, FRIEND, 0)) in digs
    assert Action("dig", (S, G, 4, FOE, 0)) in digs
    # place 3 (Ruby's foe side) and place 5 (Emerald's friend side) do not match
    assert {a for a in digs if a.args[1] == G} == {Action("dig", (S, G, 4, FRIEND, 0)),
                                                   Action("dig", (S, G, 4, FOE, 0))}


def test_example_11_friend_line():
    st = _example_11()
    RULES.apply(st, P1, Action("dig", (S, G, 4, FRIEND, 0)))
    assert st.mines[G][4] == [S, P1]
    assert st.gems[P1] == [0, 1, 1, 0, 0]  # Sapphire + Ruby from the supply
    assert st.gems[P3] == [0, 0, 0, 1, 1]
    assert st.phase == "act" and st.steal_from == []


def test_example_11_foe_line():
    st = _example_11()
    RULES.apply(st, P1, Action("dig", (S, G, 4, FOE, 0)))
    assert st.mines[G][4] == [S, P1]
    assert st.gems[P1] == [0, 1, 0, 0, 0]
    assert st.steal_from == [P3]
    assert legal(st, P1) == [Action("steal", (P3, E)), Action("steal", (P3, G))]
    RULES.apply(st, P1, Action("steal", (P3, G)))
    assert st.gems[P1] == [0, 1, 0, 0, 1] and st.gems[P3] == [0, 0, 0, 1, 0]
    assert st.gems[P2] == [0, 0, 1, 0, 1]  # Player 2 is not robbed


def test_three_deep_limit_full_mine_takes_nothing():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", R, G, 1, FOE, 0)
    play(st, P3, "dig", E, G, 2, FRIEND, 0)
    play(st, P1, "dig", D, G, 3, FOE, 0)
    play(st, P2, "dig", S, G, 4, FRIEND, 0)
    play(st, P3, "dig", R, G, 5, FRIEND, 0)
    assert all(st.mines[G])
    ready(st, P1, [D, S, R, E])
    assert not [a for a in legal(st, P1, "dig") if a.args[1] == G]
    for q in range(PLACES + 3):
        illegal(st, P1, Action("dig", (S, G, q, FRIEND, 0)))
        illegal(st, P1, Action("dig", (S, G, q, FOE, 0)))


# -- friends and foes ------------------------------------------------------------------------------
def test_friends_and_foes_are_the_rulings_ring():
    friends = {frozenset(p) for p in ((G, E), (E, R), (R, S), (S, D), (D, G))}
    assert data.load().friends == frozenset(friends)
    for a in range(5):
        assert relation(a, a) is None
        for b in range(5):
            if a != b:
                want = FRIEND if frozenset((a, b)) in friends else FOE
                assert relation(a, b) == want == relation(b, a)
        row = [relation(a, b) for b in range(5) if b != a]
        assert row.count(FRIEND) == 2 and row.count(FOE) == 2
    # the pairs the examples fix
    assert relation(G, R) == relation(R, D) == relation(E, S) == FOE
    assert relation(G, E) == relation(E, R) == relation(R, S) == FRIEND


@pytest.mark.parametrize("top", range(5))
def test_dig_only_on_the_matching_side(top):
    for gem in range(5):
        st = fresh()
        play(st, P1, "mine", top, 0)
        ready(st, P2, [gem])
        digs = legal(st, P2, "dig")
        rel = relation(gem, top)
        if rel is None:
            assert digs == []
        elif rel == FRIEND:
            assert digs == [Action("dig", (gem, top, 2, FRIEND, 0))]
            illegal(st, P2, Action("dig", (gem, top, 1, FOE, 0)))
            illegal(st, P2, Action("dig", (gem, top, 1, FRIEND, 0)))
        else:
            assert digs == [Action("dig", (gem, top, 1, FOE, 0))]
            illegal(st, P2, Action("dig", (gem, top, 2, FRIEND, 0)))
            illegal(st, P2, Action("dig", (gem, top, 2, FOE, 0)))
        # no dig into row 3 while row 2 is empty, nor into an empty mine
        assert all(a.args[2] in (1, 2) and a.args[1] == top for a in digs)


def test_placement_never_rechecks_dwarves_below():
    st = fresh()
    gold_at_entrance(st)
    play(st, P2, "dig", E, G, 2, FRIEND, 0)
    # place 4 is reachable through the Emerald alone (Diamond is Emerald's foe) while place 1 is empty
    ready(st, P3, [D])
    assert Action("dig", (D, G, 4, FOE, 0)) in legal(st, P3, "dig")
    RULES.apply(st, P3, Action("dig", (D, G, 4, FOE, 0)))
    # a Ruby (Gold's foe) may still take place 1, although the Diamond below it on its + side is a foe
    assert relation(R, D) == FOE
    ready(st, P1, [R])
    assert Action("dig", (R, G, 1, FOE, 0)) in legal(st, P1, "dig")
    RULES.apply(st, P1, Action("dig", (R, G, 1, FOE, 0)))
    assert st.mines[G][1] == [R, P1] and st.mines[G][4] == [D, P3]
    assert st.gems[P1] == [0, 0, 1, 0, 1]  # its own Gold dwarf: nobody to rob
    assert st.phase == "act"


# -- the 3-per-gem limit ---------------------------------------------------------------------------
def test_limit_on_mining():
    st = fresh()
    st.gems[P1] = [0, 0, 0, 0, 3]
    st.supply[G] = 7
    ready(st, P1, [G])
    assert Action("mine", (G, 0)) in legal(st, P1)
    events = RULES.apply(st, P1, Action("mine", (G, 0)))
    assert st.mines[G][0] == [G, P1]
    assert st.gems[P1] == [0, 0, 0, 0, 3] and st.supply[G] == 7
    assert any("holds 3 already" in t for t in texts(events))


def test_limit_on_friend_bonus_and_mine_cart():
    st = fresh()
    gold_at_entrance(st)
    st.gems[P2] = [0, 0, 0, 2, 3]
    st.supply = [10, 10, 10, 8, 6]
    st.owned[P2]["support"] = ["cart-1"]
    play(st, P2, "dig", E, G, 2, FRIEND, 1)
    assert st.gems[P2] == [0, 0, 0, 3, 3]  # 1 of the 2 Emeralds, no Gold
    assert st.supply == [10, 10, 10, 7, 6]


def test_limit_on_trading():
    st = fresh()
    st.gems[P1] = [3, 1, 1, 1, 0]
    play(st, P1, "dealer")
    trades = legal(st, P1, "trade")
    assert Action("trade", ("SRE", D)) not in trades
    assert Action("trade", ("DSR", D)) in trades
    assert Action("trade", ("SRE", G)) in trades
    illegal(st, P1, Action("trade", ("SRE", D)), "Trade once a turn")
    RULES.apply(st, P1, Action("trade", ("DSR", D)))
    assert st.gems[P1] == [3, 0, 0, 1, 0]


def test_limit_on_stealing_and_skipping_empty_victims():
    st = fresh()
    gold_at_entrance(st)
    st.gems[P1] = [1, 0, 0, 0, 1]
    st.gems[P2] = [0, 0, 0, 0, 3]
    play(st, P2, "dig", R, G, 1, FOE, 0)
    assert legal(st, P2) == [Action("steal", (P1, D))]  # Player 2 may not hold a 4th Gold
    illegal(st, P2, Action("steal", (P1, G)))
    RULES.apply(st, P2, Action("steal", (P1, D)))
    assert st.gems[P1] == [0, 0, 0, 0, 1] and st.gems[P2] == [1, 0, 1, 0, 3]
    # Player 3 digs a foe line through Player 2 and Player 1: Player 2 has only what Player 3 holds
    # 3 of, Player 1 nothing takeable: both skipped
    st.gems[P3] = [3, 0, 3, 0, 3]
    st.gems[P1] = [0, 0, 0, 0, 1]
    events = play(st, P3, "dig", D, G, 3, FOE, 0)
    assert st.gems[P3] == [3, 0, 3, 0, 3]  # its own Diamond is not taken either
    assert st.phase == "act" and st.steal_from == []
    assert sum("can take nothing" in t for t in texts(events)) == 2


def test_foe_line_robs_each_other_player_once():
    st = fresh()
    gold_at_entrance(st)
    st.gems[P1] = [2, 0, 0, 0, 1]
    play(st, P1, "dig", R, G, 1, FOE, 0)  # its own Gold above: nobody to rob
    assert st.phase == "act" and st.steal_from == []
    assert st.gems[P1] == [2, 0, 1, 0, 1]
    play(st, P2, "dig", D, G, 3, FOE, 0)
    assert st.steal_from == [P1]  # two of Player 1's dwarves up the line, one steal
    RULES.apply(st, P2, Action("steal", (P1, D)))
    assert st.phase == "act"
    assert st.gems[P1] == [1, 0, 1, 0, 1] and st.gems[P2] == [2, 0, 0, 0, 0]


def test_steal_skips_only_the_empty_victim():
    st = fresh()
    gold_at_entrance(st)
    st.gems[P1] = [0, 0, 0, 0, 1]
    play(st, P2, "dig", R, G, 1, FOE, 0)
    RULES.apply(st, P2, Action("steal", (P1, G)))
    assert st.gems[P1] == [0] * 5
    play(st, P3, "dig", D, G, 3, FOE, 0)
    # Player 2 is robbed; Player 1 has nothing and is skipped afterwards
    assert st.phase == "steal" and st.steal_from[0] == P2
    assert legal(st, P3) == [Action("steal", (P2, R)), Action("steal", (P2, G))]
    RULES.apply(st, P3, Action("steal", (P2, G)))
    assert st.phase == "act" and st.steal_from == []
    assert st.gems[P3] == [1, 0, 0, 0, 1]


def test_lamp_gems_do_not_count_for_the_limit():
    st = fresh()
    st.lamp[P1] = [3, 0, 0, 0, 0]
    st.gems[P1] = [2, 0, 0, 0, 0]
    play(st, P1, "mine", D, 0)
    assert st.gems[P1] == [3, 0, 0, 0, 0] and st.lamp[P1] == [3, 0, 0, 0, 0]


def test_empty_supply_gives_nothing():
    st = fresh()
    st.supply[S] = 0
    events = play(st, P1, "mine", S, 0)
    assert st.gems[P1] == [0] * 5 and st.supply[S] == 0
    assert any("supply is empty" in t for t in texts(events))
    ready(st, P2, ["blacksmith"])
    assert Action("blacksmith", (S,)) not in legal(st, P2)
    st.supply = [0] * 5
    assert legal(st, P2, "blacksmith") == [Action("blacksmith")]
    RULES.apply(st, P2, Action("blacksmith"))
    assert st.gems[P2] == [0] * 5


# -- supply and conservation -----------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_supply_and_marketplace(n):
    st = RULES.new_state(n, {}, 1)
    assert st.supply == [10] * 5 and st.market == [1] * 5
    assert st.gems == [[0] * 5] * n and st.lamp == [[0] * 5] * n
    assert RULES.conserved(st) == {"gems": 55, "jewelry": 40, "support": 18, "achievements": 10}
    assert len([a for a in st.achievements_shown if a]) == 5


def _random_game(n, seed):
    rng = random.Random(f"mines/{n}/{seed}")
    st = RULES.new_state(n, {}, seed)
    want = RULES.conserved(st)
    steps = 0
    while not RULES.is_over(st):
        seat = RULES.to_act(st)[0]
        for other in range(n):
            if other != seat:
                assert RULES.legal_actions(st, other) == []
        acts = RULES.legal_actions(st, seat)
        assert acts
        ends = [a for a in acts if a.kind == "end"]
        action = ends[0] if ends and rng.random() < 0.35 else rng.choice(acts)
        RULES.apply(st, seat, action)
        assert RULES.conserved(st) == want
        assert all(0 <= c <= 3 for row in st.gems for c in row)
        assert all(c >= 0 for c in st.supply + st.market)
        if steps % 7 == 0:
            raw = json.loads(json.dumps(st.to_json()))
            assert RULES.state_from_json(raw).to_json() == raw
            for viewer in [*range(n), None]:
                other = RULES.perturb_secrets(st, viewer, random.Random(rng.random()))
                assert RULES.view(other, viewer) == RULES.view(st, viewer)
        steps += 1
        assert steps < 3000
    return st


@pytest.mark.parametrize("n", [2, 3, 5])
def test_gems_are_conserved_through_random_games(n):
    for seed in range(3):
        st = _random_game(n, seed)
        assert st.round_no == {2: 4, 3: 3, 4: 4, 5: 5}[n] - 1
        assert RULES.conserved(st)["gems"] == 55
        res = RULES.result(st)
        assert len(res.scores) == n and res.winners


# -- trading ---------------------------------------------------------------------------------------
def test_one_three_for_one_trade_per_turn():
    st = fresh()
    st.gems[P1] = [3, 3, 0, 0, 0]
    st.supply = [7, 7, 10, 10, 10]
    play(st, P1, "dealer")
    assert not [a for a in legal(st, P1, "trade") if len(a.args[0]) == 2]
    RULES.apply(st, P1, Action("trade", ("DDS", G)))
    assert st.gems[P1] == [1, 2, 0, 0, 1]
    assert st.supply == [9, 8, 10, 10, 9]
    assert st.traded and legal(st, P1, "trade") == []
    illegal(st, P1, Action("trade", ("DSS", R)))


def test_trade_helper_two_for_one_once_per_round():
    st = fresh()
    st.gems[P1] = [3, 3, 0, 0, 0]
    st.owned[P1]["support"] = ["trade-helper"]
    play(st, P1, "dealer")
    assert Action("trade", ("DS", G)) in legal(st, P1, "trade")
    events = RULES.apply(st, P1, Action("trade", ("DS", G)))
    assert st.gems[P1] == [2, 2, 0, 0, 1]
    assert st.used[P1] == ["trade-helper"]
    assert any("Trade Helper" in t for t in texts(events))
    illegal(st, P1, Action("trade", ("DDS", R)))  # still one trade a turn
    # a later turn of the same round: 3-for-1 only
    play(st, P1, "blacksmith", R)
    trades = legal(st, P1, "trade")
    assert trades and all(len(a.args[0]) == 3 for a in trades)
    illegal(st, P1, Action("trade", ("DS", E)))


def test_dealer_swaps_with_the_marketplace_any_number_of_times():
    st = fresh()
    st.gems[P1] = [2, 1, 0, 0, 0]
    st.supply = [8, 9, 10, 10, 10]
    st.market = [1, 1, 1, 1, 1]
    # not after another dwarf
    play(st, P1, "blacksmith", G)
    assert legal(st, P1, "swap") == []
    illegal(st, P1, Action("swap", (D, R)), "Dealer")
    # not before playing the Dealer
    ready(st, P1, ["dealer"])
    illegal(st, P1, Action("swap", (D, R)))
    RULES.apply(st, P1, Action("dealer"))
    assert st.market_dwarves == [["blacksmith", P1], ["dealer", P1]]
    assert Action("swap", (D, R)) in legal(st, P1, "swap")
    for give, get in ((D, R), (D, E), (S, D), (R, S)):
        RULES.apply(st, P1, Action("swap", (give, get)))
    assert st.gems[P1] == [1, 1, 0, 1, 1]
    assert st.market == [2, 1, 1, 0, 1]
    assert st.supply == [8, 9, 10, 10, 9]
    illegal(st, P1, Action("swap", (D, E)))  # no Emerald left in the Marketplace
    # the Dealer does not use up the turn's 3-for-1 trade
    RULES.apply(st, P1, Action("trade", ("DSE", E)))
    assert st.gems[P1] == [0, 0, 0, 1, 1]


def test_blacksmith_takes_any_gem_from_the_supply():
    st = fresh()
    st.gems[P1] = [0, 0, 3, 0, 0]
    ready(st, P1, ["blacksmith", G])
    assert legal(st, P1, "blacksmith") == [Action("blacksmith", (g,)) for g in (D, S, E, G)]
    RULES.apply(st, P1, Action("blacksmith", (E,)))
    assert st.gems[P1] == [0, 0, 3, 1, 0] and st.supply[E] == 9
    assert st.hands[P1] == [G] and st.market_dwarves == [["blacksmith", P1]]


# -- buying ----------------------------------------------------------------------------------------
def test_buy_one_card_pay_to_supply_and_refill():
    st = fresh()
    st.jewelry_shown = ["J01", "J05", "J10"]
    st.jewelry_deck = ["J20", "J21"]
    st.support_shown = ["goldsmith", "tools-1"]
    st.support_deck = ["cart-1"]
    st.gems[P1] = [2, 0, 2, 0, 2]
    st.supply = [8, 10, 8, 10, 8]
    play(st, P1, "dealer")
    assert Action("buy", ("J01", "DR", 0)) in legal(st, P1, "buy")
    RULES.apply(st, P1, Action("buy", ("J01", "DR", 0)))
    assert st.gems[P1] == [1, 0, 1, 0, 2]
    assert st.supply == [9, 10, 9, 10, 8]
    assert st.owned[P1]["jewelry"] == ["J01"]
    assert st.jewelry_shown == ["J20", "J05", "J10"] and st.jewelry_deck == ["J21"]
    assert st.bought and legal(st, P1, "buy") == []
    illegal(st, P1, Action("buy", ("tools-1", "DG", 0)), "one card a turn")
    # support: the last card of the deck, then an empty place
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("tools-1", "DG", 0)))
    assert st.support_shown == ["goldsmith", "cart-1"] and st.support_deck == []
    st.gems[P1] = [0, 0, 0, 2, 2]
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("cart-1", "EG", 0)))
    assert st.support_shown == ["goldsmith", None]
    assert st.owned[P1]["support"] == ["tools-1", "cart-1"]
    # a card that is not face up, or paid wrongly
    st.gems[P1] = [3, 3, 3, 3, 3]
    play(st, P1, "dealer")
    illegal(st, P1, Action("buy", ("J02", "SS", 0)))
    illegal(st, P1, Action("buy", ("J05", "DR", 0)))
    illegal(st, P1, Action("buy", ("J05", "DRE", 0)))
    # the jewelry deck runs out too
    st.jewelry_deck = []
    RULES.apply(st, P1, Action("buy", ("J05", "DRG", 0)))
    assert st.jewelry_shown == ["J20", None, "J10"]
    assert RULES.conserved(st)["jewelry"] == 2 + len(st.owned[P1]["jewelry"])


@pytest.mark.parametrize("n,shown", [(2, 3), (3, 3), (4, 3), (5, 4)])
def test_display_sizes(n, shown):
    st = RULES.new_state(n, {}, 7)
    assert len(st.jewelry_shown) == shown and len(st.jewelry_deck) == 40 - shown
    assert len(st.support_shown) == 2 and len(st.support_deck) == 16
    assert len(set(st.jewelry_shown + st.jewelry_deck)) == 40


def test_jeweler_one_gem_less_once_per_round():
    st = fresh()
    st.owned[P1]["support"] = ["jeweler"]
    st.jewelry_shown = ["J05", "J01", "J10"]
    st.support_shown = ["goldsmith", "tools-1"]
    st.gems[P1] = [1, 0, 1, 0, 1]
    play(st, P1, "dealer")
    buys = legal(st, P1, "buy")
    assert Action("buy", ("J05", "DRG", 0)) in buys
    assert Action("buy", ("J05", "DR", 1)) in buys and Action("buy", ("J05", "RG", 1)) in buys
    assert Action("buy", ("J01", "D", 1)) in buys
    assert not [a for a in buys if a.args[0] in ("goldsmith", "tools-1") and a.args[2]]
    RULES.apply(st, P1, Action("buy", ("J05", "DG", 1)))
    assert st.gems[P1] == [0, 0, 1, 0, 0] and st.used[P1] == ["jeweler"]
    assert st.owned[P1]["jewelry"] == ["J05"]
    # once per round
    st.gems[P1] = [1, 0, 1, 0, 1]
    play(st, P1, "dealer")
    assert not [a for a in legal(st, P1, "buy") if a.args[2]]
    illegal(st, P1, Action("buy", ("J01", "D", 1)))


def test_jeweler_is_not_available_without_the_card():
    st = fresh()
    st.jewelry_shown = ["J05", "J01", "J10"]
    st.gems[P1] = [1, 0, 1, 0, 1]
    play(st, P1, "dealer")
    illegal(st, P1, Action("buy", ("J05", "DG", 1)))
    illegal(st, P1, Action("buy", ("J05", "DG", 0)))


def test_rainbow_costs_accept_any_gem():
    st = fresh()
    st.support_shown = ["goldsmith", "vp-helper"]
    st.gems[P1] = [1, 1, 0, 0, 1]
    play(st, P1, "dealer")
    buys = set(legal(st, P1, "buy"))
    # Goldsmith "G*": a Gold and any gem; VP Helper "**": any two
    assert {a.args[1] for a in buys if a.args[0] == "goldsmith"} == {"DG", "SG"}
    assert {a.args[1] for a in buys if a.args[0] == "vp-helper"} == {"DS", "DG", "SG"}
    illegal(st, P1, Action("buy", ("goldsmith", "DS", 0)))
    RULES.apply(st, P1, Action("buy", ("vp-helper", "SG", 0)))
    assert st.gems[P1] == [1, 0, 0, 0, 0] and st.supply == [10, 11, 10, 10, 11]


# -- support cards ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cid,gem", [("goldsmith", G), ("trader-d", D), ("trader-s", S),
                                     ("trader-r", R), ("trader-e", E)])
def test_goldsmith_and_traders(cid, gem):
    st = fresh()
    st.owned[P1]["support"] = [cid]
    st.gems[P1] = [1, 1, 1, 1, 1]
    st.supply = [9] * 5
    ready(st, P1, ["dealer"])
    helpers = legal(st, P1, "helper")  # usable before the dwarf too
    assert helpers == [Action("helper", (cid, gem, g)) for g in range(5) if g != gem]
    other = (gem + 2) % 5
    wrong = (gem + 1) % 5
    illegal(st, P1, Action("helper", (cid, wrong, other)))
    illegal(st, P1, Action("helper", (cid, gem, gem)))
    RULES.apply(st, P1, Action("dealer"))
    RULES.apply(st, P1, Action("helper", (cid, gem, other)))
    want = [1] * 5
    want[gem] -= 1
    want[other] += 1
    assert st.gems[P1] == want
    assert st.supply[gem] == 10 and st.supply[other] == 8
    assert st.used[P1] == [cid]
    # once per round
    st.gems[P1] = [1, 1, 1, 1, 1]
    play(st, P1, "dealer")
    assert legal(st, P1, "helper") == []
    illegal(st, P1, Action("helper", (cid, gem, wrong)))


def test_trader_respects_the_limit_and_needs_its_gem():
    st = fresh()
    st.owned[P1]["support"] = ["goldsmith"]
    st.gems[P1] = [3, 0, 0, 0, 0]
    play(st, P1, "dealer")
    assert legal(st, P1, "helper") == []
    st.gems[P1] = [3, 0, 0, 0, 1]
    assert legal(st, P1, "helper") == [Action("helper", ("goldsmith", G, g)) for g in (S, R, E)]


def test_vp_helper_counts_every_helper_including_itself():
    st = fresh()
    st.owned[P1]["support"] = ["vp-helper", "goldsmith", "trader-d", "tools-1", "mine-d"]
    b = RULES.vp_breakdown(st, P1)
    assert b["vp_helper"] == 3
    assert b["support"] == 2  # Goldsmith 1 + Diamond Trader 1 as printed
    assert b["mines"] == 1
    assert b["total"] == 6
    st.owned[P2]["support"] = ["goldsmith", "trader-d"]
    assert RULES.vp_breakdown(st, P2)["vp_helper"] == 0
    st.owned[P3]["support"] = ["vp-helper"]
    assert RULES.vp_breakdown(st, P3)["vp_helper"] == 1


def test_lamp_takes_up_to_five_gems_when_bought():
    st = fresh()
    st.support_shown = ["lamp", "goldsmith"]
    st.gems[P1] = [3, 3, 2, 0, 0]
    st.supply = [7, 7, 8, 10, 10]
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("lamp", "DS", 0)))
    assert st.phase == "lamp" and st.lamp_left == 5
    assert st.gems[P1] == [2, 2, 2, 0, 0]
    assert legal(st, P1) == [Action("lamp", (D,)), Action("lamp", (S,)), Action("lamp", (R,)),
                             Action("lamp_done")]
    illegal(st, P1, Action("end"))
    for g in (D, D, S, R, R):
        RULES.apply(st, P1, Action("lamp", (g,)))
    assert st.phase == "act"  # 5 placed: done automatically
    assert st.lamp[P1] == [2, 1, 2, 0, 0] and st.gems[P1] == [0, 1, 0, 0, 0]
    assert RULES.conserved(st)["gems"] == 55
    assert RULES.vp_breakdown(st, P1)["lamp"] == 5
    assert RULES.vp_breakdown(st, P1)["support"] == -1
    # Lamp gems do not count for the limit
    play(st, P1, "blacksmith", D)
    play(st, P1, "blacksmith", D)
    play(st, P1, "blacksmith", D)
    assert st.gems[P1] == [3, 1, 0, 0, 0] and st.lamp[P1][D] == 2


def test_lamp_stop_early():
    st = fresh()
    st.support_shown = ["lamp", "goldsmith"]
    st.gems[P1] = [1, 1, 1, 0, 0]
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("lamp", "DS", 0)))
    RULES.apply(st, P1, Action("lamp_done"))
    assert st.phase == "act" and st.lamp[P1] == [0] * 5 and st.gems[P1] == [0, 0, 1, 0, 0]
    assert Action("end") in legal(st, P1)


@pytest.mark.parametrize("tools", [["tools-1"], ["tools-2"], ["tools-1", "tools-2"]])
def test_tools_two_gems_one_per_mine_action(tools):
    st = fresh()
    st.owned[P1]["support"] = list(tools)
    play(st, P1, "mine", D, 1)
    assert st.gems[P1] == [2, 0, 0, 0, 0]
    # one Tools per Mine action: never 3 gems
    assert st.used[P1] == sorted(tools)[:1]
    ready(st, P1, [S])
    if len(tools) == 1:
        assert legal(st, P1, "mine") == [Action("mine", (S, 0))]
        illegal(st, P1, Action("mine", (S, 1)))
    else:
        RULES.apply(st, P1, Action("mine", (S, 1)))
        assert st.gems[P1] == [2, 2, 0, 0, 0]
        assert sorted(st.used[P1]) == ["tools-1", "tools-2"]
        ready(st, P1, [R])
        illegal(st, P1, Action("mine", (R, 1)))
    # Tools do nothing for a dig
    ready(st, P2, [G])
    assert Action("dig", (G, D, 2, FRIEND, 1)) not in legal(st, P2)


@pytest.mark.parametrize("cart", ["cart-1", "cart-2"])
def test_mine_cart_on_a_friend_dig_only(cart):
    st = fresh()
    st.owned[P2]["support"] = [cart]
    gold_at_entrance(st)
    # not on a Foe dig, not on a Mine action
    ready(st, P2, [R, D])
    assert Action("dig", (R, G, 1, FOE, 1)) not in legal(st, P2)
    illegal(st, P2, Action("dig", (R, G, 1, FOE, 1)))
    assert Action("mine", (D, 1)) not in legal(st, P2)
    RULES.apply(st, P2, Action("dig", (D, G, 2, FRIEND, 1)))
    assert st.gems[P2] == [2, 0, 0, 0, 1]
    assert st.used[P2] == [cart]
    # used up for this round
    ready(st, P2, [R])
    assert not [a for a in legal(st, P2, "dig") if a.args[4]]


def test_mine_cards_score_in_sets():
    assert [mine_set_vp(k) for k in range(7)] == [0, 1, 3, 6, 7, 9, 12]
    st = fresh(5)
    mines = ["mine-d", "mine-s", "mine-r", "mine-e", "mine-g"]
    for seat in range(5):
        st.owned[seat]["support"] = mines[:seat + 1]
    assert [RULES.vp_breakdown(st, s)["mines"] for s in range(5)] == [1, 3, 6, 7, 9]
    assert [RULES.vp_breakdown(st, s)["support"] for s in range(5)] == [0] * 5


def test_support_abilities_are_readied_each_round():
    st = fresh(2)
    st.owned[P1]["support"] = ["tools-1", "goldsmith", "trade-helper", "jeweler"]
    st.used[P1] = ["tools-1", "goldsmith", "trade-helper", "jeweler"]
    st.mines[G][0] = [G, P2]
    st.market_dwarves = [["dealer", P2]]
    ready(st, P1, ["dealer"])
    st.turn = 2 * RULES.hand_size(st) - 1  # the last turn of round 1
    RULES.apply(st, P1, Action("dealer"))
    events = RULES.apply(st, P1, Action("end"))
    assert st.round_no == 1
    assert any("Round 1 ends" in t for t in texts(events))
    assert st.used == [[], []]
    assert st.mines == [[None] * 6 for _ in range(5)]
    assert st.market_dwarves == []
    st.gems[st.seat] = [1, 1, 1, 1, 1]
    st.owned[st.seat]["support"] = ["goldsmith"]
    assert legal(st, st.seat, "helper")


# -- achievements ----------------------------------------------------------------------------------
@pytest.mark.parametrize("aid,short,enough", [
    ("two-rings", {"jewelry": ["J01", "J09"]}, {"jewelry": ["J01", "J02"]}),
    ("two-bracelets", {"jewelry": ["J33"]}, {"jewelry": ["J33", "J40"]}),
    ("three-gold", {"jewelry": ["J03", "J26"], "support": ["jeweler", "lamp", "trade-helper"]},
     {"jewelry": ["J03", "J26"], "support": ["goldsmith"]}),
    ("three-ruby", {"jewelry": ["J10", "J24"], "support": ["vp-helper"]},
     {"jewelry": ["J10", "J24"], "support": ["trader-r"]}),
    ("three-kinds", {"jewelry": ["J01", "J02", "J09", "J10"]},
     {"jewelry": ["J01", "J09", "J17"]}),
    ("two-helpers", {"support": ["vp-helper", "lamp", "tools-1"]},
     {"support": ["vp-helper", "trader-e"]}),
])
def test_achievement_requirements(aid, short, enough):
    st = fresh()
    st.achievements_shown = [aid, None, None, None, None]
    ready(st, P1, ["dealer"])
    st.owned[P1] = {"jewelry": [], "support": [], "ach": [], **short}
    assert legal(st, P1, "claim") == []
    illegal(st, P1, Action("claim", (aid,)), "requirement")
    st.owned[P1] = {"jewelry": [], "support": [], "ach": [], **enough}
    assert legal(st, P1, "claim") == [Action("claim", (aid,))]
    RULES.apply(st, P1, Action("claim", (aid,)))
    assert st.owned[P1]["ach"] == [aid]
    assert st.achievements_shown == [None] * 5


def test_one_achievement_per_turn_and_not_replaced():
    st = fresh()
    st.achievements_shown = ["two-rings", "three-kinds", "two-helpers", "three-gold", "two-crowns"]
    st.owned[P1]["jewelry"] = ["J01", "J02", "J09", "J17"]
    ready(st, P1, ["dealer"])
    assert set(legal(st, P1, "claim")) == {Action("claim", ("two-rings",)),
                                           Action("claim", ("three-kinds",))}
    RULES.apply(st, P1, Action("claim", ("two-rings",)))
    assert legal(st, P1, "claim") == []
    illegal(st, P1, Action("claim", ("three-kinds",)))
    RULES.apply(st, P1, Action("dealer"))
    assert legal(st, P1, "claim") == []
    # next turn: the other one; the claimed card is gone, not replaced
    ready(st, P1, ["blacksmith"])
    assert legal(st, P1, "claim") == [Action("claim", ("three-kinds",))]
    RULES.apply(st, P1, Action("claim", ("three-kinds",)))
    assert st.achievements_shown == [None, None, "two-helpers", "three-gold", "two-crowns"]
    assert st.owned[P1]["ach"] == ["two-rings", "three-kinds"]
    assert RULES.conserved(st)["achievements"] == 10
    # another player with two rings cannot take the claimed one
    st.owned[P2]["jewelry"] = ["J03", "J04"]
    ready(st, P2, ["dealer"])
    illegal(st, P2, Action("claim", ("two-rings",)))


# -- rounds ----------------------------------------------------------------------------------------
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


def test_jewelry_purchases_read_as_english():
    st = fresh()
    st.jewelry_shown[:2] = ["J26", "J01"]  # Earrings (Gold Gold) and a Ring (Diamond Ruby)
    st.gems[P1] = [1, 0, 1, 0, 2]
    play(st, P1, "dealer")
    assert "{0} buys Earrings (2 VP)." in texts(RULES.apply(st, P1, Action("buy", ("J26", "GG", 0))))
    play(st, P1, "dealer")
    assert "{0} buys a Ring (2 VP)." in texts(RULES.apply(st, P1, Action("buy", ("J01", "DR", 0))))


# -- scoring and tie-breaks ------------------------------------------------------------------------
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


# -- privacy and illegal actions -------------------------------------------------------------------
def test_view_shows_only_the_viewers_hand_and_discards():
    st = RULES.new_state(4, {}, 5)
    for seat in range(4):
        v = RULES.view(st, seat)
        json.dumps(v)
        assert v["hand"] == st.hands[seat] and v["discards"] == st.discards[seat]
        assert v["hand_counts"] == [4, 4, 4, 4]
        blob = json.dumps({k: v[k] for k in v if k not in ("hand", "discards")})
        assert "discards" not in blob
    spectator = RULES.view(st, None)
    assert spectator["hand"] is None and spectator["discards"] is None
    # another seat's secrets do not change a view
    other = clone(st)
    for s in (1, 2, 3):
        other.hands[s], other.discards[s] = other.discards[s][:1] + other.hands[s][1:], \
            other.hands[s][:1] + other.discards[s][1:]
    assert RULES.view(other, 0) == RULES.view(st, 0)
    assert RULES.view(other, 1) != RULES.view(st, 1)


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    st = fresh()
    ready(st, P1, [G, "dealer"])
    other = P2
    assert "not your turn" in illegal(st, other, Action("dealer"))
    illegal(st, P1, Action("blacksmith", (D,)))  # not in hand
    illegal(st, P1, Action("mine", (S, 0)))  # not in hand
    illegal(st, P1, Action("dig", (G, G, 1, FOE, 0)))  # empty mine
    illegal(st, P1, Action("end"), "Play a dwarf first")
    illegal(st, P1, Action("trade", ("DDD", G)))
    illegal(st, P1, Action("steal", (P2, D)))
    illegal(st, P1, Action("nonsense", (1, 2)))
    illegal(st, P1, Action("mine", ("x", [])))
    RULES.apply(st, P1, Action("mine", (G, 0)))
    illegal(st, P1, Action("dealer"), "already played")
    illegal(st, P1, Action("swap", (G, D)))
    st.phase = "over"
    illegal(st, P1, Action("end"), "over")
    assert RULES.legal_actions(st, P1) == []


def test_trading_comes_before_buying():
    """The rulebook's turn order: play a dwarf, then trade (Dealer swaps included), then buy."""
    st = fresh()
    st.jewelry_shown = ["J01", "J05", "J10"]
    st.gems[P1] = [2, 1, 2, 1, 2]
    st.supply = [8, 9, 8, 9, 8]
    play(st, P1, "dealer")
    assert legal(st, P1, "trade") and legal(st, P1, "swap")
    RULES.apply(st, P1, Action("buy", ("J01", "DR", 0)))
    assert legal(st, P1, "trade") == [] and legal(st, P1, "swap") == []
    illegal(st, P1, Action("trade", ("DSR", 4)), "before buying")
    illegal(st, P1, Action("swap", (0, 4)), "before buying")
    assert Action("end") in legal(st, P1)


def test_help_lists_every_card_as_the_data_has_it():
    """The help's card lists are written out by hand; they must not drift from cards.json."""
    from allmine_tui.games.mine_all_mines.choices import cost_letters
    from allmine_tui.paths import asset

    text = asset("mine-all-mines", "rules.md").read_text(encoding="utf-8")
    cards = data.load()
    for kind in data.JEWEL_TYPES:
        row = f"| {kind.capitalize()} | " + " · ".join(
            f"{cost_letters(j.cost)} ({j.vp})" for j in cards.jewelry.values() if j.type == kind)
        assert row + " |" in text, kind
    for support in cards.support.values():
        if support.name.endswith("Trader"):
            assert "| Diamond / Sapphire / Ruby / Emerald Trader |" in text
        else:
            assert f"| {support.name}" in text, support.name
    for ach in cards.achievements.values():
        assert ach.name.split()[0] in text
