"""Helpers for reading views (each game declares its view's TypedDict in its ``views.py``)."""
from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def own(value: T | None) -> T:
    """A part of a view that only a seat's own view has: the seat's hand, its pending choices,
    its seat number... The table view (``view(state, None)``) has None there; a bot or a sampler,
    which always gets a seat's view, reads such parts through ``own`` so the type checker knows
    they are present (and a table view given by mistake fails here, with a clear message)."""
    if value is None:
        raise ValueError("a seat's own view was expected here, not the table view")
    return value
