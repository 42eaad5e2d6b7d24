"""The Mine All Mines ``normal`` bot: legal over full games, deterministic, decides from its view
only, and beats random play. Games are driven with the rules directly (no registry needed)."""
from __future__ import annotations

import random

import pytest

from bot_games import ViewOnlyCheck, normal_wins, play_bots

from allmine_tui.engine import RandomBot
from allmine_tui.games import GAMES
from allmine_tui.games.mine_all_mines.bots import BOTS
from allmine_tui.games.mine_all_mines.normal_bot import NormalBot
from allmine_tui.games.mine_all_mines.rules import RULES


def _play(kinds: list[str], seed, check=None):
    return play_bots(RULES, BOTS, kinds, seed, check, limit=5000)


def test_registered_as_default():
    assert BOTS == {"random": RandomBot, "normal": NormalBot, "expert": BOTS["expert"]}
    assert GAMES["mine-all-mines"].default_bot == "normal"
    assert NormalBot.name == "normal" and NormalBot.needs_view


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_only_legal_actions_over_full_games(players):
    for game in range(3):
        state, log = _play(["normal"] * players, f"legal-{players}-{game}")
        assert RULES.is_over(state)
        kinds = ["normal" if i % 2 else "random" for i in range(players)]
        state, log = _play(kinds, f"mixed-{players}-{game}")
        assert RULES.is_over(state)
        assert any(seat % 2 for seat, _a in log)


def test_uses_the_whole_turn():
    """Over normal-only games it buys, claims and plays every kind of dwarf."""
    used = set()
    for game in range(4):
        _state, log = _play(["normal"] * 4, f"kinds-{game}")
        used |= {a.kind for _s, a in log}
    assert {"buy", "claim", "mine", "dig", "end"} <= used


def test_deterministic_for_a_seed():
    kinds = ["normal", "random", "normal", "normal"]
    first = _play(kinds, 77)[1]
    random.seed(1)  # the bot must not depend on the global random module
    second = _play(kinds, 77)[1]
    assert first == second
    random.seed(2)
    assert _play(kinds, 78)[1] != first


def test_decides_from_the_view_only():
    """Re-dealing what the seat cannot see (the others' hands and discards) never changes its
    decision, and a fresh bot with another rng decides the same (no memory between calls)."""
    check = ViewOnlyCheck(RULES, NormalBot)
    for players in (3, 4, 5):
        kinds = ["normal" if i == 1 else "random" for i in range(players)]
        _play(kinds, f"view-{players}", check=check)
    assert check.changed > 10


def test_beats_random_bots():
    """Seeded and quick: one normal bot against three random ones, its seat rotating; a shared
    win counts as a win."""
    games = 40
    wins = normal_wins(RULES, BOTS, 4, games)
    assert wins / games >= 0.6, f"normal won only {wins}/{games}"
