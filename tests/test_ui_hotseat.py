"""Hot seat through key presses: the curtain hides everything, and nobody sees another hand."""
from __future__ import annotations

import re

from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.all_mine.cards import card_name, is_super_trump
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.notice import NoticeScreen
from allmine_tui.ui.session import GameSession
from helpers import lift_curtain, until_idle, wait_until

ANY_CARD = re.compile(r"[◆$▲●][CGMD]\d")


async def assert_private(app, pilot, match: Match) -> str:
    """Check the screen against the full state; returns what is on screen.

    The log only ever holds public lines plus the viewer's own private notes (checked separately
    below); it is hidden while the board is read, because it rightly names cards played in
    earlier hands that may be back in someone's hand after a new deal."""
    game = next((s for s in reversed(app.screen_stack) if hasattr(s, "session")), None)
    text = screen_text(app)
    session = getattr(game, "session", None)
    viewer = getattr(game, "viewer", None)
    if session is not None:
        lines = session.log_lines(viewer)
        for line, event in zip(lines, match.events):
            for seat, private in event.private.items():
                if seat != viewer:
                    assert private not in line, f"seat {seat}'s note shown to {viewer}"
    if isinstance(app.screen, CurtainScreen):
        assert not ANY_CARD.search(text), "a card face is visible behind the curtain"
        assert "TRUMPS" not in text and "HEAP" not in text
        return text
    state = match.state
    # Log lines name cards already played (public); after a new deal such a card may be back in
    # someone's hand, so only the board is checked here, and the log is checked line by line above.
    log_lines = session.log_lines(viewer) if session is not None else []
    log_text = "\n".join(log_lines)
    text = "\n".join(line for line in text.splitlines()
                     if not (line.strip() and line.strip() in log_text))
    # a dialog over the table shares rows with the log under it: take out what the log says
    for line in sorted(log_lines, key=len, reverse=True):
        if line.strip():
            text = text.replace(line, "")
    # the completed trick stays on view, even after a new deal; it is public
    public = {c for _s, c in state.last_trick + state.prev_trick + state.trick}
    for seat, hand in enumerate(state.hands):
        if seat == viewer:
            continue
        for c in hand:
            if is_super_trump(c, state.display) or c in public:
                continue  # its identity is public on the trump display; its owner is not
            assert not re.search(re.escape(card_name(c)) + r"(?!\d)", text), (
                f"{card_name(c)} of seat {seat} is visible to viewer {viewer}")
    for stack in state.heap:
        for c in stack:
            if not is_super_trump(c, state.display) and c not in public:
                assert not re.search(re.escape(card_name(c)) + r"(?!\d)", text)
    return text


async def test_hot_seat_game_through_key_presses(monkeypatch, tmp_path):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 11)
    session = GameSession(match, tmp_path / "hot.json")
    app = AllMineApp(session)
    curtains = 0
    viewers_seen = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the first curtain")
        for _ in range(600):
            if match.state.hand_no > 0:  # one whole hand (the privacy audit plays whole games)
                break
            await pilot.pause()
            await assert_private(app, pilot, match)
            screen = app.screen
            if isinstance(screen, NoticeScreen):
                await pilot.press("enter")
                continue
            if isinstance(screen, CurtainScreen):
                curtains += 1
                name = screen.player
                await lift_curtain(pilot, screen)
                assert app.screen.viewer is not None
                assert match.seats[app.screen.viewer].name == name
                continue
            viewer = getattr(screen, "viewer", None)
            if viewer is None or viewer not in match.to_act():
                # (a bot's turn, or a rebuild: every step is checked for privacy on the way)
                await until_idle(pilot)
                continue
            viewers_seen.add(viewer)
            phase = match.state.phase
            if phase == "predict":  # different choices, so each private note is unique
                await pilot.press(*(("c", "g") if viewer == 0 else ("m", "d")), "enter")
            else:
                await pilot.press("enter")
        assert match.state.hand_no == 1, "the first hand did not finish through key presses"
        assert len(match.state.history) == 1  # the hand was scored
    assert viewers_seen == {0, 1}
    # the curtain came up at the start and whenever the keyboard passed between Ann and Bob
    assert curtains >= 6
    # the save on disk is the game as played, move for move
    from allmine_tui import storage

    loaded, _doc = storage.load_match(tmp_path / "hot.json")
    assert loaded.log == match.log and loaded.state.hand_no == 1


async def test_one_human_never_sees_a_curtain(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen)
                             or 0 in match.to_act() or match.is_over(), "Ann's turn or a notice")
            await pilot.pause()
            assert not isinstance(app.screen, CurtainScreen)
            await assert_private(app, pilot, match)
            if isinstance(app.screen, NoticeScreen):
                await pilot.press("enter")
            elif 0 in match.to_act():
                await pilot.press("d", "m", "enter") if match.state.phase == "predict" \
                    else await pilot.press("enter")
        assert len(match.log) > 20


async def test_illegal_card_is_explained_and_changes_nothing(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: 0 in match.to_act(), "Ann's prediction")
        await pilot.press("c", "g", "enter")
        # play until Ann must follow suit while holding cards of other suits
        for _ in range(200):
            await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen)
                             or match.to_act() == [0], "Ann's turn or a notice")
            await pilot.pause()
            state = match.state
            if match.to_act() == [0] and state.phase == "play" and state.trick:
                led = state.trick[0][1] // 12
                off = [c for c in state.hands[0] if c // 12 != led]
                if off and any(c // 12 == led for c in state.hands[0]):
                    break
            if 0 in match.to_act() or isinstance(app.screen, NoticeScreen):
                await pilot.press("enter")
        else:
            raise AssertionError("no follow-suit position reached")
        before = match.rules.state_to_json(match.state)
        log_len = len(match.log)
        screen = app.screen
        card = next(c for c in match.state.hands[0] if c // 12 != led)
        from allmine_tui.engine import Action

        assert screen.submit(Action("play", (card,))) is False
        await until_idle(pilot)  # (a move, had one been made, would have let the bots go on)
        assert match.rules.state_to_json(match.state) == before
        assert len(match.log) == log_len
        assert "follow suit" in screen_text(app)


async def test_resume_with_two_humans_starts_behind_the_curtain(monkeypatch, tmp_path):
    """A resumed hot-seat game shows the curtain for the human whose turn it is, and the exact
    position of the save."""
    import shutil
    from pathlib import Path

    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    sample = Path(__file__).resolve().parent.parent / "saves" / "all-mine-mid-game.json"
    path = tmp_path / "copy.json"
    shutil.copy(sample, path)
    session = GameSession.load(path)
    expected = session.match.rules.state_to_json(session.match.state)
    acting = session.match.human_seats_to_act()
    assert acting, "the sample save waits for a human"
    app = AllMineApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        assert app.screen.player == session.match.seats[acting[0]].name
        await assert_private(app, pilot, session.match)
        assert session.match.rules.state_to_json(session.match.state) == expected
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, CurtainScreen), "the curtain lifted")
        assert app.screen.viewer == acting[0]


async def test_peek_at_own_hand_between_turns(monkeypatch):
    """While a bot thinks, the table view shows no hand; p lets a chosen human look at their own
    hand behind the curtain, and p again hides it."""
    from allmine_tui.ui.screens.choose_player import ChoosePlayerScreen

    monkeypatch.setenv("ALLMINE_BOT_DELAY", "60")  # the bot keeps thinking during the test
    # (its secret prediction would take no pause: pretend it is a public move)
    from allmine_tui.ui.screens.play import PlayScreen

    monkeypatch.setattr(PlayScreen, "_secret_decision", lambda self, seat: False)
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        # (the bot thinks for 60 s: never idle; the table view is what the wait is for)
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                         or (getattr(app.screen, "session", None) is not None
                             and not app.screen._rebuilding), "the game screen")
        await pilot.pause()
        game = app.screen
        assert game.viewer is None and not isinstance(app.screen, CurtainScreen)
        await assert_private(app, pilot, match)
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoosePlayerScreen), "the chooser")
        await pilot.click("#seat-1")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        assert app.screen.player == "Bob"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game and game.viewer == 1
                         and not game._rebuilding, "Bob's peek")
        await pilot.pause()
        text = await assert_private(app, pilot, match)
        assert card_name(match.state.hands[1][0]) in text
        await pilot.press("p")
        await wait_until(pilot, lambda: game.viewer is None and not game._rebuilding,
                         "the peek ended")
        await pilot.pause()
        await assert_private(app, pilot, match)
