"""The hot-seat reproductions in a real terminal (tmux): a player's move and one Enter too many,
sent in one write, never open the next player's private screen."""
from __future__ import annotations

import time

import pytest

from test_terminal import TMUX, Terminal, allmine_command

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")

CASES = {
    # game: (its opening words on a player's own screen, the first player's burst)
    "all-mine": ("PREDICT", ["c", "g", "Enter", "Enter"]),
    "all-in": ("Your card", ["Enter", "Enter", "Enter"]),  # take, write, one too many
    "mine-all-mine": ("YOUR FLEET", ["Space", "l", "Enter", "Enter"]),
}


@pytest.mark.parametrize("game_id", list(CASES))
def test_a_burst_of_keys_does_not_pass_the_next_curtain(game_id, tmp_path):
    own_screen, burst = CASES[game_id]
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    term = Terminal(f"{allmine_command()} new {game_id} --players Ann,Bob,Cleo --seed 5", env)
    try:
        first = term.wait_for("Pass the keyboard to")
        assert "Esc or q: back to the menu" in first and "p: peek at my own cards" in first
        time.sleep(0.5)  # a person reads the curtain before pressing Enter
        term.keys("Enter")
        term.wait_for("viewing as Ann")
        term.wait_for(own_screen)
        time.sleep(0.5)
        term.burst(*burst)
        time.sleep(1.0)
        screen = term.wait_for("Pass the keyboard to")
        assert "viewing as" not in screen, screen
        assert "Bob" in screen
        # Bob himself, a moment later, passes it
        time.sleep(0.5)
        term.keys("Enter")
        screen = term.wait_for("viewing as Bob")
        assert "viewing as Ann" not in screen
    finally:
        term.close()
