"""Mine All Mines: a new round is a moment of its own. The last player of a round is the first
of the next, so an Enter typed one time too many at the end of a round used to play a dwarf from
the new hand. Now the new round is shown to everyone first, and keys typed before it was on
screen are dropped."""
from __future__ import annotations

import pytest
from mam_positions import NAMES, find_position, round_to_end
from privacy_audit import burst

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen, RoundNotice
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.session import GameSession
from helpers import wait_until

END = Action("end")


@pytest.fixture(autouse=True)
def no_pauses(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "0")


def with_people(match: Match, people: int) -> Match:
    """The same position with the first ``people`` seats played by people."""
    seats = [Seat(s.name) if i < people else Seat(s.name, s.bot or "normal")
             for i, s in enumerate(match.seats)]
    return Match.replay("mine-all-mines", seats, match.seed, {}, list(match.log))


def game(app) -> MineAllMinesScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, MineAllMinesScreen))



@pytest.mark.parametrize("people", [1, 2])
async def test_keys_typed_as_a_round_ends_never_play_from_the_new_hand(people):
    match = with_people(find_position(3, round_to_end), people)
    round_no = match.state.round_no
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        if isinstance(app.screen, CurtainScreen):  # two people: Ann passes her curtain
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.screen is game(app) and game(app).actor == 0,
                           "Ann's view")
        assert match.to_act() == [0] and END in match.legal_actions(0)
        # Ann ends her turn, the last of the round, and types on in one fast write
        await burst(app, pilot, ["e", "enter", "enter", "1"])
        await pilot.pause(0.2)
        assert match.state.round_no == round_no + 1
        assert match.log[-1] == (0, END), f"played from the new hand: {match.log[-1]}"
        assert match.to_act() == [0] and len(match.state.hands[0]) == 5
        await wait_until(pilot, lambda: isinstance(app.screen, RoundNotice), "the round's notice")
        text = str(app.screen.body)
        assert f"Round {round_no + 1} of 3 is over" in app.screen.title_text
        assert "Ann" in text and "plays first" in text and "VP so far" in text
        # the notice answers a key typed once it is on screen
        await pilot.pause(0.05)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, RoundNotice), "the notice closed")
        assert match.log[-1] == (0, END) and len(match.state.hands[0]) == 5
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game(app) and game(app).actor == 0,
                       "Ann's new round")
        await pilot.pause(0.05)
        await pilot.press("1")  # and the game answers again: her first line is played
        await wait_until(pilot, lambda: len(match.state.hands[0]) == 4 or match.log[-1][1] != END,
                       "a move")


async def test_a_round_a_bot_ends_is_shown_too_and_the_last_round_goes_to_the_results():
    """Only the start of a new round has a notice: the game's end goes to the results."""
    from allmine_tui.games.mine_all_mines.screen import round_notice

    bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:3]], 2)
    notices = []
    while not bots.is_over():
        seat = bots.to_act()[0]
        events = bots.apply(seat, bots.bot_choice(seat))
        notice = round_notice(events, bots.view(None), NAMES[:3])
        if notice is not None:
            notices.append((bots.state.round_no, notice))
    assert [r for r, _n in notices] == [1, 2]  # rounds 2 and 3 begin; 3 rounds at 3 players
    for round_no, notice in notices:
        assert notice.title_text.startswith(f"Round {round_no} of 3 is over: round "
                                            f"{round_no + 1} begins")
