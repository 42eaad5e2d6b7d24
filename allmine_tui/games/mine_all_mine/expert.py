"""The ``expert`` Mine, All Mine! bot: the shared search (engine/search.py) with this game's plan.

* Candidates: whole fleets, each searched as one choice (its cards added, then the launch):
  every fleet the hand allows (at most three cards of a large hand, plus what the normal bot
  rates best). They are screened in the search's 40 worlds with the normal bot's quick round
  simulation, and the best eight are played out in each of those worlds. A fleet is built over several actions,
  so the choice must not change from one step to the next: the search's random stream is seeded
  from the view without the pending fleet (as the normal bot does), and the bot keeps the last
  fleet it found for that view, which only saves working the same answer out again.
* Worlds: drawn from the view; then every other player's fleet for this round is chosen by the
  normal bot from that player's own view of the world (the fleet a normal player would launch
  with those cards) and launched. That is the costly part, so the search uses a fixed pool of
  worlds and plays every candidate out in the same ones.
* Playouts: the candidate's launch resolves the round, by the rules. Before the last round the
  position is judged by the scores plus the cards each player holds for the rounds to come (the
  price the normal bot puts on a held card); in the last round by who won.
"""
from __future__ import annotations

import random

from ...engine import Action
from ...engine.search import Budget, Plan, SearchBot, lead, search
from .normal_bot import NormalBot, _fleet, _points
from .rules import RULES
from .state import ROUNDS
from .views import MineAllMineView

WIDTH = 8  # fleets searched after the screening
SCREEN = 250  # at most this many fleets are screened


def fleet_moves(fleet, pending) -> list[Action]:
    """The actions that turn ``pending`` into ``fleet`` and launch it."""
    want = dict(fleet)
    have = {c: o for c, o in pending}
    out = [Action("remove", (c,)) for c, o in sorted(have.items()) if want.get(c) != o]
    out += [Action("add", (c, o)) for c, o in sorted(fleet) if have.get(c) != o]
    return out + [Action("launch")]


class MineAllMinePlan(Plan[MineAllMineView]):
    rules = RULES
    normal = NormalBot
    bot: NormalBot
    margin_scale = 4.0
    #: a world costs a normal plan per player, a playout one round: every candidate is played in
    #: each of these worlds once (enough worlds that the fleets screened and the one chosen do
    #: not hang on the luck of a few draws)
    world_pool = 40

    def candidates(self, view, legal, rng):
        self.round_no, self.mode = view["round"] - 1, view["mode"]
        fleets = [tuple(sorted(f)) for _v, f in self.bot.ranked(view)]  # its favourite first
        every = self.bot._candidates(sorted(view["hand"]), view["mode"])
        seen = set(fleets)
        fleets += [f for f in every if f not in seen][:max(0, SCREEN - len(fleets))]
        self.fleets = fleets
        return [tuple(fleet_moves(fleet, view["pending"])) for fleet in fleets]

    def prune(self, moves, worlds, seat):
        """Every fleet in every world, by the quick simulation: the round's points, and the
        cards kept for the rounds after (at the normal bot's price), against the best other."""
        later = ROUNDS - self.round_no - 1
        price = self.bot.card_price * later
        scores = [0.0] * len(moves)
        for world in worlds:
            others = [_fleet(s, world.pending[s], self.mode) for s in range(world.n) if s != seat]
            kept = [len(world.hands[s]) - len(world.pending[s]) for s in range(world.n)]
            resources = self.rules.resources(world)
            for i, fleet in enumerate(self.fleets):
                points = _points(others + [_fleet(seat, fleet, self.mode)], resources)
                worth = [world.scores[s] + points[s]
                         + price * (kept[s] if s != seat else len(world.hands[s]) - len(fleet))
                         for s in range(world.n)]
                if later:
                    scores[i] += lead(worth, seat)
                else:  # the last round: who wins, then by how much
                    scores[i] += (lead(worth, seat) >= 0) + 0.01 * lead(worth, seat)
        order = sorted(range(len(moves)), key=lambda i: (-scores[i], i))[:WIDTH]
        return [moves[i] for i in sorted(order)]

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


class ExpertBot(SearchBot[MineAllMineView]):
    plan_class = MineAllMinePlan
    budget = Budget(playouts=540, steps=10 ** 6, seconds=0.9)  # a hint's share covers the pool

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
