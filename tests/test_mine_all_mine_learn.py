"""Mine, All Mine!'s guided game (issue 23) without the app: the fixed deal, every lesson's text
on the learner's own view through a whole game (bots in both seats), and the ending."""
from __future__ import annotations

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.games import GAMES
from allmine_tui.games.mine_all_mine.screen import MineAllMineScreen
from allmine_tui.games.mine_all_mine.tutorial import TUTORIAL


def test_the_guided_deal_is_the_one_the_lessons_were_written_for():
    match = Match("mine-all-mine", [Seat(n, b) for n, b in TUTORIAL.seats], TUTORIAL.seed)
    view = match.view(0)
    assert view["hand"] == [1, 4, 5]  # Afterburners, Overdrive, Shield Wall
    assert view["n"] == GAMES["mine-all-mine"].rules().info.min_players
    assert [p["end"] for p in view["planets"]] == ["high"]


@pytest.mark.parametrize("level", ["random", "normal"])
def test_every_lesson_reads_on_a_whole_game(level):
    seats = [Seat("You", level)] + [Seat(n, b) for n, b in TUTORIAL.seats[1:]]
    names = [s.name for s in seats]
    match = Match("mine-all-mine", seats, TUTORIAL.seed)
    said: dict[str, str] = {}
    while not match.is_over():
        view = match.view(0)
        for lesson in TUTORIAL.lessons:
            if lesson.key not in said and 0 in view["to_act"] and lesson.when(view):
                said[lesson.key] = lesson.say(view, names)
        match.step_bot(1 if 1 in match.to_act() else 0)  # the bot launches first, as in the app
    # (the action lesson needs an action in the learner's fleet: not every game has one)
    assert {"goal", "planet", "hand", "rival", "fleet", "scored", "meet", "deal",
            "last"} <= set(said)
    assert all(text and "{" not in text for text in said.values())
    result = match.rules.result(match.state)
    ending = TUTORIAL.ending(result, 0, names)
    assert ending.startswith(f"You scored {result.scores[0]} points")
    assert all(f"in round {r}" in ending for r in (1, 2, 3))


def test_the_legend_marks_are_single_meanings():
    marks = [m for m, _ in MineAllMineScreen.LEGEND]
    assert len(marks) == len(set(marks))
    assert all(meaning.strip() for _, meaning in MineAllMineScreen.LEGEND)
