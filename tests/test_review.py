"""Game reviews (engine/review.py, reviews.py, ``allmine review``): each person's decisions
judged by the expert from their own view, the move made forced among the candidates, costly
ones marked; a review computed once and kept beside the save, never trusted when it does not
fit; the same review in one process or two."""
from __future__ import annotations

import json
import shutil
import sys
import threading
from pathlib import Path

import pytest

from allmine_tui import cli, reviews, storage
from allmine_tui.engine import Action, Match, Seat
from allmine_tui.engine.review import COSTLY, Review, match_key, review, tasks
from allmine_tui.engine.verdicts import (COSTLY_SHARE, SCORE_SPREAD, Judgement, is_costly,
                                         verdict)
from allmine_tui.engine.search import Budget

import coach_toy

SAVES = Path(__file__).resolve().parent.parent / "saves"
TINY = Budget(playouts=16, steps=160, seconds=60)


def toy_match(pick: int, game) -> Match:
    match = Match(game, [Seat("Ann"), Seat("Bot", "normal")], 1)
    match.apply(0, Action("pick", (pick,)))
    match.run_bots()
    assert match.is_over()
    return match


@pytest.fixture
def toy():
    with coach_toy.registered(coach_toy.make_game()) as game:
        yield game


@pytest.fixture
def narrow():
    with coach_toy.registered(coach_toy.make_game(coach_toy.NarrowPlan)) as game:
        yield game


# -- judging ----------------------------------------------------------------------------------------
def test_a_losing_move_is_judged_against_the_expert_s_and_marked_costly(toy):
    r = review(toy_match(0, toy))
    assert len(r.judgements) == 1  # the bot's decision is not judged
    j = r.judgements[0]
    assert (j.seat, j.position, j.indices) == (0, 0, (0,))
    assert j.made == (Action("pick", (0,)),) and j.made_text == "pick 0"
    assert j.best == (Action("pick", (3,)),) and j.best_text == "pick 3"
    assert (j.chance_made, j.chance_best, j.loss) == (0.0, 1.0, 1.0)
    assert (j.margin_made, j.margin_best) == (-3, 6)
    assert j.costly and not j.same and not j.added and j.playouts > 0
    assert r.at(0) is j and r.of_action(0) is j and r.at(1) is None and r.of_action(1) is None
    assert r.costliest(0) == [j]
    # two seats: the points against the table are the margin; the toy's scale is its plan's
    assert (j.margin_loss, j.points_lost, j.scale) == (9, 9, 4) and j.cost == 11.25
    assert r.summary(0) == {"seat": 0, "name": "Ann", "decisions": 1, "same": 0, "costly": 1,
                            "chance_lost": 1.0, "points_lost": 9.0}


class WidePlan(coach_toy.PickPlan):
    """The toy's plan with a wider scale: 25 points (a fifth of it, 5, is costly)."""

    margin_scale = 25.0


@pytest.fixture
def wide():
    with coach_toy.registered(coach_toy.make_game(WidePlan, "coach-pick-wide")) as game:
        yield game


def test_a_move_as_likely_to_win_that_wins_by_less_loses_points(toy, wide):
    # the toy's scale is 4 points: winning by 2 where 6 was there loses 4 (a fifth is 0.8)
    j = review(toy_match(1, toy)).judgements[0]
    assert j.chance_made == j.chance_best == 1.0 and j.loss == 0.0
    assert not j.same and (j.margin_made, j.margin_best, j.margin_loss) == (2, 6, 4)
    assert j.points_lost == 4 and j.costly and j.cost == 5.0
    # with a scale of 25 the same 4 points are not costly (5 would be), 6 points are
    j = review(toy_match(1, wide)).judgements[0]
    assert j.loss == 0.0 and j.points_lost == 4 and j.scale == 25 and not j.costly
    assert review(toy_match(1, wide)).costliest(0) == [j]  # it lost something all the same
    j = review(toy_match(2, wide)).judgements[0]  # a shared win: as good as a win, by 0
    assert j.loss == 0.0 and j.points_lost == 6 and j.costly


def test_the_expert_s_own_choice_costs_nothing(toy):
    r = review(toy_match(3, toy))
    j = r.judgements[0]
    assert j.same and j.loss == 0.0 and j.margin_loss == j.points_lost == 0.0
    assert not j.costly
    assert r.costliest(0) == []


def test_a_move_the_expert_would_not_consider_is_added_and_judged(narrow):
    j = review(toy_match(0, narrow)).judgements[0]
    assert j.added and j.made == (Action("pick", (0,)),) and j.chance_made == 0.0 and j.costly
    j = review(toy_match(2, narrow)).judgements[0]  # a shared win: as good as a win...
    assert j.added and j.chance_made == 1.0 and j.loss == 0.0
    assert j.points_lost == 6 and j.costly  # ...but by 0 points where 6 were there


def test_costly_means_ten_points_of_chance_or_a_fifth_of_the_game_s_spread_in_points():
    assert COSTLY == 0.10 and COSTLY_SHARE == 0.2
    assert not is_costly(0.099, None, None) and is_costly(0.1, None, None)
    assert not is_costly(0.0, 1.59, 8.0) and is_costly(0.0, 1.6, 8.0)
    assert not is_costly(0.05, -20.0, 8.0) and is_costly(0.12, -20.0, 8.0)
    assert not is_costly(0.0, 100.0, None)  # no scale: the chance alone
    # every game has its measured spread; the plan's margin scale is only a fallback
    from allmine_tui.games import GAMES
    assert set(SCORE_SPREAD) == set(GAMES) and all(v > 0 for v in SCORE_SPREAD.values())


def test_a_verdict_in_words():
    def judged(**kw) -> Judgement:
        base = dict(seat=0, position=4, indices=(4,), made=(Action("pick", (1,)),),
                    made_text="pick 1", best=(Action("pick", (3,)),), best_text="pick 3",
                    chance_made=0.38, chance_best=0.5, margin_made=-2.0, margin_best=1.5,
                    playouts=40, loss=0.12, costly=True, margin_loss=3.5, scale=4.0)
        return Judgement(**(base | kw))
    assert verdict(judged()) == ("pick 1 (38% to win, margin -2.0) · the coach: pick 3 (50%, "
                                 "margin +1.5) ▼ costly (12 points of chance)")
    assert verdict(judged(loss=0.05, points_lost=3.46)).endswith("▼ costly (3.5 points)")
    assert verdict(judged(margin_made=None, margin_best=None, costly=False)) == \
        "pick 1 (38% to win) · the coach: pick 3 (50%)"
    assert verdict(judged(best=(Action("pick", (1,)),), best_text="pick 1", chance_best=0.38,
                          margin_best=-2.0, loss=0.0, margin_loss=0.0, costly=False)) == \
        "pick 1, the coach's choice (38% to win, margin -2.0)"


# -- which actions make one decision ---------------------------------------------------------------
def sample_tasks(name: str):
    match, _ = storage.load_match(SAVES / name)
    return match, tasks(match)


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*-finished.json")))
def test_every_person_s_move_is_one_decision_and_bots_have_none(name):
    match, found = sample_tasks(name)
    humans = set(match.humans)
    taken: list[int] = []
    for t in found:
        assert t.seat in humans and t.position == t.indices[0]
        assert all(match.log[i][0] == t.seat for i in t.indices)
        assert list(t.indices) == sorted(t.indices)
        assert t.made[0] == match.log[t.position][1] and t.made[0] in t.legal
        assert t.view["viewer"] == t.seat
        taken += t.indices
    assert len(taken) == len(set(taken))
    assert found, "a finished sample game with people in it has decisions to judge"


def test_all_in_writes_are_a_card_and_its_space():
    _, found = sample_tasks("all-in-finished.json")
    pairs = [t for t in found if len(t.made) == 2]
    assert pairs and all([a.kind for a in t.made] == ["card", "place"] for t in pairs)
    assert all(len(t.made) <= 2 for t in found)


def test_a_fleet_goes_up_to_its_launch_and_a_split_is_all_its_cards():
    _, found = sample_tasks("mine-all-mine-finished.json")
    fleets = [t for t in found if len(t.made) > 1]
    assert fleets and all(t.made[-1] == Action("launch") for t in fleets)
    _, found = sample_tasks("this-is-mine-finished.json")
    splits = [t for t in found if t.made[0].kind == "put"]
    assert splits and all(len(t.made) > 1 and {a.kind for a in t.made} == {"put"}
                          for t in splits)


def test_an_unfinished_game_has_no_review():
    match, _ = storage.load_match(SAVES / "all-mine-mid-game.json")
    with pytest.raises(ValueError):
        tasks(match)


# -- the same review in one process or two ---------------------------------------------------------
def test_two_processes_give_the_review_one_gives():
    match, _ = storage.load_match(SAVES / "mine-all-mines-finished.json")
    seen = []
    one = reviews.compute(match, workers=1, budget=TINY)
    two = reviews.compute(match, workers=2, budget=TINY, progress=lambda d, t: seen.append((d, t)))
    assert two.workers == 2 and one.workers == 1
    a, b = one.to_json(), two.to_json()
    for doc in (a, b):
        doc.pop("seconds"), doc.pop("workers")
    assert a == b and one.judgements
    total = len(tasks(match))
    assert seen[0] == (0, total) and seen[-1] == (total, total) and len(seen) == total + 1
    assert Review.from_json(json.loads(json.dumps(a | {"seconds": 1, "workers": 2}))).to_json() \
        == a | {"seconds": 1, "workers": 2}


class _AppStderr:
    """What a Textual app puts in sys.stderr: it takes text but has no file descriptor."""

    def __init__(self) -> None:
        self.text: list[str] = []

    def write(self, text: str) -> int:
        self.text.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return -1


def test_workers_start_where_stderr_has_no_descriptor(monkeypatch):
    match, _ = storage.load_match(SAVES / "mine-all-mines-finished.json")
    fake = _AppStderr()
    monkeypatch.setattr(sys, "stderr", fake)
    done = reviews.compute(match, workers=2, budget=TINY)
    assert done.workers == 2 and done.judgements
    assert sys.stderr is fake  # given back once the workers have started


def test_a_review_stops_when_asked_and_keeps_nothing(tmp_path):
    save = tmp_path / "saves" / "finished.json"
    save.parent.mkdir(parents=True)
    shutil.copy(SAVES / "mine-all-mines-finished.json", save)
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 2:
            stop.set()
    with pytest.raises(reviews.Cancelled):
        reviews.review_save(save, progress, workers=2, budget=TINY, cancel=stop)
    assert not reviews.review_path(save).exists()


# -- kept beside the save ---------------------------------------------------------------------------
def toy_save(tmp_path: Path, game, pick: int = 0) -> Path:
    path = tmp_path / "saves" / "pick-1.json"
    storage.write_save(path, toy_match(pick, game))
    return path


def test_a_review_is_kept_beside_the_save_and_read_back(toy, tmp_path):
    save = toy_save(tmp_path, toy)
    first = reviews.review_save(save, workers=1)
    assert first.computed and first.problem is None
    assert first.path == save.with_name("pick-1.review.json") and first.path.exists()
    again = reviews.review_save(save, workers=1)
    assert not again.computed and again.review.to_json() == first.review.to_json()
    assert reviews.load_review(save).to_json() == first.review.to_json()
    assert [i.path.name for i in storage.list_saves(save.parent)] == ["pick-1.json"]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign", "version", "old", "key",
                                    "chance", "seat", "position"])
def test_a_review_that_does_not_fit_is_never_trusted_but_computed_again(toy, tmp_path, damage):
    save = toy_save(tmp_path, toy)
    good = reviews.review_save(save, workers=1)
    path = good.path
    doc = json.loads(path.read_text())
    text = {
        "garbage": "\x00\x01 not json",
        "truncated": path.read_text()[:40],
        "foreign": json.dumps({"format": "something-else"}),
        "version": json.dumps(doc | {"version": doc["version"] + 1}),
        # a review of the first version (costly by the chance alone) is worked out again
        "old": json.dumps(doc | {"version": 1}),
        "key": json.dumps(doc | {"key": "0" * 24}),
        "chance": json.dumps(doc | {"judgements": [doc["judgements"][0] | {"chance_made": 7}]}),
        "seat": json.dumps(doc | {"judgements": [doc["judgements"][0] | {"seat": 1}]}),
        "position": json.dumps(doc | {"judgements": [doc["judgements"][0] | {"position": 9,
                                                                            "indices": [9]}]}),
    }[damage]
    path.write_text(text)
    assert reviews.load_review(save) is None
    redone = reviews.review_save(save, workers=1)
    assert redone.computed and redone.review.to_json() | {"seconds": 0} == \
        good.review.to_json() | {"seconds": 0}
    assert reviews.load_review(save) is not None


def test_a_review_of_other_moves_is_computed_again(toy, tmp_path):
    save = toy_save(tmp_path, toy, pick=0)
    old = reviews.review_save(save, workers=1).review
    storage.write_save(save, toy_match(3, toy))  # the same file, another game
    assert reviews.load_review(save) is None
    new = reviews.review_save(save, workers=1)
    assert new.computed and new.review.key != old.key and not new.review.judgements[0].costly
    match, _ = storage.load_match(save)
    assert new.review.key == match_key(match)


def test_an_unfinished_game_is_refused(toy, tmp_path):
    path = tmp_path / "pick-open.json"
    storage.write_save(path, Match(toy, [Seat("Ann"), Seat("Bot", "normal")], 1))
    with pytest.raises(reviews.NotFinished):
        reviews.review_save(path, workers=1)
    assert not reviews.review_path(path).exists()


# -- allmine review ---------------------------------------------------------------------------------
def test_allmine_review_prints_the_costliest_decisions_and_keeps_the_review(toy, tmp_path,
                                                                           capsys):
    save = toy_save(tmp_path, toy)
    assert cli.main(["review", str(save), "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Review of Pick (computed" in out and "costly" in out and "pick 3" in out
    assert reviews.review_path(save).exists()
    assert cli.main(["review", str(save), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == "allmine-review" and doc["judgements"][0]["costly"] is True
    assert doc["people"] == [{"seat": 0, "name": "Ann", "decisions": 1, "same": 0, "costly": 1,
                              "chance_lost": 1.0, "points_lost": 9.0}]
    assert doc["version"] == 2 and doc["judgements"][0]["points_lost"] == 9
    assert cli.main(["review", str(save)]) == 0
    assert "kept from before" in capsys.readouterr().out


def test_allmine_review_refuses_an_unfinished_game_in_one_line(tmp_path, capsys):
    save = tmp_path / "open.json"
    shutil.copy(SAVES / "all-mine-mid-game.json", save)
    assert cli.main(["review", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not finished" in err
    assert not reviews.review_path(save).exists()


def test_allmine_review_of_a_damaged_save_says_why(tmp_path, capsys):
    save = tmp_path / "bad.json"
    save.write_text("{")
    assert cli.main(["review", str(save)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot review bad.json" in err


def test_a_game_of_bots_only_has_nothing_to_review(toy, tmp_path, capsys):
    match = Match(toy, [Seat("A", "normal"), Seat("B", "normal")], 1)
    match.run_bots()
    path = tmp_path / "bots.json"
    storage.write_save(path, match)
    assert cli.main(["review", str(path), "--workers", "1"]) == 0
    assert "nothing to review" in capsys.readouterr().out
    kept = reviews.load_review(path)
    assert kept is not None and kept.humans == [] and kept.judgements == []
