"""This is Mine! rules, "Gameplay" (Opening Boxes, Negotiation, New Choice / New Negotiation,
Last Pick / End of Round) and the "Balance Card": lots split so each gets a card, claims and
refusals, who claims next and who leads the next round; the balance asked round the table,
redistributed one card at a time, never after round eight."""
from __future__ import annotations

import pytest
from this_is_mine_rules_helpers import (act, fresh, hands_of, illegal, last_round, legal,
                                        negotiating, play_random)

from allmine_tui.engine import Action
from allmine_tui.games.this_is_mine.rules import RULES


# -- rounds and negotiation ------------------------------------------------------------------------
def test_split_every_lot_gets_a_card():
    st = RULES.new_state(3, {}, 21)
    leader = st.round_leader
    assert st.phase == "split" and len(st.revealed) == 7 and RULES.to_act(st) == [leader]
    illegal(st, (leader + 1) % 3, Action("put", (0,)), "not your turn")
    for _ in range(5):
        act(st, leader, "put", 0)
    # 2 cards left and lots 1 and 2 still empty: lot 0 is refused
    assert legal(st, leader) == [Action("put", (1,)), Action("put", (2,))]
    illegal(st, leader, Action("put", (0,)), "empty lot")
    illegal(st, leader, Action("put", (3,)))
    act(st, leader, "put", 2)
    assert legal(st, leader) == [Action("put", (1,))]
    cards = list(st.revealed)
    act(st, leader, "put", 1)
    assert st.phase == "negotiate"
    assert [lot["cards"] for lot in st.lots] == [cards[:5], [cards[6]], [cards[5]]]
    assert RULES.to_act(st) == [leader] and st.claim is None


def test_negotiation_with_refusals():
    lots = [[c] for c in range(4)]
    st = negotiating(4, lots, leader=0)
    act(st, 0, "claim", 0)
    assert st.asked == [1, 2, 3] and RULES.to_act(st) == [1]
    act(st, 1, "accept")
    assert RULES.to_act(st) == [2]
    illegal(st, 2, Action("refuse", (0,)), "not the claimed one")
    act(st, 2, "refuse", 1)
    assert st.leader == 2 and st.claim == 0 and st.money[2] == 4 and st.lots[1]["money"] == 1
    assert st.asked == [3, 0, 1]  # restarts from the new Leader's left
    act(st, 3, "accept")
    act(st, 0, "refuse", 3)
    assert st.leader == 0 and st.claim == 0 and st.asked == [1, 2, 3]
    assert st.lots[3]["money"] == 1 and st.money[0] == 4
    act(st, 1, "accept")
    act(st, 2, "accept")
    assert st.lots[0]["owner"] is None
    act(st, 3, "accept")
    assert st.lots[0]["owner"] == 0 and st.hands[0][-1] == 0 and st.money[0] == 4
    # next claimant: left of the taker, still without a lot
    assert st.leader == 1 and st.claim is None and RULES.to_act(st) == [1]
    illegal(st, 1, Action("claim", (0,)), "still on the table")
    act(st, 1, "claim", 1)
    assert st.asked == [2, 3]
    act(st, 2, "accept")
    act(st, 3, "accept")
    assert st.lots[1]["owner"] == 1 and st.money[1] == 5 + 1  # the lot's Money Card too
    assert st.leader == 2
    act(st, 2, "claim", 2)
    assert st.asked == [3]
    act(st, 3, "refuse", 3)
    assert st.leader == 3 and st.asked == [2] and st.lots[3]["money"] == 2
    act(st, 2, "accept")
    # 3 takes lot 2; the last lot (with $2) goes to 2, who leads next round
    assert st.hands[3][-1] == 2 and st.hands[2][-1] == 3
    assert st.money == [4, 6, 4 + 2, 4]
    assert st.phase == "balance" and st.round_leader == 2 and st.balance_ask == [2, 3, 0, 1]
    assert RULES.conserved(st)["money"] == 32


def test_next_claimant_is_left_of_the_taker():
    st = negotiating(4, [[c] for c in range(4)], leader=0)
    act(st, 0, "claim", 2)
    act(st, 1, "accept")
    act(st, 2, "refuse", 0)
    assert st.asked == [3, 0, 1]
    for s in (3, 0, 1):
        act(st, s, "accept")
    assert st.lots[2]["owner"] == 2
    assert st.leader == 3 and RULES.to_act(st) == [3]  # not 1, the left of the first Leader
    act(st, 3, "claim", 0)
    assert st.asked == [0, 1]  # 2 has a lot and is skipped
    act(st, 0, "accept")
    act(st, 1, "accept")
    assert st.lots[0]["owner"] == 3 and st.money[3] == 5 + 1
    # 0 is left of the taker (3) and still without a lot
    assert st.leader == 0


def test_last_lot_player_leads_next_round():
    st = negotiating(3, [[0], [1], [2, 3]], leader=1)
    act(st, 1, "claim", 2)
    act(st, 2, "accept")
    act(st, 0, "accept")
    assert st.leader == 2
    act(st, 2, "claim", 0)
    act(st, 0, "accept")
    assert st.hands[1][-2:] == [2, 3] and st.hands[2][-1] == 0 and st.hands[0][-1] == 1
    assert st.phase == "balance" and st.round_leader == 0 and st.balance_ask == [0, 1, 2]
    for s in (0, 1, 2):
        act(st, s, "balance", 0)
    assert st.phase == "split" and st.round_no == 1 and RULES.to_act(st) == [0]
    assert len(st.revealed) == 7


def test_player_without_money_cannot_refuse():
    st = negotiating(3, [[0], [1], [2]], leader=0, money=[5, 0, 5])
    act(st, 0, "claim", 0)
    assert legal(st, 1) == [Action("accept")]
    illegal(st, 1, Action("refuse", (1,)), "no Money Card")
    act(st, 1, "accept")
    assert set(legal(st, 2)) == {Action("accept"), Action("refuse", (1,)), Action("refuse", (2,))}


# -- Balance Card ----------------------------------------------------------------------------------
def balancing(n, money, next_leader):
    st = fresh(n, 9)
    st.phase = "balance"
    st.round_leader = st.leader = next_leader
    st.balance_ask = [(next_leader + i) % n for i in range(n)]
    st.money = list(money)
    st.pile = 32 - sum(money)
    return st


def test_balance_is_asked_round_the_table_and_one_request_is_enough():
    st = balancing(4, [9, 2, 1, 5], next_leader=2)
    assert RULES.to_act(st) == [2]
    illegal(st, 3, Action("balance", (1,)))
    act(st, 2, "balance", 0)
    assert RULES.to_act(st) == [3]
    act(st, 3, "balance", 1)
    # one request: one redistribution, nobody else is asked, the next round starts
    assert len(st.balance_log) == 1
    assert st.phase == "split" and st.round_no == 1 and RULES.to_act(st) == [2]
    assert sorted(st.money) == [4, 4, 4, 5] and sum(st.coins) == 5
    st = balancing(3, [9, 2, 1], next_leader=0)
    for s in (0, 1, 2):
        act(st, s, "balance", 0)
    assert st.money == [9, 2, 1] and st.coins == [0, 0, 0] and st.balance_log == []


def test_redistribution_one_card_at_a_time():
    st = balancing(3, [9, 2, 1], next_leader=0)
    act(st, 0, "balance", 1)
    assert st.money == [4, 4, 4] and st.coins == [5, 0, 0]
    assert st.balance_log[0]["moves"] == [[0, 2], [0, 1], [0, 2], [0, 1], [0, 2]]
    st = balancing(3, [9, 2, 1], next_leader=2)
    act(st, 2, "balance", 1)
    assert st.balance_log[0]["moves"] == [[0, 2], [0, 2], [0, 1], [0, 2], [0, 1]]


@pytest.mark.parametrize("next_leader,money,coins", [
    (0, [4, 5, 4], [2, 1, 0]), (1, [5, 4, 4], [1, 2, 0]), (2, [4, 5, 4], [2, 1, 0])])
def test_redistribution_with_a_remainder(next_leader, money, coins):
    st = balancing(3, [6, 6, 1], next_leader)
    act(st, next_leader, "balance", 1)
    assert st.money == money and st.coins == coins
    assert max(st.money) - min(st.money) == 1


def test_no_balance_after_round_eight():
    hands = hands_of({"bibelot": 1}, {"bibelot": 1})
    st = last_round(hands)
    assert st.phase == "over" and st.balance_ask == [] and st.balance_log == []

    def check(st, evs):
        if st.phase == "balance":
            assert st.round_no < 7

    for n in (2, 3, 4):
        play_random(n, f"nobalance-{n}", check=check)
