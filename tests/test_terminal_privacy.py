"""The hot-seat reproductions in a real terminal (tmux): a player's move and one Enter too many,
sent in one write, never open the next player's private screen."""
from __future__ import annotations

import os
import random
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


# -- a round's end, when the person who played last begins the next round too -----------------
def _just_before_a_round_change(game_id: str, names: list[str], seed: int, last_key: str):
    """A game of ``names`` (people; ``bot:`` seats are bots) played with random legal moves up
    to a position where a person's next move ends the round and the same person acts first in
    the next one, that move being their only legal one (``last_key`` on their screen). Returns
    the match and that person's seat. Found by trying move orders one after the other (each is
    deterministic)."""
    from allmine_tui.engine import Match, Seat
    from allmine_tui.games import GAMES

    round_of = GAMES[game_id].history().round_of
    seats = [Seat(n[4:], "random") if n.startswith("bot:") else Seat(n) for n in names]

    def replay(log):
        match = Match(game_id, seats, seed)
        for seat, action in log:
            match.apply(seat, action)
        return match

    for order in range(200):
        rng = random.Random(order)
        match = replay([])
        while round_of(match.state) == round_of(replay([]).state) and not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            if seats[seat].human and len(legal) == 1:
                after = replay(match.log)
                after.apply(seat, legal[0])
                if round_of(after.state) != round_of(match.state):
                    if after.to_act()[:1] == [seat]:
                        return match, seat
                    break
            match.apply(seat, rng.choice(legal))
    raise AssertionError(f"no such position in {game_id} (seed {seed})")


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

    names, seed, last_key, news = ROUND_CHANGES[game_id]
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    old = os.environ.get("ALLMINE_DATA_DIR")
    os.environ["ALLMINE_DATA_DIR"] = str(tmp_path)
    try:
        match, seat = _just_before_a_round_change(game_id, names, seed, last_key)
        who = match.seats[seat].name
        storage.write_save(storage.new_save_path(game_id), match)
    finally:
        if old is None:
            del os.environ["ALLMINE_DATA_DIR"]
        else:
            os.environ["ALLMINE_DATA_DIR"] = old
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
