"""Hints used, per game and player: counted on the match when a hint is shown
(``engine.coach.note_hint``), kept in the save across quit and resume, written to records.json
when the game ends and shown by ``allmine stats``; records and saves from before hints count
none."""
from __future__ import annotations

import json
import random

from allmine_tui import cli, records, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.engine.coach import note_hint
from allmine_tui.ui.session import GameSession

SEATS = [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")]


def play_until(match: Match, rng: random.Random, stop) -> None:
    while not match.is_over() and not stop(match):
        match.run_bots()
        if match.is_over() or stop(match):
            return
        seat = match.human_seats_to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def test_hints_survive_quit_and_resume_and_reach_the_records(tmp_path):
    rng = random.Random(3)
    match = Match("mine-all-mine", SEATS, 3)
    play_until(match, rng, lambda m: len(m.log) >= 10)
    path = storage.new_save_path(match.game_id)
    session = GameSession(match, path)
    note_hint(session.match, 1)
    note_hint(session.match, 1)
    session.autosave()  # as the app saves after showing a hint
    session.close()

    resumed = GameSession.load(path)  # quit and resume
    assert resumed.match.hints == [0, 2, 0]
    note_hint(resumed.match, 0)
    play_until(resumed.match, rng, lambda m: False)
    resumed.autosave()
    assert records.add(resumed.match, resumed.created)[0]  # as the session does at the end
    resumed.close()
    saved, _ = storage.load_match(path)
    assert saved.hints == [1, 2, 0]
    (entry,) = records.load().valid
    assert entry["hints"] == [1, 2, 0]
    rows = {r["name"]: r for r in records.stats([entry])["mine-all-mine"]["players"]}
    assert rows["Ann"]["hints"] == 1 and rows["Bob"]["hints"] == 2


def test_hints_add_up_over_games_per_player_and_old_records_count_none():
    def entry(hints, names=("Ann", "Bob")):
        e = {"key": str(random.random()), "game": "all-mine", "date": "2025-01-01T20:00:00",
             "seats": [{"name": n, "bot": None} for n in names] + [{"name": "Bot", "bot": "normal"}],
             "scores": [1, 2, 3], "winners": [2], "seed": 1, "options": {}}
        if hints is not None:
            e["hints"] = hints
        return e

    entries = [entry([2, 0, 0]), entry([1, 4, 0], ("ann", "Bob")), entry(None),
               entry("lots"), entry([1, -2, 0]), entry([1, 2])]
    assert all(records._valid(e) for e in entries)  # a bad hint count spoils no record
    rows = {r["name"].casefold(): r for r in records.stats(entries)["all-mine"]["players"]}
    assert rows["ann"]["hints"] == 3 and rows["ann"]["games"] == 6
    assert rows["bob"]["hints"] == 4


def test_allmine_stats_shows_hints_used(capsys):
    rng = random.Random(5)
    match = Match("mine-all-mine", SEATS, 5)
    note_hint(match, 0)
    play_until(match, rng, lambda m: False)
    records.add(match, 1.0)
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Hints" in out
    assert cli.main(["stats", "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["games"]["mine-all-mine"]["players"]
    assert {p["name"]: p["hints"] for p in players} == {"Ann": 1, "Bob": 0}


def test_a_save_from_before_hints_loads_and_records_none(tmp_path):
    rng = random.Random(6)
    match = Match("mine-all-mine", SEATS, 6)
    play_until(match, rng, lambda m: False)
    path = tmp_path / "old.json"
    storage.write_save(path, match)
    doc = json.loads(path.read_text())
    assert "hints" not in doc  # nothing written when no hint was used: old saves look alike
    loaded, _ = storage.load_match(path)
    assert loaded.hints == [0, 0, 0]
    records.add(loaded, 1.0)
    assert records.load().valid[0]["hints"] == [0, 0, 0]
