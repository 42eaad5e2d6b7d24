"""Hooks the tests use to check a game's rules; no part of the contract the app relies on.

A game's rules class mixes ``Probes`` in (each game keeps its hooks in its own ``probes.py``), so
the tests can reach them on the rules object, while ``engine.contract.Rules`` lists only what
the program itself calls.
"""
from __future__ import annotations

import random
from typing import Any


class Probes:
    """Test hooks for one game's rules."""

    def perturb_secrets(self, state: Any, viewer: int | None, rng: random.Random) -> Any:
        """A new state that differs from ``state`` only in what ``viewer`` may not know (other
        seats' hands and unrevealed choices, the order of undealt cards; with ``viewer=None``,
        every seat's secrets). ``state`` itself is left alone. The conformance test checks that
        ``view(state, viewer)`` does not change: the view hides every secret it should."""
        raise NotImplementedError

    def conserved(self, state: Any) -> dict[str, int]:
        """Totals that never change during a game (cards in play, gems, money...): the
        conformance test checks them after every action."""
        return {}
