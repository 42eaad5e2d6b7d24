"""Game review: each decision of each person in a finished game, judged by the expert.

For every decision a person (a human seat) made, the expert's search (``engine.search``, as the
coach runs it: ``engine.coach``) is run from that person's view at that moment, never more, with
the move the person made forced among the candidates when the plan would not have listed it.
A ``Judgement`` then holds the expert's choice, the chance to win of the move made and of the
expert's choice, and a mark on costly moves (``COSTLY``: 10 points of chance or more).

Where the chances come from: each playout's ``Plan.outcome`` (a win, or the plan's estimate
where the playout stops before the end; see ``engine.coach``). The two chances of a judgement
are counted over the worlds in which both moves were played out, a like-for-like comparison:
the search plays every move still in the running in the same worlds, and when it dropped the
move made early (fewer than ``ENOUGH`` playouts), the two moves are played out again head to
head in fresh worlds. (The expert's choice usually has more playouts of its own in the search;
those are left out.) ``loss`` is the chance
of the expert's choice minus that of the move made (0 when they are the same move; it may be
below 0 when the move made did as well in those worlds).

Decisions: a move may take several actions (a card and its space, a whole fleet, a whole
split). A decision starts at a person's action and takes in the person's next actions while
they stay to act in the same round, as far as the move goes: up to the actions that give the
same position as one of the expert's candidate moves; else up to the action every candidate
ends with when it is of a kind found nowhere else in them (a launch), or as long as the
candidates when they all have one length (a write, a split), or while the actions are of the
kinds the candidates are made of. Forced moves (one legal action) and decisions the expert
leaves to its ``normal`` bot are not judged.

Everything here is pure and deterministic (the search's random stream is seeded from the view),
so the same game and budget always give the same review. ``tasks`` lists the work, ``judge``
does one decision (in any process: a task is plain data), ``Review`` holds the result with its
JSON form. Running it over a process pool and keeping it beside the save is ``allmine_tui.reviews``'
business.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from .coach import expert_budget, move_text, plan_class, scaled, summarize, view_rng
from .contract import Action, IllegalAction, Rules
from .game import Game, resolve
from .history import Timeline
from .match import Match
from .search import Budget, Plan, search

#: the review's format: a review of another version is computed again
VERSION = 1
FORMAT = "allmine-review"
#: a decision that costs this much chance to win (0.10: 10 points) or more is marked costly
COSTLY = 0.10
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


@dataclass(frozen=True)
class Judgement:
    """The expert's verdict on one decision of ``seat``.

    ``position``: the replay position where the person had to decide (the state before the
    move); ``indices``: the log entries of the move made (position ``indices[-1] + 1`` follows
    it). ``chance_best`` / ``chance_made``: the share of playouts won with the expert's choice
    and with the move made, in the worlds both were played in (``playouts`` of them each);
    ``margin_*`` the mean final margins there (points; None when the plan cannot tell);
    ``loss`` = chance_best - chance_made; ``costly`` when loss >= ``COSTLY``; ``added``: the move
    made was not among the expert's own candidates (it was added to be judged)."""

    seat: int
    position: int
    indices: tuple[int, ...]
    made: tuple[Action, ...]
    made_text: str
    best: tuple[Action, ...]
    best_text: str
    chance_made: float
    chance_best: float
    margin_made: float | None
    margin_best: float | None
    playouts: int
    loss: float
    costly: bool
    added: bool = False

    @property
    def same(self) -> bool:
        """The person made the expert's choice."""
        return self.made == self.best

    @property
    def after(self) -> int:
        """The replay position right after the move."""
        return self.indices[-1] + 1

    def to_json(self) -> dict:
        return {"seat": self.seat, "position": self.position, "indices": list(self.indices),
                "made": [a.to_json() for a in self.made], "made_text": self.made_text,
                "best": [a.to_json() for a in self.best], "best_text": self.best_text,
                "chance_made": round(self.chance_made, 4),
                "chance_best": round(self.chance_best, 4),
                "margin_made": _round(self.margin_made), "margin_best": _round(self.margin_best),
                "playouts": self.playouts, "loss": round(self.loss, 4), "costly": self.costly,
                "added": self.added}

    @staticmethod
    def from_json(data: Any) -> "Judgement":
        """ValueError for anything but what ``to_json`` writes."""
        if not isinstance(data, dict):
            raise ValueError("a judgement is not an object")
        indices = data.get("indices")
        if not isinstance(indices, list) or not indices or \
                not all(_is_int(i) and i >= 0 for i in indices):
            raise ValueError("a judgement's moves are malformed")
        return Judgement(
            seat=_int(data, "seat"), position=_int(data, "position"), indices=tuple(indices),
            made=_actions(data.get("made")), made_text=_str(data, "made_text"),
            best=_actions(data.get("best")), best_text=_str(data, "best_text"),
            chance_made=_chance(data, "chance_made"), chance_best=_chance(data, "chance_best"),
            margin_made=_opt_num(data, "margin_made"), margin_best=_opt_num(data, "margin_best"),
            playouts=_int(data, "playouts"), loss=_num(data, "loss"),
            costly=_bool(data, "costly"), added=_bool(data, "added"))


@dataclass
class Review:
    """Every judged decision of a finished game, in the order they were made.

    ``key`` is the game's ``match_key``: a review only fits the game it was made of."""

    game: str
    key: str
    seats: list[str]
    humans: list[int]
    judgements: list[Judgement] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    version: int = VERSION

    def at(self, position: int) -> Judgement | None:
        """The decision a person faced at this replay position (its move is log entry
        ``position``), or None."""
        return next((j for j in self.judgements if j.position == position), None)

    def of_action(self, index: int) -> Judgement | None:
        """The decision that log entry ``index`` was part of (the replay shows that move at
        position ``index + 1``), or None."""
        return next((j for j in self.judgements if index in j.indices), None)

    def of_seat(self, seat: int) -> list[Judgement]:
        return [j for j in self.judgements if j.seat == seat]

    def costliest(self, seat: int, n: int = 3) -> list[Judgement]:
        """``seat``'s ``n`` costliest decisions (the most chance lost first; only those that
        lost some), for the results screen: each has its replay ``position``."""
        lost = [j for j in self.of_seat(seat) if j.loss > 0]
        return sorted(lost, key=lambda j: (-j.loss, j.position))[:n]

    def summary(self, seat: int) -> dict:
        """Per person: decisions judged, the expert's choice made, costly ones, chance lost."""
        mine = self.of_seat(seat)
        return {"seat": seat, "name": self.seats[seat], "decisions": len(mine),
                "same": sum(j.same for j in mine), "costly": sum(j.costly for j in mine),
                "chance_lost": round(sum(max(0.0, j.loss) for j in mine), 4)}

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": self.version, "game": self.game, "key": self.key,
                "seats": list(self.seats), "humans": list(self.humans), "costly": COSTLY,
                "seconds": round(self.seconds, 2), "workers": self.workers,
                "people": [self.summary(s) for s in self.humans],
                "judgements": [j.to_json() for j in self.judgements]}

    @staticmethod
    def from_json(data: Any) -> "Review":
        """ValueError for anything but a review of this version as ``to_json`` writes it."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a review")
        if data.get("version") != VERSION:
            raise ValueError("a review of another version")
        seats, humans, items = data.get("seats"), data.get("humans"), data.get("judgements")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or \
                not isinstance(humans, list) or \
                not all(_is_int(h) and 0 <= h < len(seats) for h in humans) or \
                not isinstance(items, list):
            raise ValueError("a review's seats or judgements are malformed")
        judgements = [Judgement.from_json(j) for j in items]
        if any(j.seat not in humans for j in judgements):
            raise ValueError("a review judges a seat that is not a person")
        return Review(game=_str(data, "game"), key=_str(data, "key"), seats=seats,
                      humans=humans, judgements=judgements, seconds=_num(data, "seconds"),
                      workers=_int(data, "workers"))


# -- finding the decisions -------------------------------------------------------------------------
def tasks(match: Match, budget: Budget | None = None) -> list[Task]:
    """The decisions of every person in the finished ``match``, as tasks for ``judge``."""
    if not match.is_over():
        raise ValueError("the game is not finished")
    timeline = Timeline(match)
    rules, log, humans = match.rules, timeline.log, set(match.humans)
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
    cls = plan_class(game)
    if cls is None:
        return None
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
    chance_best, margin_best, _ = summarize(outs_best[:shared])
    chance_made, margin_made, _ = summarize(outs_made[:shared])
    assert chance_best is not None and chance_made is not None
    chance_best, chance_made = round(chance_best, 4), round(chance_made, 4)  # as kept in JSON
    loss = 0.0 if best == task.made else round(chance_best - chance_made, 4)
    return Judgement(
        seat=task.seat, position=task.position, indices=task.indices, made=task.made,
        made_text=move_text(rules, task.made, plan, view), best=best,
        best_text=move_text(rules, best, plan, view),
        chance_made=chance_made, chance_best=chance_best, margin_made=_round(margin_made),
        margin_best=_round(margin_best), playouts=shared, loss=loss,
        costly=loss >= COSTLY - 1e-9, added=added)


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


# -- reading JSON strictly -------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return type(v) is int


def _int(d: dict, key: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ValueError(f"'{key}' is not a count")
    return v


def _num(d: dict, key: str) -> float:
    v = d.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool) or v != v or abs(v) > 1e9:
        raise ValueError(f"'{key}' is not a number")
    return float(v)


def _opt_num(d: dict, key: str) -> float | None:
    return None if d.get(key) is None else _num(d, key)


def _chance(d: dict, key: str) -> float:
    v = _num(d, key)
    if not 0.0 <= v <= 1.0:
        raise ValueError(f"'{key}' is not a chance")
    return v


def _str(d: dict, key: str) -> str:
    v = d.get(key)
    if not isinstance(v, str):
        raise ValueError(f"'{key}' is not text")
    return v


def _bool(d: dict, key: str) -> bool:
    v = d.get(key)
    if not isinstance(v, bool):
        raise ValueError(f"'{key}' is not true or false")
    return v


def _actions(v: Any) -> tuple[Action, ...]:
    if not isinstance(v, list) or not v:
        raise ValueError("a move is malformed")
    out = []
    for a in v:
        if not isinstance(a, list) or not all(isinstance(x, (str, int)) and
                                              not isinstance(x, bool) for x in a):
            raise ValueError("a move is malformed")
        out.append(Action.from_json(a))
    return tuple(out)


def _round(v: float | None) -> float | None:
    return None if v is None else round(v, 3)
