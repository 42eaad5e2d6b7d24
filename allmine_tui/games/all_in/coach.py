"""What the coach (engine/coach.py: hints and game reviews) searches All In with: the expert's
own plan, searched exactly as the expert searches it, plus what the coach asks of a playout
(``Plan.outcome``).

The other players' sheets stay hidden until the game ends, so in a world drawn from a seat's
view they are guesses (see sampler.py), and any guess gets their worth wrong one way or the
other: an early version judged the seat against those guessed sheets and told a loser and a
winner alike "100%, +80 points". So a playout is judged the way the expert judges it
(``expert_value.win_chance``): the seat's own sheet, known in full, priced at what it should
bring by the end, against the best other score that games of ``normal`` players reach with as
many players (a spread that narrows as the rounds run out). The chance is that estimate; the
margin is the expected lead over that best other score. The app's curve
(engine/calibration.py) then fits these chances to how self-play games really ended.
"""
from __future__ import annotations

from ...engine.search import Outcome
from .cards import card_name
from .expert import AllInPlan
from .expert_value import win_margin
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
        """The expert's own value (its chance to win against the best other score of such
        games) and the expected lead behind it; ``ended`` when the playout reached the end."""
        s = _Sheet(self.rules.view(state, seat))
        over = self.rules.is_over(state)
        margin, _width = win_margin(s, over)
        return Outcome(min(1.0, max(0.0, value)), float(margin), over)

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
