"""The ``expert`` This is Mine! bot: the shared search (engine/search.py) with this game's plan.

* Candidates: as the Leader, a whole split of the revealed cards is one choice (the normal bot's
  best splits, one per lot it would like to claim); then which lot to claim, whether to accept
  or on which lot to refuse, and whether to ask for the Balance Card: every option. The end-game
  choices of Relatives and Suitcases are the normal bot's.
* A split takes one action per card, and the bot keeps the split it chose for the rest of them
  (a cache of its own answer: found again, the split would only have to fit the cards already
  put, which it does).
* Worlds: drawn from the view (the others' collections, the deck's order).
* Playouts: the normal bot in every seat to the end of the round (the Balance Card included).
  Each player's worth is then their money and coins plus the money their collection should bring
  at the end (the normal bot's estimate); the lead over the best other player, scaled by how many
  rounds are left, is the value. In the last round: who won.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine import Action
from ...engine.search import Budget, Plan, SearchBot, search
from .normal_bot import NormalBot, _Ctx
from .data import load
from .rules import RULES
from .state import BALANCE, COPY, DISCARD, NEGOTIATE, OVER, SPLIT
from .views import ThisIsMineView

SPLITS = 6
#: a split is the Leader's one big choice of the round (and rare): it gets this many times the
#: playouts of a negotiation decision (under the same time cap, so a decision stays under 1 s)
SPLIT_BUDGET = 3


def split_moves(plan: list[int], done: int, cards: int) -> tuple[Action, ...]:
    """The "put" actions for cards ``done``.. of a split given as a bit mask per lot."""
    return tuple(Action("put", (next(lot for lot, m in enumerate(plan) if m >> j & 1),))
                 for j in range(done, cards))


class ThisIsMinePlan(Plan[ThisIsMineView]):
    rules = RULES
    normal = NormalBot
    bot: NormalBot
    margin_scale = 6.0
    lead_scale = 6.0

    def candidates(self, view, legal, rng):
        self.round_no = view["round"] - 1
        phase = view["phase"]
        if phase == SPLIT:
            splits = self.bot.splits(_Ctx(view))[:SPLITS]
            done, cards = len(view["assign"]), len(view["revealed"])
            return [split_moves(plan, done, cards) for _score, plan in splits]
        if phase in (NEGOTIATE, BALANCE):
            first = self.bot.choose(view, legal, rng)  # the normal bot's pick is tried first
            return [(first,)] + [(a,) for a in legal if a != first]
        return []

    def stop(self, state, seat):
        return state.round_no != self.round_no or state.phase in (DISCARD, COPY, OVER)

    def worth(self, state):
        out = []
        for s in range(state.n):
            ctx = _Ctx(self.rules.view(state, s))
            out.append(state.money[s] + state.coins[s] + ctx.value(ctx.hand))
        return out

    def spread(self, state):
        left = load().rounds - state.round_no  # rounds still to come: the lead is less sure
        return self.lead_scale * (left + 1) ** 0.5


class ExpertBot(SearchBot[ThisIsMineView]):
    plan_class = ThisIsMinePlan
    budget = Budget(playouts=350, steps=1000, seconds=0.8)

    def __init__(self) -> None:
        # (the round's cards, the puts of the split; None for those made before it was searched)
        self._split: tuple[tuple, tuple[Action | None, ...]] | None = None

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        if view["phase"] != SPLIT:
            return super().choose(view, legal, rng)
        key = (view["round"], tuple(view["revealed"]))
        done = len(view["assign"])
        if self._split is None or self._split[0] != key or len(self._split[1]) <= done:
            plan = self.plan_class()
            budget = self.budget_for(view)
            budget = replace(budget, playouts=budget.playouts * SPLIT_BUDGET,
                             steps=budget.steps * SPLIT_BUDGET)
            report = search(plan, view, legal, rng, budget)
            if report is None:
                return plan.fallback(view, legal, rng)
            self._split = (key, (None,) * done + report.moves[report.chosen])
        action = self._split[1][done]
        return action if action is not None and action in legal else legal[0]
