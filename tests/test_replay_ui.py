"""The replay viewer in the app, for every game: stepping, rounds, whose cards are open, nothing
can be played; opened from the command line, the saves screen and the results screen; unfinished
games are refused."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Static

from allmine_tui import cli, storage
from allmine_tui.games import GAMES
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.screens.final_table import FinalSession
from allmine_tui.ui.screens.replay import ReplayApp, ReplaySession
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.screens.saves import SavesScreen
from allmine_tui.ui.session import GameSession
from helpers import until_idle, wait_until

SAVES = Path(__file__).resolve().parent.parent / "saves"
SIZE = (120, 40)



def finished(game_id: str):
    return storage.load_match(SAVES / f"{game_id}-finished.json")[0]


async def settle(pilot) -> None:
    """The keys pressed are handled and the app is idle (a replay's steps are made at once)."""
    await until_idle(pilot)


def replaying(app) -> bool:
    return isinstance(getattr(app.screen, "session", None), ReplaySession)


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_step_through_a_finished_game(game_id):
    match = finished(game_id)
    app = ReplayApp(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: replaying(app), "the replay")
        await settle(pilot)
        screen = app.screen
        session = screen.session
        assert session.position == 0
        timeline = session.timeline
        status = screen.query_one("#status-bar").content.plain
        assert f"REPLAY 0/{timeline.last}" in status and "the deal" in status
        await pilot.press("right", "right")
        await settle(pilot)
        assert session.position == 2 and session.match.log == match.log[:2]
        await pilot.press("left")
        await pilot.press("pagedown")
        await settle(pilot)
        assert session.position == timeline.next_round(1)
        await pilot.press("pageup")
        await settle(pilot)
        assert session.position == timeline.previous_round(timeline.next_round(1))
        await pilot.press("end")
        await settle(pilot)
        assert session.position == timeline.last and session.match.is_over()
        # whose cards: Tab, or a digit
        assert screen.viewer == 0
        await pilot.press("tab")
        await settle(pilot)
        assert session.seat == 1 and screen.viewer == 1
        await pilot.press("1")
        await settle(pilot)
        assert screen.viewer == 0
        hidden = str(screen.query_one("#replay-hidden", Static).render())
        for seat in match.seats:
            assert seat.name in hidden
        # nothing can be played or taken back, whatever the game's keys
        await pilot.press("home", "enter", "space", "u", "p", "l")
        await settle(pilot)
        assert session.position == 0 and session.match.log == []
        assert len(timeline.log) == len(match.log)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen), "the games")


async def test_each_seat_hand_can_be_opened():
    match = finished("all-mine")
    app = ReplayApp(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: replaying(app), "the replay")
        await settle(pilot)
        screen = app.screen
        from allmine_tui.games.all_mine.cards import card_name

        state = screen.session.match.state
        for seat in (0, 1, 2):
            await pilot.press(str(seat + 1))
            await settle(pilot)
            view = screen.match.view(screen.viewer)
            assert view["hand"] == sorted(state.hands[seat], key=lambda c: -state.strength[c])
        hidden = str(screen.query_one("#replay-hidden", Static).render())
        assert all(card_name(c) in hidden for h in state.hands for c in h)


def test_cli_refuses_an_unfinished_game(capsys):
    assert cli.main(["replay", str(SAVES / "all-mine-mid-game.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "not finished" in err


def test_cli_unreadable_save(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert cli.main(["replay", str(bad)]) == 1
    assert "cannot replay bad.json" in capsys.readouterr().err


def test_cli_opens_a_finished_game(monkeypatch):
    shown = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: shown.append(self._start_session))
    assert cli.main(["replay", str(SAVES / "mine-all-mine-finished.json")]) == 0
    assert isinstance(shown[0], ReplaySession) and shown[0].match.game_id == "mine-all-mine"


async def test_saves_screen_key_replays_only_finished_games():
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    shutil.copy(SAVES / "this-is-mine-finished.json", folder / "this-is-mine-1.json")
    shutil.copy(SAVES / "this-is-mine-negotiation.json", folder / "this-is-mine-2.json")
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SavesScreen("this-is-mine"))
        await wait_until(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves")
        await settle(pilot)
        screen = app.screen
        unfinished = next(i for i, k in enumerate(screen.infos) if k.endswith("-2.json"))
        screen.query_one("DataTable").move_cursor(row=unfinished)
        await pilot.press("v")
        await wait_until(pilot, lambda: any("not finished" in n.message
                                            for n in app._notifications), "the refusal")
        await settle(pilot)
        assert app.screen is screen  # refused, with a notification
        screen.query_one("DataTable").move_cursor(row=1 - unfinished)
        await pilot.press("v")
        await wait_until(pilot, lambda: replaying(app), "the replay")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "back at the saves")


async def test_results_screen_opens_the_final_table_and_the_replay():
    match = finished("mine-all-mines")
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        results = ResultsScreen(GameSession(match, None))
        app.push_screen(results)
        await wait_until(pilot, lambda: app.screen is results, "the results")
        await settle(pilot)
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen is not results, "the final table")
        await settle(pilot)
        session = app.screen.session
        # the final table: the finished match itself, drawn as it ended (no replay)
        assert isinstance(session, FinalSession) and session.match is match
        assert "FINAL TABLE" in app.screen.query_one("#status-bar").content.plain
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is results, "back at the results")
        await pilot.press("v")
        await wait_until(pilot, lambda: replaying(app), "the replay")
        assert app.screen.session.position == 0
