"""What the All In ``expert`` plays for: its chance to finish ahead of the best of the others.

The ``normal`` bot prices a sheet as its own expected points, with each hand's Best Scoring Hand
bonus counted at the odds of beating random hands. That is a fine guide for one sheet, but the
game is won against the best of the other sheets, and the bonuses are where the sheets meet: a
bonus one player takes, the others lose. So the expert judges a sheet differently:

* Each hand's *final odds*: the chance that it ends as each poker category, worked out as the
  normal bot does (the same targets and the same chances of drawing the missing cards, see
  ``normal_bot.hand_value``), but kept apart instead of summed into one number.
* Its chance of the Best Scoring Hand, by its final category and its length (3, 4 or 5 cards),
  measured in games of ``normal`` bots (``BEST``). Against such players a five-card hand needs
  far more than the odds against random hands say (a Straight takes the bonus less than half
  the time, Three of a Kind one time in four), while a Pair takes a three-card hand's bonus
  nearly half the time. A finished hand is judged by its category and its top card
  (``BEST_TOP``).
* A bonus the seat takes is a bonus some other seat does not get, often the one it must beat:
  it counts ``1 + DENIAL`` times.
* The sheet's worth in points (the hands as above, unused chips, the Golden Card's ring and the
  room to grow as the normal bot counts them) is then compared with what the best of the other
  sheets scores at the end in games of ``normal`` bots (``RIVAL``), through a smooth step
  (``squash``): about the chance of finishing first. The estimate is first corrected by how far
  such estimates land from the final score at that round (``ERROR``: early on it counts on too
  much, late on too little), and the step is as wide as the spread of both. Close to the best
  other score a point matters most; far ahead or far behind, less, so the expert takes safe
  points when ahead and chances when behind.
* Why not the other sheets of the sampled world: the sampler fills them with revealed cards
  put anywhere they fit, far weaker than real sheets (by round 20 they are worth about a third
  of a real one), so the best other score of real games stands in for them.

The tables were measured with ``tools/all_in_tables.py`` (games of ``normal`` bots only).
"""
from __future__ import annotations

from functools import lru_cache

from ...engine.search import squash
from .normal_bot import (CHIP_VALUE, FLEX, FLEX_CAP, FULL_HOUSE, GOLDEN_VALUE, PAIR, QUADS,
                         STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR, _canonical, _points_now,
                         _Sheet, fail_chances)
from .poker import evaluate
from .views import AllInView

#: the categories by points, strongest first (0: nothing)
ORDER = (STRAIGHT_FLUSH, QUADS, FULL_HOUSE, STRAIGHT, TRIPS, TWO_PAIR, PAIR)


@lru_cache(maxsize=1 << 16)
def final_odds(cards: tuple, empty: int, rounds10: int) -> tuple[float, ...]:
    """Per points (0 to 14): the chance that a hand holding ``cards`` (sorted, suits canonical;
    the Golden Card included) with ``empty`` spaces left and ``rounds10`` tenths of a round to
    fill them ends with that many points. The same model as ``normal_bot.hand_value``, whose
    value is the sum of these chances times each category's worth."""
    now = _points_now(cards)
    odds = [0.0] * 15
    if not empty or not rounds10:
        odds[now] = 1.0
        return tuple(odds)
    fail = fail_chances(cards, empty, rounds10)
    left = 1.0
    for points in ORDER:
        if points <= now:
            break
        f = fail[points]
        if f < 1.0:
            odds[points] = (1.0 - f) * left
            left *= f
    odds[now] += left
    return tuple(odds)


# -- the tables (tools/all_in_tables.py; games of normal bots) --------------------------------
#: (length, points) -> chance that a hand ends with the Best Scoring Hand bonus, by the number
#: of opponents
BEST: dict[int, dict[tuple[int, int], float]] = {
    1: {(3, 2): 0.677, (3, 6): 0.980, (4, 2): 0.445, (4, 4): 0.724, (4, 6): 0.819, (4, 12): 0.989,
        (5, 2): 0.245, (5, 4): 0.358, (5, 6): 0.522, (5, 8): 0.675, (5, 10): 0.781, (5, 12): 0.932,
        (5, 14): 0.957},
    2: {(3, 2): 0.512, (3, 6): 0.958, (4, 2): 0.278, (4, 4): 0.445, (4, 6): 0.700, (4, 12): 0.985,
        (5, 2): 0.088, (5, 4): 0.133, (5, 6): 0.320, (5, 8): 0.495, (5, 10): 0.640, (5, 12): 0.866,
        (5, 14): 0.929},
    3: {(3, 2): 0.451, (3, 6): 0.953, (4, 2): 0.224, (4, 4): 0.390, (4, 6): 0.647, (4, 12): 0.953,
        (5, 2): 0.062, (5, 4): 0.110, (5, 6): 0.237, (5, 8): 0.437, (5, 10): 0.548, (5, 12): 0.860,
        (5, 14): 0.886},
    4: {(3, 2): 0.408, (3, 6): 0.943, (4, 2): 0.179, (4, 4): 0.349, (4, 6): 0.624, (4, 12): 0.966,
        (5, 2): 0.050, (5, 4): 0.060, (5, 6): 0.179, (5, 8): 0.350, (5, 10): 0.490, (5, 12): 0.833,
        (5, 14): 0.860},
    5: {(3, 2): 0.374, (3, 6): 0.932, (4, 2): 0.152, (4, 4): 0.282, (4, 6): 0.557, (4, 12): 0.934,
        (5, 2): 0.031, (5, 4): 0.043, (5, 6): 0.167, (5, 8): 0.322, (5, 10): 0.429, (5, 12): 0.792,
        (5, 14): 0.846},
}
#: a finished hand, (length, points) -> the chance of the bonus by its top card (2 to 14, the
#: Ace 14), by the number of opponents
BEST_TOP: dict[int, dict[tuple[int, int], tuple[float, ...]]] = {
    1: {
        (3, 2): (0.59, 0.54, 0.58, 0.63, 0.65, 0.64, 0.68, 0.69, 0.70, 0.69, 0.72, 0.80, 0.79),
        (3, 6): (0.93, 0.97, 0.99, 0.96, 0.97, 0.98, 0.98, 0.98, 0.97, 0.94, 1.00, 0.98, 0.98),
        (4, 2): (0.32, 0.35, 0.31, 0.40, 0.35, 0.37, 0.49, 0.44, 0.54, 0.45, 0.53, 0.54, 0.56),
        (4, 4): (0.72, 0.72, 0.73, 0.72, 0.73, 0.71, 0.72, 0.78, 0.71, 0.72, 0.64, 0.77, 0.76),
        (4, 6): (0.76, 0.80, 0.74, 0.76, 0.73, 0.82, 0.80, 0.83, 0.87, 0.85, 0.85, 0.87, 0.89),
        (4, 12): (0.99, 0.99, 0.97, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.98, 0.99, 0.99, 0.99),
        (5, 2): (0.13, 0.20, 0.21, 0.27, 0.20, 0.21, 0.27, 0.19, 0.28, 0.33, 0.27, 0.29, 0.31),
        (5, 4): (0.36, 0.35, 0.31, 0.33, 0.36, 0.29, 0.28, 0.35, 0.35, 0.39, 0.41, 0.39, 0.32),
        (5, 6): (0.47, 0.48, 0.49, 0.50, 0.49, 0.45, 0.49, 0.59, 0.50, 0.60, 0.54, 0.59, 0.64),
        (5, 8): (0.68, 0.68, 0.68, 0.64, 0.65, 0.64, 0.67, 0.69, 0.60, 0.72, 0.68, 0.73, 0.69),
        (5, 10): (0.77, 0.71, 0.76, 0.71, 0.77, 0.70, 0.78, 0.77, 0.84, 0.79, 0.86, 0.87, 0.82),
        (5, 12): (0.92, 0.88, 0.94, 0.94, 0.93, 0.95, 0.94, 0.91, 0.92, 0.96, 0.93, 0.96, 0.94),
        (5, 14): (0.96, 0.96, 0.96, 0.97, 0.96, 0.96, 0.95, 0.92, 0.94, 0.97, 0.97, 0.97, 0.98),
    },
    2: {
        (3, 2): (0.46, 0.42, 0.46, 0.46, 0.44, 0.43, 0.47, 0.51, 0.55, 0.56, 0.58, 0.62, 0.62),
        (3, 6): (0.94, 0.95, 0.86, 0.94, 0.90, 0.90, 0.96, 0.94, 0.97, 0.98, 1.00, 0.97, 0.97),
        (4, 2): (0.16, 0.20, 0.21, 0.20, 0.22, 0.22, 0.26, 0.26, 0.28, 0.33, 0.36, 0.44, 0.38),
        (4, 4): (0.45, 0.43, 0.46, 0.43, 0.45, 0.46, 0.39, 0.43, 0.49, 0.46, 0.41, 0.46, 0.45),
        (4, 6): (0.58, 0.64, 0.58, 0.65, 0.65, 0.64, 0.67, 0.65, 0.77, 0.75, 0.78, 0.80, 0.79),
        (4, 12): (0.99, 0.99, 0.97, 0.99, 0.99, 0.99, 0.99, 0.99, 0.97, 0.99, 0.98, 0.99, 0.99),
        (5, 2): (0.03, 0.07, 0.09, 0.07, 0.05, 0.05, 0.03, 0.08, 0.11, 0.12, 0.18, 0.13, 0.09),
        (5, 4): (0.13, 0.12, 0.11, 0.16, 0.12, 0.10, 0.11, 0.12, 0.11, 0.13, 0.16, 0.14, 0.19),
        (5, 6): (0.21, 0.22, 0.26, 0.31, 0.29, 0.26, 0.34, 0.33, 0.38, 0.39, 0.36, 0.34, 0.33),
        (5, 8): (0.49, 0.49, 0.49, 0.30, 0.37, 0.39, 0.53, 0.43, 0.45, 0.57, 0.56, 0.52, 0.61),
        (5, 10): (0.59, 0.57, 0.51, 0.53, 0.64, 0.57, 0.61, 0.66, 0.71, 0.72, 0.71, 0.79, 0.71),
        (5, 12): (0.88, 0.85, 0.88, 0.87, 0.84, 0.88, 0.84, 0.83, 0.82, 0.90, 0.90, 0.89, 0.93),
        (5, 14): (0.93, 0.93, 0.93, 0.96, 0.95, 0.88, 0.87, 0.92, 0.92, 0.94, 0.93, 0.98, 0.97),
    },
    3: {
        (3, 2): (0.29, 0.31, 0.35, 0.37, 0.37, 0.44, 0.46, 0.44, 0.52, 0.50, 0.51, 0.64, 0.64),
        (3, 6): (0.83, 0.88, 0.86, 0.85, 0.88, 0.95, 0.93, 0.95, 0.96, 0.98, 1.00, 0.98, 0.98),
        (4, 2): (0.16, 0.11, 0.15, 0.17, 0.16, 0.16, 0.22, 0.14, 0.23, 0.27, 0.30, 0.36, 0.39),
        (4, 4): (0.39, 0.38, 0.48, 0.47, 0.39, 0.34, 0.35, 0.36, 0.41, 0.37, 0.36, 0.40, 0.45),
        (4, 6): (0.55, 0.54, 0.58, 0.57, 0.61, 0.64, 0.63, 0.64, 0.63, 0.70, 0.73, 0.75, 0.74),
        (4, 12): (0.96, 0.82, 0.96, 0.96, 0.92, 0.95, 0.95, 0.97, 0.95, 0.97, 0.99, 0.97, 0.98),
        (5, 2): (0.04, 0.04, 0.02, 0.07, 0.06, 0.01, 0.05, 0.06, 0.06, 0.08, 0.09, 0.10, 0.16),
        (5, 4): (0.11, 0.09, 0.16, 0.09, 0.08, 0.07, 0.08, 0.12, 0.08, 0.13, 0.14, 0.11, 0.12),
        (5, 6): (0.15, 0.19, 0.17, 0.18, 0.22, 0.22, 0.24, 0.24, 0.28, 0.29, 0.28, 0.29, 0.30),
        (5, 8): (0.44, 0.44, 0.44, 0.36, 0.39, 0.33, 0.42, 0.41, 0.45, 0.47, 0.44, 0.47, 0.55),
        (5, 10): (0.33, 0.41, 0.46, 0.44, 0.50, 0.51, 0.55, 0.57, 0.57, 0.62, 0.66, 0.74, 0.67),
        (5, 12): (0.83, 0.83, 0.82, 0.80, 0.86, 0.84, 0.86, 0.87, 0.89, 0.88, 0.88, 0.93, 0.93),
        (5, 14): (0.89, 0.89, 0.89, 0.92, 0.80, 0.87, 0.84, 0.87, 0.89, 0.90, 0.91, 0.90, 0.98),
    },
    4: {
        (3, 2): (0.26, 0.27, 0.27, 0.33, 0.41, 0.43, 0.43, 0.32, 0.45, 0.49, 0.46, 0.51, 0.44),
        (3, 6): (0.92, 0.88, 0.90, 0.80, 0.94, 0.90, 0.92, 0.94, 0.95, 0.98, 0.99, 0.96, 0.96),
        (4, 2): (0.08, 0.10, 0.15, 0.17, 0.08, 0.14, 0.11, 0.13, 0.18, 0.23, 0.27, 0.28, 0.26),
        (4, 4): (0.35, 0.35, 0.36, 0.35, 0.43, 0.36, 0.31, 0.34, 0.41, 0.34, 0.34, 0.25, 0.39),
        (4, 6): (0.50, 0.42, 0.55, 0.54, 0.71, 0.53, 0.62, 0.63, 0.61, 0.73, 0.73, 0.70, 0.64),
        (4, 12): (0.94, 0.93, 0.92, 0.97, 0.97, 0.98, 0.98, 0.98, 0.98, 0.95, 0.98, 0.98, 0.98),
        (5, 2): (0.06, 0.01, 0.05, 0.03, 0.06, 0.02, 0.01, 0.04, 0.11, 0.09, 0.04, 0.06, 0.08),
        (5, 4): (0.06, 0.05, 0.06, 0.04, 0.02, 0.03, 0.06, 0.06, 0.08, 0.08, 0.06, 0.04, 0.08),
        (5, 6): (0.12, 0.10, 0.14, 0.15, 0.13, 0.20, 0.18, 0.17, 0.22, 0.24, 0.19, 0.27, 0.18),
        (5, 8): (0.35, 0.35, 0.35, 0.26, 0.24, 0.23, 0.33, 0.35, 0.35, 0.40, 0.37, 0.34, 0.53),
        (5, 10): (0.29, 0.33, 0.42, 0.44, 0.42, 0.45, 0.46, 0.54, 0.55, 0.59, 0.54, 0.70, 0.58),
        (5, 12): (0.85, 0.74, 0.85, 0.82, 0.83, 0.84, 0.77, 0.77, 0.79, 0.90, 0.91, 0.85, 0.86),
        (5, 14): (0.86, 0.86, 0.86, 0.79, 0.82, 0.78, 0.83, 0.84, 0.87, 0.92, 0.83, 0.92, 0.95),
    },
    5: {
        (3, 2): (0.22, 0.24, 0.20, 0.33, 0.31, 0.37, 0.38, 0.35, 0.39, 0.42, 0.45, 0.48, 0.49),
        (3, 6): (0.84, 0.93, 0.82, 0.83, 0.85, 0.92, 0.95, 0.91, 0.92, 0.95, 1.00, 0.95, 0.95),
        (4, 2): (0.06, 0.08, 0.08, 0.13, 0.10, 0.11, 0.13, 0.07, 0.13, 0.17, 0.22, 0.25, 0.34),
        (4, 4): (0.28, 0.31, 0.30, 0.31, 0.36, 0.27, 0.24, 0.28, 0.32, 0.26, 0.25, 0.23, 0.33),
        (4, 6): (0.41, 0.38, 0.43, 0.58, 0.54, 0.52, 0.53, 0.51, 0.58, 0.61, 0.65, 0.62, 0.72),
        (4, 12): (0.92, 0.91, 0.93, 0.92, 0.87, 0.94, 0.96, 0.91, 0.92, 0.94, 0.98, 0.96, 0.95),
        (5, 2): (0.01, 0.04, 0.03, 0.03, 0.02, 0.03, 0.03, 0.02, 0.04, 0.08, 0.04, 0.02, 0.02),
        (5, 4): (0.04, 0.04, 0.03, 0.03, 0.01, 0.02, 0.04, 0.05, 0.03, 0.08, 0.05, 0.02, 0.05),
        (5, 6): (0.10, 0.14, 0.09, 0.13, 0.14, 0.19, 0.14, 0.16, 0.18, 0.27, 0.21, 0.15, 0.20),
        (5, 8): (0.32, 0.32, 0.32, 0.26, 0.21, 0.25, 0.27, 0.31, 0.33, 0.39, 0.33, 0.33, 0.44),
        (5, 10): (0.24, 0.28, 0.29, 0.35, 0.32, 0.40, 0.43, 0.46, 0.53, 0.45, 0.54, 0.60, 0.55),
        (5, 12): (0.79, 0.70, 0.77, 0.73, 0.78, 0.74, 0.78, 0.82, 0.80, 0.89, 0.80, 0.89, 0.89),
        (5, 14): (0.85, 0.85, 0.85, 0.83, 0.82, 0.79, 0.78, 0.82, 0.80, 0.91, 0.84, 0.89, 0.96),
    },
}
#: a bonus taken alone: the chance the best other seat would have taken it instead
DENIAL = {1: 1.000, 2: 0.605, 3: 0.463, 4: 0.389, 5: 0.357}
#: the best other seat's final score: mean and spread
RIVAL = {1: (80.09, 10.83), 2: (78.62, 9.01), 3: (78.18, 8.60), 4: (78.10, 8.20), 5: (77.59, 7.68)}
#: the bonus points a normal player takes on average
BONUS_MEAN = {1: 19.87, 2: 14.87, 3: 13.02, 4: 11.58, 5: 10.61}
#: per round (1 to 23): how far the final score lands from ``sheet_points`` at the round's
#: start, on average and its spread (the estimate counts on too much early on, too little
#: late); last, the same for the finished sheet (whose bonuses are still to be known). Measured
#: over 400 games before finished hands were judged by their top card (``BEST_TOP``); the last
#: entry is a guess (about the spread of ten hands' bonuses won or lost)
ERROR = {
    3: ((-27.75, 10.48), (-27.30, 10.48), (-26.50, 10.48), (-25.13, 10.48), (-23.23, 10.47),
         (-20.67, 10.43), (-17.72, 10.42), (-14.35, 10.41), (-10.66, 10.36), (-6.70, 10.27),
         (-2.97, 10.07), (0.47, 9.94), (3.58, 9.74), (6.34, 9.64), (8.74, 9.40), (10.38, 9.20),
         (11.60, 8.98), (11.96, 8.51), (11.79, 8.22), (10.67, 7.67), (8.70, 7.08), (5.86, 6.55),
         (3.23, 5.76), (0.00, 4.50)),
}
#: a normal distribution's step as ``squash`` draws it: Phi(z) is about squash(PROBIT * z)
PROBIT = 0.851


@lru_cache(maxsize=1 << 14)
def _points_top(cards: tuple) -> tuple[int, int]:
    """A hand's points and its top card (the first value of its key, 2 to 14)."""
    if not cards:
        return 0, 0
    e = evaluate(cards)
    return e.points, e.key[1]


def _table(table: dict, opponents: int):
    """The entry for ``opponents``, or the nearest one measured."""
    return table[min(table, key=lambda k: (abs(k - opponents), k))]


def bonus_chance(opponents: int, length: int, points: int, top: int = 0) -> float:
    """The chance that a hand of ``length`` cards ending with ``points`` takes its bonus; with
    ``top``, the hand is finished and that is its top card (2 to 14)."""
    if not points:
        return 0.0
    if not opponents:
        return 1.0
    if top:
        row = _table(BEST_TOP, opponents).get((length, points))
        if row is not None:
            return row[top - 2]
    best = _table(BEST, opponents)
    chance = best.get((length, points))
    if chance is None:  # a category not measured for this length: the nearest one below
        below = [p for (n, p) in best if n == length and p < points]
        chance = best[(length, max(below))] if below else 0.5
    return chance


def hand_worth(s: _Sheet, index: int, extra: tuple[int, int] | None = None,
               denial: float = 0.0) -> float:
    """What hand ``index`` of the sheet is worth at the end (``extra``: with card ``extra[1]``
    written on space ``extra[0]``): its chances of every category times (its points plus its
    bonus times ``1 + denial`` times the chance that a hand of that category takes it)."""
    cards, empty = s.hand_state(index, extra)
    hand = s.hands[index]
    return _hand_worth(_canonical(cards), empty, s.rounds10, len(hand.cells), hand.bonus,
                       s.opponents, denial)


@lru_cache(maxsize=1 << 16)
def _hand_worth(cards: tuple, empty: int, rounds10: int, length: int, bonus: int,
                opponents: int, denial: float) -> float:
    weight = bonus * (1.0 + denial)
    if not empty or not rounds10:
        points, top = _points_top(cards)
        return points + weight * bonus_chance(opponents, length, points, top)
    worth = 0.0
    for points, p in enumerate(final_odds(cards, empty, rounds10)):
        if p:
            worth += p * (points + weight * bonus_chance(opponents, length, points))
    return worth


def sheet_points(view: AllInView | _Sheet, denial: float = 0.0) -> float:
    """What the seat's sheet is worth at the end, in points: its hands (``hand_worth``), unused
    chips, and the Golden Card's ring and room to grow as the normal bot counts them."""
    s = view if isinstance(view, _Sheet) else _Sheet(view)
    worth = float(s.chips) + sum(hand_worth(s, i, None, denial) for i in range(len(s.hands)))
    if s.rounds_left > 0:
        if s.golden_open:
            filled = sum(1 for x in s.around if s.written[x] is not None)
            worth += GOLDEN_VALUE * filled ** 2 / 64.0
        worth += FLEX * min(s._frontier(None), FLEX_CAP)
    return worth


class Rater:
    """Rates writes as the normal bot's ``_Sheet`` does (chips spent, hands completed, the
    Golden Card's ring, room to grow), with the hands priced by ``hand_worth``."""

    def __init__(self, s: _Sheet, denial: float = 0.0) -> None:
        self.s, self.denial = s, denial
        self._before: dict[int, float] = {}

    def option_value(self, c: int, cell: int, cost: int) -> float:
        s = self.s
        gain = -cost * CHIP_VALUE + s._cell_gain(cell)
        for i in s.cell_hands[cell]:
            before = self._before.get(i)
            if before is None:
                before = self._before[i] = hand_worth(s, i, None, self.denial)
            gain += hand_worth(s, i, (cell, c), self.denial) - before
        return gain

    def rated(self, options) -> list[tuple[float, int, int]]:
        """(value, card, cell) for every card and space of ``options`` (card, cost, cells)."""
        return [(self.option_value(c, cell, cost), c, cell)
                for c, cost, cells in options for cell in cells]


def win_chance(s: _Sheet, over: bool = False, denial: float | None = None,
               spread: float = 1.0) -> float:
    """About the chance that the seat finishes ahead of the best of the others: its sheet's
    worth (bonuses counted ``1 + denial`` times, less what an average sheet takes that way),
    corrected by how far such estimates land from the final score at this round, against the
    best other score of games of normal bots; the spread of both sets the step's width
    (times ``spread``). ``over``: the game has ended. With nobody to beat: the sheet's points,
    scaled to about 0 to 1."""
    if not s.opponents:
        return sheet_points(s) / 100.0
    margin, width = win_margin(s, over, denial)
    return squash(PROBIT * margin / (spread * width))


def win_margin(s: _Sheet, over: bool = False, denial: float | None = None
               ) -> tuple[float, float]:
    """The expected lead (in points) of the seat's final score over the best other score of
    games of normal bots, as ``win_chance`` works it out, and how widely the real lead spreads
    around it (one standard deviation)."""
    opponents = max(1, s.opponents)
    if denial is None:
        denial = _table(DENIAL, opponents)
    mean, sd = _table(RIVAL, opponents)
    errors = _table(ERROR, opponents)
    bias, error = errors[-1] if over else errors[min(max(s.round, 1), len(errors) - 1) - 1]
    margin = sheet_points(s, denial) - denial * _table(BONUS_MEAN, opponents) + bias - mean
    return margin, (sd * sd + error * error) ** 0.5
