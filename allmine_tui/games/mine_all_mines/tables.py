"""Precomputed and memoised move tables for Mine All Mines: trades, payments, pyramid placements.

Pure functions of small keys (gems held, a mine's shape, a card id), so the rules can list legal
moves quickly; the caches are bounded.
"""
from __future__ import annotations

import functools
import itertools
from typing import cast

from ...engine import Action
from .data import ANY, LETTERS, N_GEMS, Jewel, Support, load
from .pyramid import PLACES, matching_parents

GEM_LIMIT = 3


def gem_letters(gems) -> str:
    """A multiset of gems as letters in Marketplace order, e.g. [2, 0, 0] -> 'DDR'."""
    return "".join(LETTERS[g] for g in sorted(gems))


def gem_list(letters: str) -> list[int]:
    return [LETTERS.index(c) for c in letters]


def multisets(size: int) -> list[tuple[str, tuple[int, ...]]]:
    out = []
    for combo in itertools.combinations_with_replacement(range(N_GEMS), size):
        out.append(("".join(LETTERS[g] for g in combo), tuple(combo.count(g) for g in range(N_GEMS))))
    return out


TRADE_GIVES = {2: multisets(2), 3: multisets(3)}


@functools.cache
def payment_table(cid: str) -> tuple[tuple[str, tuple[int, ...], bool], ...]:
    """Every payment for a card, holdings aside: (letters, counts per gem, with the Jeweler)."""
    data = load()
    card = data.card(cid)
    named = [g for g in card.cost if g != ANY]
    rainbows = len(card.cost) - len(named)
    found: dict[str, bool] = {}

    def add(base: list[int], jeweler: bool) -> None:
        for extra in itertools.combinations_with_replacement(range(N_GEMS), rainbows):
            letters = gem_letters(base + list(extra))
            if letters not in found:
                found[letters] = jeweler

    add(named, False)
    if cid in data.jewelry:
        for i in range(len(named)):
            add(named[:i] + named[i + 1:], True)
    return tuple((k, tuple(gem_list(k).count(g) for g in range(N_GEMS)), j)
                 for k, j in sorted(found.items(), key=lambda kv: (kv[1], len(kv[0]), kv[0])))


MEMO_LIMIT = 100_000
payment_memo: dict = {}
trade_memo: dict = {}


def payments_for(cid: str, mine: tuple, jeweler: bool) -> list[tuple[str, bool]]:
    key = (cid, mine, jeweler)
    found = payment_memo.get(key)
    if found is None:
        if len(payment_memo) > MEMO_LIMIT:
            payment_memo.clear()
        m0, m1, m2, m3, m4 = mine
        found = [(letters, with_jeweler)
                 for letters, (c0, c1, c2, c3, c4), with_jeweler in payment_table(cid)
                 if (jeweler or not with_jeweler)
                 and c0 <= m0 and c1 <= m1 and c2 <= m2 and c3 <= m3 and c4 <= m4]
        payment_memo[key] = found
    return found


DEALER = Action("dealer")
END = Action("end")
BLACKSMITH: dict[int | None, Action] = {
    None: Action("blacksmith"), **{g: Action("blacksmith", (g,)) for g in range(N_GEMS)}}
dig_memo: dict = {}
holdings_memo: dict = {}
claim_memo: dict = {}


def digs(shape: tuple, gem: int) -> list[tuple[int, str]]:
    """(place, line) for a ``gem`` dwarf in a mine whose places hold ``shape`` (gem or -1)."""
    key = (shape, gem)
    found = dig_memo.get(key)
    if found is None:
        mine = [None if g < 0 else (g, -1) for g in shape]
        found = [(q, side) for q in range(1, PLACES) if mine[q] is None
                 for _parent, side in matching_parents(mine, q, gem)]
        dig_memo[key] = found
    return found


def trades(mine: tuple, stocked: tuple, helper: bool) -> list[Action]:
    """The 3-for-1 trades (and 2-for-1 with the Trade Helper) for these gems and supply."""
    key = (mine, stocked, helper)
    found = trade_memo.get(key)
    if found is None:
        if len(trade_memo) > MEMO_LIMIT:
            trade_memo.clear()
        found = []
        m0, m1, m2, m3, m4 = mine
        for size in ((3, 2) if helper else (3,)):
            for letters, (c0, c1, c2, c3, c4) in TRADE_GIVES[size]:
                if c0 > m0 or c1 > m1 or c2 > m2 or c3 > m3 or c4 > m4:
                    continue
                left = (m0 - c0, m1 - c1, m2 - c2, m3 - c3, m4 - c4)
                for get in range(N_GEMS):
                    if stocked[get] and left[get] < GEM_LIMIT:
                        found.append(Action("trade", (letters, get)))
        trade_memo[key] = found
    return list(found)


# -- what a seat's cards count for the achievements --------------------------------------------------
def count_holdings(jewelry: list[str], support: list[str]) -> dict[str, int]:
    """What the achievements count in a seat's cards: Jewelry by type, the number of types
    (``kinds``), Support cards by group, and by gem letter the cards whose cost shows that gem."""
    data = load()
    jewels = [data.jewelry[j] for j in jewelry]
    sup = [data.support[c] for c in support]
    have: dict[str, int] = {}
    for j in jewels:
        have[j.type] = have.get(j.type, 0) + 1
    have["kinds"] = len({j.type for j in jewels})
    for c in sup:
        have[c.group] = have.get(c.group, 0) + 1
    priced: list[Jewel | Support] = [*jewels, *sup]
    for card in priced:
        for g in set(card.cost):
            if g != ANY:
                have[LETTERS[g]] = have.get(LETTERS[g], 0) + 1
    return have


def holdings(jewelry: list[str], support: list[str]) -> dict[str, int]:
    """``count_holdings``, memoised (the answer is shared: read it, never change it)."""
    key = (tuple(jewelry), tuple(support))
    have = holdings_memo.get(key)
    if have is None:
        if len(holdings_memo) > MEMO_LIMIT:
            holdings_memo.clear()
        have = holdings_memo[key] = count_holdings(jewelry, support)
    return have


def achievement_progress(have: dict[str, int], ach_id: str) -> tuple[int, int]:
    """(how many of what achievement ``ach_id`` asks for the holdings ``have`` show, how many
    it asks for)."""
    need = load().achievements[ach_id].need
    if "kinds" in need:
        return have["kinds"], need["kinds"]
    key = cast(str, need.get("type") or need.get("group") or need.get("gem"))  # one is set
    return have.get(key, 0), need["count"]


def meets_need(have: dict[str, int], ach_id: str) -> bool:
    """Whether the holdings ``have`` fulfil achievement ``ach_id``."""
    got, count = achievement_progress(have, ach_id)
    return got >= count
