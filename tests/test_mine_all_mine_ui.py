"""Mine, All Mine! on screen: a whole game by key presses, hot seat privacy, and the mouse."""
from __future__ import annotations

import pytest as _pytest

from allmine_tui.games import GAMES as _GAMES

if "mine-all-mine" not in _GAMES:  # the game joins the registry once its issue is complete
    _pytest.skip("Mine, All Mine! is not registered yet", allow_module_level=True)


import re

import pytest
from screen_text import screen_text

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.mine_all_mine.screen import MineAllMineScreen, ResolutionScreen
from allmine_tui.games.mine_all_mine.hand import HandRow
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import game_screen, lift_curtain, on_screen, until_idle, until_turn_or_next_screen, wait_until





def shown_cards(game: MineAllMineScreen) -> list[int]:
    """The cards drawn in the hand (every card: the tests' hands fit the width)."""
    return [c for _x0, _x1, c in game.query_one(HandRow).spans]


async def test_one_human_and_a_bot_play_a_whole_game_by_keys():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 5)
    app = AllMineApp(GameSession(match, None))
    resolutions = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        for step in range(300):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, ResolutionScreen):
                resolutions += 1
                text = screen_text(app)
                assert "revealed" in text and "Ann" in text and "Bob" in text
                await pilot.press("enter")  # turn 1
                assert "turn 1" in screen_text(app)
                await pilot.press("r", "enter")
                await wait_until(pilot, lambda: app.screen is not screen, "the replay closed")
                continue
            game = game_screen(app, MineAllMineScreen)
            if game is screen and 0 in match.to_act():
                state = match.state
                if not state.pending[0]:
                    hand = sorted(state.hands[0])
                    game.cursor = game.option = 0
                    # vary: second card, third option (arrows), or first card, option 3 (digit)
                    if step % 2 and len(hand) > 1:
                        await pilot.press("right", "down", "down", "space")
                        assert state.pending[0] == [[hand[1], 2]]
                    else:
                        await pilot.press("3", "space")
                        assert state.pending[0] == [[hand[0], 2]]
                    text = screen_text(app)
                    assert "YOUR FLEET" in text and "Speed" in text and "Cargo" in text
                await pilot.press("l")
            else:  # the bot's turn, or another screen on top: wait until that changes
                await until_turn_or_next_screen(pilot, screen, match)
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over() and resolutions == 3
        await wait_until(pilot, lambda: "Total" in screen_text(app), "the results' totals")


async def test_launch_needs_a_card_and_nothing_changes():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await pilot.press("l")
        await wait_until(pilot, lambda: any("at least one card" in n.message
                                            for n in app._notifications), "the launch refused")
        assert not match.state.launched[0] and match.state.pending[0] == []


async def test_hot_seat_keeps_hands_and_fleets_private():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob")], 11)
    app = AllMineApp(GameSession(match, None))
    curtains = 0
    viewers = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, MineAllMineScreen), "the game screen")
        await until_idle(pilot)
        for _step in range(200):
            if match.state.round_no >= 2 or match.is_over():
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains += 1
                text = screen_text(app)
                assert not re.search(r"#\d+", text) and "YOUR FLEET" not in text
                await lift_curtain(pilot, screen)
                continue
            if isinstance(screen, ResolutionScreen):
                await pilot.press("r", "enter")
                await wait_until(pilot, lambda: app.screen is not screen, "the replay closed")
                continue
            game = game_screen(app, MineAllMineScreen)
            viewer = game.viewer
            state = match.state

            def moved_on() -> bool:
                return (app.screen is not screen or game.viewer != viewer
                        or (viewer is not None and viewer in match.to_act())
                        or match.state.round_no >= 2 or match.is_over())

            if viewer is None:
                assert shown_cards(game) == []
                assert "YOUR FLEET" not in screen_text(app)
                await wait_until(pilot, moved_on, "a seat's turn after the table view")
                continue
            viewers.add(viewer)
            assert game._view["hand"] == sorted(state.hands[viewer])
            assert game._view["pending"] == state.pending[viewer]
            # only the viewer's own cards and fleet are on screen
            assert shown_cards(game) == sorted(state.hands[viewer])
            other = 1 - viewer
            text = screen_text(app)
            for c in state.hands[other]:
                assert not re.search(rf"#{c}\b", text)
            for c, _o in state.pending[other]:
                assert f"[#{c}" not in text
            if viewer in match.to_act():
                await pilot.press("space", "l", "l")  # (hot seat: the second L launches)
                await until_idle(pilot)  # (a key may have been dropped: the loop looks again)
            else:
                await wait_until(pilot, moved_on, "the viewer's turn or the next viewer")
        assert match.state.round_no >= 1
    assert viewers == {0, 1}
    assert curtains >= 2


async def test_mouse_adds_a_card_and_launches():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 9)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        game = await on_screen(pilot, MineAllMineScreen)
        hand = game.query_one(HandRow)
        x0, _x1, card = hand.spans[1]
        at = (x0 + 1 + 3, 2)  # the padding, into the card; the border, then line 2: option B
        await pilot.click(HandRow, offset=at)
        await wait_until(pilot, lambda: match.state.pending[0], "the clicked card added")
        assert match.state.pending[0] == [[card, 1]]
        await pilot.click(HandRow, offset=at)  # again: taken back
        await wait_until(pilot, lambda: not match.state.pending[0], "the card taken back")
        x0, _x1, first = hand.spans[0]
        await pilot.click(HandRow, offset=(x0 + 1 + 3, 1))
        await wait_until(pilot, lambda: match.state.pending[0], "the clicked card added")
        assert match.state.pending[0] == [[first, 0]]
        await until_idle(pilot)  # the fleet drawn
        fleet = game.query_one("#fleet")
        assert "Launch [L]" in fleet.content.plain
        await pilot.click("#fleet", offset=(1 + fleet.launch_at + 3, 0))
        await wait_until(pilot, lambda: any(seat == 0 and a.kind == "launch"
                                            for seat, a in match.log), "the launch")
        assert isinstance(app.screen, ResolutionScreen)
        await pilot.press("enter")
        assert app.screen.step == 1


def card_tops(game: MineAllMineScreen) -> list[str]:
    """Each card's top edge, as drawn."""
    hand = game.query_one(HandRow)
    top = hand.content.plain.splitlines()[0]
    return [top[x0:x1] for x0, x1, _c in hand.spans]


async def test_the_option_row_stays_where_the_player_put_it():
    """Crossing a card already in the fleet keeps the option row: the next Space adds the option
    the player chose, not that card's. The cursor stops at the ends of the hand and options."""
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 5)
    state = match.state
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMineScreen)
        hand = sorted(state.hands[0])
        assert len(hand) >= 3
        await pilot.press("right", "4", "space")  # the middle card with its action
        assert state.pending[0] == [[hand[1], 3]]
        await pilot.press("left", "1", "right", "right", "space")  # across it, with option A
        assert game.option == 0
        assert state.pending[0] == [[hand[1], 3], [hand[2], 0]]
        await pilot.press(*["right"] * len(hand), *["down"] * 6)
        assert game.cursor == len(hand) - 1 and game.option == 3  # no wrap to the first
        await pilot.press(*["up"] * 6)
        assert game.option == 0


async def test_the_cursor_shows_on_a_card_in_the_fleet():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 5)
    state = match.state
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMineScreen)
        n = len(state.hands[0])
        for _ in range(n):
            await pilot.press("space", "right")
        await pilot.press("left")
        assert len(state.pending[0]) == n
        tops = card_tops(game)
        cursor = tops[game.cursor]
        others = [t for i, t in enumerate(tops) if i != game.cursor]
        assert "▶" in cursor
        assert all("▶" not in t for t in others)
        # the heavy border of the cursor wins over the green border of a card in the fleet
        assert cursor.startswith("┏")
        assert all(t.startswith("╭") for t in others)
        assert "in your fleet" in game.query_one("#prompt").content.plain


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_prompt_never_pushes_the_cards_and_the_keys_fit(size):
    """The longest action text (Warp Jump) and a ship's one line take the same rows; the key
    line is whole; four players fit with the log still on screen."""
    match = Match("mine-all-mine", [Seat("Ann")] + [Seat(f"Bot{i}", "random") for i in range(3)],
                  5)
    state = match.state
    state.hands[0] = [1, 6, 9]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        game = await on_screen(pilot, MineAllMineScreen)
        game.show(match.view(0), 0, match.legal_actions(0))
        await until_idle(pilot)  # (the layout after the change)
        top = game.query_one(HandRow).region.y
        await pilot.press("right", "4")  # Warp Jump's long rule
        await wait_until(pilot, lambda: "Warp Jump" in screen_text(app), "Warp Jump's rule")
        await until_idle(pilot)
        assert game.query_one(HandRow).region.y == top
        keys = game.query_one("#keys").content.plain
        assert keys.endswith("u undo") and keys in screen_text(app)
        assert game.query_one("#game-log").region.height >= 3
        assert game.query_one("#fleet").region.bottom <= size[1] - 1


async def test_beginner_sides_say_two_options():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 5, {"mode": "beginner"})
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        text = screen_text(app)
        assert "1–2 option" in text and "1–4" not in text
        await pilot.press("3")
        assert any("only 2 options" in n.message for n in app._notifications)


def played_round(seed: int = 5) -> Match:
    """A finished first round where Ann flew three cards, one of them Deep Drill's action."""
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], seed)
    state = match.state
    state.hands[0] = [3, 8, 11, 12]
    state.hands[1] = [c for c in range(1, 13) if c not in state.hands[0]][:3]
    for kind, args in (("add", (3, 2)), ("add", (8, 3)), ("add", (11, 0)), ("launch", ())):
        match.apply(0, Action(kind, args))
    match.run_bots()
    return match


async def test_the_reveal_shows_whole_fleets_and_stays_viewable():
    match = played_round()
    assert match.state.round_no == 1
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMineScreen)
        text = screen_text(app)
        assert "LAST ROUND" in text and "#3C #8✦ #11A" in text  # kept on the table
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, ResolutionScreen), "the replay")
        text = screen_text(app)
        assert "#3C  #8✦Deep Drill  #11A" in text  # all three cards, the action in full
        assert "revealed" in text
        resources = match.state.last_round["resources"]
        for n in resources:
            await pilot.press("enter")
            title = app.screen.query_one("#res-title").content.plain
            assert f"({n} resource{'' if n == 1 else 's'})" in title
        await pilot.press("enter")
        assert "scored" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game, "back at the table")


def test_one_resource_is_singular():
    from allmine_tui.games.mine_all_mine.labels import plural

    assert plural(1, "resource") == "1 resource" and plural(0, "resource") == "0 resources"


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_replay_box_and_its_buttons_stay_put(size):
    """From the reveal to the scores the box keeps its place and size: a mouse on "Next turn"
    can click through the whole round."""
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "normal") for i in range(3)]
    match = Match("mine-all-mine", seats, 3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await pilot.press("space", "right", "space", "l")
        await wait_until(pilot, lambda: isinstance(app.screen, ResolutionScreen), "the replay")
        await until_idle(pilot)
        replay = app.screen
        places = set()
        for _ in range(replay.last):
            places.add((replay.query_one("#res").region, replay.query_one("#res-next").region))
            step = replay.step
            await pilot.click("#res-next")
            await wait_until(pilot, lambda: replay.step > step, "the next turn of the replay")
            await until_idle(pilot)
        assert replay.step == replay.last and len(places) == 1
        assert replay.query_one("#res").region.bottom <= size[1]


# -- a launch in hot seat asks first ---------------------------------------------------------------
async def _ann_assembling(people: int):
    seats = [Seat("Ann"), Seat("Bob") if people == 2 else Seat("Bob", "random")]
    match = Match("mine-all-mine", seats, 1)
    app = AllMineApp(GameSession(match, None))
    return match, app


@pytest.mark.parametrize("confirm", ["l", "enter", "click"])
async def test_in_hot_seat_the_first_launch_asks_and_the_second_launches(confirm):
    match, app = await _ann_assembling(2)
    async with app.run_test(size=(100, 30)) as pilot:
        if isinstance(app.screen, CurtainScreen):
            await lift_curtain(pilot, app.screen)
        game = await on_screen(pilot, MineAllMineScreen)
        actor = game.actor
        await pilot.press("space")  # a card in the fleet
        await until_idle(pilot)
        await pilot.press("l")
        await until_idle(pilot)
        assert not match.state.launched[actor]
        assert "Launch this fleet of 1 card?" in screen_text(app)
        if confirm == "click":
            game.action_launch()  # (what the Launch button does)
        else:
            await pilot.press(confirm)
        await until_idle(pilot)
        assert match.state.launched[actor]


@pytest.mark.parametrize("key", ["escape", "right"])
async def test_esc_or_another_key_keeps_assembling(key):
    match, app = await _ann_assembling(2)
    async with app.run_test(size=(100, 30)) as pilot:
        if isinstance(app.screen, CurtainScreen):
            await lift_curtain(pilot, app.screen)
        game = await on_screen(pilot, MineAllMineScreen)
        actor = game.actor
        await pilot.press("space", "l")
        await until_idle(pilot)
        assert "Launch this fleet" in screen_text(app)
        await pilot.press(key)
        await until_idle(pilot)
        assert "Launch this fleet" not in screen_text(app)
        assert app.screen is game and not match.state.launched[actor]
        await pilot.press("enter")  # Enter is back to adding and taking out
        await until_idle(pilot)
        assert not match.state.launched[actor]


async def test_alone_at_the_screen_l_launches_at_once():
    match, app = await _ann_assembling(1)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMineScreen)
        await wait_until(pilot, lambda: game.actor == 0, "Ann's turn")
        await pilot.press("space", "l")
        await until_idle(pilot)
        assert any(seat == 0 and action.kind == "launch" for seat, action in match.log)
