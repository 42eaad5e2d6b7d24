"""The search behind every game's ``expert`` bot: determinized Monte Carlo with sequential halving.

For one decision of one seat:

1. The game's ``Plan`` lists the candidate moves, each a short sequence of that seat's own
   actions taken as one choice (a whole fleet, a card and its space, a whole split), usually
   pruned to the few its ``normal`` bot rates best, that bot's own pick first.
2. A world is a full state drawn from the seat's view alone (``Rules.sample_state``), so the
   search never sees what the seat may not know. Every candidate still in the running is played
   out in the same worlds with the same random streams (common random numbers), so the
   differences between candidates come from the moves, not from the luck of the draw.
3. A playout applies the candidate and lets the game's playout policy (its ``normal`` bot, from
   each seat's own view of the sampled world) play on, to the end or to a point where the plan
   can judge the position (the end of a hand, say). The plan's ``value`` scores it for the
   deciding seat, between 0 and 1: mostly "did it win", plus a little for the score margin.
4. Sequential halving: the playout budget is split over ``ceil(log2(candidates))`` rounds; after
   each round the better half (by mean value) goes on, so the strong moves get most playouts. (A
   plan whose worlds cost far more than its playouts may ask for a fixed pool of worlds, drawn
   up front; it may screen its candidates in them first. Then every candidate is played out
   once in each world of the pool, as far as the budget goes, and the best mean wins: playing
   a world again would only repeat its playouts.)

The playout budget makes the result depend only on the view, the legal moves and the ``rng``
given (the bot's seeded stream), so games and tests reproduce. The time budget is a safety cap:
when it runs out the search stops after the current world and answers with what it has. Nothing
here keeps state between calls or touches globals, so it is safe to run in a worker thread.

The coach (engine/coach.py: hints and game reviews) runs the same search with two extras the
bots never ask for: ``outcomes=True`` keeps, per candidate, what each of its playouts came to
(won or not, and by how much: ``Plan.outcome``), and ``include`` adds moves that must be
compared even if the plan would not list them (the move a player made). Without them the
search does exactly what it did before, draw for draw.
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .bots import Bot
from .contract import Action, Rules
from .rng import stream

V = TypeVar("V")  # the game's view


@dataclass(frozen=True)
class Budget:
    """How much one decision may cost. ``playouts`` and ``steps`` (moves chosen by the playout
    policy, summed over the playouts: long playouts cost more) are the deterministic limits, the
    first one reached ends the search; ``seconds`` caps the wall time and only ever cuts a search
    short."""

    playouts: int = 400
    steps: int = 4000
    seconds: float = 0.9
    #: the cap counts this thread's CPU time instead of wall time (for measuring on a busy machine)
    cpu_time: bool = False


class Plan(Generic[V]):
    """What a game gives the shared search. Subclasses set ``rules`` and ``normal`` (the normal
    bot class, used for playouts and for decisions not worth a search)."""

    rules: Rules[Any, V]
    normal: type[Bot[V]]
    #: score margin (in points) that counts as a clear win in ``value``
    margin_scale: float = 10.0
    #: weight of the margin in ``value`` (the rest is win or lose)
    margin_weight: float = 0.2
    #: draw only this many worlds, up front, and cycle through them (for games whose worlds
    #: cost far more than their playouts; ``prune`` sees them first); None: a new world every
    #: time
    world_pool: int | None = None

    def __init__(self) -> None:
        self.bot = self.normal()

    # -- the decision ------------------------------------------------------------------------
    def candidates(self, view: V, legal: list[Action], rng) -> list[tuple[Action, ...]]:
        """Moves worth comparing, the most promising first (ties go to the earlier one). An
        empty list or a single move means: no search, play ``fallback``."""
        return [(a,) for a in legal]

    def fallback(self, view: V, legal: list[Action], rng) -> Action:
        return self.bot.choose(view, legal, rng)

    def prune(self, moves: list[tuple[Action, ...]], worlds: list, seat: int) -> list:
        """With a ``world_pool``: the moves to search, given the pool's worlds (a game with a
        quick way to judge a move in a world can screen many candidates here)."""
        return moves

    # -- the worlds and the playouts ---------------------------------------------------------
    def world(self, view: V, seat: int, rng) -> Any:
        """A state drawn from ``view``; games may refine it (e.g. others' hidden choices)."""
        return self.rules.sample_state(view, seat, rng)

    def clone(self, state: Any) -> Any:
        if hasattr(state, "clone"):
            return state.clone()
        return self.rules.state_from_json(self.rules.state_to_json(state))

    def policy(self, state: Any, seat: int, legal: list[Action], rng) -> Action:
        """The playout move of ``seat``: the normal bot from that seat's view."""
        return self.bot.choose(self.rules.view(state, seat), legal, rng)

    def stop(self, state: Any, seat: int) -> bool:
        """True where the playout may end before the game does (``value`` must judge it)."""
        return False

    def value(self, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat``, 0 to 1. At the game's end a win (shared or not)
        is worth ``1 - margin_weight``, and the margin over the best other score adds up to
        ``margin_weight``. Where a playout stops earlier: the lead in ``worth`` over the best
        other seat, against ``spread``."""
        if not self.rules.is_over(state):
            return squash(lead(self.worth(state), seat) / self.spread(state))
        result = self.rules.result(state)
        won = 1.0 if seat in result.winners else 0.0
        return (1 - self.margin_weight) * won + self.margin_weight * squash(
            lead(result.scores, seat) / self.margin_scale)

    def worth(self, state: Any) -> list[float]:
        """Per seat, what its position is worth (in points) where ``stop`` ends a playout."""
        raise NotImplementedError

    def spread(self, state: Any) -> float:
        """The lead (in points) that counts as clearly ahead where ``stop`` ends a playout."""
        return self.margin_scale

    # -- for the coach -----------------------------------------------------------------------
    def describe(self, view: V, move: tuple[Action, ...]) -> str | None:
        """A move in a player's words (a whole fleet, a card and its space, a split), for the
        coach; None: its actions described one by one will do."""
        return None

    def outcome(self, state: Any, seat: int, value: float) -> Outcome:
        """What one playout came to for ``seat`` (only the coach asks; ``value`` is the plan's
        ``value`` of ``state``, already worked out by the playout). At the game's end: won (a
        shared win counts) and the margin, the seat's final score minus the best other score.
        Where the playout stopped earlier, both are estimates: the chance to win is the plan's
        ``value`` (between 0 and 1; the default value there is exactly the squashed lead in
        ``worth``), and the margin is the lead in ``worth`` over the best other seat at that
        point (not carried on to the end), or None for a plan without a ``worth``. A plan whose
        value is not a chance to win overrides this."""
        if self.rules.is_over(state):
            result = self.rules.result(state)
            return Outcome(1.0 if seat in result.winners else 0.0,
                           float(lead(result.scores, seat)), True)
        try:
            margin: float | None = float(lead(self.worth(state), seat))
        except NotImplementedError:
            margin = None
        return Outcome(min(1.0, max(0.0, value)), margin, False)


@dataclass(frozen=True)
class Outcome:
    """One playout as the coach counts it: ``win`` 1.0 or 0.0 at the game's end (a shared win
    is a win), an estimated chance where the playout stopped earlier; ``margin`` the seat's
    score minus the best other score (an estimate where it stopped earlier; None when the plan
    cannot tell); ``ended``: the playout reached the game's end."""

    win: float
    margin: float | None
    ended: bool


def squash(x: float) -> float:
    """A smooth step from 0 to 1 (0.5 at 0), for score margins."""
    return 0.5 + 0.5 * math.tanh(x)


def lead(values: Sequence[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best of the others (negative: behind)."""
    return values[seat] - max((v for s, v in enumerate(values) if s != seat), default=0)


def playout(plan: Plan[Any], state: Any, seat: int, move: tuple[Action, ...], rng) -> tuple[float, int]:
    """Apply ``move`` for ``seat`` in ``state`` (changed in place), play on with the policy.
    Returns the plan's value of the end position for ``seat`` and the policy's moves."""
    rules = plan.rules
    for action in move:
        if action not in rules.legal_actions(state, seat):
            break  # the rest of the move does not fit this world: the policy takes over
        rules.apply(state, seat, action)
    steps = 0
    while not rules.is_over(state) and not plan.stop(state, seat):
        s = rules.to_act(state)[0]
        legal = rules.legal_actions(state, s)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = plan.policy(state, s, legal, rng)
            steps += 1
        rules.apply(state, s, action)
    return plan.value(state, seat), steps


@dataclass
class SearchReport:
    """What one search did (for tests, tools and tuning)."""

    moves: list[tuple[Action, ...]]
    means: list[float]
    playouts: list[int]
    worlds: int
    chosen: int
    seconds: float
    cut_short: bool = False
    #: with ``outcomes=True``: per candidate, each of its playouts' ``Outcome`` in the order of
    #: the worlds, so the k-th entries of any two candidates come from the same world
    outcomes: list[list[Outcome]] | None = None
    #: the indices of the moves searched only because ``include`` asked for them
    added: tuple[int, ...] = ()
    #: with ``outcomes=True``: per candidate, the plan's value of each of its playouts (in the
    #: order of the worlds, like ``outcomes``): what the search ranks by
    values: list[list[float]] | None = None


def search(plan: Plan[V], view: V, legal: list[Action], rng, budget: Budget, *,
           outcomes: bool = False, include: Sequence[tuple[Action, ...]] = ()
           ) -> SearchReport | None:
    """Sequential halving over ``plan.candidates``; None when there is nothing to search.

    For the coach: ``outcomes`` fills ``SearchReport.outcomes``; ``include`` lists moves that
    are searched even when the plan leaves them out (added at the end of the candidates, after
    ``prune``). Neither changes which worlds are drawn or how the other moves play out."""
    clock = time.thread_time if budget.cpu_time else time.perf_counter
    started = clock()
    seat: int = view["viewer"]  # type: ignore[index]  # every game's view has its viewer
    moves = plan.candidates(view, legal, rng)
    own = set(moves) if include else set()
    if moves and include:
        if len(_with(moves, include)) < 2:
            return None
        if plan.world_pool is None:  # (a pooled plan's prune sees its own moves only)
            moves = _with(moves, include)
    elif len(moves) < 2:
        return None
    seed = rng.getrandbits(64)
    pool: dict[int, Any] = {}
    if plan.world_pool is not None:  # drawn up front: the plan may prune the moves with them
        pool = {w: plan.world(view, seat, stream(seed, "world", w))
                for w in range(plan.world_pool)}
        moves = plan.prune(moves, [pool[w] for w in range(plan.world_pool)], seat)
        if include:
            moves = _with(moves, include)
        if len(moves) == 1:
            return SearchReport(moves, [0.0], [0], 0, 0, clock() - started,
                                outcomes=[[]] if outcomes else None,
                                added=_added(moves, own, include),
                                values=[[]] if outcomes else None)
    n = len(moves)
    totals, counts = [0.0] * n, [0] * n
    kept: list[list[Outcome]] | None = [[] for _ in range(n)] if outcomes else None
    valued: list[list[float]] | None = [[] for _ in range(n)] if outcomes else None
    alive = list(range(n))
    # with a pool, every candidate is played once in each of its worlds (a world played again
    # would only repeat a playout), no halving; else sequential halving
    rounds = 1 if plan.world_pool is not None else max(1, math.ceil(math.log2(n)))
    playouts = steps = worlds = 0
    cut = False
    for r in range(rounds):
        if r and (playouts >= budget.playouts or steps >= budget.steps):
            break  # a tiny budget: the first round has spent it all
        # this round's share of what is left (at least one world)
        until_playouts = playouts + (budget.playouts - playouts) / (rounds - r)
        until_steps = steps + (budget.steps - steps) / (rounds - r)
        while True:
            if clock() - started > budget.seconds:
                cut = True
                break
            w = worlds if plan.world_pool is None else worlds % plan.world_pool
            base = pool.get(w)
            if base is None:
                base = plan.world(view, seat, stream(seed, "world", w))
            for i in alive:
                state = plan.clone(base)
                value, used = playout(plan, state, seat, moves[i], stream(seed, "play", w))
                if kept is not None and valued is not None:
                    kept[i].append(plan.outcome(state, seat, value))
                    valued[i].append(value)
                totals[i] += value
                counts[i] += 1
                playouts += 1
                steps += used
            worlds += 1
            if playouts >= until_playouts or steps >= until_steps \
                    or plan.world_pool is not None and worlds >= plan.world_pool:
                break
        if cut or worlds == 0:
            break
        ranked = sorted(alive, key=lambda i: (-totals[i] / counts[i], i))
        alive = sorted(ranked[:max(1, math.ceil(len(alive) / 2))])
        if len(alive) == 1:
            break
    means = [totals[i] / counts[i] if counts[i] else 0.0 for i in range(n)]
    chosen = min(alive, key=lambda i: (-means[i], i)) if worlds else 0
    return SearchReport(moves, means, counts, worlds, chosen, clock() - started, cut, kept,
                        _added(moves, own, include), valued)


def _added(moves: list[tuple[Action, ...]], own: set, include: Sequence) -> tuple[int, ...]:
    return tuple(i for i, m in enumerate(moves) if m not in own) if include else ()


def _with(moves: list[tuple[Action, ...]], extra: Sequence[tuple[Action, ...]]
          ) -> list[tuple[Action, ...]]:
    """``moves`` and then those of ``extra`` not among them."""
    out = list(moves)
    for move in extra:
        if tuple(move) not in out:
            out.append(tuple(move))
    return out


class SearchBot(Bot[V]):
    """An ``expert`` bot: the shared search with a game's ``plan_class``. ``budget`` is the cost
    of one decision; ``budget_by_players`` may give another for some player counts (more
    players make every playout dearer)."""

    name = "expert"
    needs_view = True
    plan_class: type[Plan[V]]
    budget = Budget()
    budget_by_players: dict[int, Budget] = {}

    def budget_for(self, view: V) -> Budget:
        return self.budget_by_players.get(view["n"], self.budget)  # type: ignore[index]

    def choose(self, view: V, legal: list[Action], rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        plan = self.plan_class()
        report = search(plan, view, legal, rng, self.budget_for(view))
        if report is None:
            return plan.fallback(view, legal, rng)
        return report.moves[report.chosen][0]
