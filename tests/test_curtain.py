"""The curtain is a screen of its own: its keys are on it and only those work; keys typed within a
moment of it appearing are dropped; resuming a hot-seat game starts behind it."""
from __future__ import annotations

import shutil
from pathlib import Path

from screen_text import screen_text

from audit_drivers import seats
from privacy_audit import game_screen
from helpers import until_idle, wait_until

from allmine_tui.engine import Match
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.flow import Mode
from allmine_tui.ui.screens.choose_player import ChoosePlayerScreen
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.session import GameSession

SAVES = Path(__file__).resolve().parent.parent / "saves"



def two_humans() -> Match:
    return Match("all-mine", seats(["Ann", "Bob"], 1), 5)


async def test_the_curtain_shows_its_keys_and_only_they_work(tmp_path):
    session = GameSession(two_humans(), tmp_path / "g.json")
    app = AllMineApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        name = app.screen.player
        text = screen_text(app)
        assert f"Enter: I am {name}, show me" in text
        assert "p: peek at my own cards" in text
        assert "Esc or q: back to the menu, the game is saved" in text
        # other keys do nothing, the palette does not open over it
        for key in ("space", "tab", "ctrl+p", "c", "question_mark", "f1", "u", "1"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, CurtainScreen), key
            assert app.screen.player == name
        assert game_screen(app).viewer is None
        # p: who wants to peek? (Esc: nobody, back to the same curtain)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoosePlayerScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == name
        # Esc: back to the menu, saved
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert (tmp_path / "g.json").exists()


async def test_q_on_the_curtain_goes_back_to_the_menu():
    app = AllMineApp(GameSession(two_humans(), None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_peek_from_the_curtain_then_the_curtain_comes_back():
    match = two_humans()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        name = app.screen.player
        other = next(s.name for s in match.seats[:2] if s.name != name)
        await pilot.press("p")
        await pilot.pause()
        await pilot.click(f"#seat-{[s.name for s in match.seats].index(other)}")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == other
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, CurtainScreen), "the curtain lifted")
        await until_idle(pilot)
        game = game_screen(app)
        assert app.screen is game and match.seats[game.viewer].name == other
        assert game.flow.state.mode is Mode.PEEK and "Peek" in screen_text(app)
        await pilot.press("p")  # done peeking: the curtain for the player whose turn it is
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        assert app.screen.player == name


async def test_keys_within_the_moment_after_the_curtain_appears_are_dropped(monkeypatch):
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "30")  # a long moment, so timing cannot matter
    app = AllMineApp(GameSession(two_humans(), None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "an Enter right away does not pass it"
        curtain = app.screen
        app.screen._input_since = 0.0  # the moment is over
        await pilot.press("enter")
        await wait_until(pilot, lambda: curtain not in app.screen_stack, "the curtain lifted")
        assert not isinstance(app.screen, CurtainScreen)


async def test_continue_shows_the_curtain_before_any_of_the_table(tmp_path):
    """Resuming a hot-seat game: the first frame of the game is the curtain."""
    path = tmp_path / "copy.json"
    shutil.copy(SAVES / "all-mine-mid-game.json", path)
    session = GameSession.load(path)
    frames: list[str] = []
    app = AllMineApp(session)

    original = AllMineApp._display

    def spy(self, screen, renderable):
        frames.append(type(self.screen).__name__)
        return original(self, screen, renderable)

    import unittest.mock as mock

    with mock.patch.object(AllMineApp, "_display", spy):
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: "CurtainScreen" in frames, "the curtain painted")
            assert isinstance(app.screen, CurtainScreen)
    game_frames = [f for f in frames if f not in ("PickerScreen",)]
    assert game_frames and game_frames[0] == "CurtainScreen", frames[:5]


async def test_the_keys_line_is_back_after_the_screen_is_composed_for_a_new_viewer():
    from allmine_tui.ui.widgets.keybar import ScreenKeys

    app = AllMineApp(GameSession(two_humans(), None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")

        def ready() -> bool:
            game = game_screen(app)
            return app.screen is game and not game._rebuilding and game.viewer is not None

        await wait_until(pilot, ready, "the board composed for the viewer")
        keys = app.screen.query_one(ScreenKeys)
        await pilot.pause()
        last = screen_text(app).splitlines()[-1]
        assert "Help" in last and "Menu (saved)" in last and "Help" in keys.content.plain


async def test_the_curtain_covers_the_whole_screen_in_its_first_frame():
    """When a person's private view gives way to the next person's curtain, the first frame of
    the curtain repaints every cell of the terminal (a full update of the whole screen), so no
    cell of the previous board stays behind, even on a terminal without synchronized output;
    and nothing of the previous hand is in it."""
    import unittest.mock as mock

    from textual._compositor import LayoutUpdate
    from textual.geometry import Region

    from allmine_tui.games.all_mine.cards import card_name

    match = Match("all-mine", seats(["Ann", "Bob"], 1), 9)
    app = AllMineApp(GameSession(match, None))
    frames: list[tuple[object, object]] = []
    original = AllMineApp._display

    def spy(self, screen, renderable):
        frames.append((screen, renderable))
        return original(self, screen, renderable)

    with mock.patch.object(AllMineApp, "_display", spy):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, CurtainScreen)
            first = app.screen.player
            await pilot.press("enter")
            await wait_until(pilot, lambda: not isinstance(app.screen, CurtainScreen)
                             and not game_screen(app)._rebuilding, "the first person's board")
            await until_idle(pilot)
            seat = [s.name for s in match.seats].index(first)
            hand = [card_name(c) for c in match.state.hands[seat]]
            frames.clear()
            await pilot.press("c", "g", "enter")  # the prediction: the next curtain comes up
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                             and app.screen.player != first, "the next person's curtain")
            await wait_until(pilot, lambda: any(isinstance(s, CurtainScreen) for s, _r in frames),
                             "the curtain painted")
    curtain = next(((s, r) for s, r in frames if isinstance(s, CurtainScreen)), None)
    assert curtain is not None, "the curtain was painted"
    _screen, update = curtain
    assert isinstance(update, LayoutUpdate) and update.region == Region(0, 0, 100, 30)
    painted = "\n".join("".join(chop.text for chop in line) for line in update.strips)
    assert not any(label in painted for label in hand)


async def test_the_peek_chooser_follows_the_arrow_keys():
    """Down, then Enter, peeks as the second person, not the first."""
    match = two_humans()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoosePlayerScreen)
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == match.seats[1].name  # Enter alone would give the first
