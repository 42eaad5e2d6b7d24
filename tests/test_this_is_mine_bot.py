"""The This is Mine! ``normal`` bot: legal over full games, deterministic, decides from its view
only, and beats random play. Games are driven with the rules directly (no registry needed)."""
from __future__ import annotations

import random

import pytest

from bot_games import ViewOnlyCheck, normal_wins, play_bots

from allmine_tui.engine import RandomBot
from allmine_tui.games import GAMES
from allmine_tui.games.this_is_mine.bots import BOTS
from allmine_tui.games.this_is_mine.normal_bot import NormalBot
from allmine_tui.games.this_is_mine.rules import RULES


def _play(kinds: list[str], seed, check=None):
    return play_bots(RULES, BOTS, kinds, seed, check, limit=5000)


def test_registered_as_default():
    assert BOTS == {"random": RandomBot, "normal": NormalBot, "expert": BOTS["expert"]}
    assert GAMES["this-is-mine"].default_bot == "normal"
    assert NormalBot.name == "normal" and NormalBot.needs_view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_over_full_games(players):
    for game in range(2):
        state, log = _play(["normal"] * players, f"legal-{players}-{game}")
        assert RULES.is_over(state)
        kinds = ["normal" if i % 2 else "random" for i in range(players)]
        state, log = _play(kinds, f"mixed-{players}-{game}")
        assert RULES.is_over(state)
        assert any(seat % 2 for seat, _a in log)


def test_uses_every_kind_of_action():
    used = set()
    for game in range(3):
        _state, log = _play(["normal"] * 3, f"kinds-{game}")
        used |= {a.kind for _s, a in log}
    assert {"put", "claim", "accept", "refuse", "balance"} <= used


def test_deterministic_for_a_seed():
    kinds = ["normal", "random", "normal"]
    first = _play(kinds, 77)[1]
    random.seed(1)  # the bot must not depend on the global random module
    second = _play(kinds, 77)[1]
    assert first == second
    random.seed(2)
    assert _play(kinds, 78)[1] != first


def test_decides_from_the_view_only():
    """Re-dealing what the seat cannot see (the deck and the others' collected cards) never
    changes its decision, and a fresh bot with another rng decides the same (no memory)."""
    check = ViewOnlyCheck(RULES, NormalBot)
    for players in (2, 3, 4):
        kinds = ["normal" if i == 1 else "random" for i in range(players)]
        _play(kinds, f"view-{players}", check=check)
    assert check.changed > 10


def test_beats_random_bots():
    """Seeded and quick: one normal bot against two random ones, its seat rotating; a shared
    win counts as a win."""
    games = 40
    wins = normal_wins(RULES, BOTS, 3, games)
    assert wins / games >= 0.6, f"normal won only {wins}/{games}"


def test_balance_card_requested_exactly_when_it_pays():
    from allmine_tui.engine import Action
    from allmine_tui.games.this_is_mine.normal_bot import balance_gain

    view = {"money": [9, 2, 1], "round_leader": 0}
    assert [balance_gain(view, s) for s in range(3)] == [-5, 2, 3]
    assert balance_gain({"money": [5, 4, 4], "round_leader": 1}, 1) == 0
    state = RULES.new_state(3, {}, 4)
    state.phase, state.balance_ask, state.round_leader = "balance", [1, 2, 0], 1
    state.money = [9, 2, 1]
    legal = RULES.legal_actions(state, 1)
    assert NormalBot().choose(RULES.view(state, 1), legal, random.Random(0)) == Action("balance", (1,))
    state.money = [1, 9, 2]
    assert NormalBot().choose(RULES.view(state, 1), legal, random.Random(0)) == Action("balance", (0,))
