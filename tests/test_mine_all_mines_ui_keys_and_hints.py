"""Mine All Mines on screen, the keys e and u and the hint line (issue 11): End has a key of its
own and no digit ends the turn, e before the dwarf explains, the hint says what u takes back
and u does it, a purchase that turned a card stands while one from an empty pile is taken
back, and the hint line keeps whole parts within its width."""
from __future__ import annotations

import pytest
from helpers import on_screen, wait_until
from mam_positions import (dwarf_played_trade_open, dwarf_to_play, find_position,
                           jewelry_pile_empty, one_card_to_buy)
from mine_all_mines_ui_helpers import menu_lines, notices, refused

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree


async def test_end_has_its_own_key_and_no_number_ends_the_turn():
    """The issue's accident: with one card affordable, line 1 was a complete purchase and End
    was line 2; now End is 'e.', a digit never ends the turn, and key e does."""
    match = find_position(3, one_card_to_buy)
    assert {a.kind for a in match.legal_actions(0)} == {"buy", "end"}
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        lines = menu_lines(game)
        assert lines[1].startswith("▶1. Buy a card") and lines[2].startswith(" e. End your turn")
        before = match.to_json()
        await pilot.press("2", "2")
        await wait_until(pilot, lambda: notices(app, "key of its own: e"), "the digit explained")
        assert match.to_json() == before
        assert notices(app, "key of its own: e") == 1  # said once, not stacked
        moves = len(match.log)
        await pilot.press("e")
        await wait_until(pilot, lambda: len(match.log) > moves, "a move after e")
        assert match.log[moves] == (0, Action("end"))


async def test_e_before_the_dwarf_explains_and_waits():
    match = find_position(3, dwarf_to_play)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        assert match.state.seat == 0 and match.state.phase == "play"
        before = match.to_json()
        await pilot.press("e", "e")
        await wait_until(pilot, lambda: notices(app, "Play a dwarf first"), "e explained")
        assert match.to_json() == before
        assert notices(app, "Play a dwarf first") == 1


async def test_the_hint_line_says_what_u_takes_back_and_u_does_it():
    match = find_position(3, dwarf_played_trade_open)
    assert match.state.phase == "act" and match.to_act() == [0]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        hint = game.query_one("#hint").content.plain
        assert "e: end your turn" in hint and "u: take back your dwarf" in hint
        trade = next(a for a in match.legal_actions(0) if a.kind == "trade")
        assert game.submit(trade)
        await wait_until(pilot, lambda: "u: take back your trade"
                         in game.query_one("#hint").content.plain, "the hint for the trade")
        gems = list(match.state.gems[0])
        await pilot.press("u")
        await wait_until(pilot, lambda: match.log[-1][1] != trade, "the trade taken back")
        assert match.log[-1][1] != trade and match.state.gems[0] != gems
        assert "u: take back your dwarf" in game.query_one("#hint").content.plain


async def test_a_purchase_that_turned_a_card_is_said_to_stand():
    match = find_position(3, one_card_to_buy)
    buy = next(a for a in match.legal_actions(0) if a.kind == "buy")
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        assert "cannot be taken back" in game.query_one("#hint").content.plain  # on the Buy line
        assert game.submit(buy)
        await wait_until(pilot, lambda: "your purchase stands"
                         in game.query_one("#hint").content.plain, "the hint after the purchase")
        await pilot.press("u")
        await wait_until(pilot, lambda: refused(app), "u refused")
        assert match.log[-1] == (0, buy)


async def test_a_purchase_from_an_empty_pile_is_taken_back_with_u():
    match = find_position(5, jewelry_pile_empty)  # buying from it turns nothing up
    buy = next(a for a in match.legal_actions(0) if a.kind == "buy" and a.args[0][0] == "J")
    card = buy.args[0]
    assert match.state.jewelry_deck == []
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        menu = game.query_one(ChoiceTree)
        for level in range(2):  # "Buy a card", then the card
            line = next(i for i, (_label, values) in enumerate(menu.entries())
                        if buy in values and (level == 0 or all(v.args[0] == card
                                                               for v in values)))
            keys = [str(line + 1)] if level == 0 else ["down"] * (line - menu.cursor)
            await pilot.press(*keys)
            await pilot.pause()
        await wait_until(pilot, lambda: menu.prefix, "the menu a level deeper")
        assert "u could take this purchase back" in game.query_one("#hint").content.plain
        gems, shown = list(match.state.gems[0]), list(match.state.jewelry_shown)
        assert game.submit(buy)
        assert match.log[-1] == (0, buy) and card in match.state.owned[0]["jewelry"]
        await wait_until(pilot, lambda: "u: take back your purchase"
                         in game.query_one("#hint").content.plain, "the hint after the purchase")
        await pilot.press("u")
        await wait_until(pilot, lambda: match.log[-1] != (0, buy), "the purchase taken back")
        assert match.log[-1] != (0, buy) and match.state.owned[0]["jewelry"].count(card) == 0
        assert match.state.gems[0] == gems and match.state.jewelry_shown == shown
        assert match.state.seat == 0 and match.state.phase == "act"  # still Ann's turn


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_hint_line_keeps_whole_parts_within_its_width(size):
    """At 100 columns the Buy hint and 'e: end…' did not fit: the line was cut mid-word. Now
    the parts that do not fit are left out whole (e and u are on the key line too)."""
    match = find_position(3, one_card_to_buy)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        hint = (await on_screen(pilot, MineAllMinesScreen)).query_one("#hint")
        text = hint.content.plain
        assert text.startswith("A purchase turns up a new card: it cannot be taken back.")
        assert len(text) <= hint.content_size.width and "…" not in text
        assert ("e: end your turn" in text) == (size[0] >= 120)
