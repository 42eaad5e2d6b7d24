"""The shared-game store (allmine_tui/shared.py), without the app: hosting, join codes, seat locks,
catching up with other screens, moves under the lock, bots played exactly once, and a race of two
processes playing one game at full speed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from allmine_tui import shared, storage
from allmine_tui.engine import IllegalAction, Match, Seat

WORKER = Path(__file__).with_name("shared_worker.py")


def hosted(game_id="all-mine", names=("Ann", "Bob"), bots=1, seed=5):
    seats = [Seat(n) for n in names] + [Seat(f"Bot{i + 1}", "random") for i in range(bots)]
    return shared.host(Match(game_id, seats, seed))


def first_legal(play, seat):
    return play.match.legal_actions(seat)[0]


# -- hosting and codes ---------------------------------------------------------------------------
def test_a_shared_game_is_a_save_that_keeps_only_hashes_of_its_codes(data_dir):
    path, codes = hosted(names=("Ann", "Bob", "Cleo"), bots=1)
    assert path.parent == data_dir / "shared"
    assert sorted(codes) == [0, 1, 2]  # one per person, none for the bot
    assert len(set(codes.values())) == 3
    text = path.read_text()
    for code in codes.values():
        assert code not in text and shared.normal_code(code) not in text
    match, doc = storage.load_match(path)  # the same format as any save
    assert doc["shared"]["codes"][3] is None
    assert doc["shared"]["codes"][1] == shared.code_hash(codes[1])
    assert [s.name for s in match.seats] == ["Ann", "Bob", "Cleo", "Bot1"]
    assert not list((data_dir / "saves").glob("*.json"))  # not among the hot-seat saves


def test_hosting_needs_a_person():
    with pytest.raises(shared.SharedError, match="at least one person"):
        hosted(names=(), bots=3)


def test_codes_are_random_and_forgiving_to_type():
    codes = {shared.new_code() for _ in range(200)}
    assert len(codes) == 200
    code = next(iter(codes))
    assert len(code) == 14 and code.count("-") == 2
    assert shared.code_hash(code.upper().replace("-", " ")) == shared.code_hash(code)
    assert shared.code_hash(code) != shared.code_hash(code[:-1] + "x" if code[-1] != "x" else "y")


def test_each_code_opens_its_own_seat_and_only_once_at_a_time():
    path, codes = hosted()
    bob = shared.join([codes[1]])
    assert bob.seats == [1] and bob.game.path == path
    with pytest.raises(shared.SharedError, match="Bob's seat is already open"):
        shared.join([codes[1]])
    with pytest.raises(shared.SharedError, match="Bob's seat is already open"):
        shared.join([codes[0], codes[1]])  # nothing opened: Ann's seat is still free
    ann = shared.join([codes[0]])
    assert ann.seats == [0]
    bob.close()
    again = shared.join([codes[1]])  # a code opens its seat again once it is free
    assert again.seats == [1]
    again.close()
    ann.close()


def test_wrong_codes_and_mixed_games_are_refused():
    _path, codes = hosted(seed=1)
    _other, other_codes = hosted(seed=2)
    with pytest.raises(shared.SharedError, match="No shared game has the join code 'nope'"):
        shared.join(["nope"])
    wrong = codes[0][:-1] + ("2" if codes[0][-1] != "2" else "3")
    with pytest.raises(shared.SharedError, match="No shared game"):
        shared.join([wrong])
    with pytest.raises(shared.SharedError, match="different games"):
        shared.join([codes[0], other_codes[1]])
    with pytest.raises(shared.SharedError, match="at least one"):
        shared.join(["  "])
    both = shared.join([codes[1], codes[0], codes[0]])  # several codes: one screen, two seats
    assert both.seats == [0, 1]
    both.close()


def test_a_finished_game_uses_its_codes_up():
    path, codes = hosted()
    play = shared.join([codes[0], codes[1]])  # both people on one screen
    while not play.match.is_over():
        seat = play.match.to_act()[0]
        if seat in play.seats:
            play.act(seat, first_legal(play, seat))
        else:
            action, base = play.bot_move(seat)
            play.act(seat, action, base)
    play.close()
    with pytest.raises(shared.SharedError, match="That game is over: its join codes are used up"):
        shared.join([codes[1]])


# -- playing -------------------------------------------------------------------------------------
def test_moves_made_on_one_screen_reach_the_other():
    _path, codes = hosted()
    ann, bob = shared.join([codes[0]]), shared.join([codes[1]])
    assert bob.poll() is None  # nothing changed yet
    applied, events = ann.act(0, first_legal(ann, 0))
    assert applied and events
    news = bob.poll()
    assert news and news[-1].text == events[-1].text
    assert bob.match.log == ann.match.log
    assert bob.poll() is None
    ann.close(), bob.close()


def test_a_move_taken_back_elsewhere_rebuilds_the_match_in_place():
    _path, codes = hosted(game_id="all-in", names=("Ann", "Bob"), bots=0)
    ann, bob = shared.join([codes[0]]), shared.join([codes[1]])
    held = bob.match
    action = first_legal(ann, 0)
    ann.act(0, action)
    bob.poll()
    assert len(held.log) == 1
    assert ann.undo(0) is None
    news = bob.poll()  # the match is rebuilt from the file, and the take-back is the news
    assert [(e.text, e.kind) for e in news] == [("{0} took back a move.", "undo")]
    assert held.events[-1] is news[0]  # also the last line of Bob's log
    assert bob.match is held and held.log == [] and ann.match.log == []
    assert bob.poll() is None
    assert ann.undo(0) == "You have not made a move yet."
    ann.close(), bob.close()


def test_an_illegal_move_or_another_person_s_move_changes_nothing():
    path, codes = hosted()
    ann = shared.join([codes[0]])
    before = path.read_bytes()
    with pytest.raises(IllegalAction):
        ann.act(0, shared.Action("play", (99,)))
    with pytest.raises(IllegalAction, match="Bob plays at another screen"):
        ann.act(1, ann.match.legal_actions(1)[0])
    with pytest.raises(IllegalAction, match="Bob plays at another screen"):
        ann.undo(1)
    assert path.read_bytes() == before and ann.match.log == []
    ann.close()


def test_a_bot_found_by_two_screens_plays_once():
    # All Mine! predictions are simultaneous: the bot may act at once
    _path, codes = hosted()
    ann, bob = shared.join([codes[0]]), shared.join([codes[1]])
    first, second = ann.bot_move(2), bob.bot_move(2)
    assert first == second  # decided on the same file: the same move
    assert ann.act(2, *first)[0] is True
    assert bob.act(2, *second)[0] is False  # the file moved on: dropped
    assert [s for s, _a in bob.match.log] == [2]
    assert bob.bot_move(2) is None  # that bot has played
    ann.close(), bob.close()


def test_a_move_that_cannot_be_written_is_not_made(monkeypatch):
    path, codes = hosted()
    ann = shared.join([codes[0]])

    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", full)
    with pytest.raises(shared.SharedError, match="could not be saved .No space left"):
        ann.act(0, first_legal(ann, 0))
    assert ann.match.log == []
    monkeypatch.undo()
    assert ann.act(0, first_legal(ann, 0))[0]
    assert len(storage.load_match(path)[0].log) == 1
    ann.close()


def test_a_change_waits_for_the_lock_and_gives_up_with_a_message(monkeypatch):
    _path, codes = hosted()
    ann = shared.join([codes[0]])
    monkeypatch.setattr(shared, "LOCK_WAIT", 0.05)
    holder = shared._flock(ann.game.lock_path, None)  # another screen in the middle of a change
    try:
        with pytest.raises(shared.SharedError, match="Another screen is changing"):
            with ann.game.locked(wait=0.05):
                pass
    finally:
        os.close(holder)
    assert ann.act(0, first_legal(ann, 0))[0]
    ann.close()


def test_an_unreadable_shared_file_is_reported_not_raised_blind():
    path, codes = hosted()
    ann = shared.join([codes[0]])
    path.write_text("{ damaged")
    with pytest.raises(shared.SharedError, match="cannot be read"):
        ann.poll()
    assert ann.poll() is None  # said once
    ann.close()


def test_the_store_does_not_import_textual_or_rich():
    code = ("import sys, allmine_tui.shared\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- the race ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,seed", [("all-in", 3), ("all-mine", 8)])
def test_two_processes_playing_at_once_lose_and_double_nothing(game_id, seed, tmp_path):
    """Two workers start at the same moment and play their seats (and every bot they see) as fast
    as they can; in All In everyone writes at once every round, so the screens collide all game."""
    path, codes = hosted(game_id, ("Ann", "Bob"), bots=1, seed=seed)
    go = tmp_path / "go"
    workers = [subprocess.Popen([sys.executable, str(WORKER), codes[seat], str(seat), str(go)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for seat in (0, 1)]
    go.touch()
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=180)
        assert worker.returncode == 0, err
        reports.append(json.loads(out))
    match, doc = storage.load_match(path)  # replays the log and checks the snapshot
    assert match.is_over() and all(r["over"] for r in reports)
    replayed = Match.replay(match.game_id, match.seats, match.seed, match.options, match.log)
    assert replayed.rules.state_to_json(replayed.state) == doc["state"]
    log = doc["log"]
    for report in reports:  # every move a screen was told it made is there, once, in order
        seat = report["seat"]
        assert [e for e in log if e[0] == seat] == report["mine"]
    applied = [b for r in reports for b in r["bots"]]
    assert sorted(b[0] for b in applied) == [i for i, e in enumerate(log) if e[0] == 2]
    for index, seat, action in applied:
        assert log[index] == [seat, action]
    # the collision really happened: a screen found a bot to act that the other had just played
    assert sum(r["stale"] for r in reports) > 0
