"""The This is Mine! ``normal`` bot, what is particular to it: every kind of action used, the balance
card asked for when it pays (the tests every game's bots pass are in test_bots_common.py)."""
from __future__ import annotations

import random

from bot_games import play_bots

from allmine_tui.games.this_is_mine.bots import BOTS
from allmine_tui.games.this_is_mine.normal_bot import NormalBot
from allmine_tui.games.this_is_mine.rules import RULES


def _play(kinds: list[str], seed, check=None):
    return play_bots(RULES, BOTS, kinds, seed, check, limit=5000)


def test_uses_every_kind_of_action():
    used = set()
    for game in range(3):
        _state, log = _play(["normal"] * 3, f"kinds-{game}")
        used |= {a.kind for _s, a in log}
    assert {"put", "claim", "accept", "refuse", "balance"} <= used


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
