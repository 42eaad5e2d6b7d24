"""Learn to play (issue 23): each game's guided first game, played to its end through the app by
keys: the coach's lessons come up (each once, pointing at a part of the screen), the game goes
on with the real rules, and the results explain the learner's own score."""
from __future__ import annotations

import random
import re

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
#: "You" with a verb of the third person ("You plays", "You now holds", "You's")
THIRD_PERSON = re.compile(r"\bYou's\b|\bYou (?:now |also |still |then )?"
                          r"(?:[a-z]+[^\Wsu]s|has|is|was|does|goes)\b")


def third_person_you(app) -> list[str]:
    """Lines on any screen of the stack (status, board, log, news, results) where the
    learner, "You", is given a verb of the third person."""
    from privacy_audit import widget_texts

    found = []
    for screen in app.screen_stack:
        for widget in screen.walk_children(with_self=False):
            for text in widget_texts(widget):
                found += [line for line in text.splitlines() if THIRD_PERSON.search(line)]
    return found


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
            assert third_person_you(app) == []
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, CoachScreen):
                lessons.append(screen.text)
                if screen.target is not None:
                    assert screen.target.has_class("-coach-target")
                await pilot.press("o")  # the lesson's own key
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
        assert third_person_you(app) == []
        ending = str(app.screen.query_one("#results-coach").content)
        assert f"You scored {session.match.rules.result(session.match.state).scores[0]}" \
            in ending


async def start_guided(pilot, game_id: str):
    app = pilot.app
    await pilot.pause()
    picker = app.screen
    assert isinstance(picker, PickerScreen)
    picker._choose(list(GAMES).index(game_id))
    await pilot.press("l")
    await wait_until(pilot, lambda: isinstance(app.screen, CoachScreen) and app.screen.is_mounted,
                     "the first lesson")


@pytest.mark.parametrize("game_id", ["mine-all-mines", "all-mine"])
async def test_enter_and_space_on_a_lesson_play_no_move_and_only_o_goes_on(game_id):
    """Enter and Space play moves on the board: on a lesson they close nothing and play
    nothing (they only point at o), however fast they come; o closes the lesson, and only the
    lesson."""
    from helpers import game_screen

    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_guided(pilot, game_id)
        match = game_screen(app).match
        seen = 0
        while isinstance(app.screen, CoachScreen) and seen < 6:
            lesson = app.screen
            played = len(match.log)
            mine = [s for s, _a in match.log].count(0)
            await pilot.press("enter", "enter", "space")
            await pilot.pause()  # (bots wait while a lesson is up: no idle to wait for)
            assert app.screen is lesson and lesson.reminded == 3
            assert "Press o to go on" in str(lesson.query_one("#coach-keys").content)
            assert [s for s, _a in match.log].count(0) == mine, "a move of the learner's"
            assert len(match.log) == played
            await pilot.press("o")
            await wait_until(pilot, lambda: app.screen is not lesson, "the lesson closed")
            await pilot.pause()
            assert [s for s, _a in match.log].count(0) == mine, "o played a move"
            seen += 1
        assert seen >= 2


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_partners_of_a_guided_game_play_normal(game_id):
    from allmine_tui.engine.tutorial import Tutorial

    session = GuidedSession.start(GAMES[game_id])
    seats = session.match.seats
    assert seats[0].bot is None and seats[0].name == "You"
    assert len(seats) > 1 and all(seat.bot == "normal" for seat in seats[1:])
    tutorial = GAMES[game_id].tutorial()
    with pytest.raises(ValueError, match="normal"):
        Tutorial(tutorial.seed, [("You", None), ("Bob", "expert")], [], tutorial.ending)
