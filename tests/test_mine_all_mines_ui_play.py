"""Mine All Mines on screen, played: a whole game by key presses, hot-seat privacy (the curtain,
nobody else's dwarves), the mouse on the mines and on the menu, and clicks or keys that change
nothing."""
from __future__ import annotations

from helpers import game_screen, lift_curtain, on_screen, until_idle, until_turn_or_next_screen, wait_until
from mine_all_mines_ui_helpers import notices, place_offset, take_a_turn_step
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.mine_all_mines.choices import SHORT
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen, RoundNotice, short_dwarf
from allmine_tui.games.mine_all_mines.widgets import MinesPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree


async def test_one_human_plays_a_whole_game_by_keys():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, MineAllMinesScreen), "the game screen")
        decisions = 0  # Ann's, counted (the loop's steps depend on how long the bots take)
        for _step in range(1500):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, RoundNotice):  # a new round: Enter goes on
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen, "the notice closed")
                continue
            game = game_screen(app, MineAllMinesScreen)
            if game is screen and 0 in match.to_act():
                before = len(match.log)
                await take_a_turn_step(pilot, game, decisions)
                decisions += 1
                await until_idle(pilot)
                if match.state.phase != "over" and 0 in match.to_act():
                    # still Ann's turn: either a move was made or the menu went a level deeper
                    # (which of the two depends on the key, not on timing)
                    assert len(match.log) > before or game.query_one(ChoiceTree).prefix
            else:  # a bot's turn, or another screen on top: wait until that changes
                await until_turn_or_next_screen(pilot, screen, match)
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over()
        bought = match.state.owned[0]["jewelry"] + match.state.owned[0]["support"]
        assert bought, "Ann bought nothing in a whole game"
        await wait_until(pilot, lambda: "Total VP" in screen_text(app), "the results")
        text = screen_text(app)
        assert "Total VP" in text and "Gems left" in text


async def test_hot_seat_keeps_dwarves_private():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 8)
    app = AllMineApp(GameSession(match, None))
    curtains = 0
    viewers = set()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, MineAllMinesScreen), "the game screen")
        await until_idle(pilot)
        for step in range(400):
            if match.state.round_no >= 1 or match.is_over():
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains += 1
                text = screen_text(app)
                assert "set aside" not in text and "ANN:" not in text and "BOB:" not in text
                await lift_curtain(pilot, screen)
                continue
            game = game_screen(app, MineAllMinesScreen)
            viewer = game.viewer

            def moved_on() -> bool:
                return (app.screen is not screen or game.viewer != viewer
                        or (viewer is not None and viewer in match.to_act())
                        or match.state.round_no >= 1 or match.is_over())

            text = screen_text(app)
            if viewer is None:
                assert "set aside" not in text and "Hands are secret" in text
                await wait_until(pilot, moved_on, "a seat's turn after the table view")
                continue
            viewers.add(viewer)
            state = match.state
            mine = f"{match.seats[viewer].name.upper()}: "
            other = match.seats[1 - viewer].name.upper() + ": "
            assert other not in text
            if state.hands[viewer]:
                hand_line = next(line for line in text.splitlines() if mine in line)
                for d in state.hands[viewer]:
                    # a mining dwarf by its gem's name, or its two letters when the line is full
                    forms = [short_dwarf(d)] + ([SHORT[d]] if isinstance(d, int) else [])
                    assert any(f in hand_line for f in forms)
            if viewer in match.to_act():
                await take_a_turn_step(pilot, game, step)
                await until_idle(pilot)  # (a key may have been dropped: the loop looks again)
            else:
                await wait_until(pilot, moved_on, "the viewer's turn or the next viewer")
        assert viewers == {0, 1}
        assert curtains >= 2


async def test_mouse_plays_a_dwarf_on_a_marked_place_and_menu_lines():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 12)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        assert match.to_act() == [0]
        # an empty entrance whose dwarf Ann holds: click it
        gem = next(d for d in match.state.hands[0]
                   if isinstance(d, int) and match.state.mines[d][0] is None)
        x, y = place_offset(gem, 0)
        await pilot.click(MinesPanel, offset=(x, y))
        await wait_until(pilot, lambda: match.state.mines[gem][0] is not None, "the dwarf placed")
        if match.state.phase == "play":  # Tools would add a second way: none at the start
            raise AssertionError("the click did not play")
        assert match.state.mines[gem][0] == [gem, 0]
        # a click on the End line of the menu ends the turn
        menu = app.screen.query_one(ChoiceTree)
        labels = [label for label, _v in menu.entries()]
        end = labels.index("End your turn")
        head = 1
        await pilot.click(ChoiceTree, offset=(4, head + end))
        await wait_until(pilot, lambda: any(seat == 0 and a.kind == "end" for seat, a in match.log),
                         "the end of the turn")


async def test_clicking_an_unusable_place_or_keys_out_of_turn_change_nothing():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 12)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        before = match.to_json()
        # the bottom row of an empty mine can never be used at the start
        x, y = place_offset(0, 4)
        await pilot.click(MinesPanel, offset=(x, y))
        await wait_until(pilot, lambda: notices(app, "No move of yours"), "the click explained")
        assert match.to_json() == before
