"""Shared bot machinery. A bot sees what a human in its seat would see: a view and the legal actions."""
from __future__ import annotations

import random
from typing import Any, Generic, TypeVar

from .contract import Action

V = TypeVar("V")  # the view of the game the bot plays (the game's view TypedDict)


class Bot(Generic[V]):
    """A player that is not a person: ``choose`` one of the ``legal`` actions of its seat, seeing
    only that seat's ``view`` (None for a bot whose ``needs_view`` is False), with all its
    randomness from ``rng``."""

    name = "bot"
    #: False for bots that ignore the view (saves building it on the hot path of simulations).
    needs_view = True

    def choose(self, view: V, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(Bot[Any]):
    """Picks uniformly among the legal actions. Every game has one."""

    name = "random"
    needs_view = False

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]


def pick_near_best(values: list[float], rng: random.Random, tolerance: float) -> int:
    """The index of the best of ``values``, or, when several are within ``tolerance`` of the
    best, one of those drawn from ``rng``: seeded variety among near-equal moves, so that two
    bots of the same kind in the same position do not always play alike."""
    top = max(values)
    near = [i for i, v in enumerate(values) if v >= top - tolerance]
    return near[0] if len(near) == 1 else near[int(rng.random() * len(near))]
