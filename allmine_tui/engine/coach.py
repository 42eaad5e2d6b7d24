"""Hints: the expert's search run for a person, from that person's view alone.

``hint(game, view, seat, legal)`` runs the search behind the game's ``expert`` bot
(``engine.search``, with the game's ``Game.coach_plan`` or else its ``search_plan``) on the view
of the seat to act, and returns the best few moves with what the search found about each:

- ``chance``: the chance to win with that move, against opponents who play like the expert.
  The search's own figure (``raw_chance``) is the share of that move's playouts that ended in a
  win for the seat (a shared win counts as a win); a playout that stops before the end of the
  game (most plans stop at the end of the hand or round, some a few turns ahead) counts the
  plan's own estimate of the chance to win from where it stopped (``Plan.outcome``); ``ended``
  says which share of the playouts reached the end. Those playouts are the ``normal`` bot's in
  worlds drawn at random, so the raw figure is too sure of itself in some games and not sure
  enough in others; ``chance`` is the raw figure through the game's calibration curve
  (engine/calibration.py), fitted on self-play games of the expert at a hint's budget, so that
  of the hints claiming 30%, about 30% were won. A game without a curve shows the raw figure.
- ``margin``: the mean of the seat's final score minus the best other score. Where a playout
  stopped before the end, the margin counted is the seat's lead at that point in the plan's own
  measure of standing (``Plan.worth``: the scores so far, or the scores plus what the cards held
  should bring; in points): a lead then, not a forecast of the final one. None when the plan
  cannot tell.
- ``playouts``: how many playouts the figures rest on (the search spends more on better moves).

The moves come best first: the search's choice (what the expert would play, searching with the
hint's budget and random stream; the expert bot itself, with its own stream and budget, may
pick another move of about the same worth), then the others in the order the search ranked
them (how long they stayed in the running, then their mean value). Where the search cannot
tell the next moves from the first (``about_equal``: the mean difference of their values over
the worlds both were played out in is within ``NOISE`` standard errors of the paired
differences; every move searched is compared with it, even one dropped early on few worlds),
they are listed right after the first, ``Hint.equal`` counts them, and the hint screen shows
them as about equal rather than ranked: asked again with another random stream, such a ranking
could well come out the other way. Only where no move is that close does the hint call its
first move clearly the best (``Hint.clear``). The chances do not always
fall in that order: the search ranks by its own value (mostly winning, a little margin), and a
move dropped early has few playouts behind its figures. A
move may be several actions (a whole fleet, a card and its space, a whole split); ``text`` puts
it in the game's own words (the plan's ``describe`` for a move of several actions, else
``Rules.describe_action`` of each).

A hint sees only what the seat may know: the view and the legal moves (the worlds it plays out
are drawn from the view, ``Rules.sample_state``). With no ``rng`` the search's random stream is
seeded from the view itself, so a hint depends only on the view, the legal moves and the budget:
asked twice it says the same, and changing what the seat may not know changes nothing
(tests/test_coach.py checks it for every game). The budget is a playout and step budget
(deterministic) with a wall-time cap as a safety net; a hint cut by the cap says so.

Decisions the expert does not search (it plays its ``normal`` bot's move there, e.g. Golden Deck
picks in All In, the steps after the dwarf in Mine All Mines) get that move, without figures
(``Hint.searched`` is False).

Pure Python like the rest of the engine: safe to call from a worker thread. The hints a person
used are counted per seat on the ``Match`` (``note_hint``), kept in the save and in the records.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .calibration import calibrated
from .contract import Action, Rules
from .game import Game
from .match import Match
from .search import Budget, Outcome, Plan, SearchBot, SearchReport, search

#: moves a hint lists at most
TOP = 3
#: a hint's playouts and steps, as a share of the expert bot's own budget (the expert has
#: about 0.9 s a decision; a hint, shown at a key press, aims at 1.5 s or less at the 95th
#: percentile with the figures of every candidate kept)
HINT_SCALE = 0.6
#: the wall-time cap of a hint (a safety net: the playout and step budget normally end it)
HINT_SECONDS = 1.4
#: two moves whose mean values differ by less than this many standard errors of their paired
#: playout differences are "about equal" (``about_equal``)
NOISE = 2.0


@dataclass(frozen=True)
class MoveStats:
    """One move the search compared, with what its playouts came to."""

    actions: tuple[Action, ...]  # the move: one action, or several taken as one choice
    text: str  # in the game's words
    chance: float | None  # share of playouts won, 0..1 (None: not searched)
    margin: float | None  # mean final margin in points (see the module's docstring)
    playouts: int
    ended: float = 0.0  # share of those playouts that reached the end of the game
    #: the share of playouts won before the game's calibration curve (``chance`` is after it)
    raw_chance: float | None = None

    def to_json(self) -> dict:
        return {"actions": [a.to_json() for a in self.actions], "text": self.text,
                "chance": self.chance, "margin": self.margin, "playouts": self.playouts,
                "ended": self.ended, "raw_chance": self.raw_chance}


@dataclass(frozen=True)
class Hint:
    """What the coach suggests for one decision of ``seat``: ``moves`` best first (the first is
    the recommended move; at most ``TOP``). ``searched`` is False where the expert does not
    search (one move, no figures); ``cut_short`` when the time cap ended the search."""

    seat: int
    moves: tuple[MoveStats, ...]
    searched: bool
    playouts: int = 0
    worlds: int = 0
    seconds: float = 0.0
    cut_short: bool = False
    #: how many other moves the search compared are about as good as the first: it cannot
    #: tell them apart from it (``about_equal``); they come right after it in ``moves`` (as
    #: far as ``TOP`` goes); 0: the first is clearly the best of all the moves searched
    equal: int = 0

    @property
    def best(self) -> MoveStats:
        return self.moves[0]

    @property
    def clear(self) -> bool:
        """The first move is clearly the best (a searched hint, no other move about as good)."""
        return self.searched and len(self.moves) > 1 and self.equal == 0

    def to_json(self) -> dict:
        return {"seat": self.seat, "moves": [m.to_json() for m in self.moves],
                "searched": self.searched, "playouts": self.playouts, "worlds": self.worlds,
                "seconds": round(self.seconds, 4), "cut_short": self.cut_short,
                "equal": self.equal}


# -- the search behind it ------------------------------------------------------------------------
def plan_class(game: Game) -> type[Plan] | None:
    """The plan the coach searches ``game`` with (None: the game has no searching bot)."""
    loader = game.coach_plan or game.search_plan
    return loader() if loader is not None else None


def expert_budget(game: Game, view: Any) -> Budget:
    """The budget of the game's ``expert`` bot for this view (its playouts and steps)."""
    cls = game.bots().get("expert")
    if isinstance(cls, type) and issubclass(cls, SearchBot):
        return cls.budget_by_players.get(view["n"], cls.budget)
    return Budget()


def scaled(budget: Budget, scale: float, seconds: float) -> Budget:
    """``budget`` with ``scale`` times its playouts and steps and a time cap of ``seconds``."""
    return dataclasses.replace(budget, playouts=max(1, round(budget.playouts * scale)),
                               steps=max(1, round(budget.steps * scale)), seconds=seconds)


def hint_budget(game: Game, view: Any) -> Budget:
    """A hint's budget: ``HINT_SCALE`` of the expert's playouts and steps, capped at
    ``HINT_SECONDS``."""
    return scaled(expert_budget(game, view), HINT_SCALE, HINT_SECONDS)


def view_rng(view: Any, *purpose: object) -> random.Random:
    """A random stream seeded from ``view`` (and ``purpose``): the same view, the same stream."""
    text = json.dumps([view, [str(p) for p in purpose]], sort_keys=True, default=str)
    return random.Random(hashlib.sha256(text.encode()).hexdigest())


def move_text(rules: Rules, actions: Sequence[Action], plan: Plan | None = None,
              view: Any = None) -> str:
    """A move in the game's words: the plan's own words for it when it has some
    (``Plan.describe``), else its actions described one by one, joined as steps."""
    if plan is not None and view is not None:
        text = plan.describe(view, tuple(actions))
        if text:
            return text
    texts = [rules.describe_action(a) for a in actions]
    if len(texts) <= 1:
        return texts[0] if texts else ""
    return ", ".join(texts[:-1]) + ", then " + texts[-1]


def summarize(outcomes: Sequence[Outcome]) -> tuple[float | None, float | None, float]:
    """(chance, margin, ended) of some playouts: the mean win, the mean margin (over those that
    have one; None if none has), the share that reached the end."""
    if not outcomes:
        return None, None, 0.0
    n = len(outcomes)
    margins = [o.margin for o in outcomes if o.margin is not None]
    return (sum(o.win for o in outcomes) / n,
            sum(margins) / len(margins) if margins else None,
            sum(o.ended for o in outcomes) / n)


def ranking(report: SearchReport) -> list[int]:
    """The candidates best first: the search's choice, then by playouts (how long each stayed
    in the running) and mean value."""
    rest = sorted((i for i in range(len(report.moves)) if i != report.chosen),
                  key=lambda i: (-report.playouts[i], -report.means[i], i))
    return [report.chosen, *rest]


def about_equal(report: SearchReport, first: int, other: int, z: float = NOISE) -> bool:
    """True when the search cannot tell ``other`` from ``first``: over the worlds both were
    played out in (the same worlds, the same random streams), the mean difference of their
    values is within ``z`` standard errors of the paired differences (or there are too few)."""
    if report.values is None:
        return False
    a, b = report.values[first], report.values[other]
    m = min(len(a), len(b))
    if m < 4:
        return True
    diffs = [a[k] - b[k] for k in range(m)]
    mean = sum(diffs) / m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
    return abs(mean) <= z * (var / m) ** 0.5


def stats_of(rules: Rules, report: SearchReport, i: int, plan: Plan, view: Any,
             game_id: str | None = None) -> MoveStats:
    outs = report.outcomes[i] if report.outcomes is not None else []
    raw, margin, ended = summarize(outs)
    chance = calibrated(game_id, raw) if game_id is not None else raw
    return MoveStats(tuple(report.moves[i]), move_text(rules, report.moves[i], plan, view),
                     chance, margin, len(outs), ended, raw)


# -- hints ---------------------------------------------------------------------------------------
def hint(game: Game, view: Any, seat: int, legal: list[Action], rng: random.Random | None = None,
         budget: Budget | None = None, *, top: int = TOP) -> Hint:
    """The coach's hint for ``seat``'s decision, from its ``view`` and ``legal`` moves alone.

    ``rng``: the search's random stream (default: seeded from the view, see ``view_rng``);
    ``budget``: default ``hint_budget``. ``ValueError`` when ``view`` is not ``seat``'s own view
    or there is nothing to decide."""
    if not legal:
        raise ValueError("this seat has no move to make")
    if view.get("viewer") != seat:
        raise ValueError(f"a hint for seat {seat} needs that seat's own view")
    rules = game.rules()
    rng = rng if rng is not None else view_rng(view, "hint")
    budget = budget if budget is not None else hint_budget(game, view)
    cls = plan_class(game)
    if len(legal) == 1 or cls is None:
        move = (legal[0],) if len(legal) == 1 else (game.bots()[game.default_bot]().choose(
            view, legal, rng),)
        return Hint(seat, (MoveStats(move, move_text(rules, move), None, None, 0),), False)
    plan = cls()
    report = search(plan, view, legal, rng, budget, outcomes=True)
    if report is None:  # a decision the expert leaves to its normal bot
        move = (plan.fallback(view, legal, rng),)
        return Hint(seat, (MoveStats(move, move_text(rules, move), None, None, 0),), False)
    order = ranking(report)
    # every move the search cannot tell from its choice comes next, in its ranking order
    tied = [i for i in order[1:] if about_equal(report, order[0], i)]
    order = [order[0], *tied, *(i for i in order[1:] if i not in tied)][:max(1, top)]
    return Hint(seat, tuple(stats_of(rules, report, i, plan, view, game.id) for i in order),
                True, sum(report.playouts), report.worlds, report.seconds, report.cut_short,
                len(tied))


def hint_for(match: Match, seat: int, budget: Budget | None = None) -> Hint:
    """``hint`` for ``seat`` in ``match`` now: its view and legal moves are read first (call
    this where the match is not changing, or read them yourself and call ``hint`` in a
    worker)."""
    view = match.view(seat)
    legal = match.legal_actions(seat)
    return hint(match.game, view, seat, legal, budget=budget)


def note_hint(match: Match, seat: int) -> int:
    """Count a hint shown to ``seat`` (call it when the hint appears on screen, then save: the
    count lives in the save file and reaches the records when the game ends). Returns the
    seat's count so far."""
    return match.count_hint(seat)
