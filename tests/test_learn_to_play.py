"""Learn to play (issue 23): each game's guided first game, played to its end through the app by
keys: the coach's lessons come up (each once, pointing at a part of the screen), the game goes
on with the real rules, and the results explain the learner's own score."""
from __future__ import annotations

import random

import pytest
from audit_drivers import DRIVERS

from allmine_tui.games import GAMES
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.coach import CoachScreen, GuidedSession
from allmine_tui.ui.screens.picker import PickerScreen
from allmine_tui.ui.screens.play import PlayScreen
from allmine_tui.ui.screens.results import ResultsScreen
from helpers import wait_until



GUIDED = [g for g in GAMES if GAMES[g].tutorial is not None]


def test_every_game_has_a_guided_game():
    assert [g for g in GAMES if GAMES[g].tutorial is None] == []


@pytest.mark.parametrize("game_id", GUIDED)
async def test_the_guided_game_is_played_to_its_end(game_id):
    app = AllMineApp()
    rng = random.Random(1)
    lessons: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        picker._choose(list(GAMES).index(game_id))
        await pilot.press("l")
        for _ in range(3000):
            await wait_until(pilot, lambda: not isinstance(app.screen, PlayScreen)
                             or app.screen.actor is not None, "a decision, a lesson or news")
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, CoachScreen):
                lessons.append(screen.text)
                if screen.target is not None:
                    assert screen.target.has_class("-coach-target")
                await pilot.press("enter")
                continue
            if not isinstance(screen, PlayScreen):
                await pilot.press("enter")  # news for everyone (a hand's scores...)
                continue
            if screen.actor is None:
                continue
            for key in DRIVERS[game_id](screen, rng):
                await pilot.press(key)
                if app.screen is not screen or screen.actor is None:
                    break
        else:
            raise AssertionError("the guided game did not end")
        session = app.screen.session
        assert isinstance(session, GuidedSession) and session.match.is_over()
        tutorial = session.tutorial
        assert len(lessons) == len(set(lessons)) >= 3  # each lesson once
        assert tutorial.intro in lessons
        ending = str(app.screen.query_one("#results-coach").content)
        assert f"You scored {session.match.rules.result(session.match.state).scores[0]}" \
            in ending
