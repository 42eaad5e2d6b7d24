"""The ``expert`` All In bot: the shared search (engine/search.py) with this game's plan.

* Candidates: a write is a card and its space, searched as one choice: the normal bot rates
  every affordable card on every legal space, and the best few pairs are compared. Asked for the
  space of a card already chosen, it compares the best few spaces. Golden Deck picks are left to
  the normal bot.
* Worlds: drawn from the view (the deck's order, the other sheets).
* Playouts: to the end of the game. The seat's own writes are made by a quicker normal bot that
  only looks at the cards it can write without chips (and remembers the space it chose a card
  for, so it does not work it out twice). The other sheets hardly touch one's own (only through
  the Best Scoring Hand bonuses and who completes a hand first), so the other seats just write
  the first card and space they may, which costs next to nothing.
* Value: the seat's own final score, its Best Scoring Hand bonuses counted with the normal bot's
  chances of beating the other players' hands of the same letter.
"""
from __future__ import annotations

from ...engine import Action
from ...engine.search import Budget, Plan, SearchBot, squash
from .cards import is_joker, write_cost
from .normal_bot import BEAT_ONE, NormalBot, _Sheet
from .rules import RULES, WRITE

WIDTH = 6
#: a typical final score, and the spread that counts as clearly better or worse
TYPICAL, SPREAD = 40.0, 20.0


class QuickNormal(NormalBot):
    """The playout policy: free cards only."""

    max_cost = 0


class AllInPlan(Plan):
    rules = RULES
    normal = NormalBot
    margin_scale = 8.0

    def __init__(self) -> None:
        super().__init__()
        self.quick = QuickNormal()
        self.planned: dict[int, tuple[int, int]] = {}  # seat -> (card, cell) of its playout write

    def candidates(self, view, legal, rng):
        kind = legal[0].kind
        if view["phase"] != WRITE or kind not in ("card", "place"):
            return []
        sheet = _Sheet(view)
        if kind == "card":
            rated = sheet.rated(self.bot.write_options(sheet, legal))
        else:
            c = view["choice"]
            cost = write_cost(c, view["revealed"])
            rated = sheet.rated([(c, cost, [a.args[0] for a in legal])])
        order = sorted(range(len(rated)), key=lambda i: (-rated[i][0], i))[:WIDTH]
        if kind == "card":
            return [(Action("card", (rated[i][1],)), Action("place", (rated[i][2],)))
                    for i in order]
        return [(Action("place", (rated[i][2],)),) for i in order]

    def world(self, view, seat, rng):
        self.me = seat
        return self.rules.sample_state(view, seat, rng)

    def policy(self, state, seat, legal, rng):
        kind = legal[0].kind
        if seat != self.me:
            if kind == "card":
                free = [Action("card", (c,)) for c in state.revealed if not is_joker(c)]
                return next((a for a in free if a in legal), legal[0])
            return legal[0]
        if kind == "card" and state.phase == WRITE:
            view = self.rules.view(state, seat)
            c, cell = self.quick.plan(view, legal)
            self.planned[seat] = (c, cell)
            return Action("card", (c,))
        if kind == "place" and state.phase == WRITE:
            c, cell = self.planned.pop(seat, (None, None))
            if c == state.choice[seat] and Action("place", (cell,)) in legal:
                return Action("place", (cell,))
        return self.quick.choose(self.rules.view(state, seat), legal, rng)

    def value(self, state, seat):
        scoring = self.rules.scoring(state)
        mine = scoring["players"][seat]
        others = state.n - 1
        bonus = 0.0
        for hand in self.rules.sheet(state, seat).hands:
            points = mine["hands"][hand.letter].points
            bonus += hand.bonus * BEAT_ONE.get(points, 1.0) ** others if points else 0.0
        score = mine["hand_points"] + mine["unused_chips"] + bonus
        return squash((score - TYPICAL) / SPREAD)


class ExpertBot(SearchBot):
    plan_class = AllInPlan
    budget = Budget(playouts=1000, steps=4000, seconds=0.9)
