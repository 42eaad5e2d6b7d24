"""All In, learn to play: the guided deal shows what its lessons speak of, each lesson is true when
it comes up and short enough for the coach's box, and the ending explains the learner's score
(the game itself is played through the app in test_learn_to_play.py)."""
from __future__ import annotations

import textwrap

import allmine_tui.games  # noqa: F401  (registers the games)
from allmine_tui.engine import Match, Seat
from allmine_tui.engine.tutorial import Coach
from allmine_tui.games import GAMES
from allmine_tui.games.all_in.cards import is_joker
from allmine_tui.games.all_in.screen import LEGEND

NAMES = ["You", "Bob"]
BOX_LINES = 10  # the coach's box at 100x30 holds this many lines of text with its title and keys


def guided_game(level: str = "normal"):
    """The guided deal with a bot of ``level`` in the learner's seat: the lessons that come up
    (round, phase, key, text), each at the learner's decision, and the finished match."""
    tutorial = GAMES["all-in"].tutorial()
    match = Match(GAMES["all-in"], [Seat(NAMES[0], level), Seat(NAMES[1], "normal")],
                  tutorial.seed, dict(tutorial.options))
    coach, given = Coach(tutorial), []
    while not match.is_over():
        if 0 in match.to_act():
            view = match.view(0)
            while (lesson := coach.next_lesson(view, True)) is not None:
                coach.give(lesson)
                given.append((view, lesson.key, lesson.say(view, NAMES)))
        match.step_bot(match.to_act()[0])
    return tutorial, given, match


def test_the_deal_shows_a_joker_after_the_basics():
    tutorial = GAMES["all-in"].tutorial()
    match = Match(GAMES["all-in"], [Seat("You"), Seat("Bob", "normal")], tutorial.seed)
    state = match.state
    rounds = [state.revealed] + [state.deck[-2 - 2 * i:len(state.deck) - 2 * i][::-1]
                                 for i in range(len(state.deck) // 2)]
    jokers = [r + 1 for r, cards in enumerate(rounds) if any(is_joker(c) for c in cards)]
    assert jokers == [5]
    assert not any(is_joker(c) for c in rounds[0])  # round 1: four free cards to choose from


def test_lessons_come_in_a_newcomers_order_each_once_and_fit_the_box():
    for level in ("normal", "random"):
        tutorial, given, _match = guided_game(level)
        keys = [key for _view, key, _text in given]
        assert keys[:5] == ["goal", "hands", "card", "start", "links"]
        assert {"joker", "completed", "chips", "best"} <= set(keys)
        assert len(keys) == len(set(keys))
        for view, key, text in given:
            assert len(textwrap.wrap(text, 54)) <= BOX_LINES, key
            if key == "joker":
                assert any(is_joker(c) for c in view["revealed"])
            if key == "chips":
                me = view["players"][0]
                assert me["chips_won"] > me["chips_spent"]
                assert f"You have {me['chips_won'] - me['chips_spent']} chip" in text
            if key == "golden":
                assert view["phase"] == "golden" and view["golden_deck"]
            if key == "card":
                assert "Q♣, A♠, Q♠ and A♣" in text  # round 1's four free cards


def test_the_ending_adds_up_the_learners_own_score():
    tutorial, _given, match = guided_game()
    result = match.rules.result(match.state)
    text = tutorial.ending(result, 0, NAMES)
    rows = {label: values[0] for label, values in result.table}
    assert text.startswith(f"You scored {result.scores[0]} points")
    assert f"{rows['Hands']} + {rows['Best hands ★']} + {rows['Unused chips']} = " \
           f"{result.scores[0]}" in text
    assert all(len(line) <= 94 * 2 for line in text.splitlines())  # the results' coach box


def test_every_legend_mark_is_explained_once():
    marks = [mark for mark, _meaning in LEGEND]
    assert len(marks) == len(set(marks))
    assert all(mark.strip() and meaning for mark, meaning in LEGEND)
