"""Looking back at a game: every position it went through, and a round-by-round summary.

A ``Timeline`` replays a match's log from its seed and keeps the state after each action (as
JSON, so positions are cheap to copy). Each game's ``HistoryHooks`` (its ``Game.history``) turn a
timeline into a ``GameHistory`` (one row per round or hand) and describe the hidden cards at any
position; the results screen and the replay viewer show them. Pure Python, like the rest of the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .contract import Action, Event
from .match import Match


@dataclass
class HistoryRow:
    """One round (or hand): each seat's running score after it and what that seat collected."""

    label: str
    scores: list[Any]
    gained: list[str]


@dataclass
class GameHistory:
    score_label: str  # what the scores count: "points", "VP", "$"...
    rows: list[HistoryRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class HistoryHooks:
    """What a game tells the history: ``round_of`` (a state's round, from 0), ``round_label``
    (a round's name for a table row), ``history`` (a timeline's ``GameHistory``) and
    ``hidden_cards`` (a state's secrets, one line per seat, ``{seat}`` placeholders for names).
    Each game's ``history.py`` ends with its ``HOOKS``; its ``Game.history`` returns them."""

    round_of: Callable[[Any], int]
    round_label: Callable[[int], str]
    history: Callable[["Timeline"], GameHistory]
    hidden_cards: Callable[[Any], list[str]]


class Timeline:
    """Every position of a match: position 0 is the deal, position k follows the k-th action."""

    def __init__(self, match: Match) -> None:
        fresh = Match(match.game, match.seats, match.seed, match.options)
        rules = fresh.rules
        self.rules = rules
        self.hooks: HistoryHooks = match.game.history()
        round_of = self.hooks.round_of
        self.log: list[tuple[int, Action]] = list(match.log)
        self._states: list[dict] = [rules.state_to_json(fresh.state)]
        self.rounds: list[int] = [round_of(fresh.state)]  # the round of each position
        self.marks: list[int] = [len(fresh.events)]  # events known at each position
        for seat, action in self.log:
            fresh.apply(seat, action)
            self._states.append(rules.state_to_json(fresh.state))
            self.rounds.append(round_of(fresh.state))
            self.marks.append(len(fresh.events))
        self.events: list[Event] = fresh.events
        self.over = rules.is_over(fresh.state)
        self.n = len(match.seats)

    def __len__(self) -> int:
        return len(self._states)

    @property
    def last(self) -> int:
        return len(self._states) - 1

    def state(self, k: int) -> Any:
        """A fresh copy of the state at position ``k``."""
        return self.rules.state_from_json(self._states[k])

    def move_match(self, match: Match, k: int) -> None:
        """Put ``match`` (of the same game) at position ``k``: its state, log and events."""
        match.state = self.state(k)
        match.log = self.log[:k]
        match.events = self.events[:self.marks[k]]

    def ends_of_rounds(self) -> list[tuple[int, int]]:
        """``(round, position)`` for every round played: the first position after it ended (the
        state that already counts it), in order; the last round ends with the game."""
        out: list[tuple[int, int]] = []
        rounds = self.rounds
        for k in range(1, len(rounds)):
            if rounds[k] != rounds[k - 1]:
                out.append((rounds[k - 1], k))
        if self.over and (not out or out[-1][1] != self.last):
            out.append((rounds[-1], self.last))
        return out

    def round_start(self, k: int) -> int:
        """The first position of the round that position ``k`` is in."""
        while k > 0 and self.rounds[k - 1] == self.rounds[k]:
            k -= 1
        return k

    def next_round(self, k: int) -> int:
        """The first position of the next round (the last position when there is none)."""
        r = self.rounds[k]
        while k < self.last and self.rounds[k] == r:
            k += 1
        return k

    def previous_round(self, k: int) -> int:
        """The start of this round, or of the one before when ``k`` is already at a start."""
        start = self.round_start(k)
        return start if start < k or start == 0 else self.round_start(start - 1)


def round_rows(timeline: Timeline, scores: Callable[[int, Any], list],
               gained: Callable[[int, Any, Any, int], str]) -> list[HistoryRow]:
    """One row per round played: ``scores(round, state)`` after it, and per seat
    ``gained(round, before, state, seat)``, ``before`` being the state after the round before."""
    rows = []
    before = timeline.state(0)
    for rnd, k in timeline.ends_of_rounds():
        state = timeline.state(k)
        rows.append(HistoryRow(timeline.hooks.round_label(rnd), list(scores(rnd, state)),
                               [gained(rnd, before, state, s) for s in range(timeline.n)]))
        before = state
    return rows


def short(text: str, width: int = 28) -> str:
    """``text`` cut to ``width`` characters (with an ellipsis), for table cells."""
    return text if len(text) <= width else text[:width - 1] + "…"
