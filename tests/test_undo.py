"""Taking a move back: what each game allows, and that the save afterwards is exactly the save of
the game in which the move was never made (and, made again, exactly the save after it)."""
from __future__ import annotations

import random

import pytest

from allmine_tui import storage
from allmine_tui.engine import Action, IllegalAction, Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.ui.flow import Mode, State
from allmine_tui.ui.session import GameSession

GAME_IDS = list(GAMES)


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch):
    monkeypatch.setattr(storage.time, "time", lambda: 1_700_000_000.0)
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)  # the bytes are what matter here


def save_bytes(match: Match, tmp_path) -> bytes:
    path = tmp_path / "game.json"
    storage.write_save(path, match, created=1.0)
    return path.read_bytes()


def humans(game_id: str, n: int | None = None) -> Match:
    n = n or GAMES[game_id].min_players
    return Match(game_id, [Seat(name) for name in ("Ann", "Bob", "Cleo", "Dan", "Eve")[:n]], 11)


def play(match: Match, *moves) -> None:
    for seat, kind, *args in moves:
        match.apply(seat, Action(kind, tuple(args)))


def may(match: Match, seat: int) -> bool:
    return match.undo_refusal(seat) is None


# -- every game: undo gives back the save byte for byte ---------------------------------------
def removed_entries(old: list, new: list) -> list[int]:
    """Indices of ``old`` missing from ``new`` (``new`` is ``old`` with some entries deleted)."""
    out, j = [], 0
    for i, entry in enumerate(old):
        if j < len(new) and new[j] == entry:
            j += 1
        else:
            out.append(i)
    assert j == len(new)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_restores_the_save_and_redo_repeats_it(game_id, tmp_path):
    match = humans(game_id, min(3, GAMES[game_id].max_players))
    rng = random.Random(game_id)
    saves = {(): save_bytes(match, tmp_path)}  # by log
    undone = redone = 0
    while not match.is_over() and len(match.log) < 100:
        seat = rng.choice(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        saves[tuple(match.log)] = save_bytes(match, tmp_path)
        if match.undo_refusal(seat) is not None:
            continue
        old = list(match.log)
        taken = match.undo(seat)
        undone += 1
        gone = removed_entries(old, match.log)
        assert len(gone) == taken and all(old[i][0] == seat for i in gone)
        assert match.events[-1].text == f"{{{seat}}} took back a move."
        # the save is the save of the game in which those moves were never made...
        never = Match.replay(game_id, match.seats, match.seed, match.options, match.log)
        assert save_bytes(match, tmp_path) == save_bytes(never, tmp_path)
        if tuple(match.log) in saves:  # ...so the save from before, when they were the last
            assert save_bytes(match, tmp_path) == saves[tuple(match.log)]
            redone += 1
            for s, a in old[len(match.log):]:  # and the same moves again: the same saves
                match.apply(s, a)
                assert save_bytes(match, tmp_path) == saves[tuple(match.log)]
        else:  # others' moves came after (and could not tell): the game goes on without it
            saves[tuple(match.log)] = save_bytes(match, tmp_path)
    assert undone >= 5 and redone >= 3
    again = Match.from_json(match.to_json())  # and the log still replays to the same game
    assert again.to_json() == match.to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bots_never_undo(game_id):
    n = max(2, GAMES[game_id].min_players)
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "random") for i in range(1, n)]
    match = Match(game_id, seats, 5)
    assert match.undo_refusal(0) == "You have not made a move yet."
    while not any(s for s, _a in match.log):
        match.step_bot() if match.bot_seats_to_act() else \
            match.apply(0, match.legal_actions(0)[0])
    bot = next(s for s, _a in match.log if s)
    assert match.undo_refusal(bot) == "Bots never take back their moves."
    before = match.to_json()
    with pytest.raises(IllegalAction):
        match.undo(bot)
    assert match.to_json() == before


def test_a_move_the_next_player_saw_stands():
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    match.run_bots()
    match.apply(0, Action("predict", (0, 1)))
    while match.to_act() != [0]:
        match.step_bot()
    match.apply(0, match.legal_actions(0)[0])  # Ann plays a card...
    assert match.undo_refusal(0) is None
    if match.state.trick:  # ...and a bot plays after seeing it in the trick
        match.step_bot()
        assert "has played since and could tell" in match.undo_refusal(0)
    else:  # or it closed the trick: the next one starts from what Ann's card did
        match.run_bots()
        assert match.undo_refusal(0) is not None
    before = match.to_json()
    with pytest.raises(IllegalAction):
        match.undo(0)
    assert match.to_json() == before


def test_a_bot_that_could_not_tell_does_not_stop_an_undo(tmp_path):
    """Ann adds a card to her secret fleet; the bot launches meanwhile (it cannot see her fleet):
    she can still take the card back, and the game is the one where she never added it."""
    seats = [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")]
    match = Match("mine-all-mine", seats, 12)
    card = match.state.hands[0][0]
    match.apply(0, Action("add", (card, 0)))
    match.step_bot()  # Bob launches...
    bob = list(match.log[1:])
    assert match.undo_refusal(0) is None
    match.undo(0)
    assert match.log == bob and match.state.pending[0] == []
    never = Match.replay("mine-all-mine", seats, 12, {}, bob)
    assert save_bytes(match, tmp_path) == save_bytes(never, tmp_path)
    assert [e.text for e in match.events] == [e.text for e in never.events] + \
        ["{0} took back a move."]
    # but a launch is seen by the others: once one of them has acted since, it stands
    match.apply(0, Action("add", (card, 0)))
    match.apply(0, Action("launch"))
    match.step_bot()
    assert "could tell" in match.undo_refusal(0)


def test_a_finished_game_cannot_be_taken_back():
    match = humans("mine-all-mine", 2)
    rng = random.Random(3)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert match.undo_refusal(match.log[-1][0]) == "The game is over: its moves stand."


def test_bot_rng_is_where_it_was_before_the_move():
    """A bot that thought about a move which was then taken back does not change the game: the
    bots go on as if the move had never been made."""
    seats = [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")]
    plain = Match("all-mine", seats, 21)
    plain.run_bots()
    undone = Match("all-mine", seats, 21)
    undone.run_bots()
    human_predicts = Action("predict", (0, 1))
    for m in (plain, undone):
        m.apply(0, human_predicts)
    # all predictions are in now, so the first card played by Ann (if she leads) or a bot...
    seat = undone.to_act()[0]
    if seat != 0:
        undone.run_bots()
        plain.run_bots()
    card = undone.legal_actions(0)[0]
    undone.apply(0, card)
    assert undone.bot_seats_to_act()
    undone.bot_choice(undone.bot_seats_to_act()[0])  # a bot thinks (drawing from the RNG)
    undone.undo(0)
    undone.apply(0, card)
    plain.apply(0, card)
    plain.run_bots()
    undone.run_bots()
    assert undone.log == plain.log


# -- what each game allows ----------------------------------------------------------------------
def test_all_mine_predictions_and_cards():
    match = humans("all-mine")
    seats = match.to_act()
    play(match, (seats[0], "predict", 0, 1))
    assert may(match, seats[0])  # the others have not placed theirs
    play(match, (seats[1], "predict", 1, 2))
    assert not may(match, seats[0])  # someone has acted since
    play(match, (seats[2], "predict", 2, 3))
    assert not may(match, seats[2])  # the last prediction reveals them all
    leader = match.to_act()[0]
    match.apply(leader, match.legal_actions(leader)[0])
    assert may(match, leader)  # a card played before the next player acts
    nxt = match.to_act()[0]
    match.apply(nxt, match.legal_actions(nxt)[0])
    assert not may(match, leader)


def test_all_mine_the_card_that_ends_a_hand_stands():
    match = humans("all-mine")
    rng = random.Random(4)
    while match.state.hand_no == 0:
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert match.state.history and not may(match, match.log[-1][0])


def test_all_in_writing_and_the_last_writer():
    match = humans("all-in", 2)
    card = match.legal_actions(0)[0]
    match.apply(0, card)
    assert may(match, 0)  # a chosen card is no secret of anyone else's
    match.apply(0, match.legal_actions(0)[0])  # written: Bob has still to write
    assert may(match, 0)
    assert match.undo(0) == 2  # the space and the card chosen for it: the whole move
    assert match.log == [] and match.state.choice == [None, None]
    for seat in (0, 1):
        match.apply(seat, match.legal_actions(seat)[0])
        match.apply(seat, match.legal_actions(seat)[0])
    assert match.state.round == 2
    assert not may(match, 1)  # the last writer ended the round: new cards are revealed


def test_mine_all_mine_fleet_and_launch():
    match = humans("mine-all-mine", 3)
    play(match, (0, "add", match.state.hands[0][0], 0))
    assert may(match, 0)
    play(match, (0, "remove", match.state.hands[0][0]))
    assert may(match, 0)
    play(match, (0, "add", match.state.hands[0][1], 1), (0, "launch"))
    assert may(match, 0)  # the others are still assembling
    play(match, (1, "add", match.state.hands[1][0], 0), (1, "launch"))
    assert may(match, 1)
    play(match, (2, "add", match.state.hands[2][0], 0), (2, "launch"))
    assert not may(match, 2)  # the last launch reveals every fleet and plays the round
    assert match.state.round_no == 1


def test_mine_all_mines_within_the_turn():
    match = humans("mine-all-mines", 2)
    seat = match.to_act()[0]
    play(match, (seat, "dealer"))
    assert may(match, seat)  # the dwarf played takes gems from the open supply only
    match.undo(seat)
    assert "dealer" in match.state.hands[seat] and match.state.phase == "play"
    rng = random.Random(2)
    while True:  # on to a turn where the player can trade or swap
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        deals = [a for a in legal if a.kind in ("swap", "trade")]
        if deals:
            break
        match.apply(seat, rng.choice(legal))
    match.apply(seat, deals[0])
    assert may(match, seat)
    play(match, (seat, "end"))
    assert not may(match, seat)  # the turn has passed on


def test_mine_all_mines_a_purchase_that_turns_a_card_stands():
    match = humans("mine-all-mines", 2)
    rng = random.Random(9)
    seen = {True: 0, False: 0}
    while not match.is_over() and min(seen.values()) == 0:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        buys = [a for a in legal if a.kind == "buy"]
        action = buys[0] if buys else rng.choice(legal)
        before = (len(match.state.jewelry_deck), len(match.state.support_deck))
        match.apply(seat, action)
        if action.kind == "buy":
            turned = before != (len(match.state.jewelry_deck), len(match.state.support_deck))
            assert may(match, seat) is not turned
            seen[not turned] += 1
    assert seen[False]  # purchases that turned over a card were met (and refused)


def test_this_is_mine_split_and_negotiation():
    match = humans("this-is-mine", 3)
    leader = match.to_act()[0]
    n_cards = len(match.state.revealed)
    for i in range(n_cards - 1):
        match.apply(leader, match.legal_actions(leader)[0])
        assert may(match, leader)  # a card put in a lot before the split is complete
    match.apply(leader, match.legal_actions(leader)[0])
    assert match.state.phase == "negotiate" and not may(match, leader)
    play(match, (leader, "claim", 0))
    assert may(match, leader)  # nobody has answered yet
    first = match.to_act()[0]
    play(match, (first, "accept"))
    assert may(match, first)  # another heir still has to answer
    second = match.to_act()[0]
    play(match, (second, "accept"))
    assert not may(match, second)  # the lot is taken: its cards go into a hand


# -- the app side --------------------------------------------------------------------------------
def test_session_undo_only_while_the_player_still_looks(tmp_path):
    match = humans("mine-all-mine", 2)
    session = GameSession(match, tmp_path / "g.json")
    assert session.flow.state == State(Mode.CURTAIN, 0)
    session.flow.pass_curtain()
    card = match.state.hands[0][0]
    session.apply(0, Action("add", (card, 0)))
    assert session.flow.viewer == 0
    assert session.undo() is None
    assert match.log == [] and match.events[-1].text == "{0} took back a move."
    assert storage.load_match(tmp_path / "g.json")[0].log == []  # saved at once
    session.apply(0, Action("add", (card, 0)))
    session.apply(0, Action("launch"))
    assert session.flow.state == State(Mode.CURTAIN, 1)  # Bob's turn: his curtain first
    assert session.flow.viewer is None
    assert "your own view" in session.undo()
    assert len(match.log) == 2


def test_session_undo_with_one_human_and_bots(tmp_path):
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 8)
    session = GameSession(match, tmp_path / "g.json")
    match.run_bots()
    session.apply(0, Action("predict", (0, 1)))  # the bots predicted first: this reveals all
    assert session.undo() == ("That move cannot be taken back: it revealed something or passed "
                              "the turn on.")
    assert session.format(match.events[-1], 0).startswith("Predictions revealed")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_state_kept_before_a_move_plans_as_a_replay_would(game_id):
    """Taking back a person's last move starts from the game kept before it (no replay of the
    log): the answer and the game without the move are exactly those a replay gives, after
    every move of a person in a game with bots (other seats moving since included)."""
    spec = GAMES[game_id]
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", "random") for i in range(spec.min_players - 1)]
    match = Match(game_id, seats, 5)
    rng = random.Random(game_id)
    checked = kept_used = 0
    while not match.is_over() and checked < 40:
        match.run_bots()
        if match.is_over() or 0 not in match.to_act():
            continue
        match.apply(0, rng.choice(match.legal_actions(0)))
        for bots_too in (False, True):  # just after the move, then after the bots' answer
            if bots_too:
                match.run_bots()
            index = max(i for i, (seat, _a) in enumerate(match.log) if seat == 0)
            kept = match.state_before(index)
            match._plan = None
            fast = match._undo_plan(0)
            match._plan, saved, match._before = None, match._before, None  # no state kept
            slow = match._undo_plan(0)
            match._before, match._plan = saved, None
            assert type(fast) is type(slow)
            if isinstance(fast, str):
                assert fast == slow
            else:
                assert fast.index == slow.index
                assert match.rules.state_to_json(fast.state) == \
                    match.rules.state_to_json(slow.state)
            kept_used += kept is not None
            checked += 1
            if match.is_over() or 0 in match.to_act():
                break
    assert checked and kept_used  # (the kept state was there to use)
    # a move taken back drops it: the next plan is a replay's, or a new move's own
    if may(match, 0) and not match.is_over():
        match.undo(0)
        assert match._before is None
