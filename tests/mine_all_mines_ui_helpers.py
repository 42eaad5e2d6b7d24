"""What the Mine All Mines screen tests share: one key decision of a turn, where a place of the
mines is on screen, the notices shown, the menu's lines, and a refused take-back."""
from __future__ import annotations

from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.games.mine_all_mines.widgets import MinesGeometry
from allmine_tui.ui.widgets.choicetree import ChoiceTree
from helpers import notices


def refused(app) -> bool:
    """u was pressed and told why nothing can be taken back."""
    return any(n.title == "Cannot take back" for n in app._notifications)


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


def place_offset(mine: int, place: int, width: int = 100) -> tuple[int, int]:
    geometry = MinesGeometry(width)
    return geometry.x(mine, place) + 2, geometry.at[place][0]


def menu_lines(game) -> list[str]:
    return game.query_one(ChoiceTree).content.plain.splitlines()
