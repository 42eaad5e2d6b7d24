"""Mine All Mines rules: the rulebook's worked examples 1-11, move by move. The Mine action
("Play a Dwarf Card"), "Friend", "Foe", "Check and Receive Achievements" (Two Rings,
three cards with a Diamond in their cost), "Tools" with the Mine Cart, then the "Additional
Examples of Game Play" (Second Friend, Second Foe, Friend of a Foe, Foe of a Friend, Hard
Choices Must Be Made) and a full mine that takes no more dwarves."""
from __future__ import annotations

from mine_all_mines_rules_helpers import (D, E, G, P1, P2, P3, R, S, fresh, gold_at_entrance,
                                          illegal, legal, play, ready, texts)

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.pyramid import FOE, FRIEND, PARENTS, PLACES
from allmine_tui.games.mine_all_mines.rules import RULES


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
