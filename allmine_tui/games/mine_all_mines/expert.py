"""The ``expert`` Mine All Mines bot: the shared search (engine/search.py) with this game's plan.

* Candidates: the dwarf to play is the turn's big choice. The normal bot rates every legal play
  (its gems, steals and the best purchase after it) and the best few are searched; the rest of
  the turn (steals, trades, the purchase) is then the normal bot's, in the search as in the game.
  Claiming an achievement, and the steps after the dwarf, are left to the normal bot.
* Worlds: drawn from the view (the other hands, the decks' order).
* Playouts: the normal bot in every seat for a round of turns (every player once more), or to the
  end of the mining round. The position is then judged by each player's worth as the normal bot
  counts it (its VP, its achievements' progress, its abilities and gems), against the best of
  the others; at the end of the game by who won.
"""
from __future__ import annotations

from ...engine.search import Budget, Plan, SearchBot
from .normal_bot import NormalBot, _Ctx
from .rules import RULES
from .state import PLAY
from .views import MineAllMinesView

WIDTH = 6
PLAYS = ("dealer", "blacksmith", "mine", "dig")


class MineAllMinesPlan(Plan[MineAllMinesView]):
    rules = RULES
    normal = NormalBot
    bot: NormalBot
    margin_scale = 4.0
    #: VP lead that counts as clearly ahead when a playout stops before the end
    lead_scale = 8.0

    def candidates(self, view, legal, rng):
        if view["phase"] != PLAY or any(a.kind == "claim" for a in legal):
            return []
        plays = [a for a in legal if a.kind in PLAYS]
        if len(plays) < 2:
            return []
        self.turn, self.round = view["turn"], view["round"] - 1
        self.horizon = view["n"] + 1
        ctx = _Ctx(view)
        values = [self.bot.play_value(ctx, a) for a in plays]
        order = sorted(range(len(plays)), key=lambda i: (-values[i], i))[:WIDTH]
        return [(plays[i],) for i in order]

    def stop(self, state, seat):
        return state.round_no != self.round or state.turn >= self.turn + self.horizon

    def worth(self, state):
        out = []
        for s in range(state.n):
            ctx = _Ctx(self.rules.view(state, s))
            out.append(ctx.cards_value(ctx.jewelry, ctx.support, False) + ctx.gems_value(ctx.gems))
        return out

    def spread(self, state):
        return self.lead_scale


class ExpertBot(SearchBot[MineAllMinesView]):
    plan_class = MineAllMinesPlan
    budget = Budget(playouts=1000, steps=950, seconds=0.9)
    budget_by_players = {4: Budget(playouts=1000, steps=720, seconds=0.9),
                         5: Budget(playouts=1000, steps=600, seconds=0.9)}
