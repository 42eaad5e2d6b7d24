"""Mine All Mines card data, loaded from ``assets/mine-all-mines/cards.json``.

Gems are numbered 0..4 in the Marketplace order: Diamond, Sapphire, Ruby, Emerald, Gold. Costs in
the file are strings of gem letters; ``*`` is a rainbow (any gem). Loading validates the file and
raises ``ValueError`` with a clear message.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from allmine_tui.paths import read_json_asset

GAME_ID = "mine-all-mines"
LETTERS = "DSREG"
GEM_NAMES = ("Diamond", "Sapphire", "Ruby", "Emerald", "Gold")
N_GEMS = 5
ANY = -1  # a rainbow in a cost
JEWEL_TYPES = ("ring", "necklace", "crown", "earrings", "bracelet")
SUPPORT_IDS = ("goldsmith", "trader-d", "trader-s", "trader-r", "trader-e", "jeweler",
               "trade-helper", "vp-helper", "lamp", "tools-1", "tools-2", "cart-1", "cart-2",
               "mine-d", "mine-s", "mine-r", "mine-e", "mine-g")
N_JEWELRY, N_ACHIEVEMENTS = 40, 10


@dataclass(frozen=True)
class Jewel:
    id: str
    type: str
    cost: tuple[int, ...]
    vp: int


@dataclass(frozen=True)
class Support:
    id: str
    name: str
    group: str  # "helper" or "tool"
    cost: tuple[int, ...]  # ANY for a rainbow
    vp: int
    trade: int | None  # the gem a Goldsmith/Trader turns in


@dataclass(frozen=True)
class Achievement:
    id: str
    name: str
    need: dict[str, Any]
    vp: int

    def text(self) -> str:
        n = self.need
        if "type" in n:
            return f"{n['count']} {n['type'].capitalize()} cards"
        if "gem" in n:
            return f"{n['count']} cards with {GEM_NAMES[LETTERS.index(n['gem'])]} in their cost"
        if "kinds" in n:
            return f"Jewelry of {n['kinds']} different kinds"
        return f"{n['count']} {n['group'].capitalize()} cards"

    def short(self) -> str:
        n = self.need
        if "type" in n:
            return f"{n['count']} {n['type'].capitalize()}"
        if "gem" in n:
            return f"{n['count']} with {n['gem']} in cost"
        if "kinds" in n:
            return f"{n['kinds']} jewelry kinds"
        return f"{n['count']} {n['group'].capitalize()}s"


@dataclass(frozen=True)
class CardData:
    per_gem: int
    friends: frozenset[frozenset[int]]
    jewelry: dict[str, Jewel]
    support: dict[str, Support]
    achievements: dict[str, Achievement]

    def card(self, cid: str):
        return self.jewelry.get(cid) or self.support[cid]


def _cost(text, where: str, rainbow: bool) -> tuple[int, ...]:
    allowed = LETTERS + ("*" if rainbow else "")
    if not isinstance(text, str) or not 2 <= len(text) <= 3 or any(c not in allowed for c in text):
        raise ValueError(f"{where}: cost must be 2 or 3 of {allowed!r}, got {text!r}")
    return tuple(ANY if c == "*" else LETTERS.index(c) for c in text)


def parse(data: dict, name: str = "cards.json") -> CardData:
    gems = data.get("gems") or {}
    if gems.get("order") != LETTERS:
        raise ValueError(f"{name}: gems.order must be {LETTERS!r}")
    pairs = set()
    for p in gems.get("friends") or []:
        if not (isinstance(p, list) and len(p) == 2 and all(g in LETTERS for g in p) and p[0] != p[1]):
            raise ValueError(f"{name}: bad friend pair {p!r}")
        pairs.add(frozenset(LETTERS.index(g) for g in p))
    for g in range(N_GEMS):
        k = sum(1 for p in pairs if g in p)
        if k != 2:
            raise ValueError(f"{name}: {GEM_NAMES[g]} has {k} friends; every dwarf needs 2 friends "
                             f"and 2 foes")
    jewelry = {}
    for i, j in enumerate(data.get("jewelry") or []):
        where = f"{name}: jewelry {i + 1}"
        if not isinstance(j, dict) or j.get("type") not in JEWEL_TYPES or j.get("vp") not in (2, 3):
            raise ValueError(f"{where}: needs a type ({', '.join(JEWEL_TYPES)}) and 2 or 3 VP")
        if j.get("id") in jewelry:
            raise ValueError(f"{where}: id {j.get('id')!r} twice")
        jewelry[j["id"]] = Jewel(j["id"], j["type"], _cost(j.get("cost"), where, False), j["vp"])
    if len(jewelry) != N_JEWELRY:
        raise ValueError(f"{name}: expected {N_JEWELRY} jewelry cards, got {len(jewelry)}")
    support = {}
    for i, s in enumerate(data.get("support") or []):
        where = f"{name}: support {i + 1}"
        if not isinstance(s, dict) or s.get("id") not in SUPPORT_IDS or s["id"] in support:
            raise ValueError(f"{where}: id must be one of {', '.join(SUPPORT_IDS)}, each once")
        if s.get("group") not in ("helper", "tool") or type(s.get("vp")) is not int:
            raise ValueError(f"{where}: needs group helper/tool and whole VP")
        cost = _cost(s.get("cost"), where, True)
        if len(cost) != 2:
            raise ValueError(f"{where}: support cards cost 2 gems")
        trade = s.get("trade")
        support[s["id"]] = Support(s["id"], s.get("name") or s["id"], s["group"], cost, s["vp"],
                                   LETTERS.index(trade) if trade else None)
    if set(support) != set(SUPPORT_IDS):
        raise ValueError(f"{name}: expected the 18 support cards {', '.join(SUPPORT_IDS)}")
    achievements = {}
    for i, a in enumerate(data.get("achievements") or []):
        where = f"{name}: achievement {i + 1}"
        need = a.get("need") if isinstance(a, dict) else None
        ok = isinstance(need, dict) and (
            (need.get("type") in JEWEL_TYPES and type(need.get("count")) is int)
            or (need.get("gem") in tuple(LETTERS) and type(need.get("count")) is int)
            or type(need.get("kinds")) is int
            or (need.get("group") in ("helper", "tool") and type(need.get("count")) is int))
        if not ok or type(a.get("vp")) is not int or not a.get("id") or a["id"] in achievements:
            raise ValueError(f"{where}: needs a unique id, a known requirement and whole VP")
        achievements[a["id"]] = Achievement(a["id"], a.get("name") or a["id"],
                                            dict(cast(dict, need)), a["vp"])
    if len(achievements) != N_ACHIEVEMENTS:
        raise ValueError(f"{name}: expected {N_ACHIEVEMENTS} achievements")
    return CardData(int(gems.get("per_gem", 11)), frozenset(pairs), jewelry, support, achievements)


@cache
def load() -> CardData:
    return parse(read_json_asset(GAME_ID, "cards.json"))

