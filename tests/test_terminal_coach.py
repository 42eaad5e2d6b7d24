"""The coach in a real terminal (tmux): what people reach by a key, where they reach it."""
from __future__ import annotations

import time

import pytest

from terminal_positions import find, save_in
from test_terminal import TMUX, Terminal, allmine_command

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")


def results_of_a_finished_game(tmp_path) -> Terminal:
    """Ann alone against a bot, one move from the end of a game of Mine All Mines: she ends her
    last turn and the results show, saying what r does."""
    match, _seat = find("mine-all-mines", ["Ann", "bot:Bob"], 3,
                        lambda before, after, seat: after.is_over())
    save_in(tmp_path, match)
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    term = Terminal(f"{allmine_command()} resume", env)
    try:
        term.wait_for("End your turn")  # (alone at the screen: no curtain)
        time.sleep(0.5)
        term.keys("e")  # her last move: the end of her last turn
        term.wait_for("r: the coach reviews every decision")
        time.sleep(0.3)
        return term
    except BaseException:
        term.close()
        raise


def test_r_on_the_results_reviews_the_game_in_worker_processes(tmp_path):
    """Inside the app stderr has no file descriptor; the review's worker processes start all
    the same (they used to fail at once: "bad value(s) in fds_to_keep"), the progress shows,
    and the verdicts come."""
    term = results_of_a_finished_game(tmp_path)
    try:
        term.keys("r")
        screen = term.wait_for("The coach is reviewing every decision", timeout=10)
        assert "fds_to_keep" not in screen
        screen = term.wait_for("1–9: replay", timeout=180)
        assert "No review" not in screen and "fds_to_keep" not in screen, screen
        assert "Ann:" in screen and "the coach:" in screen, screen
    finally:
        term.close()


def test_r_again_stops_a_review_under_way(tmp_path):
    term = results_of_a_finished_game(tmp_path)
    try:
        term.keys("r")
        term.wait_for("(r: stop)", timeout=10)
        term.keys("r")
        screen = term.wait_for("r: the coach reviews every decision", timeout=30)
        assert "No review" not in screen, screen
        assert not list(tmp_path.glob("saves/*.review.json"))  # nothing kept of a stopped one
    finally:
        term.close()
