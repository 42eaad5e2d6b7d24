"""Mine All Mines on screen: a whole game by key presses, hot-seat privacy, the mouse, bad input."""
from __future__ import annotations

import pytest
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.mine_all_mines.choices import SHORT
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen, short_dwarf
from allmine_tui.games.mine_all_mines.widgets import MinesGeometry, MinesPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree


@pytest.fixture(autouse=True)
def no_bot_delay(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")


def game_screen(app) -> MineAllMinesScreen | None:
    return next((s for s in reversed(app.screen_stack) if isinstance(s, MineAllMinesScreen)), None)


async def take_a_turn_step(pilot, game: MineAllMinesScreen, step: int) -> None:
    """One key decision for the seat on screen: play the first dwarf line (digits or arrows),
    steal / fill the Lamp with the first line, otherwise buy when possible, else end the turn."""
    state = game.match.state
    menu = game.query_one(ChoiceTree)
    labels = [label for label, _v in menu.entries()]
    if state.phase == "act":
        buy = next((i for i, label in enumerate(labels) if label.startswith("Buy")), None)
        if buy is not None and step % 3 == 0:
            await pilot.press(str(buy + 1))
            # a level deeper: the first card, then the first payment
            await pilot.press("enter", "enter")
            return
        # End your turn is always the last line: ↑ wraps round to it
        await pilot.press("up", "enter")
        return
    if step % 2:
        await pilot.press("down", "up", "enter")
    else:
        await pilot.press("1")


async def test_one_human_plays_a_whole_game_by_keys():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        for step in range(1500):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            game = game_screen(app)
            if game is screen and 0 in match.to_act():
                before = len(match.log)
                await take_a_turn_step(pilot, game, step)
                await pilot.pause(0.01)
                if match.state.phase != "over" and 0 in match.to_act():
                    # still Ann's turn: either a move was made or the menu went a level deeper
                    assert len(match.log) > before or game.query_one(ChoiceTree).prefix
            else:
                await pilot.pause(0.02)
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over()
        bought = match.state.owned[0]["jewelry"] + match.state.owned[0]["support"]
        assert bought, "Ann bought nothing in a whole game"
        await pilot.pause(0.1)
        text = screen_text(app)
        assert "Total VP" in text and "Gems left" in text


async def test_hot_seat_keeps_dwarves_private():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 8)
    app = AllMineApp(GameSession(match, None))
    curtains = 0
    viewers = set()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        for step in range(400):
            if match.state.round_no >= 1 or match.is_over():
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains += 1
                text = screen_text(app)
                assert "set aside" not in text and "ANN:" not in text and "BOB:" not in text
                await pilot.press("enter")
                await pilot.pause(0.02)
                continue
            game = game_screen(app)
            viewer = game.viewer
            text = screen_text(app)
            if viewer is None:
                assert "set aside" not in text and "Hands are secret" in text
                await pilot.pause(0.02)
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
                await pilot.pause(0.02)
            else:
                await pilot.pause(0.02)
        assert viewers == {0, 1}
        assert curtains >= 2


def place_offset(mine: int, place: int, width: int = 100) -> tuple[int, int]:
    geometry = MinesGeometry(width)
    return geometry.x(mine, place) + 2, geometry.at[place][0]


async def test_mouse_plays_a_dwarf_on_a_marked_place_and_menu_lines():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 12)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        assert match.to_act() == [0]
        # an empty entrance whose dwarf Ann holds: click it
        gem = next(d for d in match.state.hands[0]
                   if isinstance(d, int) and match.state.mines[d][0] is None)
        x, y = place_offset(gem, 0)
        await pilot.click(MinesPanel, offset=(x, y))
        await pilot.pause(0.05)
        if match.state.phase == "play":  # Tools would add a second way: none at the start
            raise AssertionError("the click did not play")
        assert match.state.mines[gem][0] == [gem, 0]
        # a click on the End line of the menu ends the turn
        menu = app.screen.query_one(ChoiceTree)
        labels = [label for label, _v in menu.entries()]
        end = labels.index("End your turn")
        head = 1
        await pilot.click(ChoiceTree, offset=(4, head + end))
        await pilot.pause(0.1)
        assert match.state.seat != 0 or match.state.turn >= 1


async def test_clicking_an_unusable_place_or_keys_out_of_turn_change_nothing():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 12)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        before = match.to_json()
        # the bottom row of an empty mine can never be used at the start
        x, y = place_offset(0, 4)
        await pilot.click(MinesPanel, offset=(x, y))
        await pilot.pause(0.05)
        assert match.to_json() == before
        assert any("No move of yours" in n.message for n in app._notifications)
