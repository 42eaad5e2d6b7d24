"""The All Mine! table by keys: the cursor stops at the ends, predictions by Enter alone, one
notice for a repeated refusal, every trick slot named, the last trick before a hand's scores, a
fixed column per suit of backs, and a top line that keeps every score at 100 columns."""
from __future__ import annotations

import io

from audit_drivers import play_by_rules_until
from rich.console import Console
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.all_mine.cards import card_name
from allmine_tui.games.all_mine.screen import AllMineScreen
from allmine_tui.games.all_mine.widgets import VOID, TablePanel, TrickArea
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.notice import NoticeScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import notices, on_screen, until_idle, wait_until




def three(seed: int, names=("Ann", "Bob", "Cleo")) -> Match:
    return Match("all-mine", [Seat(names[0])] + [Seat(n, "random") for n in names[1:]], seed)


def ann_must_follow(match: Match) -> bool:
    """Ann to play, holding the led suit and some other suit, the led suit not at either end
    of her hand."""
    st = match.state
    if st.phase != "play" or match.to_act() != [0] or not st.trick:
        return False
    led = st.trick[0][1] // 12
    hand = match.view(0)["hand"]
    on = [i for i, c in enumerate(hand) if c // 12 == led]
    return bool(on) and len(on) < len(hand) and 0 < on[0] and on[-1] < len(hand) - 1


async def test_arrows_stop_at_the_ends_and_rest_on_cards_that_cannot_be_played():
    match = play_by_rules_until(three(5), ann_must_follow, seed=1)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, AllMineScreen)
        hand, playable = game._view["hand"], set(game._view["playable"])
        assert hand[game.cursor] in playable  # a turn starts on a card that may be played
        await pilot.press(*["left"] * (len(hand) + 3))
        assert game.cursor == 0  # no wrapping round to the far end
        assert hand[0] not in playable  # the cursor rests on a dim card
        before = match.to_json()
        for _ in range(5):
            await pilot.press("enter")
        await wait_until(pilot, lambda: notices(app, "follow suit"), "the refusal explained")
        await until_idle(pilot)
        assert match.to_json() == before
        assert notices(app, "follow suit") == 1  # explained once, never a stack
        await pilot.press(*["right"] * (len(hand) + 3))
        assert game.cursor == len(hand) - 1
        # a suit key jumps to a card that can be played, and Enter plays it
        led = match.state.trick[0][1] // 12
        await pilot.press("cgmd"[led])
        card = hand[game.cursor]
        assert card in playable
        moves = len(match.log)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(match.log) > moves, "Ann's card played")
        assert match.log[moves][0] == 0 and match.log[moves][1].args[0] == card
        assert card not in match.state.hands[0]


async def test_prediction_by_enter_alone_and_no_stack_of_notices():
    match = three(2)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, AllMineScreen)
        await pilot.press("enter")
        # Most is the first suit; the cursor went to Fewest, on the first suit still allowed
        assert game.picks == [0, None] and (game.pick_row, game.pick_col) == (1, 1)
        await pilot.press("enter")
        assert game.picks == [0, 1]
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.predictions[0], "Ann's prediction")
        assert match.state.predictions[0] == [0, 1]
    match = three(2)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, AllMineScreen)
        await pilot.press("c")
        for _ in range(10):  # Crystals again for Fewest: refused, one notice
            await pilot.press("c")
        await wait_until(pilot, lambda: notices(app, "two different suits"), "the refusal")
        await until_idle(pilot)
        assert game.picks == [0, None]
        assert notices(app, "two different suits") == 1
        # the arrows stop at the ends of the row of tiles
        await pilot.press(*["right"] * 6)
        assert game.pick_col == 3


async def test_every_trick_slot_names_its_player_before_they_play():
    names = ("Ann", "Bob", "Cleo", "Dan")
    match = Match("all-mine", [Seat(n) if n == "Ann" else Seat(n, "random") for n in names], 3)

    play_by_rules_until(match, lambda m: m.state.phase == "play" and len(m.state.trick) == 1
                        and m.to_act() == [0], seed=2)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        area = app.screen.query_one(TrickArea)
        names_line = area.query_one("#trick-slots").content.plain.splitlines()[0]
        slot = TrickArea.SLOT_W
        labels = [names_line[i * slot:(i + 1) * slot].rstrip() for i in range(4)]
        leader = match.state.trick[0][0]
        order = [names[(leader + i) % 4] for i in range(4)]
        assert [label[2:] for label in labels] == order
        assert labels[1].startswith("▶")  # Ann's slot: her turn
        middle = area.query_one("#trick-slots").content.plain.splitlines()[2]
        assert "?" in middle[2 * slot:3 * slot] and area.cards[2] is None


async def test_the_last_trick_and_its_taker_come_before_the_hand_scores():
    match = play_by_rules_until(three(7), lambda m: m.state.phase == "play" and m.to_act() == [0]
                                and len(m.state.hands[0]) == 1 and m.state.tricks_done == 11,
                                seed=3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        await pilot.press("enter")  # Ann's last card; the bots finish the trick
        await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen), "the hand's end")
        assert match.state.hand_no == 1  # the table underneath has moved on
        last, winner = match.state.last_trick, match.state.last_winner
        assert len(last) == 3
        text = screen_text(app)
        assert "The last trick" in text
        for _seat, c in last:
            assert card_name(c) in text
        assert f"{['Ann', 'Bob', 'Cleo'][winner]} took the last trick" in text
        assert "Hand 1 of 3 is over" in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, AllMineScreen), "the table")
        await pilot.pause()
        # a new hand: nothing of the previous one on the trick area
        area = app.screen.query_one(TrickArea)
        assert area.cards == [None, None, None]


async def test_the_final_hand_is_shown_before_the_results():
    match = play_by_rules_until(three(8), lambda m: m.state.hand_no == 2 and m.state.phase
                                == "play" and m.to_act() == [0] and len(m.state.hands[0]) == 1
                                and m.state.tricks_done == 11, seed=4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, (NoticeScreen, ResultsScreen)),
                         "the last hand's end")
        assert isinstance(app.screen, NoticeScreen) and match.is_over()
        assert "Hand 3 of 3 is over" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")


async def test_backs_keep_a_column_per_suit_and_mark_a_void():
    def void(m: Match) -> bool:
        st = m.state
        return st.phase == "play" and m.to_act() == [0] and any(
            0 < sum(1 for c in h if c // 12 == s) for h in st.hands for s in range(4)) and any(
            not any(c // 12 == s for c in st.hands[p]) for p in (1, 2) for s in (0, 1, 2))

    match = play_by_rules_until(three(4), void, seed=5)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        panel = app.screen.query_one(TablePanel)
        console = Console(width=panel.content_size.width, file=io.StringIO(), record=True,
                          color_system=None)
        console.print(panel.content)
        lines = console.export_text().splitlines()
        header, rows = lines[0], lines[1:4]
        columns = [header.index(tag) for tag in ("◆C", "$G", "▲M", "●D")]
        for seat, row in enumerate(rows):
            for suit, x in enumerate(columns):
                k = match.view(None)["hand_suits"][seat][suit]
                cell = row[x:x + 8]
                if k:
                    assert cell.startswith("▮") and f" {k}" in cell, (row, suit)
                else:
                    assert cell.startswith(VOID), (row, suit)


async def test_top_line_keeps_every_score_at_100_columns():
    names = ("Annabelle Smithy", "Bartholomew Ray", "Cleopatra Jones", "Dan")
    match = Match("all-mine", [Seat(n) if n == names[0] else Seat(n, "random") for n in names], 6)
    match.state.scores = [12, 7, 30, 4]
    play_by_rules_until(match, lambda m: m.state.phase == "play" and m.to_act() == [0], seed=6)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        status = app.screen.query_one("#status-bar").content.plain
        assert len(status) <= 98
        for name, score in zip(names, (12, 7, 30, 4)):
            assert f"{name[:5]}" in status and f" {score}" in status
        prompt = app.screen.query_one("#prompt").content.plain
        assert prompt.startswith("Your turn") and len(prompt) <= 98


def test_help_names_the_suit_keys_for_every_choice():
    from allmine_tui.games.all_mine.screen import CONTROLS

    text = " ".join(CONTROLS.split())
    assert "**c g m d** jump to your next card of that suit" in text
    assert "(**c**, **g**, **m**, **d**)" in text
    assert "press the suit letter (c g m d)" in text


async def test_a_resize_lays_the_top_line_and_the_table_out_again():
    names = ("Annabelle Smithy", "Bartholomew Ray", "Cleopatra Jones")
    match = Match("all-mine", [Seat(names[0])] + [Seat(n, "random") for n in names[1:]], 6)
    play_by_rules_until(match, lambda m: m.state.phase == "play" and m.to_act() == [0], seed=6)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await on_screen(pilot, AllMineScreen)
        panel = app.screen.query_one(TablePanel)
        assert all(n in screen_text(app) for n in names)  # the room is used: whole names
        wide = app.screen.query_one("#status-bar").content.plain
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: app.screen.query_one("#status-bar").content.plain != wide,
                         "the status line rewritten for 100 columns")
        status = app.screen.query_one("#status-bar").content.plain
        assert status != wide and len(status) <= 98
        assert all(f" {s}" in status for s in match.state.scores)
        assert panel.content_size.width <= 98


# -- the second pass over the table (issue 21) -----------------------------------------------------
def finished_four() -> Match:
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random"),
                               Seat("Dan", "random")], 21)
    return play_by_rules_until(match, lambda m: False, seed=4)


async def test_the_final_table_fits_100_columns_and_calls_nobody_you():
    from allmine_tui.ui.screens.final_table import FinalControls

    match = finished_four()
    assert match.is_over()
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen(GameSession(match, None)))
        await until_idle(pilot)
        await pilot.press("f")
        await wait_until(pilot, lambda: isinstance(app.screen, FinalControls), "the final table")
        await until_idle(pilot)
        screen = app.screen
        status = screen.query_one("#status-bar").content.plain
        assert status.startswith(" FINAL TABLE ") and len(status) <= 98
        for name in ("Ann", "Bob", "Cleo", "Dan"):
            assert name in status  # every score stays on the top line
        assert "(you)" not in screen_text(app) and "viewing as" not in screen_text(app)
        keys = screen_text(app).splitlines()[-1]
        assert "Back" in keys and len(keys) <= 100
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "back at the results")


async def test_the_replay_shows_the_end_of_a_hand_as_a_step_of_its_own():
    from allmine_tui.ui.screens.replay import ReplaySession, open_replay

    match = finished_four()
    timeline_ends = [k for k, (_s, _a) in enumerate(match.log, start=1)]
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        open_replay(app, match, 0)
        await wait_until(pilot, lambda: isinstance(getattr(app.screen, "session", None),
                                                   ReplaySession), "the replay")
        await until_idle(pilot)
        replay = app.screen
        session = replay.session
        assert isinstance(session, ReplaySession)
        # the position just before the move that ended the first hand
        end = next(k for k in timeline_ends
                   if any(e.kind == "hand_scored" for e in session.timeline.events[
                       session.timeline.marks[k - 1]:session.timeline.marks[k]]))
        session.goto(end - 1)
        replay.render_flow()
        await pilot.press("right")
        await wait_until(pilot, lambda: app.screen is not replay, "the hand's end")
        assert isinstance(app.screen, NoticeScreen)  # the hand's end, its own step
        assert "The last trick" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is replay, "back at the replay")
        assert session.position == end
        await pilot.press("left")
        await wait_until(pilot, lambda: session.position == end - 1, "a step back")
        await until_idle(pilot)
        assert app.screen is replay  # going back shows no news


async def test_the_card_just_played_stands_out_and_the_top_line_counts_the_trick_won():
    match = play_by_rules_until(three(5), lambda m: m.state.phase == "play" and m.to_act() == [0]
                                and len(m.state.trick) == 2, seed=1)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        area = app.screen.query_one(TrickArea)
        names = area.query_one("#trick-slots").content.plain.splitlines()[0]
        latest = match.state.trick[-1][0]
        slot = TrickArea.SLOT_W
        cells = [names[i * slot:(i + 1) * slot] for i in range(3)]
        marked = [c for c in cells if c.startswith("•") or c.startswith("✔")]
        assert any(["Ann", "Bob", "Cleo"][latest] in c for c in marked)
    heap = play_by_rules_until(three(3), lambda m: m.state.phase == "heap"
                               and m.to_act() == [0], seed=2)
    app = AllMineApp(GameSession(heap, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, AllMineScreen)
        status = app.screen.query_one("#status-bar").content.plain
        done = heap.state.tricks_done
        assert f"trick {done}/" in status and "won" in status
