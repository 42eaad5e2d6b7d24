"""The ``expert`` All Mine! bot: the shared search (engine/search.py) with this game's plan.

* Candidates: the normal bot rates every legal move (predictions, cards, heap stacks); the best
  few by that rating are searched, its favourite first.
* Worlds: drawn from the view; the other players' hidden predictions are then chosen again by
  the normal bot from their drawn hands, so they fit the cards they hold.
* Playouts: the normal bot in every seat, up to the end of the current hand. The hand's scores
  then judge the position: the lead over the best other player, weighed against how many hands
  are still to come.
"""
from __future__ import annotations

from ...engine.search import Budget, Plan, SearchBot
from .normal_bot import NormalBot
from .rules import RULES
from .state import PREDICT
from .views import AllMineView

#: per-hand spread of the score difference between two players (for the hand-end value)
HAND_SPREAD = 7.0
WIDTH = {"predict": 4, "play": 5, "heap": 4}


class QuickNormal(NormalBot):
    """The normal bot with fewer samples of the hand's future: the playout policy."""

    samples = 6


class AllMinePlan(Plan[AllMineView]):
    rules = RULES
    normal = NormalBot
    bot: NormalBot
    margin_scale = 8.0

    def __init__(self) -> None:
        super().__init__()
        self.quick = QuickNormal()

    def policy(self, state, seat, legal, rng):
        return self.quick.choose(self.rules.view(state, seat), legal, rng)

    def candidates(self, view, legal, rng):
        self.hand_no = view["hand_no"]
        self.n = view["n"]
        values = self.bot.rate(view, legal, rng)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        return [(legal[i],) for i in order[:WIDTH.get(legal[0].kind, 4)]]

    def world(self, view, seat, rng):
        state = self.rules.sample_state(view, seat, rng)
        if state.phase == PREDICT:
            for s in range(state.n):
                if s != seat and state.predictions[s] is not None:
                    state.predictions[s] = None
                    legal = self.rules.legal_actions(state, s)
                    choice = self.bot.choose(self.rules.view(state, s), legal, rng)
                    state.predictions[s] = list(choice.args)
        return state

    def stop(self, state, seat):
        return state.hand_no != self.hand_no

    def worth(self, state):
        return list(state.scores)

    def spread(self, state):
        return HAND_SPREAD * (state.n - state.hand_no) ** 0.5  # by the hands still to play


class ExpertBot(SearchBot[AllMineView]):
    plan_class = AllMinePlan
    budget = Budget(playouts=1000, steps=2800, seconds=0.9)
