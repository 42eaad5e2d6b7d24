"""Drive the installed ``allmine`` command in a real terminal (tmux): start a game, play a trick,
quit, resume."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from allmine_tui import storage

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None and not os.environ.get("CI"),
                                reason="tmux is not installed (CI installs it)")


def allmine_command() -> str:
    exe = Path(sys.executable).with_name("allmine")
    return str(exe) if exe.exists() else (shutil.which("allmine") or "allmine")


class Terminal:
    def __init__(self, command: str, env: dict[str, str]) -> None:
        self.name = f"allmine-test-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        # a tmux server of its own (-L): no race with another test's server shutting down, and
        # nothing shared with the user's tmux; a fixed 120x40 window, whatever clients say
        self._tmux("new-session", "-d", "-s", self.name, "-x", "120", "-y", "40",
                   f"sleep 0.5; env {exports} {command}; sleep 30", ";",
                   "set-option", "-t", self.name, "window-size", "manual", ";",
                   "resize-window", "-t", self.name, "-x", "120", "-y", "40")

    def _tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([TMUX, "-L", self.name, *args], check=check, capture_output=True,
                              text=True)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.name, check=False).stdout

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self._tmux("send-keys", "-t", self.name, key)
            time.sleep(0.15)

    def burst(self, *keys: str) -> None:
        """All keys in one write, as a fast typist (or a paste) would send them."""
        self._tmux("send-keys", "-t", self.name, *keys)
        time.sleep(0.5)

    def close(self) -> None:
        self._tmux("kill-server", check=False)


def quit_to_picker(term: Terminal) -> None:
    """q back to the picker (the game is saved), then quit the app. A key typed just as a new
    view comes up (a round's notice, the next person's screen) is dropped on purpose, so q is
    typed again while the game screen is still there."""
    for _try in range(3):
        term.keys("q")
        try:
            term.wait_for("five small games", timeout=5.0)
            break
        except AssertionError:
            continue
    else:
        term.wait_for("five small games")
    term.keys("C-q")
    time.sleep(1.0)


def saved_when(save: Path, check, what: str, timeout: float = 10.0):
    """The saved game once ``check(match)`` holds. A move is written to disk a tenth of a
    second after it is made (the save writer waits: see storage), so a move seen on screen
    may not be on disk yet when the test looks."""
    end = time.monotonic() + timeout
    while True:
        match, _doc = storage.load_match(save)
        if check(match):
            return match
        assert time.monotonic() < end, f"the save never showed {what}: {match.log[-3:]}"
        time.sleep(0.05)


def resumed(cmd: str, env: dict, wait: str, save: Path):
    """``allmine resume`` in a new terminal: wait for ``wait``, return (match, terminal)."""
    term = Terminal(f"{cmd} resume", env)
    try:
        term.wait_for(wait)
        match, _doc = storage.load_match(save)
        return match, term
    except BaseException:
        term.close()
        raise


def test_start_play_a_trick_quit_and_resume(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    cmd = allmine_command()
    term = Terminal(f"{cmd} new all-mine --players Ann,bot:Bob:random,bot:Cleo:random --seed 21",
                    env)
    try:
        term.wait_for("TRUMPS")
        term.wait_for("PREDICT")
        term.keys("c", "g", "Enter")
        # play cards until the first trick is complete
        for _ in range(12):
            screen = term.wait_for("ANN")
            if "wins trick 1" in screen:
                break
            if "Your turn" in screen:
                term.keys("Enter")
            time.sleep(0.3)
        screen = term.wait_for("wins trick 1")
        saves = list((tmp_path / "saves").glob("*.json"))
        assert len(saves) == 1
        before = saved_when(saves[0], lambda m: m.state.tricks_done >= 1
                            or m.state.phase == "heap", "the first trick")
        quit_to_picker(term)
    finally:
        term.close()

    term = Terminal(f"{cmd} resume", env)
    try:
        screen = term.wait_for("TRUMPS")
        assert "wins trick 1" in term.wait_for("wins trick 1")
        after, _doc = storage.load_match(saves[0])
        # the resumed game is exactly where we left it (no move was lost or added while resuming,
        # except bot moves that were due)
        assert after.log[: len(before.log)] == before.log
        assert after.state.hand_no == before.state.hand_no
        term.keys("C-q")
    finally:
        term.close()


def test_all_in_write_a_card_quit_and_resume(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    cmd = allmine_command()
    term = Terminal(f"{cmd} new all-in --players Ann,bot:Bob:random --seed 8", env)
    try:
        term.wait_for("REVEALED")
        term.wait_for("Round 1/23")
        term.keys("Enter")  # take the cheapest card
        term.wait_for("Your space")
        term.keys("Enter")  # and write it on the highlighted starting space
        term.wait_for("Round 2/23")
        saves = list((tmp_path / "saves").glob("*.json"))
        assert len(saves) == 1
        before = saved_when(saves[0], lambda m: m.state.round == 2, "round 2")
        assert sum(c is not None for c in before.state.written[0]) == 1
        quit_to_picker(term)
    finally:
        term.close()
    after, term = resumed(cmd, env, "Round 2/23", saves[0])
    try:
        assert after.log[: len(before.log)] == before.log
        assert after.state.written[0] == before.state.written[0]
        term.keys("C-q")
    finally:
        term.close()


@pytest.mark.skipif("mine-all-mine" not in __import__("allmine_tui.games").games.GAMES,
                    reason="Mine, All Mine! is not registered yet")
def test_mine_all_mine_launch_a_fleet_quit_and_resume(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    cmd = allmine_command()
    term = Terminal(f"{cmd} new mine-all-mine --players Ann,bot:Bob:random --seed 8", env)
    try:
        term.wait_for("Round 1/3")
        # a fast burst is handled in the order typed: add the first card, move, add the second
        term.burst("Space", "Right", "Space")
        saves = list((tmp_path / "saves").glob("*.json"))
        assert len(saves) == 1
        saved_when(saves[0], lambda m: len(m.state.pending[0]) == 2, "two cards added")
        term.keys("l")  # launch
        end = time.monotonic() + 30
        seen = False  # the round's resolution (a dialog over the next round's board)
        while time.monotonic() < end:  # step through it to its end
            screen = term.screen()
            if "Next turn" in screen or "Close [Enter]" in screen:
                seen = True
                term.keys("Enter")
            elif seen and "Round 2/3" in screen and "assembling" in screen:
                break
            time.sleep(0.3)
        assert seen, "the round's resolution was never shown"
        before = saved_when(saves[0], lambda m: m.state.round_no == 1 and m.state.history,
                            "the first round's end")
        quit_to_picker(term)
    finally:
        term.close()
    after, term = resumed(cmd, env, "Round 2/3", saves[0])
    try:
        assert after.log[: len(before.log)] == before.log
        assert after.state.scores == before.state.scores
        term.keys("C-q")
    finally:
        term.close()


def test_mine_all_mines_play_a_dwarf_quit_and_resume(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    cmd = allmine_command()
    term = Terminal(f"{cmd} new mine-all-mines --players Ann,bot:Bob:random --seed 12", env)
    try:
        term.wait_for("Play one dwarf")
        saves = list((tmp_path / "saves").glob("*.json"))
        assert len(saves) == 1
        # (Bob may have moved first: his move reaches the file a tenth of a second later)
        first = saved_when(saves[0], lambda m: m.state.seat == 0 and m.state.phase == "play",
                           "Ann to play")
        # a burst of cursor keys changes nothing; then the first mining dwarf's line by its
        # number (it opens the list of places when there are several: take the first)
        term.burst("Down", "Down", "Up", "Up")
        line = next(i for i, d in enumerate(first.state.hands[0]) if isinstance(d, int))
        term.keys(str(line + 1))
        if "(Esc" in term.screen():  # a list of places opened
            term.keys("1")
        term.wait_for("End your turn")
        saved_when(saves[0], lambda m: m.state.phase == "act" and len(m.state.hands[0]) == 4,
                   "the dwarf played")
        term.keys("Up", "Enter")  # End your turn is the last line
        term.wait_for("Play one dwarf")
        before = saved_when(saves[0], lambda m: m.state.seat == 0
                            and m.state.turn == first.state.turn + 2, "Bob's turn done")
        quit_to_picker(term)
    finally:
        term.close()
    after, term = resumed(cmd, env, "Play one dwarf", saves[0])
    try:
        assert after.log == before.log
        assert "ANN:" in term.screen()
        term.keys("C-q")
    finally:
        term.close()


def test_this_is_mine_decide_quit_and_resume(tmp_path):
    env = {"ALLMINE_DATA_DIR": str(tmp_path), "ALLMINE_BOT_DELAY": "0", "TERM": "xterm-256color"}
    cmd = allmine_command()
    term = Terminal(f"{cmd} new this-is-mine --players Ann,bot:Bob:random --seed 5", env)
    try:
        term.wait_for("This is Mine! · Round 1/8")
        saves = list((tmp_path / "saves").glob("*.json"))
        assert len(saves) == 1
        # Enter takes the default: confirm the suggested split, claim the first lot, accept
        end = time.monotonic() + 30
        while time.monotonic() < end:
            match, _doc = storage.load_match(saves[0])
            if sum(1 for seat, _a in match.log if seat == 0) >= 3:
                break
            term.keys("Enter")
            time.sleep(0.3)
        before, _doc = storage.load_match(saves[0])
        ann = [a for seat, a in before.log if seat == 0]
        assert len(ann) >= 3 and all(a.kind in ("put", "claim", "accept", "balance") for a in ann)
        assert "'S CARDS" in term.screen() or before.to_act() != [0]
        quit_to_picker(term)
    finally:
        term.close()
    after, term = resumed(cmd, env, "This is Mine!", saves[0])
    try:
        assert after.log == before.log
        term.keys("C-q")
    finally:
        term.close()
