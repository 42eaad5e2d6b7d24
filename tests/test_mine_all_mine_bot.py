"""The Mine, All Mine! ``normal`` bot, what is particular to it: its fast round simulation agrees
with ``resolve_round``, one plan per round, the beginner mode (the tests every game's bots pass
are in test_bots_common.py)."""
from __future__ import annotations

import random

import pytest

from bot_games import play_bots

from allmine_tui.games.mine_all_mine.bots import BOTS
from allmine_tui.games.mine_all_mine.normal_bot import _fleet, _points
from allmine_tui.games.mine_all_mine.fleets import fleet_stats, resolve_round
from allmine_tui.games.mine_all_mine.rules import RULES

GAME = "mine-all-mine"


def _play(kinds: list[str], seed, options=None):
    return play_bots(RULES, BOTS, kinds, seed, options=options)


@pytest.mark.parametrize("players", [2, 4])
def test_beginner_mode_is_played_legally_too(players):
    """The common bot tests play the standard mode; the beginner one, by normal and mixed seats,
    three rounds."""
    for kinds in (["normal"] * players, ["normal" if i % 2 else "random" for i in range(players)]):
        state, _log = _play(kinds, "legal-beginner", {"mode": "beginner"})
        assert RULES.is_over(state) and len(state.history) == 3


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


def test_steps_follow_one_plan_per_round():
    """Each round the bot only adds (never removes) and launches exactly the plan."""
    _state, log = _play(["normal", "normal", "random"], "plan")
    for seat, action in log:
        if seat in (0, 1):
            assert action.kind in ("add", "launch")
