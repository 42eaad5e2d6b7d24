"""All Mine! positions a seat could be in, drawn from its view alone (``Rules.sample_state``).

What a seat knows and the sample keeps: its own hand; the suit of every card in every hand (the
backs) and in the heap; the trick on the table and the faces of every trick card won this hand
(``trick_cards``); how many cards of each suit every player has collected; the display, scores and
revealed predictions. What it does not know is drawn at random: which faces of each suit are in the
other hands, in the heap and among the heap cards already taken, and the predictions placed but not
yet revealed. A fresh seed makes the later hands' deals new as well.
"""
from __future__ import annotations

from ...engine.jsonstate import copy_json
from .cards import DECK, NUMBERS, strength_table
from .state import HEAP, AllMineState
from ...engine.views import own
from .views import AllMineView


def sample_state(view: AllMineView, seat: int, rng) -> AllMineState:
    n = view["n"]
    tricks = view["trick_cards"]
    known = set(own(view["hand"])) | {c for _s, c in view["trick"]} | {c for t in tricks for c in t}
    pools = []
    for suit in range(4):
        pool = [c for c in DECK if c // NUMBERS == suit and c not in known]
        rng.shuffle(pool)
        pools.append(pool)

    def draw(suit: int, k: int) -> list[int]:
        taken, pools[suit][:] = pools[suit][:k], pools[suit][k:]
        if len(taken) != k:
            raise ValueError("the view's card counts do not add up")
        return taken

    hands = []
    for s in range(n):
        if s == seat:
            hands.append(list(own(view["hand"])))
        else:
            hands.append([c for suit in range(4) for c in draw(suit, view["hand_suits"][s][suit])])
    heap = [draw(suit, view["heap"][suit]) for suit in range(4)]
    won_cards = []
    for s in range(n):
        picks = []
        for suit in range(4):
            in_tricks = sum(1 for c in tricks[s] if c // NUMBERS == suit)
            picks += draw(suit, view["won"][s][suit] - in_tricks)
        won_cards.append(_pile(tricks[s], picks, n,
                               view["phase"] == HEAP and s == view["heap_taker"]))
    predictions = []
    for s in range(n):
        p = view["predictions"][s]
        if p is None and view["predicted"][s]:
            most = rng.randrange(4)
            p = [most, (most + 1 + rng.randrange(3)) % 4]
        predictions.append(list(p) if p is not None else None)
    hand_no = view["hand_no"]
    state = AllMineState(
        n=n, seed=f"sample/{rng.getrandbits(64):016x}",
        first_dealer=(view["dealer"] - hand_no) % n, hand_no=hand_no, dealer=view["dealer"],
        phase=view["phase"], display=copy_json(view["display"]), hands=hands, heap=heap,
        predictions=predictions, leader=view["leader"], trick=copy_json(view["trick"]),
        last_trick=copy_json(view["last_trick"]), last_winner=view["last_winner"],
        prev_trick=copy_json(view["prev_trick"]), prev_winner=view["prev_winner"],
        tricks_done=view["tricks_done"], heap_taker=view["heap_taker"],
        won=copy_json(view["won"]), won_cards=won_cards, scores=list(view["scores"]),
        history=copy_json(view["history"]))
    state.strength = strength_table(state.display)
    return state


def _pile(tricks: list[int], picks: list[int], n: int, pending: bool) -> list[int]:
    """A collection pile laid out as the rules build it (see ``state.trick_cards``): the first
    tricks each followed by a heap card, then the tricks won after the heap ran out, then the
    trick whose heap card is still to be chosen."""
    chunks = [tricks[i:i + n] for i in range(0, len(tricks), n)]
    last = chunks.pop() if pending and chunks else []
    pile: list[int] = []
    for i, chunk in enumerate(chunks):
        pile += chunk
        if i < len(picks):
            pile.append(picks[i])
    return pile + last
