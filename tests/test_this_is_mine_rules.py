"""This is Mine! rules: card data and player counts, the scoring of every card type, Suitcases,
Relatives, rounds and negotiation, the Balance Card, tie-breaks, privacy, illegal actions and
conservation through random games."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.this_is_mine import data, scoring
from allmine_tui.games.this_is_mine.rules import RULES
from allmine_tui.games.this_is_mine.state import ThisIsMineState

D = data.load()
BY_TYPE = {t: [c for c in range(72) if D.card_type[c] == t] for t in data.TYPE_IDS}
TYPE_NAMES = [D.names[t] for t in data.TYPE_IDS]


# -- helpers ---------------------------------------------------------------------------------------
def hands_of(*specs):
    """One hand per spec (a dict type -> count), with card numbers distinct across all hands."""
    pools = {t: iter(BY_TYPE[t]) for t in BY_TYPE}
    return [[next(pools[t]) for t, k in spec.items() for _ in range(k)] for spec in specs]


def fresh(n, seed):
    """A new game whose first reveal's Suitcases are undone (everyone at the 5 starting Money
    Cards) and whose deck holds no Suitcase, so later reveals give no money."""
    st = RULES.new_state(n, {}, seed)
    st.money, st.pile = [5] * n, 32 - 5 * n
    st.deck = [c for c in st.deck if D.card_type[c] != "suitcase"]
    return st


def end_state(hands, money=None, coins=None, copies=None):
    """A finished game with the given hands (Suitcases copying ``copies``)."""
    n = len(hands)
    st = RULES.new_state(n, {}, 1)
    st.phase = "over"
    st.hands = [list(h) for h in hands]
    st.money = list(money) if money is not None else [0] * n
    st.coins = list(coins) if coins is not None else [0] * n
    st.discards = [[] for _ in range(n)]
    st.copies = [list(c) for c in copies] if copies is not None else [[] for _ in range(n)]
    return st


def row(res, label):
    return dict(res.table)[label]


def act(st, seat, kind, *args):
    return RULES.apply(st, seat, Action(kind, tuple(args)))


def legal(st, seat):
    return RULES.legal_actions(st, seat)


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
    return ThisIsMineState.from_json(json.loads(json.dumps(st.to_json())))


def negotiating(n, lot_cards, leader=0, money=None):
    """A round in negotiation: lots with the given cards on the table, ``leader`` to claim."""
    st = fresh(n, 3)
    st.revealed, st.assign = [], []
    st.lots = [{"cards": list(c), "money": 0, "owner": None} for c in lot_cards]
    st.phase = "negotiate"
    st.round_leader = st.leader = leader
    st.claim, st.asked = None, []
    if money is not None:
        st.money = list(money)
    return st


def last_round(hands):
    """Round 8 with everything split except lots 0 and 1 (empty), which seats 0 and 1 settle:
    returns the state right after the end begins (``hands`` as the final collections)."""
    n = len(hands)
    st = RULES.new_state(n, {}, 5)
    st.deck, st.revealed, st.assign = [], [], []
    st.round_no = 7
    st.hands = [list(h) for h in hands]
    st.lots = [{"cards": [], "money": 0, "owner": (i if i >= 2 else None)} for i in range(n)]
    st.phase = "negotiate"
    st.round_leader = st.leader = 0
    st.claim, st.asked = None, []
    act(st, 0, "claim", 0)
    act(st, 1, "accept")
    return st


def play_random(n, seed, refuse_p=0.3, check=None):
    """Play a whole game with random legal moves; returns (state, events)."""
    rng = random.Random(seed)
    st = RULES.new_state(n, {}, seed)
    events = []
    if check:
        check(st, [])
    while not RULES.is_over(st):
        seat = RULES.to_act(st)[0]
        acts = legal(st, seat)
        assert acts, f"{seat} must have a move in {st.phase}"
        refusals = [a for a in acts if a.kind == "refuse"]
        if refusals and rng.random() < refuse_p:
            a = rng.choice(refusals)
        elif st.phase == "negotiate" and st.claim is not None:
            a = Action("accept")
        elif st.phase == "balance":
            a = Action("balance", (int(rng.random() < 0.3),))
        else:
            a = rng.choice(acts)
        evs = RULES.apply(st, seat, a)
        events += evs
        if check:
            check(st, evs)
    return st, events


# -- 1. data ---------------------------------------------------------------------------------------
def test_type_totals_as_printed():
    assert Counter(D.card_type) == {
        "bibelot": 9, "suitcase": 3, "bottle": 10, "skates": 9, "turntable": 4, "radio": 3,
        "tv": 3, "relative": 11, "record": 11, "instrument": 9}
    assert len(D.card_type) == 72


def test_dots_and_cards_per_player_count():
    assert Counter(D.card_dots) == {1: 45, 3: 11, 4: 16}
    assert [len(D.cards_for(n)) for n in (2, 3, 4)] == [45, 56, 72]
    assert D.reveal == {2: 5, 3: 7, 4: 9}
    for n, used, removed in ((2, 40, 5), (3, 56, 0), (4, 72, 0)):
        st = RULES.new_state(n, {}, 11)
        assert len(st.removed) == removed
        assert len(st.deck) + len(st.revealed) == used
        assert sorted(st.deck + st.revealed + st.removed) == sorted(D.cards_for(n))
        assert st.money == [5] * n and st.pile == 32 - 5 * n
        assert "removed" not in RULES.view(st, 0)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_eight_rounds_at_every_count(n):
    k = D.reveal[n]
    for seed in range(3):
        reveals = []

        def check(st, evs):
            if st.phase == "split" and not st.assign and st.round_no == len(reveals):
                reveals.append(len(st.revealed))

        st, events = play_random(n, f"rounds-{n}-{seed}", check=check)
        assert reveals == [k] * 8
        assert [e.kind for e in events].count("reveal") == 7  # + the first, in new_state
        assert sum(len(h) for h in st.hands) + sum(len(d) for d in st.discards) == 8 * k
        assert st.deck == [] and st.round_no == 7


# -- 2. scoring ------------------------------------------------------------------------------------
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


# -- 3. Suitcases ----------------------------------------------------------------------------------
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


# -- 4. Relatives ----------------------------------------------------------------------------------
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


# -- 5. rounds and negotiation -------------------------------------------------------------------
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


# -- 6. Balance Card -------------------------------------------------------------------------------
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


# -- 7. tie-breaks --------------------------------------------------------------------------------
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


# -- 8. privacy, illegal input, conservation -----------------------------------------------------
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
