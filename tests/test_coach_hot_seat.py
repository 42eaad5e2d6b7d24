"""The coach in hot seat (issue 33): h on a decision made in front of everyone raises the
decider's own curtain, shows the hint with their own cards behind it, and brings the table view
back when the hint is closed, with nothing of theirs left on screen; the hint box promises a mark
only where the board draws one; hints that are off are not offered; only searched decisions count
as hints used."""
from __future__ import annotations

from privacy_audit import Audit, painted_text

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.flow import Mode, State
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.hint import HintScreen
from allmine_tui.ui.screens.play import PlayScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.keybar import ScreenKeys
from helpers import until_idle, wait_until

#: what only a This is Mine! player's own view shows of their collection
PRIVATE_WORDS = ("'S CARDS", "worth now", "viewing as", "you: $", "Suitcase copying")


def public_decision(app) -> bool:
    game = app.screen
    return isinstance(game, PlayScreen) and game.flow.state.mode is Mode.TABLE \
        and game.actor is not None and not game._rebuilding  # noqa: SLF001


async def test_h_on_a_public_decision_shows_the_hint_behind_the_deciders_curtain():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: public_decision(app), "a decision in front of everyone")
        await until_idle(pilot)
        game = app.screen
        seat = game.actor
        name = game.names[seat]
        audit = Audit(app, match)
        audit.check("the table view")
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                         and app.screen.player == name, "the decider's own curtain")
        assert game.viewer is None  # nothing of theirs under the curtain
        assert "hint for your decision" in str(app.screen.query_one("#curtain-text").content)
        audit.check("the curtain")
        await pilot.press("enter")
        audit.passed_curtain(name)
        await wait_until(pilot, lambda: isinstance(app.screen, HintScreen)
                         and app.screen.is_mounted, "the hint, behind the curtain")
        box = app.screen
        assert game.viewer == seat and game.flow.state.mode is Mode.PEEK
        frame = audit.check("the hint")
        board = "\n".join(frame.board)
        assert f"{name.upper()}'S CARDS" in board  # the decider's own view under the hint
        moves = str(box.query_one("#hint-moves").content)
        assert box.hint.seat == seat and box.hint.moves[0].text in moves
        keys = str(box.query_one("#hint-keys").content)
        assert "marked" not in keys and "back to the table" in keys  # no mark on this board
        assert match.hints[seat] == (1 if box.hint.searched else 0)
        await pilot.press("escape")
        painted = painted_text(app)  # what the screen shows at once: nothing of the decider's
        for word in PRIVATE_WORDS + ("The coach's best moves",):
            assert word not in painted, word
        # the first frame drawn for the table: the table view, nothing of the decider's left
        await wait_until(pilot, lambda: app.screen is game and not game._rebuilding  # noqa: SLF001
                         and game.flow.state.mode is Mode.TABLE, "the table view again")
        audit.holder = None  # after a peek, nobody in particular has the keyboard
        frame = audit.check("after the hint")
        assert game.viewer is None and game.flow.state == State(Mode.TABLE, seat)
        assert not any(isinstance(s, (HintScreen, CurtainScreen)) for s in app.screen_stack)
        everything = frame.all()
        for word in PRIVATE_WORDS:
            assert word not in everything, word
        assert not frame.notes  # no notice of the peek or the hint stays up
        assert game._hint is None  # noqa: SLF001
        await until_idle(pilot)
        everything = audit.check("settled").all()
        for word in PRIVATE_WORDS:
            assert word not in everything, word
        assert game.actor == seat  # the decision is still theirs, on the table view


async def test_leaving_the_hint_curtain_drops_the_hint():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: public_decision(app), "a decision in front of everyone")
        game = app.screen
        seat = game.actor
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        await pilot.press("p")  # (the curtain of a peek: p does nothing there)
        await pilot.press("escape")  # back to the menu: the game is saved
        await until_idle(pilot)
        assert game not in app.screen_stack and seat is not None
        assert not any(isinstance(s, HintScreen) for s in app.screen_stack)
        assert match.hints == [0, 0]


async def test_hints_off_are_not_offered_but_h_says_why():
    off = Match("all-mine", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal")], 6)
    off.hints_allowed = False
    app = AllMineApp(GameSession(off, None))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        await until_idle(pilot)
        game = app.screen
        keys = game.query_one(ScreenKeys).content.plain
        assert "Help" in keys and "Hint" not in keys
        assert game.check_action("hint", ()) is False
        from allmine_tui.ui.undo_command import HintCommand

        provider = HintCommand(game)
        assert [hit async for hit in provider.discover()] == []
        assert [hit async for hit in provider.search("hint")] == []
        await pilot.press("h")
        await wait_until(pilot, lambda: any("Hints are off" in n.message
                                            for n in app._notifications),  # noqa: SLF001
                         "the reason said")
    on = Match("all-mine", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal")], 6)
    app = AllMineApp(GameSession(on, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        await until_idle(pilot)
        assert "Hint" in app.screen.query_one(ScreenKeys).content.plain
        provider = HintCommand(app.screen)
        assert len([hit async for hit in provider.discover()]) == 1


async def test_a_decision_the_coach_does_not_search_is_no_hint_used():
    """Mine All Mines: after the dwarf, the rest of a turn is not searched; the coach only
    names the move it would play, and that does not count as a hint used."""
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "normal")], 3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        await until_idle(pilot)
        game = app.screen
        dwarf = next(a for a in match.legal_actions(0) if a.kind in ("mine", "dig"))
        assert game.submit(dwarf)
        await wait_until(pilot, lambda: game.actor == 0 and match.legal_actions(0)
                         and all(a.kind not in ("mine", "dig") for a in match.legal_actions(0)),
                         "the rest of Ann's turn")
        await until_idle(pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HintScreen)
                         and app.screen.is_mounted, "the coach's word")
        assert not app.screen.hint.searched
        assert "not a decision the coach thinks over" in \
            str(app.screen.query_one("#hint-moves").content)
        assert match.hints == [0, 0]
