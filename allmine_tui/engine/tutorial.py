"""Learn to play: a guided first game, as data.

A game's ``Tutorial`` is a fixed table (the learner in seat 0, bots in the others, a seed, so the
deal is always the same) and a list of ``Lesson``s. Each lesson says when it applies (from the
learner's own view: what the learner may know, nothing more), what the coach says then, and which
part of the screen it speaks of. The app shows each lesson once, the first time it applies, and
waits for the learner; at the end ``ending`` explains the scoring on the learner's own result.

Pure data and functions: the texts are the project's own words, written per game in
``games/<game>/tutorial.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

#: (the learner's view, the players' names) -> a text
Say = Callable[[Any, list[str]], str]
#: how the learner's partners play: the bot people meet first, that plays to win (not the expert)
PARTNER = "normal"


@dataclass(frozen=True)
class Lesson:
    key: str  # unique within the tutorial
    when: Callable[[Any], bool]  # the learner's view -> does the lesson apply now
    text: str | Say
    target: str | None = None  # a CSS selector of the part of the screen it speaks of
    only_to_act: bool = True  # shown only when the learner has a decision to make

    def say(self, view: Any, names: list[str]) -> str:
        return self.text if isinstance(self.text, str) else self.text(view, names)


@dataclass(frozen=True)
class Tutorial:
    seed: int | str
    seats: list[tuple[str, str | None]]  # (name, bot level or None): the learner is seat 0
    # (the other seats are bots playing ``PARTNER``)
    lessons: list[Lesson]
    #: (the result, the learner's seat, the names) -> the scoring explained on that result
    ending: Callable[[Any, int, list[str]], str]
    options: dict[str, str] = field(default_factory=dict)
    intro: str = ""  # shown before the first lesson

    def __post_init__(self) -> None:
        keys = [lesson.key for lesson in self.lessons]
        if len(keys) != len(set(keys)):
            raise ValueError("lesson keys must differ")
        if not self.seats or self.seats[0][1] is not None:
            raise ValueError("the learner (a person) sits in seat 0")
        if any(bot != PARTNER for _name, bot in self.seats[1:]):
            raise ValueError(f"the learner's partners are bots playing {PARTNER!r}")


class Coach:
    """Which lessons have been given; the next one that applies."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.given: list[str] = []
        self.intro_given = not tutorial.intro

    def next_lesson(self, view: Any, to_act: bool) -> Lesson | None:
        for lesson in self.tutorial.lessons:
            if lesson.key in self.given:
                continue
            if lesson.only_to_act and not to_act:
                continue
            if lesson.when(view):
                return lesson
        return None

    def give(self, lesson: Lesson) -> None:
        if lesson.key not in self.given:
            self.given.append(lesson.key)
