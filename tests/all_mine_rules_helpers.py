"""What the All Mine! rules tests share: card names to numbers, a position built by hand (a state
from ``new_state`` whose hands, display, heap... are overwritten, then driven through
``RULES.apply`` exactly as a game would be), a rejected action that must change nothing, and
the rulebook's running example: its display of trumps and the trick of Arve, Brittany, Clay and
Deepal. Expected values in the tests come from the rulebook text, not from running the code."""
from __future__ import annotations

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.all_mine.cards import DECK, parse_card, strength_table, suit_of
from allmine_tui.games.all_mine.rules import RULES
from allmine_tui.games.all_mine.state import PLAY


C, G, M, D = 0, 1, 2, 3  # Crystals, Gold, Mushrooms, Dragon eggs (the order of cards.SUITS)

# The rulebook's running example: mushrooms 10 > dragon eggs 9 > crystals 2 > gold 1.
RUNNING_DISPLAY = [[M, 10], [D, 9], [C, 2], [G, 1]]


def cs(text: str) -> list[int]:
    """'C9 D8 G1' -> card ints."""
    return [parse_card(t) for t in text.split()]


def c1(text: str) -> int:
    return parse_card(text)


def play(c: str) -> Action:
    return Action("play", (c1(c),))


def position(n, hands, heap, *, dealer, leader=None, display=RUNNING_DISPLAY, hand_no=0,
             predictions=None, phase=PLAY, won_cards=None, scores=None, check_deck=True):
    """A state with exactly these hands (card names), heap cards, display and turn order."""
    state = RULES.new_state(n, {}, seed="fixture")
    state.hands = [cs(h) for h in hands]
    heap_cards = cs(heap)
    state.heap = [[c for c in heap_cards if suit_of(c) == s] for s in range(4)]
    state.display = [list(d) for d in display]
    state.strength = strength_table(state.display)
    state.hand_no = hand_no
    state.first_dealer = (dealer - hand_no) % n
    state.dealer = dealer
    state.leader = (dealer + 1) % n if leader is None else leader
    state.predictions = predictions if predictions is not None else [[C, G] for _ in range(n)]
    state.phase = phase
    state.trick, state.last_trick, state.last_winner = [], [], None
    state.heap_taker = None
    state.won_cards = [cs(w) for w in won_cards] if won_cards else [[] for _ in range(n)]
    state.won = [[sum(1 for c in w if suit_of(c) == s) for s in range(4)] for w in state.won_cards]
    state.tricks_done = 0
    state.scores = list(scores) if scores else [0] * n
    if check_deck:  # the position uses every card exactly once, like a real deal
        every = sorted(c for part in (state.hands, state.heap, state.won_cards) for h in part for c in h)
        assert every == list(DECK)
    return state


def snapshot(state) -> dict:
    return RULES.state_to_json(state)


def assert_rejected(state, seat, action, *words) -> IllegalAction:
    """The action raises IllegalAction whose message has ``words``, and nothing changes."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, seat, action)
    message = str(info.value)
    assert message and "\n" not in message
    for word in words:
        assert word.lower() in message.lower(), message
    assert snapshot(state) == before
    return info.value


def plays(state, seat) -> set[int]:
    return {a.args[0] for a in RULES.legal_actions(state, seat) if a.kind == "play"}


ARVE, BRITTANY, CLAY, DEEPAL = 0, 1, 2, 3
EXAMPLE_HANDS = [
    "C9 C1 C3 G2 G3 G4 M1 M2 D1 D2",     # Arve
    "D8 D9 G5 G6 G7 M3 M4 M5 D3 D4",     # Brittany: no crystals
    "C11 C4 C5 G8 G9 M6 M7 M8 D5 D6",    # Clay
    "C2 C6 C7 G10 G11 M9 M10 M11 D7 D10",  # Deepal
]
EXAMPLE_HEAP = "C8 C10 C12 G1 G12 M12 D11 D12"


def trick_example(hands=EXAMPLE_HANDS, leader=ARVE):
    # Deepal dealt, so Arve (on his left) leads the first trick.
    return position(4, hands, EXAMPLE_HEAP, dealer=DEEPAL, leader=leader)
