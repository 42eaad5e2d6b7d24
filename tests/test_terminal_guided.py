"""A guided game (learn to play) in a real terminal (tmux): Enter on a lesson plays no move, even
twice in a row (it used to close the lesson and then play the highlighted Dealer); the lesson's
own key, o, closes it."""
from __future__ import annotations

import time

import pytest

from allmine_tui import storage
from test_terminal import TMUX, Terminal, allmine_command

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")


def learner_moves(tmp_path) -> int:
    saves = list((tmp_path / "saves").glob("*.json"))
    assert len(saves) == 1, saves
    match, _doc = storage.load_match(saves[0])
    return [seat for seat, _action in match.log].count(0)


def test_a_double_enter_on_a_lesson_plays_no_move(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    term = Terminal(allmine_command(), env)
    try:
        term.wait_for("five small games")
        time.sleep(0.5)
        term.keys("Down", "Down", "Down")  # Mine All Mines
        term.wait_for("Mine All Mines")
        term.keys("l")
        term.wait_for("Learn to play Mine All Mines")
        time.sleep(0.5)  # (a person reads the lesson's first words)
        for lesson in range(3):
            term.burst("Enter", "Enter")  # a fast double Enter, as one write
            time.sleep(0.5)  # (whatever it did is done by now, or nearly: the save follows)
            assert learner_moves(tmp_path) == 0
            screen = term.wait_for("Press o to go on")
            assert "Play one dwarf" in screen, screen  # the learner's decision is still open
            assert learner_moves(tmp_path) == 0
            term.keys("Space")
            time.sleep(0.5)
            assert "Press o to go on" in term.screen()  # Space skips no lesson either
            term.keys("o")
            end = time.monotonic() + 10
            while "Press o to go on" in term.screen():
                assert time.monotonic() < end, term.screen()
                time.sleep(0.1)
            time.sleep(0.5)
            screen = term.screen()
            if "o: go on" not in screen:
                break  # no lesson left for this decision
        assert learner_moves(tmp_path) == 0
        assert "Play one dwarf" in term.screen()
    finally:
        term.close()
