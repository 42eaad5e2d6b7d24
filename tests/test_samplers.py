"""``sample_state``: a state drawn from one seat's view, for every game and player count.

The defining property: the seat's view of the sample is its view of the real state. The sample is
also a sound state (same legal moves for the seat, same conserved totals, JSON round trip, playable
to the end), and the hidden parts really vary from sample to sample.
"""
from __future__ import annotations

import json
import random

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES

GAMES_PER_CASE = 3


def cases():
    for game_id, spec in GAMES.items():
        for n in range(spec.min_players, spec.max_players + 1):
            yield pytest.param(game_id, n, id=f"{game_id}-{n}p")


def positions(game_id: str, n: int, games: int = GAMES_PER_CASE, every: int = 3,
              options: dict | None = None):
    """(match, seat) along seeded games: random bots, a normal bot in seat 0 (so positions are
    also the kind a real game reaches), every ``every``-th step and a random seat."""
    for g in range(games):
        seats = [Seat(f"P{i}", "normal" if i == 0 and g % 2 else "random") for i in range(n)]
        match = Match(game_id, seats, f"sampler/{g}", options)
        rng = random.Random(f"{game_id}/{n}/{g}")
        step = 0
        while not match.is_over():
            if step % every == g % every:
                yield match, rng.randrange(n), rng
            seat = match.bot_seats_to_act()[0]
            match.apply(seat, match.bot_choice(seat))
            step += 1
        yield match, rng.randrange(n), rng


@pytest.mark.parametrize("game_id,n", list(cases()))
def test_the_view_of_a_sample_is_the_view(game_id, n):
    rules = GAMES[game_id].rules()
    checked = 0
    for match, seat, rng in positions(game_id, n):
        view = rules.view(match.state, seat)
        sample = rules.sample_state(view, seat, rng)
        where = f"{game_id} {n}p after {len(match.log)} actions, seat {seat}"
        assert rules.view(sample, seat) == view, where
        assert rules.legal_actions(sample, seat) == rules.legal_actions(match.state, seat), where
        assert rules.to_act(sample) == rules.to_act(match.state), where
        assert rules.conserved(sample) == rules.conserved(match.state), where
        data = json.loads(json.dumps(rules.state_to_json(sample)))
        assert rules.state_to_json(rules.state_from_json(data)) == data, where
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", list(GAMES))
def test_samples_play_on_to_the_end(game_id):
    spec = GAMES[game_id]
    rules = spec.rules()
    n = spec.max_players
    played = 0
    for match, seat, rng in positions(game_id, n, games=2, every=15):
        if match.is_over():
            continue
        sample = rules.sample_state(rules.view(match.state, seat), seat, rng)
        while not rules.is_over(sample):
            s = rules.to_act(sample)[0]
            rules.apply(sample, s, rng.choice(rules.legal_actions(sample, s)))
        assert len(rules.result(sample).scores) == n
        played += 1
    assert played >= 3


# -- the hidden parts vary ------------------------------------------------------------------------
def _others(state, seat, field: str = "hands") -> list:
    return [list(h) for s, h in enumerate(getattr(state, field)) if s != seat]


HIDDEN = {
    "all-mine": lambda st, seat: ([sorted(h) for h in _others(st, seat)], [sorted(h) for h in st.heap]),
    "all-in": lambda st, seat: (st.deck, _others(st, seat, "written")),
    "mine-all-mine": lambda st, seat: (_others(st, seat), _others(st, seat, "pending")),
    "mine-all-mines": lambda st, seat: _others(st, seat),
    "this-is-mine": lambda st, seat: (st.deck, _others(st, seat)),
}


def mid_game(game_id: str, n: int, fraction: float = 0.4) -> Match:
    """A match with random bots, ``fraction`` of the way through a game."""
    seats = [Seat(f"P{i}", "random") for i in range(n)]
    full = Match(game_id, seats, "variety")
    while not full.is_over():
        seat = full.bot_seats_to_act()[0]
        full.apply(seat, full.bot_choice(seat))
    return Match.replay(game_id, seats, "variety", full.options,
                        full.log[:int(len(full.log) * fraction)])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_hidden_cards_differ_across_samples(game_id):
    spec = GAMES[game_id]
    rules = spec.rules()
    n = spec.max_players
    match = mid_game(game_id, n)
    seat = 1
    view = rules.view(match.state, seat)
    rng = random.Random(7)
    hidden = [json.dumps(HIDDEN[game_id](rules.sample_state(view, seat, rng), seat))
              for _ in range(12)]
    truth = json.dumps(HIDDEN[game_id](match.state, seat))
    assert len(set(hidden)) >= 10, f"{game_id}: only {len(set(hidden))} different samples"
    assert hidden.count(truth) <= 1
    # the same rng seed gives the same sample: sampling is reproducible
    again = rules.sample_state(view, seat, random.Random(7))
    assert json.dumps(HIDDEN[game_id](again, seat)) == hidden[0]


# -- what public history tells -----------------------------------------------------------------
def test_all_mine_trick_cards_are_the_cards_won_in_tricks():
    """The view's ``trick_cards`` (decoded from the collection piles) are exactly the cards each
    seat won in tricks this hand, and a sample never puts one of them in a hand or the heap."""
    rules = GAMES["all-mine"].rules()
    for n in (3, 4):
        match = Match("all-mine", [Seat(f"P{i}", "random") for i in range(n)], f"tricks/{n}")
        rng = random.Random(n)
        won = [[] for _ in range(n)]
        hand = 0
        while not match.is_over():
            seat = match.bot_seats_to_act()[0]
            action = match.bot_choice(seat)
            match.apply(seat, action)
            st = match.state
            if st.hand_no != hand:
                hand, won = st.hand_no, [[] for _ in range(n)]
            elif action.kind == "play" and not st.trick and st.last_trick:
                won[st.last_winner] += [c for _s, c in st.last_trick]
            if match.is_over():
                break
            view = rules.view(st, seat)
            assert view["trick_cards"] == [sorted(w) for w in won]
            sample = rules.sample_state(view, seat, rng)
            out = {c for w in won for c in w}
            assert not out & {c for h in sample.hands for c in h}
            assert not out & {c for h in sample.heap for c in h}


def test_mine_all_mine_kept_cards_were_not_played_last_round():
    """After a deal, a card someone kept from before it was not played in the last round."""
    rules = GAMES["mine-all-mine"].rules()
    checked = 0
    for g in range(4):
        match = mid_game("mine-all-mine", 3 + g % 2, fraction=0.6)
        view = rules.view(match.state, 0)
        if view["last_deal"] is None:
            continue
        played = {c for f in view["last_round"]["fleets"] for c, _o in f["cards"]}
        rng = random.Random(g)
        for _ in range(10):
            sample = rules.sample_state(view, 0, rng)
            for s in range(1, sample.n):
                dealt = [c for t, c in sample.last_deal["dealt"] if t == s]
                assert not (set(sample.hands[s]) - set(dealt)) & played
                assert set(dealt) <= set(sample.hands[s])
            checked += 1
    assert checked >= 10


def test_all_in_other_sheets_are_filled_the_way_players_fill_them():
    """Each space of another player's sheet gets a card its round's revealed cards make, the one
    that fits best in its lines: such sheets hold far better hands than sheets of random cards
    (an early sampler's, worth a quarter of real ones, made every other player look beaten)."""
    from allmine_tui.games.all_in import sampler
    from allmine_tui.games.all_in.scoring import scoring

    rules = GAMES["all-in"].rules()

    def hand_points(pick=None) -> float:
        total = 0
        for g in range(2):
            match = Match("all-in", [Seat(f"P{i}", "normal") for i in range(3)], f"fill/{g}")
            while match.state.round < 18:
                match.step_bot(match.to_act()[0])
            view = rules.view(match.state, 0)
            for k in range(3):
                world = rules.sample_state(view, 0, random.Random(k))
                assert rules.view(world, 0) == view
                total += sum(p["hand_points"] for p in scoring(world)["players"][1:])
        return total

    fitted = hand_points()
    real = sampler._pick
    try:
        sampler._pick = lambda shape, sheet, cell, pair, writable, rng: rng.choice(writable)
        at_random = hand_points()
    finally:
        sampler._pick = real
    assert fitted >= 2 * at_random
