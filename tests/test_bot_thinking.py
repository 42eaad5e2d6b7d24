"""While a bot works out a move, the log says so, and the keyboard still answers."""
from __future__ import annotations

import time

from helpers import wait_until
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.help import HelpScreen
from allmine_tui.ui.session import GameSession


async def test_a_slow_bot_is_shown_thinking_and_input_still_works(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    match = Match("all-mine", [Seat("Ann"), Seat("Cleo", "normal"), Seat("Dan", "normal")],
                  "thinking")
    slow = match.bot_choice

    def slow_choice(seat):
        time.sleep(0.8)
        return slow(seat)

    monkeypatch.setattr(match, "bot_choice", slow_choice)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        assert match.seats[match.bot_seats_to_act()[0]].name == "Cleo"
        await wait_until(pilot, lambda: "is thinking…" in screen_text(app), "a bot thinking")
        first = match.seats[match.bot_seats_to_act()[0]].name  # the bots go in seat order
        assert f"{first} is thinking…" in screen_text(app)
        await pilot.press("question_mark")  # the app answers while the bot works
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help opens")


async def test_an_expert_searches_in_the_worker_and_the_keyboard_answers(monkeypatch):
    """The real searching bot (no sleep): its CPU-bound search runs off the screen's thread, the
    log shows it thinking, the help opens and closes meanwhile, and its move arrives."""
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    match = Match("all-mine", [Seat("Ann"), Seat("Cleo", "expert"), Seat("Dan", "expert")],
                  "thinking")
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):  # Ann's prediction, then the experts predict and play
            await wait_until(pilot, lambda: match.to_act() == [0]
                             or "is thinking…" in screen_text(app), "Ann's turn or an expert")
            if "is thinking…" in screen_text(app):
                break
            made = len(match.log)
            await pilot.press("c", "d", "enter")
            await wait_until(pilot, lambda: len(match.log) > made, "Ann's move")
        else:
            raise AssertionError("no expert was ever shown thinking")
        moves = len(match.log)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help opens")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, HelpScreen), "the help closed")
        await wait_until(pilot, lambda: len(match.log) > moves, "the search's move made")
