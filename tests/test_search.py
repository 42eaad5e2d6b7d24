"""The shared search (engine/search.py): it finds the best move of a known toy game, spends its
budget on the good moves, is reproducible for a seed and budget, only ever uses the view, and
can run in worker threads."""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

from allmine_tui.engine import Action, Bot, Match, Rules, Seat
from allmine_tui.engine.search import Budget, Plan, SearchBot, search, squash
from allmine_tui.games import GAMES


# -- a toy game: one seat picks a number, luck adds noise, the number's worth is known -----------
@dataclass
class ToyState:
    noise: float
    pick: int | None = None
    moves: list = field(default_factory=list)


class ToyRules(Rules):
    """Seat 0 picks 0..7; pick k is worth WORTH[k] plus the world's noise."""

    WORTH = [0.1, 0.5, 0.2, 0.9, 0.3, 0.85, 0.0, 0.4]

    def to_act(self, state):
        return [] if state.pick is not None else [0]

    def legal_actions(self, state, seat):
        return [] if state.pick is not None else [Action("pick", (k,)) for k in range(8)]

    def apply(self, state, seat, action):
        state.pick = action.args[0]
        state.moves.append(action)
        return []

    def is_over(self, state):
        return state.pick is not None

    def view(self, state, seat):
        return {"viewer": seat, "n": 1}

    def sample_state(self, view, seat, rng):
        return ToyState(noise=rng.gauss(0, 0.3))


class ToyBot(Bot):
    def choose(self, view, legal, rng):
        return legal[0]


class ToyPlan(Plan):
    rules = ToyRules()
    normal = ToyBot

    def clone(self, state):
        return ToyState(state.noise, state.pick, list(state.moves))

    def value(self, state, seat):
        return squash(ToyRules.WORTH[state.pick] + state.noise - 0.45)


def toy_search(seed=1, budget=Budget(playouts=240, steps=10 ** 6, seconds=30)):
    legal = ToyRules().legal_actions(ToyState(0.0), 0)
    return search(ToyPlan(), {"viewer": 0, "n": 1}, legal, random.Random(seed), budget)


def test_finds_the_best_move_and_spends_most_playouts_on_the_good_ones():
    report = toy_search()
    assert report.moves[report.chosen] == (Action("pick", (3,)),)
    counts = report.playouts
    assert counts[3] == max(counts) and counts[5] == max(counts)  # the two best, to the end
    assert counts[6] == min(counts)  # the worst one was dropped in the first round
    assert sum(counts) <= 240 + 8
    assert report.means[3] > report.means[0]


def test_reproducible_for_a_seed_and_budget():
    a, b = toy_search(7), toy_search(7)
    assert (a.means, a.playouts, a.chosen) == (b.means, b.playouts, b.chosen)
    assert toy_search(8).means != a.means


def test_a_tiny_budget_and_no_time_still_give_a_legal_move():
    report = toy_search(budget=Budget(playouts=1, steps=1, seconds=30))
    assert report.worlds == 1 and sum(report.playouts) == 8  # one world, then it stops
    report = toy_search(budget=Budget(playouts=10 ** 6, steps=10 ** 6, seconds=0.0))
    assert report.cut_short and report.worlds == 0
    assert report.moves[report.chosen][0].kind == "pick"


def test_no_search_when_there_is_one_candidate():
    class OnePlan(ToyPlan):
        def candidates(self, view, legal, rng):
            return [(legal[0],)]

    legal = ToyRules().legal_actions(ToyState(0.0), 0)
    assert search(OnePlan(), {"viewer": 0, "n": 1}, legal, random.Random(1), Budget()) is None


# -- real games ----------------------------------------------------------------------------------
SMALL = Budget(playouts=40, steps=400, seconds=60)


def decision_point(game_id: str, n: int, after: int):
    """A match of normal bots after ``after`` actions, at a seat with a real choice."""
    match = Match(game_id, [Seat(f"N{i}", "normal") for i in range(n)], "search")
    while True:
        seat = match.bot_seats_to_act()[0]
        legal = match.legal_actions(seat)
        if len(match.log) >= after and len(legal) > 1:
            return match, seat, legal
        match.apply(seat, match.bot_choice(seat))


def expert_plan(game_id: str) -> Plan:
    plan = GAMES[game_id].search_plan
    assert plan is not None
    return plan()()


def test_search_sees_only_the_view():
    """Re-dealing everything the seat cannot see changes nothing in the search."""
    match, seat, legal = decision_point("all-mine", 4, 30)
    rules = match.rules
    view = rules.view(match.state, seat)
    other = rules.perturb_secrets(match.state, seat, random.Random(3))
    assert other.hands != match.state.hands
    a = search(expert_plan("all-mine"), view, legal, random.Random(5), SMALL)
    b = search(expert_plan("all-mine"), rules.view(other, seat),
               rules.legal_actions(other, seat), random.Random(5), SMALL)
    assert (a.means, a.chosen) == (b.means, b.chosen)


def test_searches_in_threads_give_the_same_answers():
    cases = [decision_point("all-mine", 3, 10), decision_point("this-is-mine", 3, 12)]
    jobs = [(match.game_id, match.view(seat), legal) for match, seat, legal in cases]

    def run(game_id, view, legal):
        report = search(expert_plan(game_id), view, legal, random.Random(2), SMALL)
        return report.means, report.chosen

    alone = [run(*job) for job in jobs]
    together: list = [None] * len(jobs)

    def worker(i):
        together[i] = run(*jobs[i])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


def test_every_expert_is_a_search_bot_with_a_budget_under_a_second():
    for spec in GAMES.values():
        expert = spec.bots()["expert"]
        assert issubclass(expert, SearchBot) and expert.name == "expert"
        for budget in [expert.budget, *expert.budget_by_players.values()]:
            assert budget.seconds < 1.0 and budget.playouts > 0 and budget.steps > 0


def test_an_expert_game_is_the_same_for_the_same_seed(monkeypatch):
    expert = GAMES["mine-all-mines"].bots()["expert"]
    monkeypatch.setattr(expert, "budget", Budget(playouts=8, steps=80, seconds=60))
    monkeypatch.setattr(expert, "budget_by_players", {})

    def log(seed):
        match = Match("mine-all-mines", [Seat("E", "expert"), Seat("N", "normal")], seed)
        match.run_bots()
        return match.log

    first = log("same")
    assert first == log("same") and first != log("other")


def test_a_world_pool_is_drawn_up_front_and_prune_sees_it():
    seen = {}

    class PoolPlan(ToyPlan):
        world_pool = 5

        def prune(self, moves, worlds, seat):
            seen["worlds"] = len(worlds)
            return [m for m in moves if m[0].args[0] in (1, 3, 6)]  # the search sees only these

    legal = ToyRules().legal_actions(ToyState(0.0), 0)
    report = search(PoolPlan(), {"viewer": 0, "n": 1}, legal, random.Random(1),
                    Budget(playouts=60, steps=10 ** 6, seconds=30))
    assert seen["worlds"] == 5
    assert [m[0].args[0] for m in report.moves] == [1, 3, 6]
    assert report.moves[report.chosen] == (Action("pick", (3,)),)
