"""All Mine!: the state of a game, its phases, and the trick cards each seat has won.

Shared by the rules, the bots, the sampler and the screens; nothing here changes a state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.jsonstate import JsonState
from .cards import DECK, strength_table

PREDICT, PLAY, HEAP, OVER = "predict", "play", "heap", "over"


@dataclass
class AllMineState(JsonState):
    DERIVED = frozenset({"strength"})
    n: int
    seed: int | str
    first_dealer: int
    hand_no: int = 0  # 0-based; the game has n hands
    dealer: int = 0
    phase: str = PREDICT
    display: list = field(default_factory=list)  # [[suit, number]] strongest first
    hands: list = field(default_factory=list)  # per seat: card ints
    heap: list = field(default_factory=list)  # per suit: card ints (faces never shown)
    predictions: list = field(default_factory=list)  # per seat: [most, fewest] or None
    leader: int = 0
    trick: list = field(default_factory=list)  # [[seat, card]] in play order
    last_trick: list = field(default_factory=list)
    last_winner: int | None = None
    prev_trick: list = field(default_factory=list)  # the trick before, still in the log's memory
    prev_winner: int | None = None
    tricks_done: int = 0
    heap_taker: int | None = None
    won: list = field(default_factory=list)  # per seat: count per suit this hand
    won_cards: list = field(default_factory=list)  # per seat: cards collected this hand
    scores: list = field(default_factory=list)
    history: list = field(default_factory=list)  # one record per scored hand
    strength: list = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: dict) -> "AllMineState":
        state = super().from_json(data)
        state.strength = strength_table(state.display)
        return state


def trick_cards(state: AllMineState) -> list[list[int]]:
    """Per seat, the faces of the trick cards it has won this hand, sorted.

    Everyone saw those tricks, so they are public; the heap cards in the same piles are not.
    ``won_cards`` keeps both, in the order the rules add them: each trick won brings its n cards
    and then one heap card while the heap lasts (it lasts for the hand's first tricks, one card a
    trick), and the winner of the latest trick may still owe its heap choice (phase "heap"). This
    undoes that pattern; a pile that does not follow it (a hand-built test position) counts as
    trick cards only.
    """
    n = state.n
    per = 12 if n == 3 else 10
    heapless = max(0, per - (len(DECK) - n * per))  # tricks after the heap has run out
    out = []
    for s, pile in enumerate(state.won_cards):
        body, pending = list(pile), []
        if state.phase == HEAP and s == state.heap_taker and len(body) >= n:
            body, pending = body[:-n], body[-n:]
        with_heap = None
        for b in range(heapless + 1):
            rest = len(body) - n * b
            if rest >= 0 and rest % (n + 1) == 0:
                with_heap = rest // (n + 1)
                break
        if with_heap is None:
            out.append(sorted(body + pending))
            continue
        cut = with_heap * (n + 1)
        cards = [c for i, c in enumerate(body[:cut]) if i % (n + 1) != n] + body[cut:] + pending
        out.append(sorted(cards))
    return out
