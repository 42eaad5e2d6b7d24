"""The hot-seat reproductions in a real terminal (tmux): a player's move and one Enter too many,
sent in one write, never open the next player's private screen."""
from __future__ import annotations

import time

import pytest

from terminal_positions import find, save_in
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


# -- a round's end, when the person who played last begins the next round too -----------------
def _ends_and_begins(round_of):
    """``terminal_positions.find``'s test: the move ends the round, and its maker acts first in
    the next one (another person first gives up that move order)."""
    def wanted(before, after, seat):
        if round_of(after.state) == round_of(before.state):
            return False
        return True if after.to_act()[:1] == [seat] else None
    return wanted


ROUND_CHANGES = {
    # game: (the table, the seed, Ann's key for her last move, the news of the round's end)
    "mine-all-mines": (["Ann", "Bob"], 42, "e", "Round 1 of 4 is over"),
    "all-mine": (["Ann", "Bob", "bot:Cleo"], 7, "Enter", "is over"),
}


@pytest.mark.parametrize("game_id", list(ROUND_CHANGES))
def test_the_next_round_s_first_hand_comes_behind_its_curtain(game_id, tmp_path):
    """A person makes the round's last move and is the first to act in the next round: Enter on
    the public news of the round's end (with one Enter too many, typed in one write) shows their
    curtain, never their new hand."""
    from allmine_tui import storage
    from allmine_tui.games import GAMES

    names, seed, last_key, news = ROUND_CHANGES[game_id]
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    match, seat = find(game_id, names, seed, _ends_and_begins(GAMES[game_id].history().round_of))
    who = match.seats[seat].name
    save_in(tmp_path, match)
    term = Terminal(f"{allmine_command()} resume", env)
    try:
        term.wait_for("Pass the keyboard to")
        time.sleep(0.5)
        term.keys("Enter")
        term.wait_for(f"viewing as {who}")
        time.sleep(0.5)
        term.keys(last_key)
        term.wait_for(news)
        time.sleep(0.5)
        term.burst("Enter", "Enter")  # the news, and a second Enter of a natural double press
        time.sleep(1.0)
        screen = term.wait_for("Pass the keyboard to")
        assert who in screen and "viewing as" not in screen, screen
        on_disk, _doc = storage.load_match(next((tmp_path / "saves").glob("*.json")))
        new_round = on_disk.log[len(match.log) + 1:]  # (bots may have played in it)
        assert len(on_disk.log) > len(match.log) and all(s != seat for s, _a in new_round), \
            "the Enter too many played a move in the new round"
        time.sleep(0.5)
        term.keys("Enter")  # the person named passes it
        term.wait_for(f"viewing as {who}")
    finally:
        term.close()


def test_a_launch_in_hot_seat_asks_before_the_curtain_makes_it_final(tmp_path):
    """Mine, All Mine! with Ann and Bob at one keyboard: L asks (Esc goes on assembling), a
    second L launches, and only then does Bob's curtain come up."""
    from allmine_tui import storage

    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    term = Terminal(f"{allmine_command()} new mine-all-mine --players Ann,Bob --seed 5", env)

    def launched() -> list[bool]:
        match, _doc = storage.load_match(next((tmp_path / "saves").glob("*.json")))
        return list(match.state.launched)
    try:
        term.wait_for("Pass the keyboard to")
        time.sleep(0.5)
        term.keys("Enter")
        screen = term.wait_for("YOUR FLEET")
        who = 0 if "viewing as Ann" in screen else 1
        time.sleep(0.5)
        term.keys("Space", "l")
        screen = term.wait_for("Launch this fleet of 1 card?")
        assert "Esc or any other key: keep assembling" in screen
        term.keys("Escape")
        screen = term.wait_for("YOUR FLEET")
        time.sleep(0.5)
        screen = term.screen()
        assert "Launch this fleet" not in screen and "Pass the keyboard" not in screen
        assert not launched()[who]
        term.keys("l")
        term.wait_for("Launch this fleet of 1 card?")
        term.keys("l")
        screen = term.wait_for("Pass the keyboard to")
        assert "viewing as" not in screen
        end = time.monotonic() + 10
        while not launched()[who]:  # (the save follows the screen by a tenth of a second)
            assert time.monotonic() < end, "the launch never reached the save"
            time.sleep(0.05)
    finally:
        term.close()
