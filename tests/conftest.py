"""Shared fixtures. Every test runs with ALLMINE_DATA_DIR pointing at a fresh temporary folder, so no
test ever reads or writes the real user data dir (subprocesses inherit the variable too)."""
from __future__ import annotations

from pathlib import Path

import pytest

# The registry: a Match made from a game id looks the game up there (the engine imports no game).
import allmine_tui.games  # noqa: F401


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """A private data dir for this test, also exported as ALLMINE_DATA_DIR."""
    folder = tmp_path / "allmine-data"
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_bot_delay(monkeypatch):
    """Bots answer at once (a test that looks at a bot thinking sets its own delay)."""
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")


@pytest.fixture(autouse=True)
def no_input_grace(monkeypatch):
    """Keys typed before a new viewer's screen (or a curtain) appeared are still dropped, but the
    extra quarter second for human reading is not waited for in tests (test_privacy_audit checks
    it on its own)."""
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "0")


# The longest tests (whole games played through the app) start first: with two workers the short
# ones then fill the gaps, instead of one worker finishing a long game alone at the end.
LONG_FIRST = ("test_whole_hot_seat_game_shows_nobody_else_s_secrets", "test_ui_hotseat.py",
              "plays_a_whole_game_by_keys", "test_hot_seat_keeps", "test_ui_monkey.py",
              "test_odd_names.py", "test_shared_screens.py", "test_serve.py", "test_soak.py")


def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        return next((i for i, key in enumerate(LONG_FIRST) if key in item.nodeid), len(LONG_FIRST))

    items.sort(key=rank)  # a stable sort: the order within each group is kept
