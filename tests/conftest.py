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
