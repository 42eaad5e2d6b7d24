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
LONG_FIRST = ("test_review_ranks.py", "test_whole_hot_seat_game_shows_nobody_else_s_secrets",
              "test_ui_hotseat.py",
              "plays_a_whole_game_by_keys", "test_hot_seat_keeps", "test_ui_monkey.py",
              "test_odd_names.py", "test_shared_screens.py", "test_serve.py", "test_soak.py")


# Markers, given here by file so that a new test in these files is marked too: ``tmux`` (the app in
# a real terminal), ``browser`` (``allmine serve`` in headless Chromium), ``slow`` (whole games
# through the app, soak and fuzz runs, every snapshot, and the two kinds above). The quick tier
# for one's own loop is ``pytest -m "not slow"``; CI runs everything.
TMUX = ("test_terminal.py", "test_terminal_privacy.py", "test_terminal_coach.py",
        "test_terminal_hint_curtain.py", "test_terminal_guided.py")
BROWSER = ("test_serve.py", "test_serve_guard.py")
SLOW = LONG_FIRST + TMUX + BROWSER + (
    "test_snapshots_", "test_privacy_audit.py", "test_learn_to_play.py", "test_save_fuzz",
    "test_bots_common.py", "test_all_in_expert.py", "test_presence.py", "test_join_only.py",
    "test_records.py", "test_save_lock", "test_conformance.py", "test_legend.py",
    "test_review.py", "test_coach.py", "test_bot_thinking.py", "_ui_play.py", "test_shell.py",
    "test_hints_ui.py", "test_normal_fixes.py", "test_serve_guard.py")


def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        return next((i for i, key in enumerate(LONG_FIRST) if key in item.nodeid), len(LONG_FIRST))

    for item in items:
        path = item.nodeid
        if any(key in path for key in TMUX):
            item.add_marker(pytest.mark.tmux)
        if any(key in path for key in BROWSER):
            item.add_marker(pytest.mark.browser)
        if any(key in path for key in SLOW):
            item.add_marker(pytest.mark.slow)
    items.sort(key=rank)  # a stable sort: the order within each group is kept
