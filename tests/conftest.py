"""Shared fixtures. Every test runs with ALLMINE_DATA_DIR pointing at a fresh temporary folder, so no
test ever reads or writes the real user data dir (subprocesses inherit the variable too)."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """A private data dir for this test, also exported as ALLMINE_DATA_DIR."""
    folder = tmp_path / "allmine-data"
    monkeypatch.setenv("ALLMINE_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_input_grace(monkeypatch):
    """Keys typed before a new viewer's screen (or a curtain) appeared are still dropped, but the
    extra quarter second for human reading is not waited for in tests (test_privacy_audit checks
    it on its own)."""
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "0")
