"""The coach's hints (engine/coach.py) and what they need of the shared search: the figures of
every candidate (chance to win, margin, playouts), moves best first in the game's words, the
same hint for the same view, and a hint that sees only the view, in every game."""
from __future__ import annotations

import random

import pytest

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.engine import coach
from allmine_tui.engine.coach import Hint, hint, hint_for, move_text, note_hint
from allmine_tui.engine.search import Budget, Outcome, search
from allmine_tui.games import GAMES

import coach_toy

SMALL = Budget(playouts=24, steps=240, seconds=60)  # deterministic: the cap is never reached


def same(a: Hint, b: Hint) -> bool:
    """Equal hints, but for the time they took."""
    x, y = a.to_json(), b.to_json()
    x.pop("seconds"), y.pop("seconds")
    return x == y


# -- the toy: known chances and margins -------------------------------------------------------------
def toy_hint(plan=coach_toy.PickPlan, top=3) -> Hint:
    game = coach_toy.make_game(plan)
    rules = game.rules()
    state = rules.new_state(2, {}, 1)
    return hint(game, rules.view(state, 0), 0, rules.legal_actions(state, 0),
                budget=Budget(playouts=64, steps=1000, seconds=60), top=top)


def test_a_hint_gives_chance_margin_and_playouts_of_the_best_moves_best_first():
    h = toy_hint()
    assert h.searched and not h.cut_short
    picks = [m.actions[0].args[0] for m in h.moves]
    assert picks == [3, 1, 2]  # the expert's choice, the other survivor, then the best dropped
    by_pick = {m.actions[0].args[0]: m for m in h.moves}
    assert by_pick[3].chance == 1.0 and by_pick[3].margin == 9 - 3
    assert by_pick[1].chance == 1.0 and by_pick[1].margin == 5 - 3
    assert by_pick[2].chance == 1.0 and by_pick[2].margin == 0  # a shared win is a win
    assert all(m.ended == 1.0 and m.playouts > 0 for m in h.moves)
    assert by_pick[3].playouts > by_pick[2].playouts  # the search spent more on the survivors
    assert by_pick[3].text == "pick 3"


def test_a_losing_move_has_no_chance_and_fewer_moves_than_three_when_there_are_fewer():
    h = toy_hint(top=4)
    worst = h.moves[-1]
    assert worst.actions == (Action("pick", (0,)),)
    assert worst.chance == 0.0 and worst.margin == 0 - 3
    assert len(toy_hint(coach_toy.NarrowPlan).moves) == 2  # only two candidates


def test_the_same_view_gives_the_same_hint():
    assert same(toy_hint(), toy_hint())


def test_a_move_of_several_actions_reads_as_steps():
    rules = coach_toy.RULES
    one, two = Action("pick", (1,)), Action("pick", (2,))
    assert move_text(rules, [one]) == "pick 1"
    assert move_text(rules, [one, two, one]) == "pick 1, pick 2, then pick 1"


def test_a_hint_needs_the_seat_s_own_view():
    game = coach_toy.make_game()
    rules = game.rules()
    state = rules.new_state(2, {}, 1)
    with pytest.raises(ValueError):
        hint(game, rules.view(state, 1), 0, rules.legal_actions(state, 0), budget=SMALL)


# -- the search: figures only on request, the expert's search unchanged -----------------------------
def a_position(game_id: str, players: int = 3, skip: int = 7):
    """A match of ``normal`` bots a few decisions in, at a decision the expert searches."""
    game = GAMES[game_id]
    match = Match(game_id, [Seat(f"S{i}", "normal") for i in range(players)], f"coach/{game_id}")
    plan_class = coach.plan_class(game)
    seen = 0
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if len(legal) > 1 and len(plan_class().candidates(match.view(seat), legal,
                                                          random.Random(0))) > 1:
            seen += 1
            if seen > skip:
                return match, seat
        match.step_bot(seat)
    raise AssertionError(f"{game_id}: no searched decision")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_asking_for_the_figures_changes_nothing_the_expert_sees(game_id):
    match, seat = a_position(game_id)
    plan_class = GAMES[game_id].search_plan()
    view, legal = match.view(seat), match.legal_actions(seat)
    plain = search(plan_class(), view, legal, random.Random(7), SMALL)
    kept = search(plan_class(), view, legal, random.Random(7), SMALL, outcomes=True)
    assert plain is not None and kept is not None
    assert plain.outcomes is None and plain.added == ()
    for field in ("moves", "means", "playouts", "worlds", "chosen"):
        assert getattr(plain, field) == getattr(kept, field), field
    assert [len(o) for o in kept.outcomes] == kept.playouts  # one outcome per playout
    assert all(isinstance(o, Outcome) and 0.0 <= o.win <= 1.0 for os in kept.outcomes for o in os)


def test_a_move_the_plan_leaves_out_is_searched_when_included():
    game = coach_toy.make_game(coach_toy.NarrowPlan)
    rules = game.rules()
    state = rules.new_state(2, {}, 1)
    zero = (Action("pick", (0,)),)
    report = search(coach_toy.NarrowPlan(), rules.view(state, 0), rules.legal_actions(state, 0),
                    random.Random(1), SMALL, outcomes=True, include=[zero])
    assert zero in report.moves and report.added == (report.moves.index(zero),)
    assert report.outcomes[report.moves.index(zero)][0].win == 0.0


# -- every game -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_hint_in_every_game_names_moves_with_figures(game_id):
    match, seat = a_position(game_id)
    h = hint_for(match, seat, SMALL)
    assert h.searched and 1 <= len(h.moves) <= 3
    legal = match.legal_actions(seat)
    for m in h.moves:
        assert m.actions[0] in legal and m.text
        assert 0.0 <= m.chance <= 1.0 and m.playouts > 0
        assert m.margin is not None  # every game's coach plan can tell a margin
    assert len({m.actions for m in h.moves}) == len(h.moves)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_hint_sees_only_the_view(game_id):
    """Changing what the seat may not know (other hands, unrevealed choices, the deck's order)
    changes nothing in its hint. The leaky search below, which plays out the real position
    instead of worlds drawn from the view, shows the check would notice a hint that saw more."""
    game = GAMES[game_id]
    rules = game.rules()
    moved = 0
    for skip in (3, 11):
        match, seat = a_position(game_id, skip=skip)
        before = hint_for(match, seat, SMALL)
        real = match.state
        changed = False
        for k in range(3):
            match.state = rules.perturb_secrets(real, seat, random.Random(k))
            assert rules.view(match.state, seat) == rules.view(real, seat)
            assert same(hint_for(match, seat, SMALL), before)
            changed |= rules.state_to_json(match.state) != rules.state_to_json(real)
        assert changed, "the perturbation changed nothing: the test would prove nothing"
        match.state = real
        moved += leaky_hints_differ(match, seat, rules)
    assert moved, f"{game_id}: a hint that sees the real position did not notice the change"


def leaky_hints_differ(match, seat, rules) -> bool:
    """A hint whose search plays out the real state (not worlds drawn from the view): does it
    change when the secrets are perturbed?"""
    def leaky(state):
        original = coach.search

        def search_in(plan, view, legal, rng, budget, **kw):
            plan.world = lambda v, s, r: plan.clone(state)
            return original(plan, view, legal, rng, budget, **kw)
        return search_in

    real = match.state
    hints = []
    for k in range(4):
        state = real if k == 0 else rules.perturb_secrets(real, seat, random.Random(100 + k))
        saved = coach.search
        coach.search = leaky(state)
        try:
            hints.append(hint(match.game, rules.view(real, seat), seat,
                              rules.legal_actions(real, seat), budget=SMALL))
        finally:
            coach.search = saved
    return any(not same(hints[0], h) for h in hints[1:])


def test_a_decision_the_expert_does_not_search_gets_its_move_without_figures():
    game = GAMES["mine-all-mines"]
    match = Match(game.id, [Seat(f"S{i}", "normal") for i in range(3)], "coach/unsearched")
    plan_class = coach.plan_class(game)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if len(legal) > 1 and not plan_class().candidates(match.view(seat), legal,
                                                          random.Random(0)):
            h = hint_for(match, seat, SMALL)
            assert not h.searched and len(h.moves) == 1
            assert h.best.actions[0] in legal and h.best.chance is None
            return
        match.step_bot(seat)
    raise AssertionError("no decision the expert leaves to its normal bot")


# -- counting the hints -----------------------------------------------------------------------------
def test_hints_are_counted_per_seat_and_survive_a_save_and_a_load():
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")], 3)
    assert match.hints == [0, 0, 0] and "hints" not in match.to_json()
    assert note_hint(match, 1) == 1 and note_hint(match, 1) == 2 and note_hint(match, 0) == 1
    data = match.to_json()
    assert data["hints"] == [1, 2, 0]
    assert Match.from_json(data).hints == [1, 2, 0]
    with pytest.raises(ValueError):
        note_hint(match, 3)


@pytest.mark.parametrize("bad", [None, "3", [1, 2], [1, -1, 0], [1, True, 0], [1.5, 0, 0]])
def test_a_save_without_hints_or_with_a_bad_count_loads_with_none(bad):
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")], 3)
    data = match.to_json()
    if bad is not None:
        data["hints"] = bad
    assert Match.from_json(data).hints == [0, 0, 0]


def test_the_bench_times_hints_and_holds_them_to_a_second_and_a_half():
    from allmine_tui.bench import measure_hints, targets

    goals = targets()["hint_p95_ms"]
    assert set(goals) == set(GAMES) and all(v == 1500.0 for v in goals.values())
    figures = measure_hints(GAMES["this-is-mine"], 3, 0.2, 2)
    assert 1 <= figures["hints"] <= 2 and figures["p95_ms"] > 0 and figures["cpu_p95_ms"] > 0


@pytest.mark.parametrize("game_id, words", [("all-in", r"write \S+ in [A-Z]+×?[A-Z]*$"),
                                            ("mine-all-mine", r"launch #\d+ "),
                                            ("this-is-mine", r"(the rest: )?lot [A-Z]: ")])
def test_a_move_of_several_actions_is_told_as_one(game_id, words):
    import re

    game = GAMES[game_id]
    match = Match(game_id, [Seat(f"S{i}", "normal") for i in range(3)], f"coach/words/{game_id}")
    plan_class = coach.plan_class(game)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        moves = plan_class().candidates(match.view(seat), legal, random.Random(0)) \
            if len(legal) > 1 else []
        if len(moves) > 1 and len(moves[0]) > 1:
            h = hint_for(match, seat, SMALL)
            assert all(re.match(words, m.text) for m in h.moves), [m.text for m in h.moves]
            return
        match.step_bot(seat)
    raise AssertionError("no move of several actions")
