"""The ``expert`` All In bot: the shared search (engine/search.py) with this game's plan.

* Candidates: a write is a card and its space, searched as one choice. Every affordable card on
  every legal space is rated one move deep with the expert's own sheet estimate
  (``expert_value.Rater``), and the best few pairs are compared. The space decision that follows
  takes the space the card was chosen for. Golden Deck picks are left to the normal bot.
* Worlds: drawn from the view (the deck's order, the other sheets).
* Playouts: a few rounds ahead with the cards that world deals, the seat's own writes chosen the
  same one-move-deep way. The other sheets hardly touch one's own (only through the Best Scoring
  Hand bonuses, which the value prices, and who completes a hand first), so the other seats just
  write the first card and space they may, which costs next to nothing.
* Value: the chance to finish ahead of the best of the others (``expert_value.win_chance``): the
  sheet's worth with each hand's bonus at the odds real ``normal`` players leave it, against the
  score the best other seat reaches in such games.
"""
from __future__ import annotations

from ...engine import Action
from ...engine.views import own
from ...engine.search import Budget, Plan, SearchBot, search
from .cards import card_cost, is_joker
from .expert_value import Rater, sheet_points, win_chance
from .normal_bot import FLEX, FLEX_CAP, GOLDEN_VALUE, NormalBot, _Sheet
from .rules import RULES
from .state import WRITE
from .views import AllInView

WIDTH = 6
#: rounds a playout looks ahead
HORIZON = 3
#: points that span the values of the old, sheet-only value (points / SPAN, about 0 to 1)
SPAN = 100.0


class AllInPlan(Plan[AllInView]):
    rules = RULES
    normal = NormalBot
    bot: NormalBot
    #: "win": the chance to finish first (expert_value.win_chance); "sheet": the sheet's points
    #: as the expert prices them; "normal": the sheet's points as the normal bot prices them
    judge = "win"
    #: candidates and the seat's own playout writes rated by the expert's estimate (else the
    #: normal bot's)
    own_rating = True
    #: rounds a playout looks ahead
    horizon = HORIZON

    def __init__(self) -> None:
        super().__init__()
        self.planned: dict[int, tuple[int, int]] = {}  # seat -> (card, cell) of its playout write

    def _rated(self, view, legal):
        """(value, card, cell) of every write worth trying, for a "card" or "place" decision."""
        s = _Sheet(view)
        if legal[0].kind == "card":
            options = self.bot.write_options(s, legal)
        else:
            c = own(view["choice"])
            options = [(c, card_cost(c, view["revealed"]), [a.args[0] for a in legal])]
        return (Rater(s) if self.own_rating else s).rated(options)

    def candidates(self, view, legal, rng):
        kind = legal[0].kind
        if view["phase"] != WRITE or kind not in ("card", "place"):
            return []
        self.me, self.until = own(view["viewer"]), view["round"] + self.horizon
        rated = self._rated(view, legal)
        order = sorted(range(len(rated)), key=lambda i: (-rated[i][0], i))[:WIDTH]
        if kind == "card":
            return [(Action("card", (rated[i][1],)), Action("place", (rated[i][2],)))
                    for i in order]
        return [(Action("place", (rated[i][2],)),) for i in order]

    def _own_write(self, view, legal, rng) -> tuple[int, int]:
        if not self.own_rating:
            return self.bot.plan(view, legal, rng)
        rated = self._rated(view, legal)
        best = max(range(len(rated)), key=lambda i: (rated[i][0], -i))
        return rated[best][1], rated[best][2]

    def policy(self, state, seat, legal, rng):
        kind = legal[0].kind
        if seat != self.me:
            if kind == "card":
                free = [Action("card", (c,)) for c in state.revealed if not is_joker(c)]
                return next((a for a in free if a in legal), legal[0])
            return legal[0]
        if kind == "card" and state.phase == WRITE:
            c, cell = self._own_write(self.rules.view(state, seat), legal, rng)
            self.planned[seat] = (c, cell)
            return Action("card", (c,))
        if kind == "place" and state.phase == WRITE:
            planned = self.planned.pop(seat, None)
            if planned is not None and planned[0] == state.choice[seat] \
                    and Action("place", (planned[1],)) in legal:
                return Action("place", (planned[1],))
        return self.bot.choose(self.rules.view(state, seat), legal, rng)

    def stop(self, state, seat):
        return state.round >= self.until

    def value(self, state, seat):
        s = _Sheet(self.rules.view(state, seat))
        if self.judge == "win":
            return win_chance(s, self.rules.is_over(state))
        if self.judge == "sheet":
            return sheet_points(s) / SPAN
        worth = sum(s.value_of_hand(i) for i in range(len(s.hands))) + s.chips
        if s.rounds_left > 0:
            if s.golden_open:
                filled = sum(1 for x in s.around if s.written[x] is not None)
                worth += GOLDEN_VALUE * filled ** 2 / 64.0
            worth += FLEX * min(s._frontier(None), FLEX_CAP)
        return worth / SPAN


class ExpertBot(SearchBot[AllInView]):
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
    budget = Budget(playouts=1000, steps=4500, seconds=0.9)
