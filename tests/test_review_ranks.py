"""The review ranks play: in games where an ``expert``, a ``normal`` and a ``random`` seat play
each other (whole games of bots, seats rotated from game to game), the review of every seat
marks more costly decisions per 100 for the random seat than for the normal one, and more for
the normal one than for the expert, in every game.

The games and the review run here on a reduced budget (``EXPERT_SCALE`` of the expert's,
``REVIEW_SCALE`` of the review's), with no time cap: the same games and judgements on any
machine. tools/measure_review.py measures the same on more games at the full budget (the
figures are in the README's "Hints and reviews").
"""
from __future__ import annotations

import pytest

from allmine_tui.engine.review import judge
from allmine_tui.games import GAMES
from review_seats import per_100, rates, seat_match, seat_tasks, strength_of

EXPERT_SCALE = 0.25
REVIEW_SCALE = 0.25
#: games per game: Mine, All Mine! has three decisions a seat in a game, Mine All Mines about a
#: dozen, the others dozens
GAMES_OF = {"mine-all-mine": 8, "mine-all-mines": 4}
SEED = "review-ranks-test"
#: This is Mine!: the review finds the normal seat's answers in the negotiation (accepting where
#: the expert would refuse, refusing again and again) about as costly as random ones, so per 100
#: decisions the two come out about level (here normal 32.6, random 30.5; the same games
#: reviewed at the full budget: 33.7 and 30.5; tools/measure_review.py's six games at the full
#: budget: 32.1 and 28.3). Strict: once the review (or the normal bot) changes so that they are
#: told apart, this mark must go.
LEVEL = pytest.mark.xfail(strict=True, reason="This is Mine!: normal and random seats come out "
                          "about level (the normal bot's negotiation answers are judged costly)")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [pytest.param(g, marks=LEVEL) if g == "this-is-mine" else g
                                     for g in GAMES])
def test_costly_marks_per_100_decisions_rank_random_over_normal_over_expert(game_id):
    rows = []
    for index in range(GAMES_OF.get(game_id, 2)):
        match = seat_match(game_id, index, SEED, EXPERT_SCALE)
        rows += [(strength_of(match, t.seat), judge(t)) for t in seat_tasks(match, REVIEW_SCALE)]
    found = rates(rows)
    figures = {s: round(per_100(*found[s]), 1) for s in found}
    assert all(n >= 15 for _c, n in found.values()), found  # enough decisions to count
    assert figures["random"] > figures["normal"] > figures["expert"], (figures, found)
