"""Game review: each decision of each person in a finished game, judged by the expert.

For every decision a person (a human seat) made, the expert's search (``engine.search``, as the
coach runs it: ``engine.coach``) is run from that person's view at that moment, never more, with
the move the person made forced among the candidates when the plan would not have listed it.
A ``Judgement`` (``engine.verdicts``, with the ``Review`` of a whole game) then holds the
expert's choice, the chance to win and the mean margin of the move made and of the expert's
choice, and a mark on costly moves: 10 points of chance or more lost, or a margin lost that is
large for the game (``engine.verdicts`` says how much, and why the chance alone is not enough).

Where the chances come from: each playout's ``Plan.outcome`` (a win, or the plan's estimate
where the playout stops before the end; see ``engine.coach``). The two chances of a judgement
are counted over the worlds in which both moves were played out, a like-for-like comparison:
the search plays every move still in the running in the same worlds, and when it dropped the
move made early (fewer than ``ENOUGH`` playouts), the two moves are played out again head to
head in fresh worlds. (The expert's choice usually has more playouts of its own in the search;
those are left out.) ``loss`` is the chance
of the expert's choice minus that of the move made (0 when they are the same move; it may be
below 0 when the move made did as well in those worlds); ``margin_loss`` likewise for the mean
margins.

Decisions: a move may take several actions (a card and its space, a whole fleet, a whole
split). A decision starts at a person's action and takes in the person's next actions while
they stay to act in the same round, as far as the move goes: up to the actions that give the
same position as one of the expert's candidate moves; else up to the action every candidate
ends with when it is of a kind found nowhere else in them (a launch), or as long as the
candidates when they all have one length (a write, a split), or while the actions are of the
kinds the candidates are made of. Forced moves (one legal action) and decisions the expert
leaves to its ``normal`` bot are not judged.

Everything here is pure and deterministic (the search's random stream is seeded from the view),
so the same game and budget always give the same review. ``tasks`` lists the work (every
person's decisions, or any seats': tools/measure_review.py judges bots of known strengths),
``judge`` does one decision (in any process: a task is plain data), ``Review`` holds the result
with its JSON form. Running it over a process pool and keeping it beside the save is ``allmine_tui.reviews``'
business.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .coach import expert_budget, move_text, plan_class, scaled, summarize, view_rng
from .contract import Action, IllegalAction, Rules
from .game import Game, resolve
from .history import Timeline
from .match import Match
from .search import Budget, Outcome, Plan, search
from .verdicts import (COSTLY, COSTLY_SHARE, FORMAT, SCORE_SPREAD, VERSION,  # noqa: F401
                       Judgement, Review, is_costly, verdict)

#: a review's playouts and steps per decision, as a share of the expert bot's budget
REVIEW_SCALE = 0.6
#: the head-to-head of the expert's choice and the move made, as a share of that budget; it is
#: played only when the search gave the move made fewer than ENOUGH playouts
PAIR_SCALE = 1.0
ENOUGH = 20
#: a decision's wall-time cap (a safety net only: the budget above normally ends a search)
REVIEW_SECONDS = 30.0
#: the most actions one move may take (a whole split of This is Mine! is about ten)
MAX_MOVE = 40


def match_key(match: Match) -> str:
    """Identifies a game's moves: the same game, seats, seed, options and log, the same key."""
    ident = [match.game_id, [s.to_json() for s in match.seats], match.seed, match.options,
             [[seat, action.to_json()] for seat, action in match.log]]
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:24]


def review_budget(game: Game, view: Any) -> Budget:
    """A decision's budget in a review: ``REVIEW_SCALE`` of the expert's playouts and steps."""
    return scaled(expert_budget(game, view), REVIEW_SCALE, REVIEW_SECONDS)


# -- the work --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """One decision to judge, as plain data (it crosses to worker processes)."""

    game: str
    seat: int
    position: int  # the timeline position the person decided at (before the move)
    indices: tuple[int, ...]  # the log entries of the move made
    view: Any  # the person's view at ``position``
    legal: tuple[Action, ...]
    made: tuple[Action, ...]
    budget: Budget | None = None  # None: review_budget


# -- finding the decisions -------------------------------------------------------------------------
def tasks(match: Match, budget: Budget | None = None,
          seats: Sequence[int] | None = None) -> list[Task]:
    """The decisions of every person in the finished ``match`` (or of ``seats``, bots
    included: for measuring the review itself), as tasks for ``judge``."""
    if not match.is_over():
        raise ValueError("the game is not finished")
    timeline = Timeline(match)
    rules, log = match.rules, timeline.log
    humans = set(match.humans if seats is None else seats)
    out: list[Task] = []
    taken: set[int] = set()
    for k, (seat, action) in enumerate(log):
        if seat not in humans or k in taken:
            continue
        state = timeline.state(k)
        legal = rules.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        view = rules.view(state, seat)
        follow = _follow(timeline, k, seat)
        indices: tuple[int, ...]
        made: tuple[Action, ...]
        if len(follow) == 1:
            indices, made = (k,), (action,)
        else:
            indices, made = _extent(match.game, rules, state, view, legal, seat,
                                    follow, [log[j][1] for j in follow])
        taken.update(indices)
        out.append(Task(match.game_id, seat, k, indices, view, tuple(legal), made, budget))
    return out


def _follow(timeline: Timeline, k: int, seat: int) -> list[int]:
    """Log entries of ``seat``'s actions from ``k`` on, while the seat stays to act in the
    same round (or hand)."""
    rules, log, rounds = timeline.rules, timeline.log, timeline.rounds
    out = [k]
    for j in range(k + 1, len(log)):
        if len(out) >= MAX_MOVE or rounds[j] != rounds[k] or \
                seat not in rules.to_act(timeline.state(j)):
            break
        if log[j][0] == seat:
            out.append(j)
    return out


def _after(rules: Rules, state: Any, seat: int, actions) -> str | None:
    """The position ``actions`` of ``seat`` lead to from ``state`` (as text), None if they do
    not all apply."""
    copy = rules.state_from_json(rules.state_to_json(state))
    try:
        for a in actions:
            rules.apply(copy, seat, a)
    except IllegalAction:
        return None
    return json.dumps(rules.state_to_json(copy), sort_keys=True)


def _extent(game: Game, rules: Rules, state: Any, view: Any, legal: list[Action], seat: int,
            follow: list[int], seq: list[Action]) -> tuple[tuple[int, ...], tuple[Action, ...]]:
    """How far a move of several actions goes (see the module's docstring): its log entries,
    and the move as the expert would write it when it is one of its candidates. (The real
    position is used here only to tell which candidate the move made is, by the position it
    leads to; the judgement itself sees only the view.)"""
    cls = plan_class(game)
    cands = cls().candidates(view, legal, view_rng(view, "review")) if cls is not None else []
    if not cands:
        return (follow[0],), (seq[0],)
    longest = max(len(c) for c in cands)
    ends: dict[str, int] = {}
    for i, c in enumerate(cands):
        after = _after(rules, state, seat, c)
        if after is not None:
            ends.setdefault(after, i)
    for m in range(1, min(len(seq), longest) + 1):
        found = ends.get(_after(rules, state, seat, seq[:m]) or "")
        if found is not None:
            return tuple(follow[:m]), tuple(cands[found])
    last = {c[-1] for c in cands}
    closing = next(iter(last)) if len(last) == 1 else None
    if closing is not None and closing in seq and \
            all(a.kind != closing.kind for c in cands for a in c[:-1]):
        m = seq.index(closing) + 1  # every move ends with it, and only there (a launch)
    elif len({len(c) for c in cands}) == 1:
        m = min(longest, len(seq))  # moves of one length (a write, a split)
    else:
        kinds = {a.kind for c in cands for a in c}
        m = 0
        while m < len(seq) and seq[m].kind in kinds:
            m += 1
    m = max(m, 1)
    return tuple(follow[:m]), tuple(seq[:m])


# -- judging one -----------------------------------------------------------------------------------
def judge(task: Task) -> Judgement | None:
    """The expert's verdict on one decision (None when the expert does not search it, or the
    move made was the only one it would consider).

    Two searches: the expert's own, with the move made among the candidates, finds its choice;
    when that is not the move made and the search dropped the move made early (fewer than
    ``ENOUGH`` playouts), the two are then played out against each other in the same fresh
    worlds (``_pair_budget``)."""
    game = resolve(task.game)
    rules = game.rules()
    found = plan_class(game)
    if found is None:
        return None
    cls = _standing(found)
    legal, view = list(task.legal), task.view
    budget = task.budget if task.budget is not None else review_budget(game, view)
    plan = cls()
    report = search(plan, view, legal, view_rng(view, "review"), budget,
                    outcomes=True, include=[task.made])
    if report is None or report.outcomes is None or task.made not in report.moves:
        return None
    best = tuple(report.moves[report.chosen])
    made_at = report.moves.index(task.made)
    added = made_at in report.added
    if best == task.made:
        outs_best = outs_made = report.outcomes[report.chosen]
    elif len(report.outcomes[made_at]) >= ENOUGH:  # it stayed long enough in the running
        outs_best, outs_made = report.outcomes[report.chosen], report.outcomes[made_at]
    else:
        pair = search(_fixed(cls, [best, task.made])(), view, legal,
                      view_rng(view, "review", "pair"), _pair_budget(budget), outcomes=True)
        if pair is None or pair.outcomes is None:
            return None
        outs_best, outs_made = pair.outcomes
    shared = min(len(outs_best), len(outs_made))
    if shared == 0:
        return None
    outs_best, outs_made = outs_best[:shared], outs_made[:shared]
    chance_best, margin_best, _ = summarize(outs_best)
    chance_made, margin_made, _ = summarize(outs_made)
    assert chance_best is not None and chance_made is not None
    chance_best, chance_made = round(chance_best, 4), round(chance_made, 4)  # as kept in JSON
    margin_best, margin_made = _round(margin_best), _round(margin_made)
    if best == task.made:
        loss, margin_loss = 0.0, (None if margin_made is None else 0.0)
        points_lost = None if _points(outs_made) is None else 0.0
    else:
        loss = round(chance_best - chance_made, 4)
        margin_loss = None if margin_best is None or margin_made is None else \
            _round(margin_best - margin_made)
        points_best, points_made = _points(outs_best), _points(outs_made)
        points_lost = None if points_best is None or points_made is None else \
            _round(points_best - points_made)
    scale = score_spread(task.game, plan)
    return Judgement(
        seat=task.seat, position=task.position, indices=task.indices, made=task.made,
        made_text=move_text(rules, task.made, plan, view), best=best,
        best_text=move_text(rules, best, plan, view),
        chance_made=chance_made, chance_best=chance_best, margin_made=margin_made,
        margin_best=margin_best, playouts=shared, loss=loss,
        costly=is_costly(loss, points_lost, scale), added=added, margin_loss=margin_loss,
        points_lost=points_lost, scale=scale)


def score_spread(game_id: str, plan: Plan) -> float:
    """The game's scale for the points lost (see ``engine.verdicts``): ``SCORE_SPREAD``, or for
    a game not measured there the plan's ``margin_scale`` (its clear lead in points)."""
    return SCORE_SPREAD.get(game_id, float(plan.margin_scale))


@dataclass(frozen=True)
class Standing(Outcome):
    """A playout's ``Outcome`` with ``points``: the seat's score minus the mean of the others'
    scores (their worth, ``Plan.worth``, where the playout stopped before the end); None when
    the plan cannot tell."""

    points: float | None = None


def _standing(cls: type[Plan]) -> type[Plan]:
    """``cls`` whose playouts' outcomes are ``Standing`` (nothing else changes: the search
    draws, plays and chooses as with ``cls``)."""

    class WithStanding(cls):  # type: ignore[valid-type,misc]
        def outcome(self, state, seat, value):
            base = super().outcome(state, seat, value)
            try:
                values = self.rules.result(state).scores if self.rules.is_over(state) \
                    else self.worth(state)
            except NotImplementedError:
                return Standing(base.win, base.margin, base.ended, None)
            others = [v for s, v in enumerate(values) if s != seat]
            points = float(values[seat]) - (sum(others) / len(others) if others else 0.0)
            return Standing(base.win, base.margin, base.ended, points)

    return WithStanding


def _points(outcomes: Sequence[Outcome]) -> float | None:
    """The mean ``Standing.points`` of some playouts (None when one lacks them)."""
    points = [getattr(o, "points", None) for o in outcomes]
    if not points or any(p is None for p in points):
        return None
    return sum(p for p in points if p is not None) / len(points)


def _pair_budget(budget: Budget) -> Budget:
    """The head-to-head of the expert's choice and the move made: ``PAIR_SCALE`` of a review
    search's playouts and steps."""
    return dataclasses.replace(budget, playouts=max(2, round(budget.playouts * PAIR_SCALE)),
                               steps=max(1, round(budget.steps * PAIR_SCALE)))


def _fixed(cls: type[Plan], moves: list[tuple[Action, ...]]) -> type[Plan]:
    """``cls`` searching exactly ``moves`` (its own ``candidates`` still run first, for what
    the plan notes about the decision; no pruning)."""

    class Fixed(cls):  # type: ignore[valid-type,misc]
        def candidates(self, view, legal, rng):
            super().candidates(view, legal, rng)
            return list(moves)

        def prune(self, found, worlds, seat):
            return found

    return Fixed


def review(match: Match, budget: Budget | None = None, progress=None) -> Review:
    """The whole review in this process, one decision after the other (``progress(done,
    total)`` after each). ``allmine_tui.reviews`` runs the same tasks over a process pool."""
    import time

    started = time.perf_counter()
    todo = tasks(match, budget)
    judged = []
    for i, task in enumerate(todo):
        judged.append(judge(task))
        if progress is not None:
            progress(i + 1, len(todo))
    return assemble(match, judged, time.perf_counter() - started, 1)


def assemble(match: Match, judged: list[Judgement | None], seconds: float,
             workers: int) -> Review:
    return Review(match.game_id, match_key(match), [s.name for s in match.seats],
                  list(match.humans), sorted((j for j in judged if j is not None),
                                             key=lambda j: j.position), seconds, workers)


def _round(v: float | None) -> float | None:
    return None if v is None else round(v, 3)
