"""This is Mine! rules, "Suitcase Cards" and "Relative Cards" (End of the Game, and their
Appendix entries): a revealed Suitcase gives every player a Money Card while the pile lasts,
and at the end copies an object in hand (counting for Bottles); Relatives make the players
discard objects, chosen in secret."""
from __future__ import annotations

from this_is_mine_rules_helpers import (D, act, clone, end_state, fresh, hands_of, illegal,
                                        last_round, legal, row)

from allmine_tui.engine import Action
from allmine_tui.games.this_is_mine.rules import RULES


# -- Suitcases -------------------------------------------------------------------------------------
def _start_round_with(n, top, pile):
    """Finish a balance phase (everyone passes) so the next round reveals ``top`` first."""
    st = fresh(n, 7)
    rest = [c for c in st.deck + st.revealed if c not in top and D.card_type[c] != "suitcase"]
    st.deck, st.revealed, st.assign = list(top) + rest, [], []
    st.phase, st.round_leader, st.leader = "balance", 1, 1
    st.balance_ask = [(1 + i) % n for i in range(n)]
    st.pile = pile
    events = []
    for s in list(st.balance_ask):
        events += act(st, s, "balance", 0)
    assert st.phase == "split" and st.round_no == 1 and st.revealed[:len(top)] == list(top)
    return st, events


def test_suitcase_reveal_gives_every_player_a_money_card():
    (s1, s2), = hands_of({"suitcase": 2})
    st, events = _start_round_with(3, [s1], pile=17)
    assert st.money == [6, 6, 6] and st.pile == 14
    st, events = _start_round_with(4, [s1, s2], pile=12)
    assert st.money == [7, 7, 7, 7] and st.pile == 4


def test_suitcase_reveal_while_the_pile_lasts():
    (s1, s2), = hands_of({"suitcase": 2})
    st, events = _start_round_with(3, [s1, s2], pile=4)
    assert st.pile == 0 and sum(st.money) == 15 + 4
    assert sorted(st.money) == [6, 6, 7]
    st, events = _start_round_with(3, [s1], pile=0)
    assert st.money == [5, 5, 5] and st.pile == 0
    assert any("empty" in e.text for e in events)


def test_suitcase_copies_an_object_in_hand_and_counts_for_bottles():
    hands = hands_of({"suitcase": 2, "bottle": 1, "tv": 1, "radio": 1, "bibelot": 1},
                     {"bottle": 2, "bibelot": 1},
                     {"suitcase": 1, "tv": 1, "radio": 1})
    st = last_round(hands)
    assert st.phase == "copy"
    assert RULES.to_act(st) == [0]  # seat 2 has nothing to copy: its Suitcase is worth $0
    assert legal(st, 0) == [Action("copy", ("bibelot",)), Action("copy", ("bottle",))]
    for t in ("tv", "radio", "suitcase", "relative", "skates"):
        illegal(st, 0, Action("copy", (t,)))
    act(st, 0, "copy", "bottle")
    assert st.phase == "copy"
    act(st, 0, "copy", "bottle")
    assert st.phase == "over"
    res = RULES.result(st)
    # seat 0: 3 bottles (two copied) beats seat 1's 2 bottles
    assert row(res, "Bottles") == [12, 6, 0]
    assert row(res, "TV / Radio") == [8, 0, 8]
    assert row(res, "Inheritance") == [12 + 8 + 0, 6 + 0, 8 - 3]


def test_suitcase_without_copy_is_zero_and_copies_change_bottle_ranks():
    hands = hands_of({"suitcase": 1, "bottle": 1, "bibelot": 1}, {"bottle": 1, "bibelot": 1})
    assert row(RULES.result(end_state(hands)), "Bottles") == [12, 12]
    assert row(RULES.result(end_state(hands, copies=[["bottle"], []])), "Bottles") == [12, 0]
    res = RULES.result(end_state(hands, copies=[["bibelot"], []]))
    assert row(res, "Bibelots") == [3, 0] and row(res, "Bottles") == [12, 12]
    only_tv = hands_of({"suitcase": 2, "tv": 1, "radio": 1, "relative": 1})
    st = last_round(only_tv + hands_of({"bibelot": 1}))
    # the Relative takes one Object; whatever is left, nothing can be copied
    assert st.phase == "discard"
    assert {a.args[0] for a in legal(st, 0)} == {"suitcase", "tv", "radio"}
    act(st, 0, "discard", "tv")
    assert st.phase == "over"  # nothing to copy: the Suitcase is worth $0
    res = RULES.result(st)
    assert row(res, "TV / Radio")[0] == 3 and row(res, "Inheritance")[0] == 3 - 3


# -- Relatives -------------------------------------------------------------------------------------
def _relatives_hands():
    return hands_of(
        {"relative": 2, "bibelot": 1, "bottle": 1, "suitcase": 1, "skates": 1},
        {"relative": 1, "instrument": 1, "record": 1},
        {"relative": 3, "tv": 1})


def test_relatives_discard_one_object_each_short_players_discard_all():
    st = last_round(_relatives_hands())
    assert st.phase == "discard"
    assert st.to_discard == [2, 1, 1]
    assert RULES.to_act(st) == [0, 1, 2]
    assert {a.args[0] for a in legal(st, 1)} == {"instrument", "record"}
    assert legal(st, 2) == [Action("discard", ("tv",))]
    illegal(st, 1, Action("discard", ("relative",)))
    illegal(st, 1, Action("discard", ("bottle",)))
    act(st, 0, "discard", "bottle")
    # only one bottle: the second discard must be something else
    assert "bottle" not in {a.args[0] for a in legal(st, 0)}
    illegal(st, 0, Action("discard", ("bottle",)))
    act(st, 0, "discard", "bibelot")
    assert RULES.to_act(st) == [1, 2]
    act(st, 2, "discard", "tv")
    events = act(st, 1, "discard", "instrument")
    assert any("Bottle" in e.text and "Bibelot" in e.text for e in events)
    # discards happen before the copies: the Suitcase can no longer copy a Bottle or a Bibelot
    assert st.phase == "copy" and RULES.to_act(st) == [0]
    assert legal(st, 0) == [Action("copy", ("skates",))]
    illegal(st, 0, Action("copy", ("bottle",)))
    illegal(st, 0, Action("copy", ("bibelot",)))
    act(st, 0, "copy", "skates")
    res = RULES.result(st)
    assert row(res, "Ice Skates") == [5, 0, 0]
    assert row(res, "Bottles") == [0, 0, 0]
    assert row(res, "Bibelots") == [-3, -3, -3]
    assert row(res, "Records") == [0, 2, 0]
    assert row(res, "Instruments") == [0, 0, 0]
    assert row(res, "TV / Radio") == [0, 0, 0]
    assert [len(h) for h in st.hands] == [4, 2, 3]
    assert RULES.conserved(st)["cards"] == sum(len(h) for h in _relatives_hands())


def test_relative_choices_are_secret_until_all_are_in():
    st = last_round(_relatives_hands())
    a, b = clone(st), clone(st)
    ev_a = act(a, 1, "discard", "instrument")
    ev_b = act(b, 1, "discard", "record")
    assert [e.text for e in ev_a] == [e.text for e in ev_b]
    assert all(not e.private for e in ev_a + ev_b)
    for viewer in (0, 2, None):
        assert RULES.view(a, viewer) == RULES.view(b, viewer)
    assert RULES.view(a, 1) != RULES.view(b, 1)  # the chooser sees their own choice
    assert RULES.view(a, 1)["my_discards"] == ["instrument"]
    assert RULES.view(a, 0)["discards"] is None
