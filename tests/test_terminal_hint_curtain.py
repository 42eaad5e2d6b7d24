"""A hint on a decision made in front of everyone, in a real terminal (tmux): h raises the
decider's own curtain, the hint comes with their own cards behind it, and closing it brings back
the table view with nothing of theirs on screen."""
from __future__ import annotations

import time

import pytest

from test_terminal import TMUX, Terminal, allmine_command

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it)")

#: what only Ann's own view of This is Mine! shows
PRIVATE = ("ANN'S CARDS", "worth now", "viewing as", "The coach's best moves")


def test_h_on_a_public_split_shows_the_hint_behind_anns_curtain(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    term = Terminal(f"{allmine_command()} new this-is-mine --players Ann,Bob --seed 4", env)
    try:
        screen = term.wait_for("Ann splits the cards into lots")
        assert "Collected cards are secret" in screen and "h Hint" in screen
        time.sleep(0.5)  # (a person reads the table first)
        term.keys("h")
        screen = term.wait_for("Pass the keyboard to  Ann")
        assert not any(word in screen for word in PRIVATE), screen
        time.sleep(0.5)
        term.keys("Enter")
        screen = term.wait_for("The coach's best moves for Ann")
        assert "ANN'S CARDS" in screen and "% to win" in screen, screen
        assert "marked on the table" not in screen  # This is Mine! draws no mark
        time.sleep(0.5)
        term.keys("Enter")
        end = time.monotonic() + 20
        while True:  # every frame after the hint: the table view, nothing of Ann's
            screen = term.screen()
            if "The coach's best moves" not in screen:
                assert not any(word in screen for word in PRIVATE), screen
                if "Collected cards are secret" in screen:
                    break
            assert time.monotonic() < end, screen
            time.sleep(0.05)
        assert "Ann splits the cards into lots" in screen and "Pass the keyboard" not in screen
        time.sleep(1.0)  # and it stays so
        screen = term.screen()
        assert not any(word in screen for word in PRIVATE), screen
        assert "Collected cards are secret" in screen
    finally:
        term.close()
