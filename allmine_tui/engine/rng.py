"""Deterministic random streams. All randomness in a game comes from its seed: a stream is named by
the seed and a purpose ("deal", hand number...), so no state of a random generator is ever saved."""
from __future__ import annotations

import random


def stream(seed: int | str, *purpose: object) -> random.Random:
    """A ``random.Random`` seeded from the game seed and a purpose. String seeding is stable across
    runs and machines (it hashes with SHA-512, not Python's salted ``hash``)."""
    key = "/".join([str(seed), *map(str, purpose)])
    return random.Random(key)
