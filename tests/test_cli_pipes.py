"""The command line in pipes: a reader that stops early (``| head -1``) ends no command in a
traceback, and the command's exit status is what it would have been; ``--help`` names the games,
their player counts and the bot levels."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from allmine_tui import reviews
from allmine_tui.engine.search import Budget
from allmine_tui.games import GAMES

SAVES = Path(__file__).resolve().parent.parent / "saves"


def to_a_closed_pipe(*args: str) -> subprocess.CompletedProcess:
    """``allmine ARGS`` writing to a pipe whose reader has already gone (the first write
    fails: what ``| head -1`` does to a long output, at once)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "allmine_tui", *args], stdout=write,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                              timeout=120)
    finally:
        os.close(write)


@pytest.fixture
def finished(data_dir) -> Path:
    save = data_dir / "saves" / "finished.json"
    save.parent.mkdir(parents=True)
    shutil.copy(SAVES / "mine-all-mines-finished.json", save)
    return save


@pytest.mark.parametrize("command", [("check-save", "{save}"), ("saves",), ("stats",),
                                     ("review", "{save}", "--json"), ("--help",)])
def test_a_reader_that_stops_early_ends_nothing_in_a_traceback(command, finished):
    if command[0] == "review":  # kept beside the save, so the command only reads it back
        reviews.review_save(finished, workers=1, budget=Budget(playouts=8, steps=80, seconds=60))
    args = [a.format(save=finished) for a in command]
    done = to_a_closed_pipe(*args)
    assert done.stderr == "", done.stderr
    assert done.returncode == 0


def test_help_names_every_game_its_players_and_bot_levels():
    done = subprocess.run([sys.executable, "-m", "allmine_tui", "--help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0
    for game in GAMES.values():
        line = next((ln for ln in done.stdout.splitlines() if ln.strip().startswith(game.id)),
                    None)
        assert line is not None, done.stdout
        assert game.title in line and f"{game.min_players}-{game.max_players} players" in line
        for level in game.bots():
            assert level in line
