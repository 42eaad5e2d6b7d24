"""A short soak in CI: a few bot-only games in one app session leave nothing behind (no screens,
widgets, workers, timers or threads pile up, and Python objects do not grow game after game).
Counts, not timings; the long soak is ``allmine bench --soak MINUTES``."""
from __future__ import annotations

from allmine_tui import soak

GAMES = 5
OBJECTS_PER_GAME = 2500  # what is left is bounded caches; a leaked game screen is ~9,000


def test_a_short_soak_leaves_nothing_behind():
    report = soak.run(minutes=10, every=0, max_games=GAMES, game_ids=["all-in"], players=1)
    assert report["error"] is None
    assert report["games"] == GAMES
    samples = report["samples"]
    assert len(samples) == GAMES - soak.WARM_UP_GAMES + 1
    first = samples[0]
    for sample in samples:
        assert sample["screens"] == first["screens"] == 2  # Textual's default screen, the picker
        assert sample["workers"] == 0
        assert sample["timers"] == first["timers"]
        assert sample["dom_nodes"] == first["dom_nodes"]
        assert sample["threads"] <= first["threads"]
    grown = samples[-1]["objects"] - first["objects"]
    assert grown < OBJECTS_PER_GAME * (GAMES - 1), report["growth"]
