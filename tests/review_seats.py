"""Games of known seat strengths for checking the review (tests/test_review_ranks.py and
tools/measure_review.py): one ``expert``, one ``normal`` and one ``random`` seat play a whole
game; the review then judges every seat, bots included, and the costly marks per 100 decisions
should fall in the order of the seats' strengths.

Everything is seeded, and no budget here has a time cap that could end a search (the expert
seat's and the review's playouts and steps are scaled, their time caps lifted), so the same
arguments give the same games and the same judgements on any machine, however busy.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from allmine_tui.engine import Match, Seat
from allmine_tui.engine.coach import expert_budget
from allmine_tui.engine.game import resolve
from allmine_tui.engine.review import Judgement, Task, review_budget, tasks
from allmine_tui.engine.search import Budget, SearchBot
from allmine_tui.simulate import play_out, rotated

STRENGTHS = ("expert", "normal", "random")
#: a time cap no search reaches: budgets end searches by playouts and steps only
NO_CAP = 10.0 ** 6


def scaled(budget: Budget, scale: float) -> Budget:
    return dataclasses.replace(budget, playouts=max(2, round(budget.playouts * scale)),
                               steps=max(1, round(budget.steps * scale)), seconds=NO_CAP)


def seat_match(game_id: str, index: int, seed: str = "review-ranks",
               expert_scale: float = 1.0) -> Match:
    """Game ``index`` of a run: the three strengths in rotated seats (the expert in seat
    ``index % 3``...), played to the end. The expert seat searches with ``expert_scale`` of its
    playouts and steps."""
    bots = rotated(list(STRENGTHS), index)
    match = Match(game_id, [Seat(f"{bot} {i + 1}", bot) for i, bot in enumerate(bots)],
                  f"{seed}/{index}")
    for seat, bot in match._bots.items():  # (the test's own seats: no other way in)
        if isinstance(bot, SearchBot):
            view = match.view(seat)
            bot.budget = scaled(expert_budget(match.game, view), expert_scale)
            bot.budget_by_players = {}
    play_out(match)
    return match


def seat_tasks(match: Match, review_scale: float = 1.0) -> list[Task]:
    """Every seat's decisions in ``match``, each with ``review_scale`` of the review's budget
    (no time cap)."""
    game = resolve(match.game_id)
    return [dataclasses.replace(t, budget=scaled(review_budget(game, t.view), review_scale))
            for t in tasks(match, seats=range(len(match.seats)))]


def strength_of(match: Match, seat: int) -> str:
    bot = match.seats[seat].bot
    assert bot is not None
    return bot


def rates(rows: Iterable[tuple[str, Judgement | None]]) -> dict[str, tuple[int, int]]:
    """Per strength: (costly marks, decisions judged)."""
    out = {s: [0, 0] for s in STRENGTHS}
    for strength, j in rows:
        if j is None:
            continue
        out[strength][1] += 1
        out[strength][0] += j.costly
    return {s: (c, n) for s, (c, n) in out.items()}


def per_100(costly: int, decisions: int) -> float:
    return 100.0 * costly / decisions if decisions else 0.0
