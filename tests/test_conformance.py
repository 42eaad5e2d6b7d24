"""Random-simulation conformance: every registered game, at both ends of its player range, many seeds.

Like OpenSpiel's generic game test: legal actions are valid, states round-trip through JSON, views hide
exactly what they should, illegal actions are rejected without a trace, conserved totals hold, the
log replays from the seed, and every game ends with a proper result. Every game registered in
``allmine_tui.games`` joins automatically; the checks take a game id, so a test that registers a
game of its own runs them too (tests/test_toy_game.py).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from allmine_tui.engine import Action, IllegalAction, Match, Seat
from allmine_tui.engine.probes import Probes
from allmine_tui.engine.search import Budget, SearchBot
from allmine_tui.games import GAMES

# random games per game and player count (more by hand: ALLMINE_CONFORMANCE_SEEDS=100)
SEEDS_PER_CASE = int(os.environ.get("ALLMINE_CONFORMANCE_SEEDS", "15"))
MAX_STEPS = 20_000  # far more than any game needs; a game that runs longer is stuck
# The JSON round trip and the view-privacy probes are the slow checks: they run every CHECK_EVERY
# steps, at an offset that differs from seed to seed, so across the seeds every step number is covered.
CHECK_EVERY = 4


def cases():
    for game_id, spec in GAMES.items():
        for n in sorted({spec.min_players, spec.max_players}):
            yield pytest.param(game_id, n, id=f"{game_id}-{n}p")


def json_round_trip(rules, state) -> dict:
    data = rules.state_to_json(state)
    text = json.dumps(data, sort_keys=True)
    loaded = json.loads(text)
    assert loaded == data, "state JSON does not survive dumps/loads"
    rebuilt = rules.state_from_json(loaded)
    assert rules.state_to_json(rebuilt) == data, "state_from_json(state_to_json(s)) differs"
    return data


def malformed_actions(kinds: set[str]) -> list[Action]:
    out = [Action("no-such-move", ()), Action("", (1,))]
    for kind in sorted(kinds):
        out += [Action(kind, ()), Action(kind, ("?",) * 3), Action(kind, (10 ** 6,)),
                Action(kind, (-1, -1))]
    return out


def ordered(actions) -> list[Action]:
    """A deterministic order for any actions (their arguments may mix types)."""
    return sorted(actions, key=lambda a: json.dumps(a.to_json(), sort_keys=True))


def near_misses(legal: list[Action]) -> list[Action]:
    """Actions that look like legal ones (a repeated argument, a number off by one) but are not."""
    out = set()
    for a in legal:
        if len(a.args) >= 2:
            out.add(Action(a.kind, (a.args[0],) * len(a.args)))
        if a.args and isinstance(a.args[-1], int) and not isinstance(a.args[-1], bool):
            for d in (-1, 1):
                out.add(Action(a.kind, a.args[:-1] + (a.args[-1] + d,)))
    return ordered(out - set(legal))


def check_rejected(rules, state, seat, action, where, before=None):
    """``action`` by ``seat`` raises IllegalAction with a message and the state stays ``before``."""
    before = rules.state_to_json(state) if before is None else before
    with pytest.raises(IllegalAction) as info:
        rules.apply(state, seat, action)
    assert str(info.value).strip(), f"{where}: IllegalAction without a message for {action}"
    assert rules.state_to_json(state) == before, (
        f"{where}: rejected {action} by seat {seat} changed the state")


def play_and_check(game_id: str, n: int, seed, offset: int = 0) -> None:
    spec = GAMES[game_id]
    seats = [Seat(f"P{i}") for i in range(n)]
    match = Match(game_id, seats, seed)
    rules = match.rules
    state = match.state
    rng = random.Random(f"conformance/{game_id}/{n}/{seed}")
    where = f"{game_id} {n}p seed={seed!r}"

    again = rules.new_state(n, match.options, seed)
    assert rules.state_to_json(again) == rules.state_to_json(state), f"{where}: new_state not seeded"
    conserved = rules.conserved(state)
    seen_actions: dict[Action, None] = {}  # every action legal so far, in first-seen order
    kinds: set[str] = set()
    steps = 0
    replay_at = rng.randrange(1, 100)  # also replay once in mid-game
    while not rules.is_over(state):
        where = f"{game_id} {n}p seed={seed!r} step={steps}"
        to_act = rules.to_act(state)
        assert to_act, f"{where}: nobody to act but the game is not over"
        assert len(set(to_act)) == len(to_act) and all(0 <= s < n for s in to_act)
        legal_by_seat = {}
        for seat in range(n):
            legal = rules.legal_actions(state, seat)
            assert legal == rules.legal_actions(state, seat), f"{where}: legal order not stable"
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
            if seat in to_act:
                assert legal, f"{where}: seat {seat} must act but has no legal action"
            else:
                assert legal == [], f"{where}: seat {seat} is not to act but has actions"
            for a in legal:
                assert isinstance(a, Action)
                assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
            legal_by_seat[seat] = legal
            seen_actions.update(dict.fromkeys(legal))
            kinds.update(a.kind for a in legal)

        if steps == replay_at:
            mid = Match.replay(game_id, seats, seed, match.options, list(match.log))
            assert rules.state_to_json(mid.state) == rules.state_to_json(state), f"{where}: replay"
        heavy = (steps + offset) % CHECK_EVERY == 0
        data = json_round_trip(rules, state) if heavy else rules.state_to_json(state)
        assert rules.conserved(state) == conserved, f"{where}: conserved totals changed"

        # views: JSON-able, and blind to every secret of other seats
        if heavy:
            for viewer in [*range(n), None]:
                view = rules.view(state, viewer)
                json.dumps(view)
                other = rules.perturb_secrets(state, viewer, random.Random(rng.random()))
                assert rules.view(other, viewer) == view, (
                    f"{where}: the view of {viewer} changed when only others' secrets changed")
            assert rules.state_to_json(state) == data, f"{where}: perturb_secrets changed the state"

        # illegal actions, two per step: an action legal earlier (or for another seat) but not now,
        # plus one of: a seat that is not to act, a malformed action, a near miss of a legal one
        seat = rng.choice(to_act)
        current = set(legal_by_seat[seat])
        stale = [a for a in seen_actions if a not in current]
        if stale:
            check_rejected(rules, state, seat, rng.choice(stale), where, data)
        idle = [s for s in range(n) if s not in to_act]
        near = near_misses(legal_by_seat[seat])
        probe = rng.choice(["idle", "malformed", "near"])
        if probe == "idle" and idle:
            some = rng.choice([a for acts in legal_by_seat.values() for a in acts])
            check_rejected(rules, state, rng.choice(idle), some, where, data)
        elif probe == "near" and near:
            check_rejected(rules, state, seat, rng.choice(near), where, data)
        else:
            malformed = [a for a in malformed_actions(kinds) if a not in current]
            check_rejected(rules, state, seat, rng.choice(malformed), where, data)

        action = rng.choice(legal_by_seat[seat])
        events = match.apply(seat, action)  # must not raise
        assert isinstance(events, list)
        for event in events:
            for viewer in [*range(n), None]:
                assert isinstance(event.text_for(viewer), str)
        steps += 1
        assert steps < MAX_STEPS, f"{where}: the game did not end within {MAX_STEPS} actions"

    where = f"{game_id} {n}p seed={seed!r} end"
    assert rules.to_act(state) == []
    for seat in range(n):
        assert rules.legal_actions(state, seat) == []
    json_round_trip(rules, state)
    assert rules.conserved(state) == conserved
    for viewer in [*range(n), None]:
        json.dumps(rules.view(state, viewer))
    if seen_actions:
        check_rejected(rules, state, 0, next(iter(seen_actions)), where)

    result = rules.result(state)
    assert len(result.scores) == n, f"{where}: one score per seat"
    assert result.winners, f"{where}: nobody won"
    assert len(set(result.winners)) == len(result.winners)
    assert all(0 <= w < n for w in result.winners)
    top = max(result.scores)
    assert all(result.scores[w] == top for w in result.winners), f"{where}: a winner without top score"
    json.dumps(result.to_json())
    for label, values in result.table:
        assert isinstance(label, str) and len(values) == n
    assert rules.progress(state)

    replayed = Match.replay(game_id, seats, seed, match.options, list(match.log))
    assert rules.state_to_json(replayed.state) == rules.state_to_json(state), f"{where}: replay"
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert rules.state_to_json(loaded.state) == rules.state_to_json(state)
    assert spec.bots(), f"{game_id} has no bots"


@pytest.mark.parametrize("game_id,n", list(cases()))
def test_random_simulation(game_id, n):
    seeds = list(range(SEEDS_PER_CASE - 3)) + ["alpha", "β-seed", 2 ** 40]
    for i, seed in enumerate(seeds):
        play_and_check(game_id, n, seed, offset=i)


@pytest.mark.parametrize("game_id,n", list(cases()))
def test_every_bot_finishes_games(game_id, n, monkeypatch):
    bots_finish_games(game_id, n, monkeypatch)


def bots_finish_games(game_id: str, n: int, monkeypatch) -> None:
    """Every registered bot plays whole games from its seat's view with legal moves only
    (a searching bot on a tiny budget, in one seat of one game: its strength is measured by
    tools/measure_vs_normal.py, not here)."""
    spec = GAMES[game_id]
    for bot, bot_class in spec.bots().items():
        seeds, names = range(3), [bot] * n
        if issubclass(bot_class, SearchBot):
            monkeypatch.setattr(bot_class, "budget", Budget(playouts=2, steps=20, seconds=0.5))
            monkeypatch.setattr(bot_class, "budget_by_players", {})
            seeds, names = range(1), [bot] + [spec.default_bot] * (n - 1)
        for seed in seeds:
            match = Match(game_id, [Seat(f"B{i}", name) for i, name in enumerate(names)], seed)
            match.run_bots()  # bot_choice raises IllegalAction on an illegal pick
            assert match.is_over()
            again = Match.replay(game_id, match.seats, seed, match.options, match.log)
            assert again.to_json()["state"] == match.to_json()["state"]


def test_registry_is_consistent():
    for game_id, game in GAMES.items():
        check_registration(game_id, game)


def check_registration(game_id: str, game) -> None:
    """A registered game's parts fit together (what can be checked without playing)."""
    rules = game.rules()
    assert rules.info is game.info and game.id == game_id
    assert game.default_bot in game.bots()
    assert "random" in game.bots()
    expert = game.bots().get("expert")
    if game.search_plan is not None:  # the plan declared is the one the expert searches with
        assert expert is not None and expert.plan_class is game.search_plan()
    assert isinstance(rules, Probes), f"{game_id}: the rules class lacks the test probes"
    hooks = game.history()
    assert all(callable(f) for f in (hooks.round_of, hooks.round_label, hooks.history,
                                     hooks.hidden_cards))


def test_headless_modules_do_not_import_textual_or_rich():
    code = (
        "import sys\n"
        "import allmine_tui.engine, allmine_tui.games, allmine_tui.storage\n"
        "import allmine_tui.engine.coach, allmine_tui.engine.review, allmine_tui.reviews\n"
        "from allmine_tui.games import GAMES\n"
        "for spec in GAMES.values():\n"
        "    spec.rules(); spec.bots(); spec.history()\n"
        "    spec.search_plan and spec.search_plan()\n"
        "    spec.coach_plan and spec.coach_plan()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(' '.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"headless modules imported: {out.stdout.strip()}"
