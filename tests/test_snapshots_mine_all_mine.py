"""Layout snapshots of the Mine, All Mine! table at 100×30 and 120×40 (pytest-textual-snapshot):
building a fleet, the reveal, a turn of the resolution, and the next round with last round's
fleets on the table. A change in how they look fails here until the SVGs are looked at and
updated with ``pytest tests/test_snapshots_mine_all_mine.py --snapshot-update -n 0``."""
from __future__ import annotations

import pytest
from snapshot_helpers import finished_four as four, results_of

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession

SIZES = [(100, 30), (120, 40)]
IDS = ["100x30", "120x40"]
# Ann's fleet: the middle card's action (the longest rules), then the first card's ship B
FLEET = ["right", "4", "space", "left", "2", "space", "right"]



def app_of(mode: str = "standard") -> AllMineApp:
    seats = [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal"), Seat("Dot", "random")]
    match = Match("mine-all-mine", seats, 3, {"mode": mode})
    match.state.hands[0] = sorted([6, 9, 12])
    return AllMineApp(GameSession(match, None))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_building_a_fleet(snap_compare, size):
    assert snap_compare(app_of(), terminal_size=size, press=FLEET)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_reveal(snap_compare, size):
    assert snap_compare(app_of(), terminal_size=size, press=FLEET + ["l"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_turn_of_the_resolution(snap_compare, size):
    assert snap_compare(app_of(), terminal_size=size, press=FLEET + ["l", "enter", "enter"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_next_round_keeps_last_round_on_the_table(snap_compare, size):
    assert snap_compare(app_of(), terminal_size=size, press=FLEET + ["l", "r", "enter"])


def test_beginner_sides(snap_compare):
    assert snap_compare(app_of("beginner"), terminal_size=(100, 30), press=["right", "down"])


# -- the end of a game of four: results, final table, replay (issue 21) ------------------------
def finished_four() -> Match:
    return four("mine-all-mine", 3)



@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_results_of_four(snap_compare, size):
    assert snap_compare(AllMineApp(), terminal_size=size, run_before=results_of(finished_four()))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_final_table_of_four(snap_compare, size):
    """f on the results: the table as the game ended (the last round's fleets where they ended,
    the round just played marked)."""
    assert snap_compare(AllMineApp(), terminal_size=size,
                        run_before=results_of(finished_four(), ["f"]))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_replay_of_four_after_the_first_round(snap_compare, size):
    """The replay at the first position of round 2: last round's fleets and points marked."""
    match = finished_four()

    async def run(pilot):
        from allmine_tui.engine.history import Timeline
        from allmine_tui.ui.screens.replay import open_replay

        timeline = Timeline(match)
        position = timeline.ends_of_rounds()[0][1]
        open_replay(pilot.app, match, position)
        await pilot.pause(0.3)

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=run)
