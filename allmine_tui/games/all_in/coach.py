"""What the coach (engine/coach.py: hints and game reviews) searches All In with: the expert's
own plan, searched exactly as the expert searches it, plus what the coach asks of a playout that
stopped before the end (``Plan.outcome``).

The expert's playouts look a few rounds ahead and judge the seat's own sheet, not its chance to
win; so here every seat's sheet is priced the same way (each hand's points plus what its empty
spaces may still make of it, as the normal bot counts them, plus the unused chips). The margin
is the seat's priced sheet minus the best other one; the chance to win is that lead squashed
against a spread that shrinks as the rounds run out (``spread``). Both are estimates; at the
game's end the real scores and winners count.
"""
from __future__ import annotations

from ...engine.search import Outcome, lead, squash
from .cards import card_name
from .expert import AllInPlan
from .normal_bot import _Sheet
from .sheets import get_sheet
from .state import ROUNDS, cell_name

#: the lead (in points) that counts as clearly ahead with no round left, and what each round
#: still to play adds to it
SPREAD_AT_END = 6.0
SPREAD_PER_ROUND = 0.5


class AllInCoachPlan(AllInPlan):
    """``AllInPlan`` with a ``worth`` for every seat, ``outcome`` built on it, and a write in
    words."""

    def worth(self, state) -> list[float]:
        out = []
        for s in range(state.n):
            sheet = _Sheet(self.rules.view(state, s))
            out.append(sum(sheet.value_of_hand(i) for i in range(len(sheet.hands)))
                       + sheet.chips)
        return out

    def spread(self, state) -> float:
        return SPREAD_AT_END + SPREAD_PER_ROUND * max(0, ROUNDS - state.round)

    def outcome(self, state, seat: int, value: float) -> Outcome:
        if self.rules.is_over(state):
            return super().outcome(state, seat, value)
        margin = float(lead(self.worth(state), seat))
        return Outcome(squash(margin / self.spread(state)), margin, False)

    def describe(self, view, move) -> str | None:
        """'write 4♦ in row 2, column 3' (a card and its space, or the space of the card
        chosen)."""
        if not move or move[-1].kind != "place":
            return None
        sheet = get_sheet(view["players"][view["viewer"]]["sheet"])
        where = cell_name(sheet, move[-1].args[0])
        if len(move) == 2 and move[0].kind == "card":
            return f"write {card_name(move[0].args[0])} in {where}"
        if len(move) == 1:
            return f"write it in {where}"
        return None
