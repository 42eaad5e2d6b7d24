"""All Mine! rules, "A. Deal", "C. Make Predictions" and the turn order: hand and heap sizes at
3 and 4 players, seeds, predictions of two different suits kept secret until all are placed,
one hand per player with the dealer moving left, a 4-player heap running out."""
from __future__ import annotations

import random

import pytest
from all_mine_rules_helpers import C, D, G, M, assert_rejected

from allmine_tui.engine import Action
from allmine_tui.games.all_mine.cards import DECK, score_hand, suit_of
from allmine_tui.games.all_mine.rules import RULES
from allmine_tui.games.all_mine.state import HEAP, OVER, PLAY, PREDICT


@pytest.mark.parametrize("n,per,heap", [(3, 12, 12), (4, 10, 8)])
@pytest.mark.parametrize("seed", [0, 1, 2, "abc", 99])
def test_deal_sizes(n, per, heap, seed):
    state = RULES.new_state(n, {}, seed)
    assert [len(h) for h in state.hands] == [per] * n
    assert sum(len(st) for st in state.heap) == heap
    for suit, stack in enumerate(state.heap):
        assert all(suit_of(c) == suit for c in stack)  # sorted into stacks by card back
    every = [c for h in state.hands for c in h] + [c for st in state.heap for c in st]
    assert sorted(every) == list(DECK)
    assert state.phase == PREDICT and state.hand_no == 0
    assert RULES.to_act(state) == list(range(n))
    assert state.leader == (state.dealer + 1) % n
    view = RULES.view(state, None)
    assert view["heap"] == [len(st) for st in state.heap]
    assert view["tricks_total"] == per and view["hands_total"] == n


def test_wrong_player_counts_are_refused():
    for n in (2, 5):
        with pytest.raises(ValueError):
            RULES.new_state(n, {}, 1)


def test_same_seed_same_deal_and_different_seeds_differ():
    a, b = RULES.new_state(4, {}, 7), RULES.new_state(4, {}, 7)
    assert a.to_json() == b.to_json()
    assert RULES.new_state(4, {}, 8).hands != a.hands


def test_predictions_must_be_two_different_suits():
    state = RULES.new_state(3, {}, 3)
    legal = RULES.legal_actions(state, 0)
    assert len(legal) == 12 and all(a.args[0] != a.args[1] for a in legal)
    assert {tuple(a.args) for a in legal} == {(m, f) for m in range(4) for f in range(4) if m != f}
    assert_rejected(state, 0, Action("predict", (G, G)), "different")
    assert_rejected(state, 0, Action("predict", (G, 4)))
    assert_rejected(state, 0, Action("predict", (G,)))
    assert_rejected(state, 0, Action("play", (state.hands[0][0],)), "prediction")
    RULES.apply(state, 0, Action("predict", (G, M)))
    assert RULES.to_act(state) == [1, 2]
    assert RULES.legal_actions(state, 0) == []
    assert_rejected(state, 0, Action("predict", (C, D)), "already")


def test_predictions_are_secret_until_all_are_placed():
    state = RULES.new_state(3, {}, 11)
    events = RULES.apply(state, 1, Action("predict", (M, D)))
    # the public log line does not say which suits; the private one does
    assert "▲M" not in events[0].text_for(0) and "▲M" not in events[0].text_for(None)
    assert "▲M" in events[0].text_for(1)
    assert RULES.view(state, 1)["predictions"] == [None, [M, D], None]
    for viewer in (0, 2, None):
        view = RULES.view(state, viewer)
        assert view["predictions"] == [None, None, None]
        assert view["predicted"] == [False, True, False]
    RULES.apply(state, 0, Action("predict", (C, G)))
    assert RULES.view(state, 2)["predictions"] == [None, None, None]
    assert RULES.view(state, 0)["predictions"] == [[C, G], None, None]
    events = RULES.apply(state, 2, Action("predict", (D, C)))
    assert state.phase == PLAY
    for viewer in (0, 1, 2, None):
        assert RULES.view(state, viewer)["predictions"] == [[C, G], [M, D], [D, C]]
    assert any("▲M" in e.text_for(None) for e in events)  # the reveal is public


def random_game(n, seed, check=None):
    """Play a whole game with seeded random legal actions; ``check(state, before, seat, action)``
    runs after every action."""
    state = RULES.new_state(n, {}, seed)
    rng = random.Random(f"{seed}-{n}")
    steps = 0
    while not RULES.is_over(state):
        seat = rng.choice(RULES.to_act(state))
        action = rng.choice(RULES.legal_actions(state, seat))
        before = RULES.state_from_json(RULES.state_to_json(state))
        RULES.apply(state, seat, action)
        if check:
            check(state, before, seat, action)
        steps += 1
        assert steps < 1000
    return state


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_one_hand_per_player_dealer_rotates_left(n, seed):
    per, heap_size = (12, 12) if n == 3 else (10, 8)
    seen = {"dealers": [], "first_leads": [], "plays": {}, "heap_picks": {}}

    def check(state, before, seat, action):
        hand = before.hand_no
        if action.kind == "play":
            seen["plays"][hand] = seen["plays"].get(hand, 0) + 1
            if before.tricks_done == 0 and not before.trick:
                seen["first_leads"].append((before.dealer, seat))
        if action.kind == "predict" and all(p is None for p in before.predictions):
            seen["dealers"].append(before.dealer)
        if state.phase == PREDICT and state.hand_no != hand:  # a new hand was dealt
            assert state.leader == (state.dealer + 1) % n
            assert [len(h) for h in state.hands] == [per] * n
        if state.phase != OVER and state.hand_no == hand:
            on_heap = sum(len(st) for st in state.heap)
            if state.phase == PLAY and not state.trick:  # between tricks
                assert on_heap == max(0, heap_size - state.tricks_done)
            if state.phase == HEAP:
                assert on_heap > 0 and state.heap_taker == state.last_winner
                assert RULES.to_act(state) == [state.last_winner]
        if action.kind == "heap":
            seen["heap_picks"][hand] = seen["heap_picks"].get(hand, 0) + 1
        assert RULES.conserved(state) == {"cards": 48, "distinct": 48}

    state = random_game(n, seed, check)
    first = state.first_dealer
    assert seen["dealers"] == [(first + k) % n for k in range(n)]
    assert sorted(seen["dealers"]) == list(range(n))  # everyone deals once
    assert seen["first_leads"] == [(d, (d + 1) % n) for d in seen["dealers"]]
    assert seen["plays"] == {k: per * n for k in range(n)}  # every card of every hand is played
    assert len(state.history) == n
    for rec in state.history:
        counts = [sum(p["counts"][s] for p in rec["players"]) for s in range(4)]
        assert counts == [12, 12, 12, 12]  # every card collected, heap included
        for p in rec["players"]:
            assert p["total"] == score_hand(p["counts"], p["most"], p["fewest"])["total"]
    assert state.scores == [sum(r["players"][s]["total"] for r in state.history) for s in range(n)]
    result = RULES.result(state)
    assert len(result.scores) == n
    assert result.winners == [s for s in range(n) if state.scores[s] == max(state.scores)]
    assert RULES.progress(state) == "finished"


def test_four_players_heap_runs_out_after_eight_tricks():
    trace = []

    def check(state, before, seat, action):
        if state.phase != OVER and state.hand_no == before.hand_no and \
                state.tricks_done != before.tricks_done:
            trace.append((state.hand_no, state.tricks_done, state.phase,
                          sum(len(st) for st in state.heap),
                          sum(map(sum, state.won)) - sum(map(sum, before.won))))

    random_game(4, 42, check)
    for hand in range(4):
        # the 10th trick ends the hand (a new one is dealt), so tricks 1-9 are traced here
        rows = [t[1:] for t in trace if t[0] == hand]
        assert [t[0] for t in rows] == list(range(1, 10))
        for tricks, phase, on_heap, gained in rows:
            if tricks <= 7:  # the winner takes a heap card now (4 + 1) or chooses its stack next
                assert (phase == HEAP and gained == 4) or (phase == PLAY and gained == 5)
                assert on_heap == 8 - tricks + (1 if phase == HEAP else 0)
            if tricks == 8:  # the last heap card
                assert (phase == HEAP and on_heap == 1) or (phase == PLAY and on_heap == 0)
            if tricks >= 9:  # the heap is empty: the step is skipped
                assert phase == PLAY and on_heap == 0 and gained == 4
