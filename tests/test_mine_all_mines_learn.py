"""Mine All Mines, learn to play and what's this: the guided game's lessons come up in the order a
newcomer meets them and fit the coach's box; the ending explains the learner's own VP; a dwarf's
tag in a mine says whose dwarf it is; the coach's pick after a hint is marked on the mines."""
from __future__ import annotations

import random
import textwrap

import pytest

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.engine.tutorial import Coach
from allmine_tui.games import GAMES
from allmine_tui.games.mine_all_mines.normal_bot import NormalBot
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.games.mine_all_mines.tutorial import SOURCES, TUTORIAL
from allmine_tui.games.mine_all_mines.widgets import MinesPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import on_screen

NAMES = [name for name, _bot in TUTORIAL.seats]
BOX_WIDTH, BOX_LINES = 54, 11  # the coach's text at 100x30: 58 columns less border and padding


@pytest.fixture(autouse=True)
def no_bot_delay(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "0")


def guided_game(learner_seed: int) -> tuple[list[tuple[str, str, str | None]], Match]:
    """The guided game played to its end by the rules, the learner playing as a normal bot:
    (lesson key, text, target) in the order given, and the finished match."""
    match = Match("mine-all-mines", [Seat(n, b) for n, b in TUTORIAL.seats], TUTORIAL.seed)
    coach, rng, learner = Coach(TUTORIAL), random.Random(learner_seed), NormalBot()
    given = []
    while not match.is_over():
        match.run_bots()
        if match.is_over():
            break
        view = match.view(0)
        while (lesson := coach.next_lesson(view, True)) is not None:
            coach.give(lesson)
            given.append((lesson.key, lesson.say(view, NAMES), lesson.target))
        match.apply(0, learner.choose(view, match.legal_actions(0), rng))
    return given, match


def test_the_tutorial_is_two_players_a_fixed_seed_and_six_to_ten_lessons():
    assert GAMES["mine-all-mines"].tutorial() is TUTORIAL
    assert TUTORIAL.seats == [("You", None), ("Bob", "normal")]
    assert 6 <= len(TUTORIAL.lessons) <= 10
    targets = {lesson.target for lesson in TUTORIAL.lessons} - {None}
    assert targets <= {"#mines", "#market", "#players", "#hand", "#moves"}


@pytest.mark.parametrize("learner_seed", [1, 2])
def test_the_lessons_come_in_a_newcomers_order_and_fit_the_box(learner_seed):
    given, _match = guided_game(learner_seed)
    keys = [key for key, _text, _target in given]
    assert keys[:4] == ["goal", "dwarves", "mine", "act"]  # all on the first turn
    assert {"dig", "cards", "dealer", "steal"} <= set(keys)
    assert keys.index("dig") < keys.index("steal")
    for key, text, _target in given:
        assert len(textwrap.wrap(text, BOX_WIDTH)) <= BOX_LINES, key
    dig = dict((k, t) for k, t, _ in given)["dig"]
    assert "Bob's" in dig and "friends are" in dig and "foes" in dig


def test_the_ending_explains_the_learners_own_vp():
    _given, match = guided_game(1)
    result = match.rules.result(match.state)
    text = TUTORIAL.ending(result, 0, NAMES)
    assert text.startswith(f"You scored {result.scores[0]} point")
    rows = dict(result.table)
    listed = [label for label in SOURCES if rows[label][0]]
    assert listed and all(f"{label}: {rows[label][0]}," in text for label in listed)
    assert sum(rows[label][0] for label in listed) == result.scores[0]


def bobs_dwarf_in_a_mine() -> Match:
    """The guided deal after the learner's Sapphire Mine action and Bob's reply."""
    match = Match("mine-all-mines", [Seat(n, b) for n, b in TUTORIAL.seats], TUTORIAL.seed)
    match.apply(0, Action("mine", (1, 0)))
    match.apply(0, Action("end"))
    match.run_bots()
    assert any(d is not None and d[1] == 1 for mine in match.view(0)["mines"] for d in mine)
    return match


async def test_a_dwarfs_tag_says_whose_it_is_and_a_hint_marks_its_place():
    match = bobs_dwarf_in_a_mine()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40), tooltips=True) as pilot:
        screen = await on_screen(pilot, MineAllMinesScreen)
        assert screen.actor == 0
        panel = screen.query_one(MinesPanel)
        view = match.view(0)
        (m, q), = [(m, q) for m in range(5) for q in range(6)
                   if view["mines"][m][q] is not None and view["mines"][m][q][1] == 1]
        row, col = panel.geometry.at[q]
        x = panel.geometry.x(m, q) + panel.geometry.cell - 2  # the tag's last cell
        tip = panel.hover_tooltip(x, row)
        assert tip is not None and tip.startswith("Bob's ") and "friends" in tip
        # the coach's pick: its place is marked until the decision is made
        dig = next(a for a in match.legal_actions(0) if a.kind == "dig")
        screen.mark_hint([dig])
        await pilot.pause()
        assert "☆" in panel.content.plain
        meanings = dict(screen.legend())
        assert "☆" in meanings and "++" in meanings
        screen.mark_hint(None)
        await pilot.pause()
        assert "☆" not in panel.content.plain
