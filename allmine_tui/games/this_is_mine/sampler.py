"""This is Mine! positions a seat could be in, drawn from its view alone (``Rules.sample_state``).

Kept from the view: the seat's own cards, the cards being split and the lots still on the table,
everyone's money, coins and card counts, the negotiation and the end-game counts. Drawn at random
from the cards the seat has not seen: the other players' collections (a lot another player took
this round is part of their collection), the deck's order, the cards set aside unseen with two
players, and, at the end, the other players' secret Relative and Suitcase choices. As the rulings
say, a lot's contents are forgotten once someone else takes it, so nothing ties them down. A fresh
seed is drawn too.
"""
from __future__ import annotations

from typing import Any

from ...engine.jsonstate import copy_json
from .data import load, type_of
from .state import COPY, DISCARD, OVER, ThisIsMineState
from ...engine.views import own
from .views import ThisIsMineView


def sample_state(view: ThisIsMineView, seat: int, rng) -> ThisIsMineState:
    n = view["n"]
    data = load()
    phase = view["phase"]
    over = phase == OVER
    known = list(own(view["hand"])) + list(view["revealed"])
    for lot in view["lots"]:
        if lot["cards"] is not None and lot["owner"] != seat:
            known += lot["cards"]  # a lot of the seat's own is in its hand already
    if over:
        known = [c for s in range(n) for c in own(view["hands"])[s]]
    pool = [c for c in data.cards_for(n) if c not in set(known)]
    rng.shuffle(pool)
    if phase == COPY:  # the seat's own discarded cards have left its hand and the game
        for t in view["my_discards"] or []:
            pool.remove(next(c for c in pool if type_of(c) == t))

    def draw(k: int) -> list[int]:
        nonlocal pool
        taken, pool = pool[:k], pool[k:]
        if len(taken) != k:
            raise ValueError("the view's card counts do not add up")
        return taken

    lots: list[dict[str, Any]] = []
    for lot in view["lots"]:
        cards = lot["cards"]
        if cards is None:
            cards = draw(lot["size"])
        lots.append({"cards": list(cards), "money": lot["money"], "owner": lot["owner"]})
    hands: list[list[int]] = []
    for s in range(n):
        if over:
            hands.append(list(own(view["hands"])[s]))
        elif s == seat:
            hands.append(list(own(view["hand"])))
        else:
            taken = [c for lot, shown in zip(lots, view["lots"])
                     if lot["owner"] == s and shown["cards"] is None for c in lot["cards"]]
            hands.append(taken + draw(view["hand_counts"][s] - len(taken)))
    deck = draw(view["deck_count"])
    removed = sorted(draw(data.removed.get(n, 0)))
    discards: list[list[str]] = [[] for _ in range(n)] if phase in (DISCARD, COPY, OVER) else []
    copies: list[list[str]] = [[] for _ in range(n)] if phase in (DISCARD, COPY, OVER) else []
    if over:
        discards, copies = copy_json(view["discards"]), copy_json(view["copies"])
    elif discards:
        discards[seat] = list(view["my_discards"] or [])
        copies[seat] = list(view["my_copies"] or [])
        if phase == COPY:
            others = [s for s in range(n) if s != seat]
            for c in pool:  # what the Relatives took has left the hands: someone's discards
                discards[rng.choice(others)].append(type_of(c))
            pool = []
    copies_owed = list(own(view["copies_owed"])) if phase == COPY else []
    to_discard = list(view["to_discard"]) if view["to_discard"] is not None else []
    return ThisIsMineState(
        n=n, seed=f"sample/{rng.getrandbits(64):016x}", round_no=view["round"] - 1, phase=phase,
        deck=deck, removed=removed, revealed=list(view["revealed"]), assign=list(view["assign"]),
        lots=lots, round_leader=view["round_leader"], leader=view["leader"],
        claim=view["claim"], asked=list(view["asked"]), hands=hands, money=list(view["money"]),
        pile=view["pile"], coins=list(view["coins"]), refusals=[0] * n,
        balance_ask=list(view["balance_ask"]), balance_log=[], to_discard=to_discard,
        discards=discards, copies=copies, copies_owed=copies_owed)
