"""Every world the search may be handed can be played to the end: the states ``sample_state``
draws from a seat's view and those ``perturb_secrets`` makes of a real state, at every step of
seeded games (the end of This is Mine!'s game, where Relatives and Suitcases choose in secret,
included), played on with random legal moves, each seat always having a move when it is asked
for one."""
from __future__ import annotations

import random

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.games.this_is_mine.state import COPY, DISCARD

MOVES_AT_MOST = 5000


def play_to_the_end(rules, state, rng, where: str) -> None:
    for _ in range(MOVES_AT_MOST):
        if rules.is_over(state):
            return
        seat = rules.to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        assert legal, f"{where}: seat {seat} is to act with no legal move"
        rules.apply(state, seat, rng.choice(legal))
    raise AssertionError(f"{where}: not over after {MOVES_AT_MOST} moves")


def states(game_id: str, n: int, games: int, every: int):
    """(match, step) along seeded games of ``normal`` bots, every ``every``-th step."""
    for g in range(games):
        match = Match(game_id, [Seat(f"P{i}", "normal") for i in range(n)], f"play-on/{g}")
        step = 0
        while not match.is_over():
            if step % every == 0:
                yield match, step
            seat = match.bot_seats_to_act()[0]
            match.apply(seat, match.bot_choice(seat))
            step += 1


@pytest.mark.parametrize("game_id", list(GAMES))
def test_sampled_and_perturbed_worlds_play_on_to_the_end(game_id):
    spec = GAMES[game_id]
    rules = spec.rules()
    n = min(spec.max_players, 3)
    checked = 0
    for match, step in states(game_id, n, games=2, every=9):
        rng = random.Random(f"{game_id}/{step}")
        for seat in range(n):
            view = rules.view(match.state, seat)
            play_to_the_end(rules, rules.sample_state(view, seat, rng), rng,
                            f"{game_id} step {step}: a world drawn for seat {seat}")
            for k in range(2):
                world = rules.perturb_secrets(match.state, seat, random.Random(rng.random()))
                play_to_the_end(rules, world, rng,
                                f"{game_id} step {step}: seat {seat}'s perturbed world {k}")
                checked += 1
    assert checked > 20


def test_this_is_mine_worlds_at_the_secret_end_game_choices_play_on():
    """The discards and copies: every step of several games, five worlds a seat."""
    rules = GAMES["this-is-mine"].rules()
    seen = 0
    for n in (2, 3, 4):
        for match, step in states("this-is-mine", n, games=4, every=1):
            if match.state.phase not in (DISCARD, COPY):
                continue
            rng = random.Random(f"end/{n}/{step}")
            for seat in range(n):
                for k in range(5):
                    world = rules.perturb_secrets(match.state, seat, random.Random(rng.random()))
                    play_to_the_end(rules, world, rng, f"{n}p step {step} seat {seat} world {k}")
                    view = rules.view(match.state, seat)
                    play_to_the_end(rules, rules.sample_state(view, seat, rng), rng,
                                    f"{n}p step {step} seat {seat} sample {k}")
                    seen += 1
    assert seen > 20
