"""End-of-game money from inheritance cards (the appendix, with RULINGS' details).

``counts`` maps a type id to how many cards of it a player scores with (Suitcases already turned
into the type they copy; a Suitcase that copies nothing is simply left out).
"""
from __future__ import annotations

from .data import load


def bibelots(k: int) -> int:
    table = load().values["bibelots"]
    return table[min(k, len(table) - 1)]


def records(records_: int, turntables: int) -> tuple[int, int]:
    """(money, records grouped): each Turntable groups up to 3 Records at 4 each; the rest 2."""
    v = load().values
    grouped = min(records_, v["records_per_turntable"] * turntables)
    return grouped * v["record_grouped"] + (records_ - grouped) * v["record_alone"], grouped


def tv_radio(tv: int, radio: int) -> int:
    v = load().values
    return (tv + radio) * v["tv_radio_each"] + min(tv, radio) * v["tv_radio_pair_bonus"]


def bottle_prizes(bottles: list[int]) -> list[int]:
    """Per player: the Bottles prize. Players with no bottle get nothing. Ranks by count; tied
    players all take the tied rank's full prize and the next rank(s) are skipped. With 2 players
    the second place gets nothing."""
    prizes = list(load().values["bottles"])
    if len(bottles) < 3:
        prizes = prizes[:1]
    out = [0] * len(bottles)
    holders = sorted({b for b in bottles if b > 0}, reverse=True)
    rank = 0
    for count in holders:
        tied = [i for i, b in enumerate(bottles) if b == count]
        if rank < len(prizes):
            for i in tied:
                out[i] = prizes[rank]
        rank += len(tied)
    return out


def breakdown(counts: dict[str, int], bottle_prize: int) -> dict[str, int]:
    """Money per scoring line for one player."""
    v = load().values
    rec, _grouped = records(counts.get("record", 0), counts.get("turntable", 0))
    out = {
        "Bibelots": bibelots(counts.get("bibelot", 0)),
        "Ice Skates": counts.get("skates", 0) // 2 * v["skates_pair"],
        "Instruments": counts.get("instrument", 0) // 3 * v["instruments_trio"],
        "TV / Radio": tv_radio(counts.get("tv", 0), counts.get("radio", 0)),
        "Records": rec,
        "Bottles": bottle_prize,
    }
    out["Inheritance"] = sum(out.values())
    return out
