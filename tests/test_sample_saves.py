"""The sample saves in saves/ load, are games in progress (or, ``*-finished.json``, finished
games), and are what tools/make_sample_saves.py makes."""
from __future__ import annotations

import importlib.util
import json
import random
import shutil
import sys
from pathlib import Path

import pytest

from allmine_tui import storage
from allmine_tui.games import GAMES

REPO = Path(__file__).resolve().parent.parent
SAVES = sorted((REPO / "saves").glob("*.json"))
FINISHED = [p for p in SAVES if p.name.endswith("-finished.json")]
IN_PROGRESS = [p for p in SAVES if p not in FINISHED]


def load_tool():
    spec = importlib.util.spec_from_file_location("make_sample_saves",
                                                  REPO / "tools" / "make_sample_saves.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_there_are_samples_for_every_game():
    assert {p.name for p in SAVES} >= {"all-mine-mid-hand.json", "all-mine-mid-game.json"}
    games = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in SAVES}
    assert games <= set(GAMES)
    assert "all-mine" in games
    assert {p.name for p in FINISHED} == {f"{game}-finished.json" for game in GAMES}


@pytest.mark.parametrize("path", IN_PROGRESS, ids=[p.name for p in IN_PROGRESS])
def test_sample_save_loads_and_is_in_progress(path):
    before = path.read_bytes()
    match, doc = storage.load_match(path)
    assert not match.is_over()
    assert match.rules.progress(match.state).strip()
    assert doc["summary"]["progress"] == match.rules.progress(match.state)
    assert len(match.humans) >= 2  # hot seat: the curtain is exercised
    assert match.human_seats_to_act()  # saved where a human must act
    for seat in match.to_act():
        assert match.legal_actions(seat)
    info = storage.inspect(path)
    assert info.ok and not info.over and info.humans == len(match.humans)
    assert path.read_bytes() == before  # loading never rewrites a save


@pytest.mark.parametrize("path", FINISHED, ids=[p.name for p in FINISHED])
def test_finished_sample_is_over_with_people_at_the_table(path):
    before = path.read_bytes()
    match, doc = storage.load_match(path)
    assert match.is_over() and doc["summary"]["over"]
    assert len(match.humans) >= 2 and len(match.humans) < len(match.seats)  # and a bot
    assert match.rules.result(match.state).winners
    info = storage.inspect(path)
    assert info.ok and info.over
    assert path.read_bytes() == before


def test_mid_hand_sample_shape():
    match, _ = storage.load_match(REPO / "saves" / "all-mine-mid-hand.json")
    s = match.state
    assert len(match.seats) == 3
    assert s.hand_no == 0 and s.tricks_done >= 1
    assert sum(len(stack) for stack in s.heap) > 0
    assert sum(map(sum, s.won)) > 0


def test_mid_game_sample_shape():
    match, _ = storage.load_match(REPO / "saves" / "all-mine-mid-game.json")
    s = match.state
    assert len(match.seats) == 4
    assert s.hand_no >= 2
    assert len(s.history) == s.hand_no
    assert any(s.scores)


def test_tool_regenerates_the_same_games(tmp_path):
    tool = load_tool()
    assert tool.main([str(tmp_path)]) == 0
    for sample in tool.registered_samples():
        made = json.loads((tmp_path / sample.filename).read_text(encoding="utf-8"))
        shipped = json.loads((REPO / "saves" / sample.filename).read_text(encoding="utf-8"))
        for key in ("game", "seats", "seed", "options", "log", "state"):
            assert made[key] == shipped[key], f"{sample.filename}: {key} differs; rerun the tool"


def test_samples_can_be_played_to_the_end(tmp_path):
    rng = random.Random(7)
    for path in IN_PROGRESS:
        copy = tmp_path / path.name
        shutil.copyfile(path, copy)
        match, _ = storage.load_match(copy)
        # Humans play as the game's own random bot would (the first legal action can undo the
        # previous one in games where a choice is built up step by step, e.g. fleets).
        stand_in = GAMES[match.game_id].bots()["random"]()
        while not match.is_over():
            match.run_bots()
            for seat in match.human_seats_to_act():
                legal = match.legal_actions(seat)
                match.apply(seat, stand_in.choose(match.view(seat), legal, rng))
                break
            storage.write_save(copy, match)
        again, _ = storage.load_match(copy)
        assert again.is_over()
