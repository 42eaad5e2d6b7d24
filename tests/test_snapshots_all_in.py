"""Layout snapshots of the All In table at 100×30 and 120×40 (pytest-textual-snapshot): choosing a
card, choosing its space with the hands through the cursor marked, the Golden Deck, the final
sheets, and at the largest table (six players on advanced sheets) the board, the results, the
final table and the replay. A change in how they look fails here until the SVGs are looked at and
updated with ``pytest tests/test_snapshots_all_in.py --snapshot-update -n 0``."""
from __future__ import annotations

import random

import pytest

from test_all_in_ui import surround_the_golden_card, surrounded_soon

from allmine_tui.engine import Match, Seat, stream
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession

SIZES = [(100, 30), (120, 40)]
IDS = ["100x30", "120x40"]



def played(match: Match, rounds: int, seed: int = 1) -> Match:
    """Play ``rounds`` rounds: the bots by themselves, the people by a seeded random choice."""
    rng = random.Random(seed)
    while match.state.round <= rounds and not match.is_over():
        match.run_bots()
        for seat in match.human_seats_to_act():
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def app_of(match: Match) -> AllMineApp:
    return AllMineApp(GameSession(match, None))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_choosing_a_card(snap_compare, size):
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 4)
    assert snap_compare(app_of(played(match, 6)), terminal_size=size, press=["right", "down"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_choosing_the_space_on_an_advanced_sheet(snap_compare, size):
    """Four players on advanced sheets in round 10: the card is taken, the cursor on the sheet,
    the hands through it marked with what they would become."""
    seats = [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal"), Seat("Dot", "random")]
    match = Match("all-in", seats, 7, {"sheets": "advanced"})
    assert snap_compare(app_of(played(match, 9)), terminal_size=size,
                        press=["tab", "enter", "right"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_golden_deck(snap_compare, size):
    async def surround(pilot):
        await surround_the_golden_card(pilot)
        await pilot.press("right")

    assert snap_compare(app_of(surrounded_soon()), terminal_size=size, run_before=surround)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_final_sheets(snap_compare, size):
    match = played(Match("all-in", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal")],
                         3), 99)
    assert match.is_over()

    async def open_sheets(pilot):
        from helpers import wait_until

        from allmine_tui.games.all_in.final_sheets import FinalSheetsScreen
        from allmine_tui.ui.screens.results import ResultsScreen

        # the game is over: the app opens its results by itself; the sheets go over them (not
        # under, as they would when the results came after them)
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen), "results")
        await pilot.app.push_screen(FinalSheetsScreen(pilot.app.screen.session))
        await pilot.pause()
        await pilot.press("2")

    assert snap_compare(app_of(match), terminal_size=size, run_before=open_sheets)


def six_players(rounds: int = 99, seed: int = 5) -> Match:
    """The largest table: Ann and five bots on advanced sheets, Ann playing as the normal bot
    would, to round ``rounds`` (99: the end)."""
    seats = [Seat("Ann")] + [Seat(name, "normal") for name in ("Bob", "Cleo", "Dan", "Eve", "Fay")]
    match = Match("all-in", seats, seed, {"sheets": "advanced"})
    bot = match.game.bots()["normal"]()
    while match.state.round <= rounds and not match.is_over():
        match.run_bots()
        for seat in match.human_seats_to_act():
            match.apply(seat, bot.choose(match.view(seat), match.legal_actions(seat),
                                         stream("snapshots", match.state.round)))
    return match


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_six_players_choosing_the_space(snap_compare, size):
    """Round 13 of six: the advanced sheet keeps its boxes at 100×30 (stacked), the space under
    the cursor is named by its hands, the card written last and the cards just revealed say
    new, the table shows chips won."""
    assert snap_compare(app_of(six_players(12)), terminal_size=size, press=["tab", "enter"])


async def _results(pilot) -> None:
    from allmine_tui.ui.screens.results import ResultsScreen

    await pilot.pause()
    await pilot.app.push_screen(ResultsScreen(GameSession(FINISHED, None)))
    await pilot.pause()


FINISHED = six_players()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_six_players_results(snap_compare, size):
    assert snap_compare(AllMineApp(), terminal_size=size, run_before=_results)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_six_players_final_table(snap_compare, size):
    """f on the results: Dan's sheet (key 4) with the card he wrote last marked new, the whole
    table with chips won and left (unused, as the results count them)."""
    async def final_table(pilot):
        await _results(pilot)
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=final_table)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_six_players_replay(snap_compare, size):
    """The replay in round 12, Cleo's card chosen and not written yet: the table lists every
    seat (chips won and left, Cleo's card), nothing is cut."""
    from allmine_tui.ui.screens.replay import open_replay

    timeline_round = 12

    async def replay(pilot):
        await pilot.pause()
        open_replay(pilot.app, FINISHED, _position(FINISHED, timeline_round, 2))
        await pilot.pause()

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=replay)


def _position(match: Match, round_: int, seat: int) -> int:
    """The replay position just after ``seat`` chose its card in round ``round_``."""
    from allmine_tui.engine.history import Timeline

    timeline = Timeline(match)
    for k in range(1, timeline.last + 1):
        who, action = timeline.log[k - 1]
        if timeline.rounds[k] == round_ - 1 and who == seat and action.kind == "card":
            return k
    raise AssertionError("no such move")
