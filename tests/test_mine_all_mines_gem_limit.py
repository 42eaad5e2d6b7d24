"""Mine All Mines rules: the 3-per-gem limit (nobody holds more than 3 gems of one kind) on
mining, Friend bonuses, the Mine Cart, trading and stealing; whom a Foe line robs and whom it
skips; Lamp gems outside the limit; an empty supply that gives nothing."""
from __future__ import annotations

from mine_all_mines_rules_helpers import (D, E, G, P1, P2, P3, R, S, fresh, gold_at_entrance,
                                          illegal, legal, play, ready, texts)

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.pyramid import FOE, FRIEND
from allmine_tui.games.mine_all_mines.rules import RULES


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
