"""What every game's bots must do, for every registered game: the ``normal`` bot is the default;
bots play only legal moves over whole games at every table size; they are deterministic for a
seed (and never use the global random module); they decide from the seat's view only; and the
``normal`` bot beats random play. A game's own bot tests (test_<game>_bot.py) keep only what is
particular to it."""
from __future__ import annotations

import random

import pytest

from bot_games import ViewOnlyCheck, normal_wins, play_bots

from allmine_tui.games import GAMES

IDS = list(GAMES)

#: the ``normal`` bot's seeded win rate against random ones that each game's test demands, with
#: the figure measured over more games (tools/results/normal-vs-random.txt) well above it; a game
#: not listed must reach 1.2 times its fair share
WIN_RATE = {"all-mine": 0.6, "all-in": 0.6, "mine-all-mine": 0.4, "mine-all-mines": 0.6,
            "this-is-mine": 0.6}


#: games played for that check: more where the margin over the demanded rate is thinner
GAMES_PLAYED = {"mine-all-mine": 60}


def table_sizes(game) -> list[int]:
    return sorted({game.min_players, max(game.min_players, min(3, game.max_players)),
                   game.max_players})


def three_or_so(game) -> int:
    return max(game.min_players, min(3, game.max_players))


@pytest.mark.parametrize("game_id", IDS)
def test_the_normal_bot_is_the_default_and_needs_its_view(game_id):
    game = GAMES[game_id]
    bots = game.bots()
    assert game.default_bot == "normal"
    assert {"random", "normal"} <= set(bots)
    normal = bots["normal"]
    assert normal.name == "normal" and normal.needs_view
    if game.search_plan is not None:
        assert "expert" in bots


@pytest.mark.parametrize("game_id", IDS)
def test_only_legal_actions_over_whole_games_at_every_table_size(game_id):
    game = GAMES[game_id]
    rules, bots = game.rules(), game.bots()
    for players in table_sizes(game):
        state, log = play_bots(rules, bots, ["normal"] * players, f"legal-{players}")
        assert rules.is_over(state)
        if players > 1:
            kinds = ["normal" if i % 2 else "random" for i in range(players)]
            state, log = play_bots(rules, bots, kinds, f"mixed-{players}")
            assert rules.is_over(state) and any(seat % 2 for seat, _a in log)


@pytest.mark.parametrize("game_id", IDS)
def test_deterministic_for_a_seed(game_id):
    game = GAMES[game_id]
    rules, bots = game.rules(), game.bots()
    kinds = (["normal", "random", "normal", "normal"] * 2)[:max(three_or_so(game), 2)]
    first = play_bots(rules, bots, kinds, 77)[1]
    random.seed(1)  # the bots must not depend on the global random module
    assert play_bots(rules, bots, kinds, 77)[1] == first
    random.seed(2)
    assert play_bots(rules, bots, kinds, 78)[1] != first


@pytest.mark.parametrize("game_id", IDS)
def test_the_normal_bot_decides_from_the_view_only(game_id):
    """Re-dealing what the seat cannot see never changes its view, its legal moves or its
    decision, and a fresh bot decides the same (no memory between calls)."""
    game = GAMES[game_id]
    rules, bots = game.rules(), game.bots()
    check = ViewOnlyCheck(rules, bots["normal"])
    for players in table_sizes(game):
        if players < 2:
            continue
        kinds = ["normal" if i == 1 else "random" for i in range(players)]
        play_bots(rules, bots, kinds, f"view-{players}", check=check)
    assert check.changed > 10  # the secrets really were re-dealt


@pytest.mark.parametrize("game_id", IDS)
def test_the_normal_bot_beats_random_bots(game_id):
    """Seeded and quick: one normal bot against random ones, its seat rotating; a shared win
    counts as a win."""
    game = GAMES[game_id]
    players = max(three_or_so(game), 2)
    games = GAMES_PLAYED.get(game_id, 40)
    wins = normal_wins(game.rules(), game.bots(), players, games)
    least = WIN_RATE.get(game_id, 1.2 / players)
    assert wins / games >= least, f"normal won only {wins}/{games}"
