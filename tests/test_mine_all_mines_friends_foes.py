"""Mine All Mines rules, "Play a Dwarf Card: Friend / Foe": the ring of friends and foes (as
the rulings have it), the one side of a dwarf each gem may dig on, and a placement that never
rechecks the dwarves below it."""
from __future__ import annotations

import pytest
from mine_all_mines_rules_helpers import (D, E, G, P1, P2, P3, R, S, fresh, gold_at_entrance,
                                          illegal, legal, play, ready)

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines import data
from allmine_tui.games.mine_all_mines.pyramid import FOE, FRIEND, relation
from allmine_tui.games.mine_all_mines.rules import RULES


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
