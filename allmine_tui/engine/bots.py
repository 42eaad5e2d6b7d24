"""Shared bot machinery. A bot sees what a human in its seat would see: a view and the legal actions."""
from __future__ import annotations

import random
from typing import Any

from .contract import Action


class Bot:
    name = "bot"
    #: False for bots that ignore the view (saves building it on the hot path of simulations).
    needs_view = True

    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions. Every game has one."""

    name = "random"
    needs_view = False

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]
