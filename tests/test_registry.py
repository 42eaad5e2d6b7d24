"""Every registered game has what the tests and tools expect of a game, so that none is silently
left out: a privacy-audit driver and its positions, layout snapshots, sample saves (one in
progress, one finished) and ``allmine bench`` targets. The tables keyed by game id in the tests
name no game that is not registered."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from allmine_tui.games import GAMES

TESTS = Path(__file__).resolve().parent
SAVES = TESTS.parent / "saves"


def package_of(game) -> str:
    """The game's folder under allmine_tui/games/ (where its rules class is defined; for a game
    defined elsewhere, its id with underscores)."""
    parts = type(game.rules()).__module__.split(".")
    return parts[-2] if len(parts) > 2 else game.id.replace("-", "_")


def test_the_registry_lists_the_five_games_in_the_picker_s_order():
    assert list(GAMES) == ["all-mine", "all-in", "mine-all-mine", "mine-all-mines",
                           "this-is-mine"]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_privacy_audit_driver_and_positions(game_id):
    from audit_drivers import DRIVERS
    from test_privacy_audit import WHOLE_GAMES, differential_positions

    assert game_id in DRIVERS, f"{game_id}: no key driver in tests/audit_drivers.py DRIVERS"
    assert game_id in differential_positions(), \
        f"{game_id}: no position in test_privacy_audit.differential_positions"
    assert sum(g == game_id for g, *_rest in WHOLE_GAMES) >= 1


@pytest.mark.parametrize("game_id", list(GAMES))
def test_layout_snapshots(game_id):
    name = f"test_snapshots_{package_of(GAMES[game_id])}"
    assert (TESTS / f"{name}.py").is_file(), f"{game_id}: no tests/{name}.py"
    pictures = list((TESTS / "__snapshots__" / name).glob("*.svg"))
    assert pictures, f"{game_id}: no snapshot pictures in tests/__snapshots__/{name}/"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_sample_saves(game_id):
    games = {path.name: json.loads(path.read_text(encoding="utf-8"))["game"]
             for path in SAVES.glob("*.json")}
    mine = [name for name, game in games.items() if game == game_id]
    assert f"{game_id}-finished.json" in mine, f"{game_id}: no saves/{game_id}-finished.json"
    assert any(not name.endswith("-finished.json") for name in mine), \
        f"{game_id}: no sample save of a game in progress in saves/"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bench_targets(game_id):
    from allmine_tui.bench import targets

    game = GAMES[game_id]
    assert game.bench is not None, f"{game_id}: no bench targets (Game.bench)"
    goals = targets()
    assert goals["actions_per_second"][game_id] > 0
    untargeted = [bot for bot in game.bots() if bot != "random"
                  and bot not in goals["bot_p95_ms"][game_id]]
    assert not untargeted, f"{game_id}: no bench target for the bots {untargeted}"
    assert goals["hint_p95_ms"][game_id] <= 1500  # issue 23: a hint in 1.5 s or less


def test_per_game_tables_name_only_registered_games():
    from audit_drivers import DRIVERS
    from privacy_audit import GAME_MARKS
    from test_privacy_audit import WHOLE_GAME_SEEDS

    for table in (DRIVERS, GAME_MARKS, WHOLE_GAME_SEEDS):
        assert set(table) <= set(GAMES), set(table) - set(GAMES)
