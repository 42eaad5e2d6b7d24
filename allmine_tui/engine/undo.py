"""Taking a move back: may a seat take back its last action, and what the game is without it.

The rules decide whether the action itself revealed anything (``Rules.can_undo``). Other seats may
have acted since only when that changed nothing for them: a bot launching its fleet while you
assemble yours. Each such later action must have been made on exactly the view it would have
had without the move, must still be legal and give the same log lines, and must itself reveal
nothing; it is then kept, and the game is what it would have been had the move never been made.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .contract import Event, IllegalAction

REVEALED = "That move cannot be taken back: it revealed something or passed the turn on."


@dataclass
class UndoPlan:
    index: int  # the log entry taken back
    state: Any  # the game without it


def copy_state(rules, state):
    """A copy of ``state`` that shares nothing with it."""
    return rules.state_from_json(rules.state_to_json(state))


def plan_undo(match, seat: int, index: int) -> UndoPlan | str:
    """Take back ``match.log[index]`` (``seat``'s last action): the plan, or why not."""
    from .match import Match

    rules = match.rules
    _seat, action = match.log[index]
    before = match.state_before(index)
    if before is None:
        before = Match.replay(match.game, match.seats, match.seed, match.options,
                              match.log[:index]).state
    with_it = copy_state(rules, before)
    rules.apply(with_it, seat, action)
    if not rules.can_undo(before, seat, action, with_it):
        return REVEALED
    without = before
    for other, later in match.log[index + 1:]:
        name = match.seats[other].name
        since = f"{name} has played since"
        if rules.view(with_it, other) != rules.view(without, other):
            return f"{since} and could tell you had moved, so your move stands."
        prior = copy_state(rules, without)
        seen: list[Event] = rules.apply(with_it, other, later)
        try:
            again = rules.apply(without, other, later)
        except IllegalAction:
            return f"{since}, and that would no longer fit: your move stands."
        if again != seen or not rules.can_undo(prior, other, later, without):
            return f"{since} and that revealed something, so your move stands."
    return UndoPlan(index, without)
