"""Layout snapshots of the Mine All Mines table at 100×30 and 120×40 (pytest-textual-snapshot):
every phase a player meets, from the first position of normal bots' games that has what the
snapshot shows (tests/mam_positions.py). A change
in how they look fails here until the SVGs are looked at and updated with
``pytest tests/test_snapshots_mine_all_mines.py --snapshot-update -n 0``."""
from __future__ import annotations

import pytest
from snapshot_helpers import results_of
import functools

from mam_positions import (find_position, foe_lines_with_and_without_loot,
                           helpers_used_and_an_achievement, one_card_to_buy, round_to_end,
                           ruby_without_a_place, steal_to_choose)

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession

SIZES = [(100, 30), (120, 40)]
IDS = ["100x30", "120x40"]
NAMES = ["Ann", "Abe", "Bob", "Cleo", "Dan"]


@pytest.fixture(autouse=True)
def no_pauses(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "0")


def table(n: int, seed: int, steps: int, humans: int = 1) -> AllMineApp:
    """The app on the position after ``steps`` moves that normal bots chose for every seat; the
    first ``humans`` seats are people (Ann, Abe...), who are to act there."""
    bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:n]], seed)
    for _ in range(steps):
        seat = bots.to_act()[0]
        bots.apply(seat, bots.bot_choice(seat))
    seats = [Seat(x) if i < humans else Seat(x, "normal") for i, x in enumerate(NAMES[:n])]
    match = Match.replay("mine-all-mines", seats, seed, {}, bots.log)
    assert match.to_act()[0] < humans
    return AllMineApp(GameSession(match, None))


def found(n: int, fits) -> AllMineApp:
    """The app on the first position where Ann is to act and ``fits`` holds."""
    return AllMineApp(GameSession(find_position(n, fits), None))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_play_a_dwarf(snap_compare, size):
    """The first level of the menu: the dwarves, a foe line that says who has nothing."""
    assert snap_compare(found(3, foe_lines_with_and_without_loot), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_where_a_dwarf_may_go(snap_compare, size):
    """A level deeper: the places, [ ++ ] on the mines and [ ▶▶ ] the one under the cursor."""
    assert snap_compare(found(3, foe_lines_with_and_without_loot), terminal_size=size,
                       press=["down", "enter", "down"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_steal(snap_compare, size):
    assert snap_compare(found(3, steal_to_choose), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_buy_or_end(snap_compare, size):
    """After the dwarf: a purchase line, End on e, the hint about what a purchase turns up."""
    assert snap_compare(found(3, one_card_to_buy), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_legend_used_cards_and_achievements(snap_compare, size):
    assert snap_compare(found(3, helpers_used_and_an_achievement), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_five_players_and_a_dwarf_with_no_place(snap_compare, size):
    assert snap_compare(found(5, ruby_without_a_place), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_hot_seat_after_the_curtain(snap_compare, size):
    """Two people at one terminal: Abe's view once the curtain is passed ("viewing as")."""
    assert snap_compare(table(3, 1, 0, humans=2), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_new_round_is_announced(snap_compare, size):
    """Ann ends the last turn of round 1: the notice of round 2 is up, the table behind it."""
    assert snap_compare(found(3, round_to_end), terminal_size=size, press=["e"])


# -- the end of a game, at the largest table (5 players) -------------------------------------
@functools.cache
def finished_log(n: int, seed: int) -> tuple:
    bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:n]], seed)
    while not bots.is_over():
        seat = bots.to_act()[0]
        bots.apply(seat, bots.bot_choice(seat))
    return tuple(bots.log)


def finished(n: int = 5, seed: int = 1) -> Match:
    """A whole game of normal bots, with Ann (seat 0) a person."""
    seats = [Seat(x) if i == 0 else Seat(x, "normal") for i, x in enumerate(NAMES[:n])]
    return Match.replay("mine-all-mines", seats, seed, {}, list(finished_log(n, seed)))


def results_first(match: Match, keys: list[str]):
    return results_of(match, keys, settle=0.2)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_results_round_by_round_five_players(snap_compare, size):
    """The results of a 5-player game: the breakdown and every round's cards."""
    assert snap_compare(AllMineApp(), terminal_size=size, run_before=results_first(finished(), []))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_final_table_five_players(snap_compare, size):
    """f on the results: every player's line (VP, gems, cards), the mines as they ended, the
    last turn marked, and the keys line; no key of a turn is offered."""
    assert snap_compare(AllMineApp(), terminal_size=size,
                        run_before=results_first(finished(), ["f"]))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_replay_five_players(snap_compare, size):
    """v on the results, then PgDn twice and a few moves on: round 3 under way, every player's
    line and hidden dwarves, the turn on show marked."""
    keys = ["v", "pagedown", "pagedown"] + ["right"] * 7
    assert snap_compare(AllMineApp(), terminal_size=size,
                        run_before=results_first(finished(), keys))
