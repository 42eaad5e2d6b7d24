"""This is Mine! on screen: a whole game by keys, hot seat (no curtain for public decisions, the
curtain for peeks and the end choices), the split, the mouse and bad input."""
from __future__ import annotations

import pytest
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.this_is_mine.data import name_of
from allmine_tui.games.this_is_mine.screen import ThisIsMineScreen
from allmine_tui.games.this_is_mine.widgets import LotsPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree


@pytest.fixture(autouse=True)
def no_bot_delay(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")


def game_screen(app) -> ThisIsMineScreen | None:
    return next((s for s in reversed(app.screen_stack) if isinstance(s, ThisIsMineScreen)), None)


async def decide(pilot, game: ThisIsMineScreen, step: int) -> None:
    """One decision by keys for whoever acts on screen."""
    view = game._view
    if view["phase"] == "split":
        # move the first card to lot B with the letter, then confirm (the default split is valid)
        await pilot.press("b" if step % 2 else "right", "enter")
        return
    if step % 3 == 0:
        await pilot.press("down", "enter")  # the second line (a refusal when one is allowed)
        menus = list(game.query(ChoiceTree)) if game.is_attached else []
        if menus and menus[0].prefix:
            await pilot.press("enter")
        return
    await pilot.press("1")


async def test_one_human_plays_a_whole_game_by_keys():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        for step in range(1500):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            game = game_screen(app)
            if game is screen and 0 in match.to_act():
                await decide(pilot, game, step)
                await pilot.pause(0.01)
            else:
                await pilot.pause(0.02)
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over()
        await pilot.pause(0.1)
        text = screen_text(app)
        assert "Total $" in text and "Bibelots" in text


async def test_hot_seat_public_decisions_without_curtain_and_private_cards():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob")], 6)
    app = AllMineApp(GameSession(match, None))
    curtains = acted = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        for step in range(3000):
            screen = app.screen
            if isinstance(screen, ResultsScreen) or match.is_over():
                break
            if isinstance(screen, CurtainScreen):
                curtains += 1
                assert match.state.phase in ("discard", "copy")
                await pilot.press("enter")
                await pilot.pause(0.02)
                continue
            game = game_screen(app)
            state = match.state
            if state.phase in ("split", "negotiate", "balance"):
                # public decisions: the table view; nobody's collected cards on screen
                assert game.viewer is None
                text = screen_text(app)
                assert "'S CARDS" not in text
                for lot in game._view["lots"]:
                    if lot["owner"] is not None:
                        assert lot["cards"] is None
            else:
                # the end choices: only the chooser's own cards
                assert game.viewer in match.to_act()
                assert game._view["hand"] == sorted(state.hands[game.viewer])
            if game._legal:
                acted += 1
                await decide(pilot, game, step)
            await pilot.pause(0.01)
        assert match.is_over()
        assert acted > 20
        ends = sum(1 for s in range(2) if match.state.discards[s] or match.state.copies[s])
        assert curtains >= ends


async def test_split_needs_every_lot_and_clicks_claim():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 1)
    match.state.round_leader = match.state.leader = 0  # Ann splits
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        game = game_screen(app)
        assert match.state.phase == "split" and game._legal
        before = match.to_json()
        # every card into lot A: lots B and C are empty, so Enter explains and changes nothing
        for _ in range(len(match.state.revealed)):
            await pilot.press("a")
        await pilot.press("enter")
        await pilot.pause(0.05)
        assert match.to_json() == before
        assert any("every lot needs" in n.message for n in app._notifications)
        # a valid split: cards 1, 2 to B and C
        await pilot.press("left")  # the cursor wrapped to the first card; go back round
        game.cursor = 0
        await pilot.press("right", "b", "c", "enter")
        await pilot.pause(0.1)
        assert match.state.phase == "negotiate"
        assert [len(lot["cards"]) for lot in match.state.lots] == \
            [len(game._view["lots"][i]["cards"]) for i in range(3)]
        # Ann claims by clicking the line of lot C
        if 0 in match.to_act():
            await pilot.click(LotsPanel, offset=(3, 2))
            await pilot.pause(0.1)
            assert match.state.lots[2]["owner"] == 0 or match.state.claim == 2
            assert any(name_of(c) for c in match.state.hands[0]) or match.state.claim == 2


async def test_peek_shows_only_the_chosen_players_cards_and_blocks_other_decisions():
    from allmine_tui.ui.screens.choose_player import ChoosePlayerScreen

    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 6)
    # play to a point where Bob holds cards and a public decision is pending
    while not (match.state.hands[1] and match.state.phase in ("negotiate", "split")
               and match.human_seats_to_act()):
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        game = game_screen(app)
        assert game.viewer is None and game._legal  # a public decision on the table view
        assert "'S CARDS" not in screen_text(app)
        await pilot.press("p")
        await pilot.pause(0.1)
        assert isinstance(app.screen, ChoosePlayerScreen)
        await pilot.click("#seat-1")
        await pilot.pause(0.1)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob"
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert game.viewer == 1
        text = screen_text(app)
        assert "BOB'S CARDS" in text and "ANN'S CARDS" not in text
        if 1 not in match.to_act():
            assert game._legal == []  # nobody else decides while Bob's cards are on screen
        before = match.to_json()
        await pilot.press("p")
        await pilot.pause(0.1)
        assert game.viewer is None and "'S CARDS" not in screen_text(app)
        assert match.to_json() == before
