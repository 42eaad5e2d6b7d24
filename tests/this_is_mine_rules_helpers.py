"""What the This is Mine! rules tests share: the card data by type, hands of given types, a new
game with no Suitcase money, a finished game with given hands, a round in negotiation, the
last round, an illegal move that must change nothing, and a whole game of random moves."""
from __future__ import annotations

import json
import random


from helpers import refused

from allmine_tui.engine import Action
from allmine_tui.games.this_is_mine import data
from allmine_tui.games.this_is_mine.rules import RULES
from allmine_tui.games.this_is_mine.state import ThisIsMineState


D = data.load()
BY_TYPE = {t: [c for c in range(72) if D.card_type[c] == t] for t in data.TYPE_IDS}
TYPE_NAMES = [D.names[t] for t in data.TYPE_IDS]


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
    return refused(RULES, st, seat, action, match)


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
