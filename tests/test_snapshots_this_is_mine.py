"""Layout snapshots of the This is Mine! table at 100×30 and 120×40 (pytest-textual-snapshot):
the split, a claim to make, a claim to answer, the Balance Card, and the end choices of the
Relatives and the Suitcases. Positions come from fixed seeds with random moves straight through
the rules, so the pictures are the same every run. After a deliberate change, look at the new
pictures and update them with
``pytest tests/test_snapshots_this_is_mine.py --snapshot-update -n 0``."""
from __future__ import annotations

import pytest
from audit_drivers import play_by_rules_until
from snapshot_helpers import finished_four as four, results_of

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import wait_until

SIZES = pytest.mark.parametrize("size", [(100, 30), (120, 40)], ids=["100x30", "120x40"])



def three(seed: int) -> Match:
    return Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")],
                 seed)


def ann(phase: str, more=lambda st: True):
    return lambda m: m.state.phase == phase and 0 in m.to_act() and more(m.state)


def app_at(match: Match) -> AllMineApp:
    return AllMineApp(GameSession(match, None))


def bots_done(match: Match):
    """The end choices are made by everyone at once: the bots make theirs first."""
    async def wait(pilot):
        await wait_until(pilot, lambda: match.to_act() == [0], "the bots' end choices")
        await pilot.pause()
    return wait


@SIZES
def test_splitting(snap_compare, size):
    match = play_by_rules_until(three(3), ann("split", lambda st: st.round_no >= 1), seed=1)
    # the second card goes to lot C; the cursor stays on it
    assert snap_compare(app_at(match), terminal_size=size, press=["right", "c"])


@SIZES
def test_claiming_a_lot(snap_compare, size):
    match = play_by_rules_until(three(3), ann("negotiate", lambda st: st.claim is None
                                              and st.round_no >= 2), seed=2)
    assert snap_compare(app_at(match), terminal_size=size)


@SIZES
def test_answering_a_claim(snap_compare, size):
    match = play_by_rules_until(three(3), ann("negotiate", lambda st: st.claim is not None
                                              and st.leader != 0 and st.round_no >= 3), seed=3)
    assert snap_compare(app_at(match), terminal_size=size)


@SIZES
def test_the_balance_card(snap_compare, size):
    match = play_by_rules_until(three(4), ann("balance", lambda st: st.round_no >= 1), seed=4)
    assert snap_compare(app_at(match), terminal_size=size)


@SIZES
def test_relatives_take_objects(snap_compare, size):
    match = play_by_rules_until(three(1), ann("discard"), seed=0)
    assert snap_compare(app_at(match), terminal_size=size, run_before=bots_done(match))


@SIZES
def test_suitcases_copy(snap_compare, size):
    match = play_by_rules_until(three(1), ann("copy"), seed=0)
    assert snap_compare(app_at(match), terminal_size=size, run_before=bots_done(match))


# -- the end of a game of four: results, final table, replay (issue 21) ------------------------
def finished_four() -> Match:
    return four("this-is-mine", 3)



@SIZES
def test_results_of_four(snap_compare, size):
    assert snap_compare(AllMineApp(), terminal_size=size, run_before=results_of(finished_four()))


@SIZES
def test_final_table_of_four(snap_compare, size):
    """f on the results: every collection open, how the last round's lots went."""
    assert snap_compare(AllMineApp(), terminal_size=size,
                        run_before=results_of(finished_four(), ["f"]))


@SIZES
def test_replay_of_four_builds_the_lots(snap_compare, size):
    """The replay in the middle of a split: the cards put so far in their lots, the one just
    put marked •."""
    match = finished_four()

    async def run(pilot):
        from allmine_tui.engine.history import Timeline
        from allmine_tui.ui.screens.replay import open_replay

        timeline = Timeline(match)
        position = next(k for k in range(1, timeline.last)
                        if timeline.log[k - 1][1].kind == "put"
                        and len(timeline.state(k).assign) == 3
                        and timeline.state(k).round_no >= 2)
        open_replay(pilot.app, match, position)
        await pilot.pause(0.3)

    assert snap_compare(AllMineApp(), terminal_size=size, run_before=run)


@SIZES
def test_a_claim_just_made_is_marked(snap_compare, size, monkeypatch):
    """What just changed: the lot just claimed (•, the claim underlined) and who claimed."""
    match = play_by_rules_until(three(3), ann("negotiate", lambda st: st.claim is None
                                              and st.round_no >= 2), seed=2)
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "30")  # the answers wait: the marks stay in view

    async def claim(pilot):
        await pilot.pause(0.2)
        await pilot.press("b")
        await pilot.pause(0.2)

    assert snap_compare(app_at(match), terminal_size=size, run_before=claim)
