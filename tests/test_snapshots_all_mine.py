"""Layout snapshots of the All Mine! table at 100×30 and 120×40 (pytest-textual-snapshot): the
prediction, a trick to follow, the treasure heap, a trick just won, the end of a hand, and a
table of four long names. Positions come from fixed seeds with random moves straight through the
rules, so the pictures are the same every run. After a deliberate change, look at the new
pictures and update them with ``pytest tests/test_snapshots_all_mine.py --snapshot-update -n 0``."""
from __future__ import annotations

import pytest
from audit_drivers import play_by_rules_until
from snapshot_helpers import finished_four as four, results_of

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.notice import NoticeScreen
from allmine_tui.ui.session import GameSession
from helpers import wait_until

SIZES = pytest.mark.parametrize("size", [(100, 30), (120, 40)], ids=["100x30", "120x40"])



def three(seed: int) -> Match:
    return Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], seed)


def ann_plays(m: Match) -> bool:
    return m.state.phase == "play" and m.to_act() == [0]


def app_at(match: Match) -> AllMineApp:
    return AllMineApp(GameSession(match, None))


@SIZES
def test_predicting_after_most(snap_compare, size):
    # Most is placed on Mushrooms; the cursor waits on the Fewest row
    assert snap_compare(app_at(three(2)), terminal_size=size, press=["m"])


@SIZES
def test_following_suit_with_a_void_on_the_table(snap_compare, size):
    def follow(m: Match) -> bool:
        st = m.state
        return ann_plays(m) and len(st.trick) == 2 and st.tricks_done >= 3 and any(
            not any(c // 12 == s for c in st.hands[p]) for p in range(3) for s in range(4))

    match = play_by_rules_until(three(5), follow, seed=1)
    assert snap_compare(app_at(match), terminal_size=size)


@SIZES
def test_taking_from_the_heap(snap_compare, size):
    match = play_by_rules_until(three(3), lambda m: m.state.phase == "heap"
                                and m.to_act() == [0] and m.state.tricks_done >= 2, seed=2)
    assert snap_compare(app_at(match), terminal_size=size)


@SIZES
def test_a_trick_just_won(snap_compare, size):
    # Ann took the trick and leads the next: the finished trick stays on the table
    match = play_by_rules_until(three(4), lambda m: ann_plays(m) and not m.state.trick
                                and m.state.tricks_done >= 4 and m.state.last_winner == 0,
                                seed=3)
    assert snap_compare(app_at(match), terminal_size=size)


@SIZES
def test_the_end_of_a_hand(snap_compare, size):
    match = play_by_rules_until(three(7), lambda m: ann_plays(m) and m.state.tricks_done == 11,
                                seed=3)

    async def last_card(pilot):
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, NoticeScreen),
                         "the hand's end")

    assert snap_compare(app_at(match), terminal_size=size, run_before=last_card)


@SIZES
def test_four_long_names(snap_compare, size):
    names = ("Annabelle Smithy", "Bartholomew Ray", "Cleopatra Jones", "[/]Dan")
    match = Match("all-mine", [Seat(names[0])] + [Seat(n, "random") for n in names[1:]], 6)
    play_by_rules_until(match, lambda m: ann_plays(m) and len(m.state.trick) == 2
                        and m.state.tricks_done >= 1, seed=6)
    assert snap_compare(app_at(match), terminal_size=size)


# -- the end of a game of four (the largest table): results, final table, replay (issue 21) -----
def finished_four() -> Match:
    return four("all-mine", 4)



@SIZES
def test_results_of_four(snap_compare, size):
    assert snap_compare(AllMineApp(), terminal_size=size, run_before=results_of(finished_four()))


@SIZES
def test_final_table_of_four(snap_compare, size):
    """f on the results: the table as the game ended, the last trick on it."""
    assert snap_compare(AllMineApp(), terminal_size=size,
                        run_before=results_of(finished_four(), ["f"]))


@SIZES
def test_replay_of_four_after_the_first_hand(snap_compare, size):
    """The replay at the end of the first hand: its scores told, the tricks' cards all out."""
    match = finished_four()

    async def run(pilot):
        from allmine_tui.engine.history import Timeline
        from allmine_tui.ui.screens.replay import open_replay

        position = Timeline(match).ends_of_rounds()[0][1]
        open_replay(pilot.app, match, position)
        await pilot.pause(0.3)

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=run)
