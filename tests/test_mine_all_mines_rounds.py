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
from allmine_tui.ui.textual_internals import event_clock
from helpers import until_idle, wait_until

END = Action("end")


def with_people(match: Match, people: int) -> Match:
    """The same position with the first ``people`` seats played by people."""
    seats = [Seat(s.name) if i < people else Seat(s.name, s.bot or "normal")
             for i, s in enumerate(match.seats)]
    return Match.replay("mine-all-mines", seats, match.seed, {}, list(match.log))


def game(app) -> MineAllMinesScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, MineAllMinesScreen))


def listening(screen) -> bool:
    """The screen takes keys typed from now on (it is on view; the grace is 0 in tests)."""
    return screen._input_since <= event_clock()



@pytest.mark.parametrize("people", [1, 2])
async def test_keys_typed_as_a_round_ends_never_play_from_the_new_hand(people):
    match = with_people(find_position(3, round_to_end), people)
    round_no = match.state.round_no
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        if people == 2:  # two people: Ann passes her curtain
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
            await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game(app) and game(app).actor == 0
                         and listening(game(app)), "Ann's view")
        assert match.to_act() == [0] and END in match.legal_actions(0)
        # Ann ends her turn, the last of the round, and types on in one fast write
        await burst(app, pilot, ["e", "enter", "enter", "1"])
        await wait_until(pilot, lambda: isinstance(app.screen, RoundNotice), "the round's notice")
        await until_idle(pilot)  # (the keys typed on are handled: dropped)
        assert match.state.round_no == round_no + 1
        assert match.log[-1] == (0, END), f"played from the new hand: {match.log[-1]}"
        assert match.to_act() == [0] and len(match.state.hands[0]) == 5
        text = str(app.screen.body)
        assert f"Round {round_no + 1} of 3 is over" in app.screen.title_text
        assert "Ann" in text and "plays first" in text and "VP so far" in text
        # the notice answers a key typed once it is on screen
        notice = app.screen
        await wait_until(pilot, lambda: listening(notice), "the notice on view")
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, RoundNotice), "the notice closed")
        assert match.log[-1] == (0, END) and len(match.state.hands[0]) == 5
        if people == 2:
            # Ann played last and plays first, but everyone saw the news: her curtain first
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                             and app.screen.player == "Ann", "Ann's curtain")
            assert game(app).viewer is None
            await wait_until(pilot, lambda: app.screen.listening, "the curtain listening")
            await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game(app) and game(app).actor == 0
                         and listening(game(app)), "Ann's new round")
        moves = len(match.log)
        await pilot.press("1")  # and the game answers again: her first line is played
        await wait_until(pilot, lambda: len(match.log) > moves, "a move")
        assert match.log[moves][0] == 0 and len(match.state.hands[0]) == 4


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
