"""The All Mine! ``normal`` bot: legal, deterministic, uses only its view, and beats random play."""
from __future__ import annotations

import itertools
import random

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES, get_game
from allmine_tui.games.all_mine.bots import BOTS
from allmine_tui.games.all_mine.cards import score_hand
from allmine_tui.games.all_mine.normal_bot import NormalBot, _points
from allmine_tui.games.all_mine.rules import RULES


def _play(seats: list[Seat], seed, check=None) -> Match:
    """Play a whole game, asserting every bot action is legal; ``check(match, seat)`` runs before
    each decision of a ``normal`` seat."""
    match = Match("all-mine", seats, seed)
    while not match.is_over():
        seat = match.bot_seats_to_act()[0]
        if check is not None and seats[seat].bot == "normal":
            check(match, seat)
        legal = match.legal_actions(seat)
        action = match.bot_choice(seat)
        assert action in legal
        match.apply(seat, action)
    return match


def test_registered_as_default():
    assert BOTS == {"random": BOTS["random"], "normal": NormalBot, "expert": BOTS["expert"]}
    assert GAMES["all-mine"].default_bot == "normal"
    assert get_game("all-mine").bots()["normal"] is NormalBot
    assert NormalBot.name == "normal" and NormalBot.needs_view


def test_points_matches_score_hand():
    for counts in itertools.product(range(4), repeat=4):
        for most, fewest in itertools.permutations(range(4), 2):
            expected = score_hand(list(counts), most, fewest)["total"]
            assert _points(list(counts), most, fewest) == expected


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, "legal"])
def test_only_legal_actions_over_full_games(players, seed):
    seats = [Seat(f"N{i}", "normal") for i in range(players)]
    match = _play(seats, seed)
    assert RULES.is_over(match.state)
    mixed = [Seat(f"S{i}", "normal" if i % 2 else "random") for i in range(players)]
    match = _play(mixed, seed)
    assert RULES.is_over(match.state)
    assert len(match.state.history) == players


def test_deterministic_for_a_seed():
    seats = [Seat("A", "normal"), Seat("B", "random"), Seat("C", "normal"), Seat("D", "normal")]
    first = _play(seats, 77).log
    random.seed(1)  # the bot must not depend on the global random module
    second = _play(seats, 77).log
    assert first == second
    random.seed(2)
    assert _play(seats, 78).log != first


def test_decides_from_the_view_only():
    """Shuffling everything the seat cannot see (other hands, the heap, unrevealed predictions)
    never changes its decision."""
    bot = NormalBot()
    perturb = random.Random(5)
    changed = 0

    def check(match: Match, seat: int) -> None:
        nonlocal changed
        state = match.state
        other = RULES.perturb_secrets(state, seat, perturb)
        if other.hands != state.hands or other.heap != state.heap:
            changed += 1
        view = RULES.view(state, seat)
        assert RULES.view(other, seat) == view
        legal = RULES.legal_actions(state, seat)
        assert RULES.legal_actions(other, seat) == legal
        a = bot.choose(view, legal, random.Random(len(match.log)))
        b = bot.choose(RULES.view(other, seat), RULES.legal_actions(other, seat),
                       random.Random(len(match.log)))
        assert a == b

    for players in (3, 4):
        seats = [Seat(f"P{i}", "normal" if i == 1 else "random") for i in range(players)]
        _play(seats, f"view-{players}", check)
    assert changed > 20  # the secrets really were shuffled


def test_beats_random_bots():
    """Seeded and quick: one normal bot against three random ones, seat rotating."""
    games, wins = 150, 0
    for game in range(games):
        me = game % 4
        seats = [Seat(f"P{i}", "normal" if i == me else "random") for i in range(4)]
        match = _play(seats, f"winrate/{game}")
        wins += me in RULES.result(match.state).winners
    assert wins / games >= 0.40, f"normal won only {wins}/{games}"
