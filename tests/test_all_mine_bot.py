"""The All Mine! ``normal`` bot, what is particular to it: its scoring shortcut agrees with the
rules' (the tests every game's bots pass are in test_bots_common.py)."""
from __future__ import annotations

import itertools

from allmine_tui.games.all_mine.cards import score_hand
from allmine_tui.games.all_mine.normal_bot import _points


def test_points_matches_score_hand():
    for counts in itertools.product(range(4), repeat=4):
        for most, fewest in itertools.permutations(range(4), 2):
            expected = score_hand(list(counts), most, fewest)["total"]
            assert _points(list(counts), most, fewest) == expected
