"""Lifetime records: added once per finished game with a human, kept beside (not in) the saves,
damaged files set aside, the tables, ``allmine stats`` and the screens that show them."""
from __future__ import annotations

import json
import random
import shutil

import pytest
from textual.widgets import DataTable, Static

from allmine_tui import cli, records, storage
from allmine_tui.engine import Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.records import RecordsScreen
from allmine_tui.ui.session import GameSession
from helpers import wait_until



def finished(seed: int, seats=None) -> Match:
    seats = seats or [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "normal")]
    match = Match("mine-all-mine", seats, seed)
    rng = random.Random(seed)
    while True:
        match.run_bots()
        if match.is_over():
            return match
        seat = match.human_seats_to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def entry(scores, winners, seats, game="all-mine") -> dict:
    return {"key": str(random.random()), "game": game, "date": "2025-01-01T20:00:00",
            "seats": [{"name": n, "bot": b} for n, b in seats], "scores": scores,
            "winners": winners, "seed": 1, "options": {}}


def test_a_finished_game_is_recorded_once(data_dir):
    match = finished(1)
    assert records.add(match, 10.0) == (True, None)
    assert records.add(match, 10.0) == (False, None)  # the same game again: not twice
    assert records.add(finished(1), 11.0) == (True, None)  # the same deal, another game
    found = records.load()
    assert found.problem is None and len(found.valid) == 2
    rec = found.valid[0]
    result = match.rules.result(match.state)
    assert rec["game"] == "mine-all-mine" and rec["seed"] == 1
    assert rec["scores"] == result.scores and rec["winners"] == result.winners
    assert rec["seats"] == [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "random"},
                            {"name": "Cleo", "bot": "normal"}]
    assert records.records_path().parent == data_dir


def test_bot_games_and_unfinished_games_are_not_recorded():
    bots = finished(2, [Seat("A", "random"), Seat("B", "random")])
    assert records.add(bots, 1.0) == (False, None)
    playing = Match("mine-all-mine", [Seat("Ann"), Seat("Bob")], 3)
    assert records.add(playing, 1.0) == (False, None)
    assert not records.records_path().exists()


def test_the_session_records_the_end_of_a_game_and_resuming_adds_nothing(tmp_path):
    match = finished(4)
    last_seat, last_action = match.log[-1]
    before = Match.replay(match.game_id, match.seats, match.seed, match.options, match.log[:-1])
    path = storage.new_save_path("mine-all-mine")
    session = GameSession(before, path)
    session.apply(last_seat, last_action)  # the final move
    assert len(records.load().valid) == 1
    again = GameSession.load(path)  # resuming the finished save
    assert again.match.is_over()
    assert records.add(again.match, again.created)[0] is False
    assert len(records.load().valid) == 1
    shutil.rmtree(storage.saves_dir())  # records survive deleting saves
    assert len(records.load().valid) == 1


def test_a_damaged_file_is_set_aside_and_reported(data_dir):
    data_dir.mkdir(parents=True)
    path = records.records_path()
    path.write_text('{"format": "allmine-records", "games": [', encoding="utf-8")
    found = records.load()
    assert found.valid == [] and "damaged" in found.problem and "\n" not in found.problem
    aside = list(data_dir.glob("records.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").endswith("[")
    assert not path.exists()
    assert records.add(finished(5), 1.0)[0]  # a new file starts
    assert len(records.load().valid) == 1 and aside[0].exists()


def test_foreign_and_newer_files(data_dir):
    data_dir.mkdir(parents=True)
    path = records.records_path()
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert "not a records file" in records.load().problem
    path.write_text(json.dumps({"format": "allmine-records", "version": 99, "games": []}),
                    encoding="utf-8")
    found = records.load()
    assert "newer" in found.problem and not found.writable
    assert records.add(finished(6), 1.0) == (False, found.problem)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 99  # left alone


def test_bad_entries_are_kept_but_left_out(data_dir):
    data_dir.mkdir(parents=True)
    good = entry([5, 3], [0], [("Ann", None), ("Bot", "random")])
    doc = {"format": "allmine-records", "version": 1, "games": [good, {"game": 3}, "junk"]}
    records.records_path().write_text(json.dumps(doc), encoding="utf-8")
    found = records.load()
    assert found.valid == [good] and "2 records could not be read" in found.problem
    records.add(finished(7), 1.0)
    kept = json.loads(records.records_path().read_text(encoding="utf-8"))["games"]
    assert kept[:3] == [good, {"game": 3}, "junk"] and len(kept) == 4


def test_stats_per_player_and_against_each_bot_level():
    entries = [
        entry([10, 8, 12], [2], [("Ann", None), ("Bob", None), ("R", "random")]),
        entry([15, 9, 9], [0], [("ann", None), ("N", "normal"), ("R", "random")]),
        entry([7, 7], [0, 1], [("Ann", None), ("N", "normal")]),
        entry([3, 9], [1], [("Bob", None), ("Ann", None)], game="all-in"),
    ]
    tables = records.stats(entries)
    game = tables["all-mine"]
    assert game["games"] == 3
    ann, bob = game["players"]  # sorted by wins
    assert ann["name"] == "Ann" and ann["games"] == 3 and ann["wins"] == 2
    assert ann["win_rate"] == pytest.approx(2 / 3)
    assert ann["mean_score"] == pytest.approx(32 / 3) and ann["best_score"] == 15
    assert ann["vs_bots"] == {"random": {"games": 2, "won": 1, "lost": 1, "tied": 0},
                              "normal": {"games": 2, "won": 1, "lost": 0, "tied": 1}}
    assert bob["wins"] == 0 and bob["vs_bots"]["random"]["lost"] == 1
    assert records.bot_levels(game) == ["normal", "random"]
    assert tables["all-in"]["players"][0]["name"] == "Ann"
    assert records.versus_text(ann["vs_bots"]["normal"]) == "1–0–1"
    assert records.versus_text(None) == "—"
    assert records.summary_line(game) == "Records: 3 finished games · Ann won 2 of 3."
    assert records.summary_line(None) == "Records: no finished game yet."


def test_cli_stats(capsys):
    assert cli.main(["stats"]) == 0
    assert "No finished games recorded yet" in capsys.readouterr().out
    records.add(finished(8), 1.0)
    records.add(finished(9), 1.0)
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Mine, All Mine!: 2 games" in out and "Ann" in out and "vs normal bots" in out
    assert cli.main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["records"] == 2 and data["problem"] is None
    ann = data["games"]["mine-all-mine"]["players"][0]
    assert ann["name"] == "Ann" and ann["games"] == 2
    assert set(ann["vs_bots"]) == {"random", "normal"}


def test_cli_stats_reports_a_damaged_file(data_dir, capsys):
    data_dir.mkdir(parents=True)
    records.records_path().write_bytes(b"\xff\xfe")
    assert cli.main(["stats"]) == 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "damaged" in err


async def test_picker_line_and_records_screen():
    records.add(finished(10), 1.0)
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")  # Mine, All Mine!
        def detail() -> str:
            return str(app.screen.query_one("#detail-saves", Static).render())
        await wait_until(pilot, lambda: "Records: 1 finished game" in detail(), "the records read")
        assert "Records: 1 finished game · Ann won " in detail()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.ordered_columns][:2] == ["Player", "Games"]
        assert str(table.get_row_at(0)[0]) == "Ann" and str(table.get_row_at(0)[1]) == "1"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RecordsScreen)


async def test_records_screen_empty_and_damaged(data_dir):
    data_dir.mkdir(parents=True)
    records.records_path().write_text("nonsense", encoding="utf-8")
    app = AllMineApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RecordsScreen())
        await pilot.pause()
        problem = str(app.screen.query_one("#records-problem", Static).render())
        assert "records.damaged-" in problem  # reported here, or by the picker that read first
        assert "No finished games yet" in str(app.screen.query_one("#records-empty").render())
