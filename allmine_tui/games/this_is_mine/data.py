"""This is Mine! card data from ``assets/this-is-mine/cards.json``.

Cards are numbered 0..71; ``CARD_TYPES[c]`` is a card's type id and ``CARD_DOTS[c]`` its
player-count dot (1, 3 or 4). Loading validates the file and raises ``ValueError`` clearly.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from allmine_tui.paths import read_json_asset

GAME_ID = "this-is-mine"
TYPE_IDS = ("bibelot", "suitcase", "bottle", "skates", "turntable", "radio", "tv", "relative",
            "record", "instrument")
PRINTED_TOTALS = {"bibelot": 9, "suitcase": 3, "bottle": 10, "skates": 9, "turntable": 4,
                  "radio": 3, "tv": 3, "relative": 11, "record": 11, "instrument": 9}


@dataclass(frozen=True)
class Data:
    names: dict[str, str]
    card_type: tuple[str, ...]
    card_dots: tuple[int, ...]
    reveal: dict[int, int]
    removed: dict[int, int]
    rounds: int
    money_cards: int
    start_money: int
    values: dict

    def cards_for(self, n: int) -> list[int]:
        """The card numbers used with ``n`` players (by dot)."""
        dots = {2: (1,), 3: (1, 3), 4: (1, 3, 4)}[n]
        return [c for c, d in enumerate(self.card_dots) if d in dots]


def parse(raw: dict, name: str = "cards.json") -> Data:
    types = raw.get("types")
    if not isinstance(types, list) or [t.get("id") for t in types] != list(TYPE_IDS):
        raise ValueError(f"{name}: 'types' must list {', '.join(TYPE_IDS)} in that order")
    card_type: list[str] = []
    card_dots: list[int] = []
    names = {}
    for t in types:
        dots = t.get("dots") or {}
        counts = {int(k): v for k, v in dots.items()}
        if set(counts) != {1, 3, 4} or any(type(v) is not int or v < 0 for v in counts.values()):
            raise ValueError(f"{name}: {t['id']}: dots needs whole counts for 1, 3 and 4")
        if sum(counts.values()) != PRINTED_TOTALS[t["id"]]:
            raise ValueError(f"{name}: {t['id']}: {sum(counts.values())} cards, the game has "
                             f"{PRINTED_TOTALS[t['id']]}")
        names[t["id"]] = t.get("name") or t["id"]
        for d in (1, 3, 4):
            card_type += [t["id"]] * counts[d]
            card_dots += [d] * counts[d]
    data = Data(names, tuple(card_type), tuple(card_dots),
                {int(k): v for k, v in raw["reveal"].items()},
                {int(k): v for k, v in raw["removed_unseen"].items()},
                int(raw["rounds"]), int(raw["money_cards"]), int(raw["start_money"]),
                {k: raw[k] for k in ("bibelots", "skates_pair", "instruments_trio",
                                     "tv_radio_each", "tv_radio_pair_bonus", "record_alone",
                                     "record_grouped", "records_per_turntable", "bottles")})
    for n in (2, 3, 4):
        used = len(data.cards_for(n)) - data.removed.get(n, 0)
        if used != data.rounds * data.reveal[n]:
            raise ValueError(f"{name}: {n} players use {used} cards, not {data.rounds} rounds of "
                             f"{data.reveal[n]}")
    return data


@cache
def load() -> Data:
    raw = read_json_asset(GAME_ID, "cards.json")
    try:
        return parse(raw)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"cards.json: malformed ({exc})") from None


def type_of(card: int) -> str:
    return load().card_type[card]


def name_of(card_or_type) -> str:
    t = type_of(card_or_type) if isinstance(card_or_type, int) else card_or_type
    return load().names[t]
