"""The ``expert`` Mine, All Mine! bot: the shared search (engine/search.py) with this game's plan.

* Candidates: whole fleets, each searched as one choice (its cards added, then the launch). They
  are the fleets the normal bot rates best from the view. A fleet is built over several actions,
  so the choice must not change from one step to the next: the search's random stream is seeded
  from the view without the pending fleet (as the normal bot does), and the bot keeps the last
  fleet it found for that view, which only saves working the same answer out again.
* Worlds: drawn from the view; then every other player's fleet for this round is chosen by the
  normal bot from that player's own view of the world (the fleet a normal player would launch
  with those cards) and launched. That is the costly part, so the search uses a fixed pool of
  worlds and plays every candidate out in the same ones.
* Playouts: the candidate's launch resolves the round, by the rules. Before the last round the position is judged by
  the scores plus the cards each player holds for the rounds to come (the price the normal bot
  puts on a held card); in the last round by who won.
"""
from __future__ import annotations

import random

from ...engine import Action
from ...engine.search import Budget, Plan, SearchBot, search
from .normal_bot import NormalBot
from .rules import ROUNDS, RULES

WIDTH = 12


def fleet_moves(fleet, pending) -> list[Action]:
    """The actions that turn ``pending`` into ``fleet`` and launch it."""
    want = dict(fleet)
    have = {c: o for c, o in pending}
    out = [Action("remove", (c,)) for c, o in sorted(have.items()) if want.get(c) != o]
    out += [Action("add", (c, o)) for c, o in sorted(fleet) if have.get(c) != o]
    return out + [Action("launch")]


class MineAllMinePlan(Plan):
    rules = RULES
    normal = NormalBot
    margin_scale = 4.0
    world_pool = 16  # a world costs a normal plan per player, a playout one round

    def candidates(self, view, legal, rng):
        self.round_no = view["round"] - 1
        ranked = self.bot.ranked(view)
        return [tuple(fleet_moves(fleet, view["pending"])) for _v, fleet in ranked[:WIDTH]]

    def world(self, view, seat, rng):
        state = self.rules.sample_state(view, seat, rng)
        for s in range(state.n):
            if s != seat:  # the fleet a normal player would launch with these cards
                state.pending[s], state.launched[s] = [], False
                fleet = self.bot.plan(self.rules.view(state, s))
                state.pending[s], state.launched[s] = [list(p) for p in fleet], True
        return state

    def stop(self, state, seat):
        return state.round_no != self.round_no

    def worth(self, state):
        left = ROUNDS - state.round_no  # the cards held are worth something in each
        price = self.bot.card_price
        return [state.scores[s] + price * left * len(state.hands[s]) for s in range(state.n)]

    def spread(self, state):
        return self.margin_scale * (ROUNDS - state.round_no) ** 0.5


class ExpertBot(SearchBot):
    plan_class = MineAllMinePlan
    budget = Budget(playouts=200, steps=10 ** 6, seconds=0.9)

    def __init__(self) -> None:
        self._last: tuple[str, list] | None = None  # (plan key, fleet): a cache, not a memory

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        key = NormalBot.plan_key(view)
        if self._last is None or self._last[0] != key:
            plan = self.plan_class()
            report = search(plan, view, legal, random.Random(key), self.budget_for(view))
            fleet = plan.bot.plan(view) if report is None else \
                [tuple(a.args) for a in report.moves[report.chosen] if a.kind == "add"]
            if report is not None:  # the fleet also keeps the pending cards the move keeps
                kept = {c for c, _o in view["pending"]}
                removed = {a.args[0] for a in report.moves[report.chosen] if a.kind == "remove"}
                fleet += [tuple(p) for p in view["pending"] if p[0] in kept - removed]
            self._last = (key, sorted(fleet))
        moves = fleet_moves(self._last[1], view["pending"])
        return moves[0] if moves[0] in legal else legal[-1]
