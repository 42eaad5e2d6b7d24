"""What the Mine All Mines rules tests share: the gem and player numbers of the rulebook, a
fresh table, a scripted turn for a seat, the legal moves of a kind, an illegal move that must
change nothing, and the Gold dwarf at the Gold mine's entrance that examples 2-11 start from."""
from __future__ import annotations

import json


from helpers import refused

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.rules import RULES
from allmine_tui.games.mine_all_mines.state import MineAllMinesState


D, S, R, E, G = range(5)
P1, P2, P3 = 0, 1, 2  # the rulebook's Players 1, 2 and 3


def fresh(n=3, seed=0) -> MineAllMinesState:
    """A new game with nobody holding gems and Player 1 (seat 0) to play."""
    st = RULES.new_state(n, {}, seed)
    st.gems = [[0] * 5 for _ in range(n)]
    st.seat = 0
    return st


def ready(st, seat, hand=None):
    """Start a scripted turn for ``seat``: reset the per-turn flags, optionally set the hand."""
    st.seat = seat
    st.phase = "play"
    st.dealer = st.traded = st.bought = st.claimed = False
    st.steal_from = []
    st.lamp_left = 0
    if hand is not None:
        st.hands[seat] = list(hand)


def play(st, seat, kind, *args, hand=None):
    """One scripted dwarf play: the seat gets a hand holding the dwarf unless one is given."""
    if hand is None:
        hand = [args[0]] if kind in ("mine", "dig") else [kind]
    ready(st, seat, hand)
    return RULES.apply(st, seat, Action(kind, tuple(args)))


def legal(st, seat, kind=None):
    acts = RULES.legal_actions(st, seat)
    return [a for a in acts if kind is None or a.kind == kind]


def illegal(st, seat, action, match=None):
    return refused(RULES, st, seat, action, match)


def clone(st):
    return MineAllMinesState.from_json(json.loads(json.dumps(st.to_json())))


def texts(events):
    return [e.text for e in events]


def gold_at_entrance(st):
    """Examples 2-11 start alike: Player 1 plays the Gold dwarf at the empty Gold mine."""
    play(st, P1, "mine", G, 0)
    assert st.gems[P1] == [0, 0, 0, 0, 1]
    assert st.mines[G][0] == [G, P1]
