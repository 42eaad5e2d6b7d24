"""The Mine All Mines ``normal`` bot, what is particular to it: it uses the whole turn (the tests
every game's bots pass are in test_bots_common.py)."""
from __future__ import annotations

from bot_games import play_bots

from allmine_tui.games.mine_all_mines.bots import BOTS
from allmine_tui.games.mine_all_mines.rules import RULES


def _play(kinds: list[str], seed, check=None):
    return play_bots(RULES, BOTS, kinds, seed, check, limit=5000)


def test_uses_the_whole_turn():
    """Over normal-only games it buys, claims and plays every kind of dwarf."""
    used = set()
    for game in range(4):
        _state, log = _play(["normal"] * 4, f"kinds-{game}")
        used |= {a.kind for _s, a in log}
    assert {"buy", "claim", "mine", "dig", "end"} <= used
