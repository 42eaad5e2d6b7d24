"""Mine, All Mine! random full games in both modes: at every step the legal moves, the JSON
round trip, card conservation and private views hold, stale moves are refused, and the result
adds up; every player holds a card at each round's start; a played game ending in a shared win."""
from __future__ import annotations

import json
import random

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.mine_all_mine.rules import RULES
from allmine_tui.games.mine_all_mine.state import MineAllMineState


def random_game(n, seed, mode="standard"):
    rng = random.Random(f"mam/{n}/{seed}")
    state = RULES.new_state(n, {"mode": mode}, seed)
    assert RULES.new_state(n, {"mode": mode}, seed).to_json() == state.to_json()
    conserved = RULES.conserved(state)
    assert conserved == {"cards": 12, "distinct": 12}
    seen = {}
    steps = 0
    while not RULES.is_over(state):
        to_act = RULES.to_act(state)
        assert to_act
        for s in range(n):
            legal = RULES.legal_actions(state, s)
            assert legal == RULES.legal_actions(state, s)
            assert bool(legal) == (s in to_act)
            seen.update(dict.fromkeys(legal))
        data_ = json.loads(json.dumps(state.to_json()))
        assert RULES.state_from_json(data_).to_json() == data_
        assert RULES.conserved(state) == conserved
        if steps % 3 == 0:
            for viewer in [*range(n), None]:
                view = RULES.view(state, viewer)
                json.dumps(view)
                other = RULES.perturb_secrets(state, viewer, random.Random(rng.random()))
                assert RULES.view(other, viewer) == view
            assert state.to_json() == data_
        seat = rng.choice(to_act)
        legal = RULES.legal_actions(state, seat)
        stale = [a for a in seen if a not in legal]
        if stale:
            with pytest.raises(IllegalAction):
                RULES.apply(state, seat, rng.choice(stale))
            assert state.to_json() == data_
        # lean towards launching so games stay short
        launch = Action("launch")
        action = launch if launch in legal and rng.random() < 0.3 else rng.choice(legal)
        events = RULES.apply(state, seat, action)
        for e in events:
            for viewer in [*range(n), None]:
                assert isinstance(e.text_for(viewer), str)
        steps += 1
        assert steps < 2000
    assert RULES.conserved(state) == conserved
    assert len(state.history) == 3
    res = RULES.result(state)
    top = max(res.scores)
    assert res.winners == [s for s in range(n) if res.scores[s] == top]
    assert res.scores == [sum(h["points"][s] for h in state.history) for s in range(n)]
    json.dumps(res.to_json())
    data_ = json.loads(json.dumps(state.to_json()))
    assert MineAllMineState.from_json(data_).to_json() == data_
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_full_games(n):
    for seed in list(range(15)) + ["alpha"]:
        random_game(n, seed)
    for seed in range(5):
        random_game(n, seed, mode="beginner")


def test_every_player_always_holds_a_card():
    for n in (2, 3, 4):
        for seed in range(10):
            state = RULES.new_state(n, {}, seed)
            rng = random.Random(seed)
            while not RULES.is_over(state):
                assert all(state.hands), "a player without cards at the start of a round"
                for s in range(n):
                    k = rng.randint(1, len(state.hands[s]))
                    for c in rng.sample(state.hands[s], k):
                        RULES.apply(state, s, Action("add", (c, rng.randrange(4))))
                    RULES.apply(state, s, Action("launch"))


def test_a_played_game_ending_in_a_shared_win():
    state = RULES.new_state(2, {}, 0)
    while not RULES.is_over(state):
        for s in range(2):
            RULES.apply(state, s, Action("add", (min(state.hands[s]), 0)))
            RULES.apply(state, s, Action("launch"))
    res = RULES.result(state)
    assert res.scores == [8, 8] and res.winners == [0, 1]
    assert state.table and RULES.conserved(state) == {"cards": 12, "distinct": 12}
