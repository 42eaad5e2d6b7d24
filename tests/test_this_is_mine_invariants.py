"""This is Mine! rules that hold at every step: taken lots are private (the log and the views),
illegal input raises and changes nothing, and random games at 2, 3 and 4 players conserve the
money and the cards and score as money + coins + inheritance."""
from __future__ import annotations

import pytest
from this_is_mine_rules_helpers import (D, TYPE_NAMES, act, end_state, hands_of, illegal,
                                        negotiating, play_random, row)

from allmine_tui.engine import Action
from allmine_tui.games.this_is_mine.rules import RULES


def test_taken_lots_are_private():
    names = hands_of({"bibelot": 1}, {"bottle": 1}, {"instrument": 1})
    st = negotiating(3, names, leader=0)
    act(st, 0, "claim", 0)
    act(st, 1, "accept")
    events = act(st, 2, "accept")
    take = [e for e in events if e.kind == "take"]
    assert take and "Bibelot" not in take[0].text and "Bibelot" in take[0].private[0]
    assert "Bibelot" in take[0].text_for(0) and "Bibelot" not in take[0].text_for(1)
    assert RULES.view(st, 0)["lots"][0]["cards"] == names[0]
    for viewer in (1, 2, None):
        v = RULES.view(st, viewer)
        assert v["lots"][0]["cards"] is None and v["lots"][0]["size"] == 1
        assert v["lots"][1]["cards"] == names[1]  # still on the table: public
        assert v["hands"] is None
        assert v["hand_counts"][0] == len(st.hands[0])
    assert RULES.view(st, 1)["hand"] == sorted(st.hands[1])
    act(st, 1, "claim", 1)
    events = act(st, 2, "accept")
    for e in events:
        if e.kind == "take":
            assert all(name not in e.text for name in TYPE_NAMES)


def test_illegal_actions():
    st = negotiating(3, [[0], [1], [2]], leader=0)
    illegal(st, 1, Action("claim", (0,)), "not your turn")
    illegal(st, 0, Action("accept"))
    illegal(st, 0, Action("claim", (5,)))
    illegal(st, 0, Action("claim", ("a",)))
    illegal(st, 0, Action("claim"))
    illegal(st, 0, Action("put", (0,)))
    illegal(st, 0, Action("balance", (1,)))
    act(st, 0, "claim", 0)
    illegal(st, 0, Action("accept"), "not your turn")
    illegal(st, 1, Action("claim", (1,)))
    illegal(st, 1, Action("refuse", ()))
    illegal(st, 1, Action("refuse", (7,)))
    illegal(st, 1, Action("discard", ("bottle",)))
    st = end_state(hands_of({"bibelot": 1}, {"bibelot": 1}))
    illegal(st, 0, Action("accept"), "over")


def _check_game(st, evs, n, start, counts):
    assert RULES.conserved(st) == start
    for e in evs:
        if e.kind == "take":
            assert all(name not in e.text for name in TYPE_NAMES)
    if st.phase in ("split", "negotiate", "balance"):
        for viewer in range(n):
            v = RULES.view(st, viewer)
            assert v["hands"] is None
            for lot in v["lots"]:
                if lot["owner"] is not None and lot["owner"] != viewer:
                    assert lot["cards"] is None
    if st.phase == "negotiate" and st.claim is None and all(l["owner"] is None for l in st.lots):
        assert len(st.lots) == n and all(l["cards"] for l in st.lots)
    for e in evs:
        counts[e.kind] = counts.get(e.kind, 0) + 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_conserve_money_and_cards(n):
    for seed in range(4):
        start = RULES.conserved(RULES.new_state(n, {}, f"cons-{n}-{seed}"))
        assert start == {"cards": len(D.cards_for(n)), "money": 32}
        counts = {}
        st, events = play_random(n, f"cons-{n}-{seed}", refuse_p=0.5,
                                 check=lambda s, e: _check_game(s, e, n, start, counts))
        assert counts["take"] == 8 * n
        assert counts.get("refuse", 0) > 0
        res = RULES.result(st)
        assert res.scores == [st.money[s] + st.coins[s] + row(res, "Inheritance")[s]
                              for s in range(n)]
        assert sum(st.money) + st.pile == 32
