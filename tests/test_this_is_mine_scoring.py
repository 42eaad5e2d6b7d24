"""This is Mine! rules, "Scoring" and the "Appendix: Inheritance Cards": the value of every card
type (Bibelots, Records and Turntables, TV / Radio, Ice Skates, Musical Instruments, Bottles),
totals of money, coins and inheritance, and the tie-breaks (lower inheritance, then shared)."""
from __future__ import annotations

import pytest
from this_is_mine_rules_helpers import end_state, hands_of, row

from allmine_tui.games.this_is_mine import scoring
from allmine_tui.games.this_is_mine.rules import RULES


@pytest.mark.parametrize("k,value", [(0, -3), (1, 0), (2, 3), (3, 7), (4, 12), (5, 12), (6, 12)])
def test_bibelots(k, value):
    assert scoring.bibelots(k) == value
    hands = hands_of({"bibelot": k}, {"bibelot": 1})
    res = RULES.result(end_state(hands))
    assert row(res, "Bibelots") == [value, 0]
    assert row(res, "Inheritance") == [value, 0]


@pytest.mark.parametrize("records,turntables,value", [
    (1, 0, 2), (2, 0, 4), (5, 0, 10),
    (1, 1, 4), (2, 1, 8), (3, 1, 12), (4, 1, 14),
    (5, 2, 20), (6, 2, 24), (7, 2, 26),
    (0, 1, 0), (0, 2, 0),
])
def test_records_and_turntables(records, turntables, value):
    assert scoring.records(records, turntables)[0] == value
    hands = hands_of({"record": records, "turntable": turntables, "bibelot": 1}, {"bibelot": 1})
    res = RULES.result(end_state(hands))
    assert row(res, "Records") == [value, 0]
    assert row(res, "Inheritance") == [value, 0]


@pytest.mark.parametrize("tv,radio,value", [
    (1, 0, 3), (0, 1, 3), (1, 1, 8), (2, 1, 11), (1, 2, 11), (2, 2, 16), (3, 3, 24), (3, 0, 9)])
def test_tv_and_radio(tv, radio, value):
    assert scoring.tv_radio(tv, radio) == value
    hands = hands_of({"tv": tv, "radio": radio, "bibelot": 1}, {"bibelot": 1})
    assert row(RULES.result(end_state(hands)), "TV / Radio") == [value, 0]


@pytest.mark.parametrize("k,value", [(0, 0), (1, 0), (2, 5), (3, 5), (4, 10), (5, 10)])
def test_ice_skates(k, value):
    assert scoring.breakdown({"skates": k}, 0)["Ice Skates"] == value
    hands = hands_of({"skates": k, "bibelot": 1}, {"bibelot": 1})
    assert row(RULES.result(end_state(hands)), "Ice Skates") == [value, 0]


@pytest.mark.parametrize("k,value", [(1, 0), (2, 0), (3, 10), (4, 10), (5, 10), (6, 20)])
def test_instruments(k, value):
    assert scoring.breakdown({"instrument": k}, 0)["Instruments"] == value
    hands = hands_of({"instrument": k, "bibelot": 1}, {"bibelot": 1})
    assert row(RULES.result(end_state(hands)), "Instruments") == [value, 0]


@pytest.mark.parametrize("bottles,prizes", [
    # 2 players: second place gets nothing
    ([3, 1], [12, 0]), ([1, 3], [0, 12]), ([2, 2], [12, 12]), ([0, 1], [0, 12]), ([0, 0], [0, 0]),
    # 3 players
    ([3, 2, 1], [12, 6, 3]), ([2, 2, 1], [12, 12, 3]), ([3, 1, 1], [12, 6, 6]),
    ([1, 1, 1], [12, 12, 12]), ([2, 0, 1], [12, 0, 6]), ([0, 2, 0], [0, 12, 0]),
    ([0, 0, 0], [0, 0, 0]),
    # 4 players
    ([4, 3, 2, 1], [12, 6, 3, 0]), ([2, 2, 2, 1], [12, 12, 12, 0]), ([3, 2, 2, 1], [12, 6, 6, 0]),
    ([3, 3, 1, 0], [12, 12, 3, 0]), ([1, 0, 0, 0], [12, 0, 0, 0]), ([1, 2, 0, 3], [3, 6, 0, 12]),
    ([2, 2, 1, 1], [12, 12, 3, 3]),
])
def test_bottles(bottles, prizes):
    assert scoring.bottle_prizes(bottles) == prizes
    hands = hands_of(*({"bottle": b, "bibelot": 1} for b in bottles))
    res = RULES.result(end_state(hands))
    assert row(res, "Bottles") == prizes
    assert row(res, "Inheritance") == prizes


def test_totals_add_money_coins_and_inheritance():
    hands = hands_of({"bibelot": 3, "skates": 2, "record": 4, "turntable": 1, "bottle": 2,
                      "tv": 2, "radio": 1, "instrument": 3, "relative": 2},
                     {"bottle": 1})
    res = RULES.result(end_state(hands, money=[4, 9], coins=[3, 0]))
    assert row(res, "Inheritance") == [7 + 5 + 14 + 12 + 11 + 10, -3 + 0]
    assert res.scores == [59 + 7, 6] and res.winners == [0]
    assert row(res, "Total $") == res.scores


# -- tie-breaks ------------------------------------------------------------------------------------
def test_tie_lower_inheritance_wins():
    hands = hands_of({"bibelot": 3}, {"bibelot": 2}, {"bibelot": 4})  # 7, 3, 12
    res = RULES.result(end_state(hands, money=[5, 9, 0], coins=[0, 0, 0]))
    assert res.scores == [12, 12, 12]
    assert res.winners == [1]
    res = RULES.result(end_state(hands, money=[5, 8, 0], coins=[0, 1, 0]))
    assert res.winners == [1]
    res = RULES.result(end_state(hands, money=[5, 2, 0], coins=[0, 0, 0]))
    assert res.scores == [12, 5, 12] and res.winners == [0]


def test_tie_still_equal_is_shared():
    hands = hands_of({"bibelot": 2, "skates": 2}, {"bibelot": 2, "tv": 1, "record": 1},
                     {"bibelot": 2})
    res = RULES.result(end_state(hands, money=[3, 3, 6]))  # 8+3, 8+3, 3+6
    assert res.scores == [11, 11, 9]
    assert res.winners == [0, 1]
    assert res.notes
