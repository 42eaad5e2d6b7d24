"""Taking a move back in the app: key u, the command palette, and refusals explained."""
from __future__ import annotations


from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import until_idle, wait_until



async def open_game(pilot, app, match) -> None:
    """Wait for the game screen, and for the bots to be done (Ann alone to act)."""
    await wait_until(pilot, lambda: getattr(app.screen, "session", None) is not None
                     and match.to_act() == [0], "the game come to Ann")
    await until_idle(pilot)


async def test_key_u_takes_back_a_fleet_card():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 5)
    path = storage.new_save_path("mine-all-mine")
    app = AllMineApp(GameSession(match, path))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, match)
        bots = len(match.log)
        await pilot.press("enter")  # add the first card to Ann's fleet
        await wait_until(pilot, lambda: len(match.log) > bots, "Ann's card added")
        assert len(match.log) == bots + 1 and match.state.pending[0]
        await pilot.press("u")
        await wait_until(pilot, lambda: len(match.log) == bots, "the card taken back")
        assert match.state.pending[0] == []
        assert match.events[-1].text == "{0} took back a move."
        assert storage.load_match(path)[0].log == match.log  # saved
        await pilot.press("u")  # only Bob's (a bot's) moves are left: nothing of Ann's
        await wait_until(pilot, lambda: any("not made a move" in n.message
                                            for n in app._notifications), "u explained")
        assert len(match.log) == bots


async def test_the_command_palette_takes_back_a_move():
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 6)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, match)
        from textual.command import CommandList, CommandPalette

        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.pending[0], "Ann's card added")
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"take back")
        palette = app.screen

        def offered() -> bool:  # the search has put the command first
            found = palette.query(CommandList)
            return bool(found) and found.first().option_count > 0 and "take back" in str(
                found.first().get_option_at_index(0).prompt).lower()

        await wait_until(pilot, offered, "the command found")
        await until_idle(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.pending[0] == [], "the card taken back")
        assert not isinstance(app.screen, CommandPalette)


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
