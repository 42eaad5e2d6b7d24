"""The hot-seat flow (allmine_tui/ui/flow.py) on its own: every state, every transition and its
rule, the refused transitions too. No Textual: a scripted game stands in for the rules."""
from __future__ import annotations

import sys
import subprocess

import pytest

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.ui.flow import Flow, Mode, Refused, ReplayFlow, State
from allmine_tui.ui.session import GameSession


class Script:
    """A game whose next decision the test sets: who acts (bots and people), whether it is
    private, and whether it is over."""

    def __init__(self, people_to_act=(0,), bots=(), private=True, over=False) -> None:
        self.acting = list(people_to_act)
        self.bots = list(bots)
        self.private = private
        self.over = over

    def is_over(self) -> bool:
        return self.over

    def bots_to_act(self) -> list[int]:
        return list(self.bots)

    def people_to_act(self) -> list[int]:
        return list(self.acting)

    def is_private(self, seat: int) -> bool:
        return self.private


def flow_of(people=(0, 1), **game) -> tuple[Flow, Script]:
    script = Script(**game)
    return Flow(script, list(people)), script


# -- the start ---------------------------------------------------------------------------------
def test_several_people_start_behind_the_curtain():
    flow, _ = flow_of(people_to_act=[1])
    assert flow.state == State(Mode.CURTAIN, 1)
    assert flow.viewer is None and flow.actor is None and flow.holder is None
    assert flow.halted


def test_one_person_never_gets_a_curtain_and_always_sees_their_own_view():
    flow, game = flow_of(people=[2], people_to_act=[2])
    assert flow.state == State(Mode.PRIVATE, 2) and flow.viewer == 2 and flow.actor == 2
    game.acting, game.bots = [], [0]
    flow.settle()
    assert flow.state == State(Mode.BOTS) and flow.viewer == 2 and flow.actor is None
    with pytest.raises(Refused):
        flow.ask_peek()


def test_one_person_acts_while_bots_play_the_same_simultaneous_phase():
    flow, _ = flow_of(people=[0], people_to_act=[0], bots=[1])
    assert flow.state == State(Mode.BOTS) and flow.actor == 0


def test_a_public_decision_is_made_on_the_table_view():
    flow, _ = flow_of(people_to_act=[1], private=False)
    assert flow.state == State(Mode.TABLE, 1)
    assert flow.viewer is None and flow.actor == 1 and flow.owner == ("table", 1)


def test_bots_then_people_elsewhere_then_the_end():
    flow, game = flow_of(people=[0], people_to_act=[], bots=[1])
    assert flow.state.mode is Mode.BOTS
    game.bots, game.acting = [], [3]  # seat 3 plays at another screen
    assert flow.settle() == State(Mode.WAITING)
    game.acting, game.over = [], True
    assert flow.settle() == State(Mode.RESULTS)
    assert flow.actor is None


# -- the curtain ---------------------------------------------------------------------------------
def test_passing_the_curtain_shows_that_person_s_view_until_the_next_person():
    flow, game = flow_of(people_to_act=[0])
    epoch = flow.owner_epoch
    assert flow.pass_curtain() == State(Mode.PRIVATE, 0)
    assert flow.viewer == 0 and flow.actor == 0 and flow.holder == 0
    assert flow.owner_epoch == epoch + 1
    flow.move_made(public=False)  # still Ann's decision (a move made of several steps)
    assert flow.state == State(Mode.PRIVATE, 0) and flow.owner_epoch == epoch + 1
    game.acting = [1]
    flow.move_made(public=False)
    assert flow.state == State(Mode.CURTAIN, 1) and flow.viewer is None
    assert flow.holder is None  # Ann no longer counts as at the keyboard
    assert flow.owner_epoch == epoch + 2


def test_the_table_view_between_two_private_turns_of_one_person_brings_their_curtain_back():
    # while bots play, the table view is on screen and anyone may have taken the keyboard
    flow, game = flow_of(people_to_act=[0])
    flow.pass_curtain()
    game.acting, game.bots = [], [2]
    flow.move_made(public=False)
    assert flow.state == State(Mode.BOTS) and flow.viewer is None  # table view while bots play
    assert flow.holder is None
    game.acting, game.bots = [0], []
    assert flow.settle() == State(Mode.CURTAIN, 0)


@pytest.mark.parametrize("between", ["bots", "waiting", "table"])
def test_every_table_view_forgets_the_holder(between):
    flow, game = flow_of(people=(0, 1, 3), people_to_act=[0])
    flow.pass_curtain()
    if between == "bots":
        game.acting, game.bots = [], [2]
    elif between == "waiting":
        game.acting = [4]  # a seat at another screen
    else:
        game.acting = []
    flow.move_made(public=False)
    assert flow.state.mode is {"bots": Mode.BOTS, "waiting": Mode.WAITING,
                               "table": Mode.TABLE}[between]
    game.acting, game.bots = [0], []
    assert flow.settle() == State(Mode.CURTAIN, 0)


def test_news_after_the_last_move_brings_the_curtain_for_the_same_person_s_new_hand():
    # Bob plays the round's last card and is the first to play the next round: the news of the
    # round's end is public, so his new hand comes behind his curtain
    flow, game = flow_of(people_to_act=[1])
    flow.pass_curtain()
    assert flow.state == State(Mode.PRIVATE, 1) and flow.holder == 1
    flow.move_made(public=False)  # the rules deal the new round; Bob is first again
    assert flow.state == State(Mode.PRIVATE, 1)
    flow.add_interlude("round 1 is over")  # (the screen adds the news of the move just made)
    assert flow.settle() == State(Mode.INTERLUDE) and flow.holder is None
    assert flow.interlude_done() == State(Mode.CURTAIN, 1)
    assert flow.viewer is None and flow.actor is None


def test_one_person_keeps_their_view_through_news_and_bots():
    flow, game = flow_of(people=[0], people_to_act=[0])
    flow.add_interlude("hand over")
    assert flow.state == State(Mode.INTERLUDE)
    assert flow.interlude_done() == State(Mode.PRIVATE, 0)


def test_a_public_decision_forgets_who_holds_the_keyboard():
    flow, game = flow_of(people_to_act=[0])
    flow.pass_curtain()
    game.private = False
    flow.move_made(public=False)
    assert flow.state == State(Mode.TABLE, 0)
    flow.move_made(public=True)  # made in front of everyone
    assert flow.holder is None
    game.private = True
    assert flow.settle() == State(Mode.CURTAIN, 0)


def test_pass_curtain_is_refused_without_a_curtain():
    flow, _ = flow_of(people_to_act=[0], private=False)
    with pytest.raises(Refused):
        flow.pass_curtain()
    assert flow.state == State(Mode.TABLE, 0)


def test_a_curtain_whose_person_no_longer_must_act_comes_down():
    flow, game = flow_of(people_to_act=[1])
    game.acting = [0]  # another screen's move changed the turn
    assert flow.settle() == State(Mode.CURTAIN, 0)
    game.acting, game.bots = [], [2]
    assert flow.settle() == State(Mode.BOTS)


def test_hide_puts_the_curtain_back():
    flow, _ = flow_of(people_to_act=[0])
    flow.pass_curtain()
    assert flow.hide() == State(Mode.CURTAIN, 0) and flow.holder is None
    with pytest.raises(Refused):
        flow.hide()


# -- peeks -----------------------------------------------------------------------------------------
def test_a_peek_from_the_table_view_ends_where_it_began():
    flow, game = flow_of(people_to_act=[], bots=[2])
    assert flow.state == State(Mode.BOTS)
    assert flow.ask_peek().mode is Mode.CHOOSING
    assert flow.halted and not flow.bots_may_act()
    assert flow.choose_peeker(1) == State(Mode.CURTAIN, 1, peek=True)
    assert flow.pass_curtain() == State(Mode.PEEK, 1)
    assert flow.viewer == 1 and flow.actor is None and flow.halted
    game.bots = [2]
    flow.settle()  # the game waits during a peek
    assert flow.state == State(Mode.PEEK, 1)
    assert flow.end_peek() == State(Mode.BOTS)
    assert flow.holder is None and flow.viewer is None


def test_peek_from_someone_else_s_curtain_returns_to_that_curtain():
    flow, _ = flow_of(people_to_act=[0])
    flow.ask_peek()
    flow.choose_peeker(1)
    flow.pass_curtain()
    assert flow.state == State(Mode.PEEK, 1)
    assert flow.ask_peek() == State(Mode.CURTAIN, 0)  # p again ends the peek
    assert flow.holder is None


def test_choosing_the_person_whose_curtain_is_up_is_their_curtain():
    flow, _ = flow_of(people_to_act=[0])
    flow.ask_peek()
    assert flow.choose_peeker(0) == State(Mode.CURTAIN, 0)
    flow.ask_peek()
    assert flow.choose_peeker(None) == State(Mode.CURTAIN, 0)


def test_leaving_a_peek_curtain_ends_the_peek():
    flow, _ = flow_of(people_to_act=[], bots=[2])
    flow.ask_peek()
    flow.choose_peeker(0)
    assert flow.end_peek() == State(Mode.BOTS)


def test_peeks_refused_where_they_make_no_sense():
    flow, game = flow_of(people_to_act=[0])
    flow.pass_curtain()
    with pytest.raises(Refused, match="already on screen"):
        flow.ask_peek()  # one's own view is on screen
    with pytest.raises(Refused):
        flow.end_peek()
    with pytest.raises(Refused):
        flow.choose_peeker(1)
    game.over = True
    game.acting = []
    flow.settle()
    with pytest.raises(Refused, match="over"):
        flow.ask_peek()


def test_nobody_outside_this_screen_can_peek_here():
    flow, _ = flow_of(people=[0, 1], people_to_act=[], bots=[3])
    flow.ask_peek()
    with pytest.raises(Refused):
        flow.choose_peeker(3)
    assert flow.state.mode is Mode.CHOOSING


def test_nothing_done_during_a_peek_acts_in_the_game():
    flow, _ = flow_of(people_to_act=[0])
    flow.ask_peek()
    flow.choose_peeker(1)
    flow.pass_curtain()
    assert flow.actor is None
    with pytest.raises(Refused, match="peek"):
        flow.undo_seat()
    with pytest.raises(Refused):
        flow.move_made(public=False)


# -- interludes ----------------------------------------------------------------------------------
def test_news_for_everyone_comes_before_the_next_curtain():
    flow, game = flow_of(people_to_act=[0])
    flow.pass_curtain()
    game.acting = [1]
    flow.move_made(public=False)
    flow.add_interlude("hand 1 is over")
    assert flow.settle() == State(Mode.INTERLUDE)
    assert flow.viewer is None and flow.current_interlude() == "hand 1 is over"
    assert flow.interlude_done() == State(Mode.CURTAIN, 1)
    with pytest.raises(Refused):
        flow.interlude_done()


def test_news_waits_until_a_peek_is_over():
    flow, _ = flow_of(people_to_act=[], bots=[2])
    flow.ask_peek()
    flow.choose_peeker(0)
    flow.pass_curtain()
    flow.add_interlude("a round replayed")
    assert flow.settle() == State(Mode.PEEK, 0)
    assert flow.end_peek() == State(Mode.INTERLUDE)


def test_news_then_the_results():
    flow, game = flow_of(people=[0], people_to_act=[0])
    game.acting, game.over = [], True
    flow.move_made(public=False)
    assert flow.state == State(Mode.RESULTS)
    flow.add_interlude("final sheets")  # (the screen adds the news of the move just made)
    assert flow.settle() == State(Mode.INTERLUDE)
    assert flow.interlude_done() == State(Mode.RESULTS)


# -- taking a move back ------------------------------------------------------------------------------
def test_take_back_only_from_one_s_own_view():
    flow, game = flow_of(people_to_act=[0])
    with pytest.raises(Refused, match="own view"):
        flow.undo_seat()  # the curtain is up
    flow.pass_curtain()
    assert flow.undo_seat() == 0
    game.acting = [1]
    flow.move_made(public=False)
    with pytest.raises(Refused):
        flow.undo_seat()  # the curtain for the next person is up: the move stands


def test_on_the_table_view_the_last_public_mover_may_take_it_back():
    """A decision made in front of everyone (This is Mine!'s claims and answers): on the table
    view, whoever made the last move there may take it back (the rules then say whether they
    still may); before any such move, nobody."""
    flow, game = flow_of(people_to_act=[0], private=False)
    assert flow.state == State(Mode.TABLE, 0)
    with pytest.raises(Refused, match="nothing to take back"):
        flow.undo_seat()
    game.acting = [1]
    flow.move_made(public=True)  # Ann claims; Bob is to answer, on the table view
    assert flow.state == State(Mode.TABLE, 1) and flow.viewer is None
    assert flow.undo_seat() == 0
    game.acting = [0]
    flow.move_made(public=True)  # Bob refuses; Ann is to answer
    assert flow.undo_seat() == 1
    game.acting, game.bots = [], [2]
    flow.move_made(public=True)  # Ann accepts; a bot answers next
    assert flow.state.mode is Mode.BOTS and flow.undo_seat() == 0


def test_a_private_turn_or_its_curtain_forgets_the_public_mover_a_peek_does_not():
    flow, game = flow_of(people_to_act=[0], private=False)
    game.acting = [1]
    flow.move_made(public=True)
    flow.ask_peek()
    flow.choose_peeker(0)
    flow.pass_curtain()
    with pytest.raises(Refused, match="peek"):
        flow.undo_seat()
    flow.end_peek()
    assert flow.state == State(Mode.TABLE, 1) and flow.undo_seat() == 0
    game.private = True  # the end of the game: private choices, behind the curtain
    flow.settle()
    assert flow.state == State(Mode.CURTAIN, 1)
    with pytest.raises(Refused):
        flow.undo_seat()
    flow.pass_curtain()
    assert flow.undo_seat() == 1  # Bob's own view: his own moves only
    game.acting, game.private = [], False
    flow.move_made(public=False)
    assert flow.state == State(Mode.TABLE) and flow.public_mover is None
    with pytest.raises(Refused):
        flow.undo_seat()


def test_a_public_claim_is_taken_back_in_hot_seat():
    """Issue 21: in hot seat u refused to take back a claim, a refusal; now the person who
    made it takes it back on the table view while nobody has answered."""
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], 3)
    session = GameSession(match, None)
    flow = session.flow
    while match.state.phase == "split":
        seat = match.to_act()[0]
        session.apply(seat, match.legal_actions(seat)[0])
    claimer = match.to_act()[0]
    assert flow.state == State(Mode.TABLE, claimer)
    log = list(match.log)
    session.apply(claimer, Action("claim", (0,)))
    answerer = match.to_act()[0]
    assert flow.state == State(Mode.TABLE, answerer) and flow.viewer is None
    assert session.undo() is None  # the claim is taken back
    assert match.log == log and flow.state == State(Mode.TABLE, claimer)
    session.apply(claimer, Action("claim", (0,)))
    refusal = next(a for a in match.legal_actions(answerer) if a.kind == "refuse")
    session.apply(answerer, refusal)
    assert session.undo() is None  # the refusal, by the one who refused
    assert match.to_act() == [answerer] and match.state.claim == 0
    session.apply(answerer, Action("accept"))
    after = match.to_act()[0]
    session.apply(after, Action("accept"))  # the lot is taken: that stands
    reason = session.undo()
    assert reason is not None and "cannot be taken back" in reason


def test_the_replay_flow_follows_the_chosen_seat_and_never_acts():
    seat = [1]
    flow = ReplayFlow(lambda: seat[0])
    assert flow.viewer == 1 and flow.actor is None
    seat[0] = 2
    assert flow.viewer == 2 and flow.settle() == State(Mode.TABLE)
    assert not flow.private_views


# -- the real session ------------------------------------------------------------------------------
def test_the_session_drives_the_flow_of_a_real_game():
    """The issue's reproduction: Ann predicts; at Bob's curtain somebody peeks as Ann and
    presses u: nothing is taken back."""
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")], 101)
    session = GameSession(match, None)
    flow = session.flow
    match.run_bots()
    session.flow.settle()
    assert flow.state == State(Mode.CURTAIN, 0)
    flow.pass_curtain()
    session.apply(0, Action("predict", (0, 1)))
    assert flow.state == State(Mode.CURTAIN, 1)
    flow.ask_peek()
    flow.choose_peeker(0)
    flow.pass_curtain()
    assert flow.state == State(Mode.PEEK, 0)
    assert "peek" in session.undo()
    assert len(match.log) == 2 and match.log[-1] == (0, Action("predict", (0, 1)))


def test_the_flow_imports_no_textual():
    code = ("import sys; import allmine_tui.ui.flow, allmine_tui.ui.session; "
            "sys.exit(1 if 'textual' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
