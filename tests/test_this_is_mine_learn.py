"""This is Mine!'s guided first game (learn to play), through the rules alone: on the tutorial's
deal every lesson comes up at a decision of the learner, says something true of that view that
fits the coach's box at 100x30, and the ending explains the learner's own money."""
from __future__ import annotations

import random
import textwrap

import allmine_tui.games  # noqa: F401  (the registry)
from allmine_tui.engine import Match, Seat
from allmine_tui.engine.tutorial import Coach
from allmine_tui.games.this_is_mine.bots import BOTS
from allmine_tui.games.this_is_mine.tutorial import TUTORIAL

BOX_LINES, BOX_WIDTH = 11, 54  # the coach's box at 100x30: its text lines and their width


def play(learner) -> tuple[Match, list[str]]:
    """The tutorial's game with ``learner(view, legal)`` in seat 0; the lessons given, in order."""
    seats = [Seat(name, bot) for name, bot in TUTORIAL.seats]
    names = [name for name, _ in TUTORIAL.seats]
    match = Match("this-is-mine", seats, TUTORIAL.seed)
    coach = Coach(TUTORIAL)
    while not match.is_over():
        match.run_bots()
        if match.is_over():
            break
        view = match.view(0)
        while (lesson := coach.next_lesson(view, True)) is not None:
            coach.give(lesson)
            text = lesson.say(view, names)
            lines = textwrap.wrap(text, BOX_WIDTH)
            assert len(lines) <= BOX_LINES, (lesson.key, len(lines), text)
        match.apply(0, learner(view, match.legal_actions(0)))
    return match, coach.given


def test_every_lesson_comes_up_on_the_tutorial_deal():
    normal, rng = BOTS["normal"](), random.Random(0)
    given: set[str] = set()
    match, order = play(lambda view, legal: normal.choose(view, legal, rng))
    assert order[:4] == ["goal", "lots", "answer", "specials"]  # Cleo opens and claims first
    given |= set(order)
    for k in range(3):
        pick = random.Random(k)
        given |= set(play(lambda view, legal: pick.choice(legal))[1])
    assert given == {lesson.key for lesson in TUTORIAL.lessons}


def test_the_ending_explains_the_learners_money():
    rng = random.Random(1)
    match, _ = play(lambda view, legal: rng.choice(legal))
    result = match.rules.result(match.state)
    text = TUTORIAL.ending(result, 0, [name for name, _ in TUTORIAL.seats])
    money = dict((label, values[0]) for label, values in result.table)
    assert text.startswith(f"You scored {result.scores[0]} points")
    assert f"${money['Money Cards']} in Money Cards" in text
    # the results' coach box shows six lines of about 94 columns at 100x30
    assert sum(len(textwrap.wrap(line, 94)) for line in text.splitlines()) <= 6
