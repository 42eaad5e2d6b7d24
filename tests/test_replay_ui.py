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


# -- the coach's review in the replay --------------------------------------------------------------
def reviewed(game_id: str, tmp_path: Path):
    """A finished sample game saved in ``tmp_path`` with a review beside it, made by hand from
    its real decisions (computing one takes a minute; tests/test_review.py computes real ones):
    the costliest decision of each person is their longest move (a whole fleet, a card and its
    space), then two others. Returns the match, the save, the review."""
    import json

    from allmine_tui.engine import Action
    from allmine_tui.engine.review import Judgement, Review, match_key, tasks
    from allmine_tui.reviews import review_path

    match = finished(game_id)
    path = tmp_path / f"{game_id}-reviewed.json"
    storage.write_save(path, match)
    judgements = []
    for seat in match.humans:
        mine = [t for t in tasks(match) if t.seat == seat]
        longest = max(mine, key=lambda t: (len(t.indices), -t.position))
        others = [t for t in mine if t is not longest]
        picks = [longest.position, others[len(others) // 2].position, others[-1].position]
        chosen = list(dict.fromkeys(picks))  # (fewer when a person has few decisions)
        for t in mine:
            rank = chosen.index(t.position) if t.position in chosen else None
            loss = [0.3, 0.2, 0.12][rank] if rank is not None else 0.0
            judgements.append(Judgement(
                seat=seat, position=t.position, indices=t.indices, made=t.made,
                made_text=f"move at {t.position}", best=t.made if not loss else
                (Action("nothing"),), best_text="the coach's move", chance_made=0.5 - loss,
                chance_best=0.5, margin_made=-1.0, margin_best=2.0 if loss else -1.0,
                playouts=40, loss=loss, costly=loss >= 0.1,
                margin_loss=3.0 if loss else 0.0, scale=4.0))
    review = Review(game_id, match_key(match), [s.name for s in match.seats],
                    list(match.humans), sorted(judgements, key=lambda j: j.position))
    review_path(path).write_text(json.dumps(review.to_json()), encoding="utf-8")
    return match, path, review


def panel(screen) -> str:
    return str(screen.query_one("#replay-hidden", Static).content)


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_each_costly_key_opens_the_replay_at_the_judged_decision(game_id, tmp_path):
    """1-9 on the results open the replay where the judged move is about to be made: the
    position before its first action, that person's cards on the board, the move and the
    coach's verdict shown as what comes next; its last action leads to the verdict on the move
    made."""
    from allmine_tui.engine.verdicts import verdict
    from allmine_tui.ui.screens.replay import ReplayControls

    match, path, review = reviewed(game_id, tmp_path)
    app = AllMineApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        results = ResultsScreen(GameSession(match, path))
        app.push_screen(results)
        await wait_until(pilot, lambda: app.screen is results, "the results")
        await settle(pilot)
        listed = results._costly
        assert listed == sorted((j for j in review.judgements if j.loss),
                                key=lambda j: (j.seat, -j.loss)) and len(listed) >= 4
        assert any(len(j.indices) > 1 for j in listed) == \
            (game_id in ("all-in", "mine-all-mine", "this-is-mine"))  # moves of several actions
        for key, j in enumerate(listed, 1):
            await pilot.press(str(key))
            await wait_until(pilot, lambda: isinstance(app.screen, ReplayControls)
                             and app.screen.is_mounted, "the replay")
            await settle(pilot)
            replay = app.screen
            session = replay.session
            name = match.seats[j.seat].name
            # the judged decision itself: nothing of its move made yet, its first action next
            assert session.position == j.position
            assert session.match.log == match.log[:j.position]
            assert match.log[j.position] == (j.seat, j.made[0])
            assert j.seat in session.match.to_act()
            assert j.made[0] in session.match.legal_actions(j.seat)
            assert replay.viewer == j.seat  # the board shows that person's cards
            text = panel(replay)
            assert f"Next: {name}: move at {j.position}" in text
            assert f"Coach, on {name}'s move next: {verdict(j)}." in text
            assert ("steps)" in text) == (len(j.indices) > 1)
            # its last action made: the verdict on the move made
            session.goto(j.after)
            replay.render_flow()
            await settle(pilot)
            assert f"Coach: {name} played {verdict(j)}." in panel(replay)
            await pilot.press("q")
            await wait_until(pilot, lambda: app.screen is results, "back at the results")


async def test_allmine_replay_shows_the_verdicts_when_a_review_is_kept(tmp_path, monkeypatch):
    from allmine_tui.engine.verdicts import verdict
    from allmine_tui.reviews import review_path

    match, path, review = reviewed("all-mine", tmp_path)
    opened: list[ReplayApp] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: opened.append(self))
    assert cli.main(["replay", str(path)]) == 0
    first = review.judgements[0]
    costly = next(j for j in review.judgements if j.costly)
    app = opened[0]
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: replaying(app), "the replay")
        await settle(pilot)
        screen = app.screen
        for _ in range(first.position):
            await pilot.press("right")
        await settle(pilot)
        assert screen.session.position == first.position
        name = match.seats[first.seat].name
        assert f"Coach, on {name}'s move next: {verdict(first)}." in panel(screen)
        await pilot.press("right")
        await settle(pilot)
        assert f"Coach: {name} played {verdict(first)}." in panel(screen)
        screen.session.goto(costly.position)
        screen.render_flow()
        await settle(pilot)
        assert f"{verdict(costly)}." in panel(screen) and "▼ costly" in panel(screen)
    # no review kept (or one of another game): no verdict anywhere
    review_path(path).write_text("{}", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    app = opened[1]
    assert app._start_session.review is None
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: replaying(app), "the replay")
        await settle(pilot)
        screen = app.screen
        for k in range(first.position + 2):
            assert "Coach" not in panel(screen) and "Next:" not in panel(screen)
            await pilot.press("right")
            await settle(pilot)
