"""The coach's honest chances (engine/calibration.py): the fitted curve, its scoring on games it
was not fitted on, the curves shipped with the games, and the "about equal" verdict of a hint."""
from __future__ import annotations

import json
import random

import pytest

from allmine_tui.engine import Match, Seat, calibration as cal
from allmine_tui.engine.coach import about_equal, hint
from allmine_tui.engine.search import SearchReport
from allmine_tui.games import GAMES
from allmine_tui.paths import asset


def records(pairs, n=3, games=6):
    """Records of (raw, won) pairs, dealt over ``games`` game indices."""
    return [cal.Record("toy", i % games, n, 0, raw, won) for i, (raw, won) in enumerate(pairs)]


# -- the curve ----------------------------------------------------------------------------------------
def test_an_over_confident_claim_is_brought_down_to_what_was_won():
    rng = random.Random(1)
    pairs = [(0.9, float(rng.random() < 0.3)) for _ in range(400)]
    pairs += [(0.1, float(rng.random() < 0.3)) for _ in range(400)]
    curve = cal.fit_records(records(pairs))
    assert 0.2 < curve(0.9) < 0.4 and 0.2 < curve(0.1) < 0.4


def test_the_curve_never_falls_and_stays_between_0_and_1():
    rng = random.Random(2)
    raw = [rng.random() for _ in range(500)]
    won = [float(rng.random() < r * r) for r in raw]
    curve = cal.fit(raw, won, 1 / 3)
    points = [curve(k / 100) for k in range(101)]
    assert all(0.0 <= p <= 1.0 for p in points)
    assert all(b >= a for a, b in zip(points, points[1:]))
    assert curve(0.05) < 0.15 and curve(0.95) > 0.7  # it keeps what the raw chance knows


def test_a_curve_with_few_hints_leans_towards_the_base_rate():
    curve = cal.fit([0.99], [1.0], 0.25)
    assert curve(0.99) == pytest.approx((1 + cal.PRIOR * 0.25) / (1 + cal.PRIOR))


# -- scoring ------------------------------------------------------------------------------------------
def test_brier_scores_and_terciles():
    rs = records([(1.0, 1.0), (0.0, 0.0), (0.5, 1.0)], n=2)
    s = cal.score(rs, None)
    assert s["brier"] == pytest.approx(0.25 / 3, abs=1e-4)
    assert s["constant"] == pytest.approx(0.25, abs=1e-4)
    assert s["ratio"] == pytest.approx(1 / 3, abs=1e-3)
    assert [t["gap"] for t in s["terciles"]] == [0.0, -0.5, 0.0]


def test_each_game_is_scored_by_a_curve_fitted_without_it(monkeypatch):
    seen = []
    real = cal.fit_records

    def spy(rs, kind="isotonic"):
        seen.append({r.index for r in rs})
        return real(rs, kind)

    monkeypatch.setattr(cal, "fit_records", spy)
    rs = records([(k / 60, float(k % 2)) for k in range(60)], games=6)
    out = cal.crossfit(rs)
    assert out["hints"] == 60 and len(seen) == cal.FOLDS
    for k, indices in enumerate(seen):
        assert indices and all(i % cal.FOLDS != k for i in indices)


def test_claims_that_know_nothing_score_no_better_than_the_constant_out_of_fold():
    """Noise fitted in-sample looks useful; out of fold it does not."""
    rng = random.Random(3)
    rs = records([(rng.random(), float(rng.random() < 0.5)) for _ in range(300)], n=2, games=30)
    assert cal.crossfit(rs)["ratio"] > 0.97


# -- the shipped curves -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g for g, spec in GAMES.items() if spec.search_plan])
def test_every_game_ships_a_sound_curve_and_its_self_play_records(game_id):
    curve = cal.load(game_id)
    assert curve is not None, f"{game_id}: no {cal.CURVE_FILE}: run tools/calibrate.py"
    assert all(b > a for a, b in zip(curve.xs, curve.xs[1:]))
    assert all(0.0 <= y <= 1.0 for y in curve.ys)
    assert all(b >= a for a, b in zip(curve.ys, curve.ys[1:]))
    rs = cal.read_records(asset(game_id, cal.CHECK_FILE))
    assert len({r.index for r in rs}) >= cal.FOLDS and all(r.game == game_id for r in rs)


def test_a_damaged_curve_file_means_raw_chances(tmp_path, monkeypatch):
    bad = tmp_path / "x" / cal.CURVE_FILE
    bad.parent.mkdir()
    bad.write_text(json.dumps({"xs": [0.5, 0.2], "ys": [0.1, 0.2]}))  # not rising
    monkeypatch.setattr(cal, "asset", lambda game, name: tmp_path / game / name)
    cal.load.cache_clear()
    try:
        assert cal.load("x") is None and cal.calibrated("x", 0.7) == 0.7
        bad.write_text("{not json")
        cal.load.cache_clear()
        assert cal.load("x") is None
    finally:
        cal.load.cache_clear()


def test_a_hint_shows_the_calibrated_chance_and_keeps_the_raw_one():
    game_id = "all-mine"
    match = Match(game_id, [Seat(f"S{i}", "normal") for i in range(3)], "calibrated")
    for _ in range(12):
        match.step_bot(match.to_act()[0])
    seat = match.to_act()[0]
    h = hint(GAMES[game_id], match.view(seat), seat, match.legal_actions(seat))
    assert h.searched
    for move in h.moves:
        assert move.chance == cal.calibrated(game_id, move.raw_chance)
    curve = cal.load(game_id)
    assert curve is not None and any(curve(m.raw_chance) != m.raw_chance for m in h.moves)


# -- about equal -----------------------------------------------------------------------------------
def report_of(first: list[float], second: list[float]) -> SearchReport:
    return SearchReport([("a",), ("b",)], [sum(first) / len(first), sum(second) / len(second)],
                        [len(first), len(second)], len(first), 0, 0.0, values=[first, second])


def test_two_moves_within_the_noise_are_about_equal_and_a_clear_gap_is_not():
    rng = random.Random(4)
    noise = [rng.random() for _ in range(100)]
    same_worlds = [x + 0.01 * rng.random() for x in noise]  # a hair apart, world by world
    assert not about_equal(report_of([x + 0.05 for x in noise], noise), 0, 1)
    assert about_equal(report_of(noise, [rng.random() for _ in range(100)]), 0, 1)
    assert about_equal(report_of(same_worlds, noise[:3]), 0, 1)  # too few worlds in common
    assert about_equal(report_of(noise, noise), 0, 1)  # no difference at all


def test_a_logistic_curve_corrects_an_over_confident_raw_chance_and_never_falls():
    rng = random.Random(5)
    raw = [rng.random() for _ in range(600)]
    won = [float(rng.random() < 0.25 + 0.3 * r) for r in raw]  # 0.25 to 0.55, not 0 to 1
    curve = cal.fit_logistic(raw, won)
    assert 0.15 < curve(0.02) < 0.35 and 0.45 < curve(0.98) < 0.65
    assert all(b >= a for a, b in zip(curve.ys, curve.ys[1:]))


def test_the_bench_asks_the_coach_twice_and_scores_the_claims():
    from allmine_tui.bench_coach import coach_claims, coach_stability

    st = coach_stability(GAMES["all-mine"], 3, 0.0, 2)
    assert st["positions"] == 2 and 0 <= st["same"] <= 2 and 0 <= st["clear_same"] <= st["clear"]
    claims = coach_claims(GAMES["all-mine"])
    assert claims["available"] and claims["calibrated"] and claims["hints"] > 0
    assert len(claims["terciles"]) == 3 and claims["raw"]["hints"] == claims["hints"]


def test_a_move_dropped_early_but_within_the_noise_comes_right_after_the_first():
    from allmine_tui.engine import coach as coach_module

    rng = random.Random(6)
    best = [rng.random() + 0.5 for _ in range(60)]
    worse = [x - 0.5 for x in best]  # clearly worse, world by world
    swings = [0.3, -0.2, 0.1, -0.25, 0.35, -0.1]
    close = [x - d for x, d in zip(best, swings)]  # dropped early: too few worlds to tell
    report = SearchReport([("a",), ("b",), ("c",)], [1.0, 0.5, 0.8], [60, 60, 6], 60, 0, 0.0,
                          values=[best, worse, close])
    order = coach_module.ranking(report)
    assert order == [0, 1, 2]
    assert not about_equal(report, 0, 1) and about_equal(report, 0, 2)


def test_the_hint_lists_the_moves_about_equal_to_the_first_right_after_it(monkeypatch):
    import coach_toy
    from allmine_tui.engine import Action, coach as coach_module
    from allmine_tui.engine.search import Outcome

    rng = random.Random(7)
    best = [rng.random() + 0.5 for _ in range(60)]
    swings = [0.3, -0.2, 0.1, -0.25, 0.35, -0.1]
    values = [best, [x - 0.5 for x in best], [x - d for x, d in zip(best, swings)]]
    picks = [(Action("pick", (k,)),) for k in (3, 1, 2)]
    report = SearchReport(picks, [1.0, 0.5, 0.8], [60, 60, 6], 60, 0, 0.0,
                          outcomes=[[Outcome(1.0, 1.0, True)] * len(v) for v in values],
                          values=values)
    monkeypatch.setattr(coach_module, "search", lambda *a, **k: report)
    game = coach_toy.make_game()
    rules = game.rules()
    state = rules.new_state(2, {}, 1)
    h = coach_module.hint(game, rules.view(state, 0), 0, rules.legal_actions(state, 0))
    assert [m.actions for m in h.moves] == [picks[0], picks[2], picks[1]]
    assert h.equal == 1 and not h.clear
