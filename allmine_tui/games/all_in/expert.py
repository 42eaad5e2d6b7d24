"""The ``expert`` All In bot: the shared search (engine/search.py) with this game's plan.

* Candidates: a write is a card and its space, searched as one choice: the normal bot rates
  every affordable card on every legal space, and the best few pairs are compared. The space
  decision that follows takes the space the card was chosen for. Golden Deck picks are left to
  the normal bot.
* Worlds: drawn from the view (the deck's order, the other sheets).
* Playouts: to the end of the game, every seat played by the normal bot (which works out a
  card's space with the card, so that is done once a write), and the game's result is the value.
  (``cheap_others`` is a cheaper variant: the other seats write the first card and space they
  may, and the value is the seat's own score with its Best Scoring Hand bonuses counted at the
  normal bot's odds. It plays clearly worse.)
"""
from __future__ import annotations

from ...engine import Action
from ...engine.search import Budget, Plan, SearchBot, search, squash
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

    #: True: the other seats write the first card and space they may (next to free), and the
    #: value is the seat's own score; False: every seat is a normal bot and the game's result
    #: is the value
    cheap_others = False

    def world(self, view, seat, rng):
        self.me = seat
        return self.rules.sample_state(view, seat, rng)

    def policy(self, state, seat, legal, rng):
        kind = legal[0].kind
        if seat != self.me and self.cheap_others:
            if kind == "card":
                free = [Action("card", (c,)) for c in state.revealed if not is_joker(c)]
                return next((a for a in free if a in legal), legal[0])
            return legal[0]
        bot = self.quick if self.cheap_others else self.bot
        if kind == "card" and state.phase == WRITE:
            view = self.rules.view(state, seat)
            c, cell = bot.plan(view, legal, rng)
            self.planned[seat] = (c, cell)
            return Action("card", (c,))
        if kind == "place" and state.phase == WRITE:
            c, cell = self.planned.pop(seat, (None, None))
            if c == state.choice[seat] and Action("place", (cell,)) in legal:
                return Action("place", (cell,))
        return bot.choose(self.rules.view(state, seat), legal, rng)

    def value(self, state, seat):
        if not self.cheap_others:
            return super().value(state, seat)
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

    def __init__(self) -> None:
        self._planned: tuple | None = None  # (decision, card, space) of its last write search

    @staticmethod
    def _decision(view) -> tuple:
        me = view["players"][view["viewer"]]
        return (view["round"], view["phase"], tuple(view["revealed"]), tuple(me["written"]),
                me["chips_spent"])

    def choose(self, view, legal, rng):
        """A write's space is the one the card was chosen for (the search compared the pairs);
        asked for it without having chosen the card (a game resumed in between), it searches."""
        if legal[0].kind == "place" and self._planned is not None:
            decision, card, cell = self._planned
            if decision == self._decision(view) and card == view["choice"] \
                    and Action("place", (cell,)) in legal:
                return Action("place", (cell,))
        if len(legal) == 1 or legal[0].kind != "card":
            return super().choose(view, legal, rng)
        plan = self.plan_class()
        report = search(plan, view, legal, rng, self.budget_for(view))
        if report is None:
            return plan.fallback(view, legal, rng)
        card, place = report.moves[report.chosen]
        self._planned = (self._decision(view), card.args[0], place.args[0])
        return card
    budget = Budget(playouts=1000, steps=700, seconds=0.9)
