"""The Mine, All Mine! ``normal`` bot: legal, deterministic, uses only its view, beats random play,
and its fast round simulation agrees with ``rules.resolve_round``."""
from __future__ import annotations

import pytest as _pytest

from allmine_tui.games import GAMES as _GAMES

if "mine-all-mine" not in _GAMES:  # the game joins the registry once its issue is complete
    _pytest.skip("Mine, All Mine! is not registered yet", allow_module_level=True)


import random

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES, get_game
from allmine_tui.games.mine_all_mine.bots import BOTS
from allmine_tui.games.mine_all_mine.normal_bot import NormalBot, _fleet, _points
from allmine_tui.games.mine_all_mine.fleets import fleet_stats, resolve_round
from allmine_tui.games.mine_all_mine.rules import RULES

GAME = "mine-all-mine"


def _play(seats: list[Seat], seed, options=None, check=None) -> Match:
    """Play a whole game, asserting every bot action is legal; ``check(match, seat)`` runs before
    each decision of a ``normal`` seat."""
    match = Match(GAME, seats, seed, options)
    steps = 0
    while not match.is_over():
        seat = match.bot_seats_to_act()[0]
        if check is not None and seats[seat].bot == "normal":
            check(match, seat)
        legal = match.legal_actions(seat)
        action = match.bot_choice(seat)
        assert action in legal
        match.apply(seat, action)
        steps += 1
        assert steps < 5000
    return match


def test_registered_as_default():
    assert BOTS == {"random": BOTS["random"], "normal": NormalBot, "expert": BOTS["expert"]}
    assert GAMES["mine-all-mine"].default_bot == "normal"
    assert get_game(GAME).bots()["normal"] is NormalBot
    assert NormalBot.name == "normal" and NormalBot.needs_view


def test_fast_simulation_matches_resolve_round():
    rng = random.Random(3)
    for _ in range(3000):
        mode = rng.choice(["standard", "beginner"])
        n = rng.randint(2, 4)
        pool = list(range(1, 13))
        rng.shuffle(pool)
        slow, fast = [], []
        for s in range(n):
            cards = [[pool.pop(), rng.randrange(2 if mode == "beginner" else 4)]
                     for _k in range(rng.randint(1, 3))]
            slow.append(fleet_stats(s, cards, mode))
            fast.append(_fleet(s, cards, mode))
        res = [rng.randint(0, 6) for _l in range(3 if n == 2 else 6)]
        record, _events = resolve_round(slow, res)
        assert _points(fast, res) == {f["seat"]: f["points"] for f in record["fleets"]}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["standard", "beginner"])
def test_only_legal_actions_over_full_games(players, mode):
    options = {"mode": mode}
    match = _play([Seat(f"N{i}", "normal") for i in range(players)], f"legal-{mode}", options)
    assert RULES.is_over(match.state) and len(match.state.history) == 3
    mixed = [Seat(f"S{i}", "normal" if i % 2 else "random") for i in range(players)]
    match = _play(mixed, f"mixed-{mode}", options)
    assert RULES.is_over(match.state) and len(match.state.history) == 3


def test_deterministic_for_a_seed():
    seats = [Seat("A", "normal"), Seat("B", "random"), Seat("C", "normal"), Seat("D", "normal")]
    first = _play(seats, 77).log
    random.seed(1)  # the bot must not depend on the global random module
    second = _play(seats, 77).log
    assert first == second
    random.seed(2)
    assert _play(seats, 78).log != first


def test_steps_follow_one_plan_per_round():
    """Each round the bot only adds (never removes) and launches exactly the plan."""
    seats = [Seat("A", "normal"), Seat("B", "normal"), Seat("C", "random")]
    match = _play(seats, "plan")
    for seat, action in match.log:
        if seat in (0, 1):
            assert action.kind in ("add", "launch")


def test_decides_from_the_view_only():
    """Shuffling everything the seat cannot see (other hands, the deck, others' pending fleets)
    never changes its decision, and a fresh bot decides the same (no memory between calls)."""
    perturb = random.Random(5)
    changed = 0

    def check(match: Match, seat: int) -> None:
        nonlocal changed
        state = match.state
        other = RULES.perturb_secrets(state, seat, perturb)
        if other.hands != state.hands or other.deck != state.deck:
            changed += 1
        view = RULES.view(state, seat)
        assert RULES.view(other, seat) == view
        legal = RULES.legal_actions(state, seat)
        assert RULES.legal_actions(other, seat) == legal
        a = NormalBot().choose(view, legal, random.Random(len(match.log)))
        b = NormalBot().choose(RULES.view(other, seat), RULES.legal_actions(other, seat),
                               random.Random(len(match.log) + 1))
        assert a == b

    for players in (3, 4):
        seats = [Seat(f"P{i}", "normal" if i == 1 else "random") for i in range(players)]
        _play(seats, f"view-{players}", check=check)
    assert changed > 10


def test_beats_random_bots():
    """Seeded and quick: one normal bot against two random ones, seat rotating."""
    games, wins = 100, 0
    for game in range(games):
        me = game % 3
        seats = [Seat(f"P{i}", "normal" if i == me else "random") for i in range(3)]
        match = _play(seats, f"winrate/{game}")
        wins += me in RULES.result(match.state).winners
    assert wins / games >= 0.40, f"normal won only {wins}/{games}"
