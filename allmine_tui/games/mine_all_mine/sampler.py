"""Mine, All Mine! positions a seat could be in, drawn from its view alone (``Rules.sample_state``).

Kept from the view: the seat's hand and its fleet so far, how many cards everyone holds, the
undealt pile's size, the planets, scores and the last round's revealed fleets and deal. Drawn at
random: which of the unseen cards each other player holds and which are undealt, and the secret
fleets of the players who have launched (some of their cards, each with one of its options).

One thing the last round tells: a card played in it went back to the shuffled pile, so a card a
player kept from before the deal (their hand size less what they were dealt) was not played in it.
The draw respects that: kept cards first, from the unseen cards nobody played last round, then
the dealt cards and the undealt pile from whatever is left. A fresh seed makes the deals and
planets of the rounds to come new as well.
"""
from __future__ import annotations

from ...engine.jsonstate import copy_json
from .data import load_ships
from .fleets import n_options
from .state import OVER, MineAllMineState
from ...engine.views import own
from .views import MineAllMineView


def sample_state(view: MineAllMineView, seat: int, rng) -> MineAllMineState:
    n = view["n"]
    hand = list(own(view["hand"]))
    deal = view["last_deal"]
    last_round = view["last_round"]
    fleets = last_round["fleets"] if last_round is not None else []
    over = view["phase"] == OVER
    # at the end the last round's fleets are on the table, and the last deal came before them
    table = sorted(c for f in fleets for c, _o in f["cards"]) if over else []
    fresh = deal is not None and not over
    played = {c for f in fleets for c, _o in f["cards"]} if fresh else set()
    unseen = [c for c in sorted(load_ships()) if c not in hand and c not in table]
    rng.shuffle(unseen)
    dealt_counts = deal["counts"] if deal is not None and fresh else [0] * n
    hands = [list(hand) if s == seat else [] for s in range(n)]
    # cards kept from before the last deal: never one played in the last round
    keepable = [c for c in unseen if c not in played]
    for s in range(n):
        if s != seat:
            kept = view["hand_counts"][s] - dealt_counts[s]
            hands[s], keepable = keepable[:kept], keepable[kept:]
    rest = [c for c in unseen if not any(c in h for h in hands)]
    dealt_to: dict[int, list[int]] = {}
    for s in range(n):
        if s != seat:
            k = dealt_counts[s]
            dealt_to[s], rest = rest[:k], rest[k:]
            hands[s] += dealt_to[s]
            if deal is not None and over:  # long played since: any cards will do
                dealt_to[s] = rng.sample(sorted(load_ships()), deal["counts"][s])
    if len(rest) != view["deck_count"] or any(len(hands[s]) != view["hand_counts"][s]
                                              for s in range(n)):
        raise ValueError("the view's card counts do not add up")
    for h in hands:
        h.sort()
    pending = []
    for s in range(n):
        if s == seat:
            pending.append(copy_json(own(view["pending"])))
        elif view["launched"][s] and not over:
            cards = rng.sample(hands[s], rng.randint(1, len(hands[s])))
            pending.append([[c, rng.randrange(n_options(view["mode"]))] for c in sorted(cards)])
        else:
            pending.append([])
    last_deal = None
    if deal is not None:
        mine = list(deal["mine"])
        dealt = []
        for i in range(sum(deal["counts"])):
            s = deal["order"][i % n]
            dealt.append([s, (mine if s == seat else dealt_to[s]).pop(0)])
        last_deal = {"round": deal["round"], "order": list(deal["order"]),
                     "draws": list(deal["draws"]), "dealt": dealt}
    return MineAllMineState(
        n=n, seed=f"sample/{rng.getrandbits(64):016x}", mode=view["mode"],
        round_no=view["round"] - 1, phase=view["phase"], hands=hands, deck=sorted(rest),
        table=table, pending=pending, launched=list(view["launched"]),
        planets=copy_json(view["planets"]), scores=list(view["scores"]),
        history=copy_json(view["history"]), last_round=copy_json(view["last_round"]),
        last_deal=last_deal)
