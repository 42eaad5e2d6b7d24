"""All In: what writing a card costs in chips, from the two revealed cards (memoised tables).

``cards.write_cost`` answers the same question for one card; a test checks they agree for every
pair of revealed cards.
"""
from __future__ import annotations

from functools import lru_cache

_DIST = [[min(abs(a - b), 13 - abs(a - b)) for b in range(14)] for a in range(14)]


@lru_cache(maxsize=None)
def _value_costs(va: int, vb: int) -> tuple[int, ...]:
    """Chips to reach each value 1..13 (index 0 unused) from either of two values."""
    return (0,) + tuple(min(_DIST[va][v], _DIST[vb][v]) for v in range(1, 14))


@lru_cache(maxsize=None)
def _options(a: int, b: int) -> tuple[tuple[int, int], ...]:
    """Every (cost, card) writable from revealed cards a and b, cheapest first."""
    if a >= 52 and b >= 52:
        return tuple((0, c) for c in range(52))
    if a >= 52 or b >= 52:
        other = b if a >= 52 else a
        ov, os_ = other % 13 + 1, other // 13
        dist = _DIST[ov]
        out = [(min(dist[c % 13 + 1], 0 if c // 13 == os_ else 2), c) for c in range(52)]
    else:
        vc = _value_costs(a % 13 + 1, b % 13 + 1)
        suits = (a // 13, b // 13)
        out = [(vc[c % 13 + 1] + (0 if c // 13 in suits else 2), c) for c in range(52)]
    out.sort()
    return tuple(out)


@lru_cache(maxsize=1024)
def composable(a: int, b: int, chips: int) -> tuple[tuple[int, int], ...]:
    """Every (card, cost) writable from revealed cards a and b with at most ``chips`` chips,
    cheapest first."""
    return tuple((c, cost) for cost, c in _options(a, b) if cost <= chips)


@lru_cache(maxsize=4096)
def cost_table(a: int, b: int) -> tuple[int, ...]:
    """The chip cost of each of the 52 cards from revealed cards a and b (see cards.write_cost;
    a test checks they agree for every pair)."""
    if a >= 52 and b >= 52:
        return (0,) * 52
    if a >= 52 or b >= 52:
        other = b if a >= 52 else a
        dist, os_ = _DIST[other % 13 + 1], other // 13
        return tuple(min(dist[c % 13 + 1], 0 if c // 13 == os_ else 2) for c in range(52))
    vc = _value_costs(a % 13 + 1, b % 13 + 1)
    suits = (a // 13, b // 13)
    return tuple(vc[c % 13 + 1] + (0 if c // 13 in suits else 2) for c in range(52))
