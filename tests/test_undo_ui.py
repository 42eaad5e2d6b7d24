"""Taking a move back in the app: key u, the command palette, and refusals explained."""
from __future__ import annotations


from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import wait_until



async def open_game(pilot, app, match) -> None:
    """Wait for the game screen, and for the bots to be done (Ann alone to act)."""
    for _ in range(500):
        await pilot.pause(0.02)
        if getattr(app.screen, "session", None) is not None and match.to_act() == [0]:
            await pilot.pause(0.05)
            return
    raise AssertionError("the game did not come to Ann")


async def test_key_u_takes_back_a_fleet_card():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 5)
    path = storage.new_save_path("mine-all-mine")
    app = AllMineApp(GameSession(match, path))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, match)
        bots = len(match.log)
        await pilot.press("enter")  # add the first card to Ann's fleet
        await pilot.pause(0.1)
        assert len(match.log) == bots + 1 and match.state.pending[0]
        await pilot.press("u")
        await pilot.pause(0.1)
        assert len(match.log) == bots and match.state.pending[0] == []
        assert match.events[-1].text == "{0} took back a move."
        assert storage.load_match(path)[0].log == match.log  # saved
        await pilot.press("u")  # only Bob's (a bot's) moves are left: nothing of Ann's
        await pilot.pause(0.1)
        assert len(match.log) == bots
        assert any("not made a move" in n.message for n in app._notifications)


async def test_the_command_palette_takes_back_a_move():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 6)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, match)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert match.state.pending[0]
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        await pilot.press(*"take back")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert match.state.pending[0] == []


async def test_no_take_back_from_a_peek_after_the_curtain_has_passed_on():
    """The report's reproduction: Ann places her prediction; at Bob's curtain somebody asks to
    peek, peeks as Ann, and presses u: the move stands (and the screen says why)."""
    from allmine_tui.ui.screens.curtain import CurtainScreen

    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")], 101)
    app = AllMineApp(GameSession(match, None))
    game = None
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann")
        await pilot.press("enter")
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        game = app.screen
        await pilot.press("c", "g", "enter")  # Ann's prediction
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob")
        moves = list(match.log)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("enter")  # the chooser: the first person, Ann
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann")
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game and game.viewer == 0)
        await pilot.press("u")
        await wait_until(pilot, lambda: any("peek" in n.message for n in app._notifications),
                         "the screen says why there is no take-back")
        assert match.log == moves
        assert not any("took back" in e.text for e in match.events)
        assert any("peek" in n.message for n in app._notifications)
