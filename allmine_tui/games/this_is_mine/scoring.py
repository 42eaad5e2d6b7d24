"""End-of-game money from inheritance cards (the appendix, with RULINGS' details).

``counts`` maps a type id to how many cards of it a player scores with (Suitcases already turned
into the type they copy; a Suitcase that copies nothing is simply left out).
"""
from __future__ import annotations

from collections import Counter

from ...engine import Result
from .data import load, name_of, type_of
from .state import OVER, ThisIsMineState


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


# -- a game's final money ---------------------------------------------------------------------------
def collection_counts(st: ThisIsMineState, seat: int) -> dict[str, int]:
    """Scoring types in hand, Suitcases turned into their copies (uncopied ones drop out)."""
    out: dict[str, int] = {}
    for c in st.hands[seat]:
        t = type_of(c)
        if t != "suitcase":
            out[t] = out.get(t, 0) + 1
    for t in st.copies[seat] if st.copies else []:
        out[t] = out.get(t, 0) + 1
    return out


def breakdowns(st: ThisIsMineState) -> list[dict[str, int]]:
    """Every seat's money per scoring line (``breakdown``), Bottles prizes included."""
    counts = [collection_counts(st, s) for s in range(st.n)]
    prizes = bottle_prizes([c.get("bottle", 0) for c in counts])
    return [breakdown(counts[s], prizes[s]) for s in range(st.n)]


def game_result(st: ThisIsMineState) -> Result:
    """Money Cards, coins and the inheritance; on equal money the lower inheritance wins."""
    parts = breakdowns(st)
    inherit = [p["Inheritance"] for p in parts]
    scores = [st.money[s] + st.coins[s] + inherit[s] for s in range(st.n)]
    top = max(scores)
    tied = [s for s in range(st.n) if scores[s] == top]
    low = min(inherit[s] for s in tied)
    winners = [s for s in tied if inherit[s] == low]
    table = [(label, [p[label] for p in parts]) for label in
             ("Bibelots", "Ice Skates", "Instruments", "TV / Radio", "Records", "Bottles",
              "Inheritance")]
    table += [("Money Cards", list(st.money)), ("Coins", list(st.coins)), ("Total $", scores)]
    notes = []
    if len(tied) > 1:
        notes.append("Equal money: the lower inheritance value wins." if len(winners) == 1
                     else "Equal money and equal inheritance: a shared win.")
    if st.phase == OVER:  # what each kept, lost to Relatives and copied ({s}: a name)
        for s in range(st.n):
            kept = Counter(name_of(type_of(c)) for c in st.hands[s])
            line = f"{{{s}}} kept " + (", ".join(
                f"{k}× {t}" if k > 1 else t for t, k in sorted(kept.items())) or "nothing")
            if st.discards and st.discards[s]:
                line += "; Relatives took " + ", ".join(name_of(t) for t in st.discards[s])
            if st.copies and st.copies[s]:
                line += "; Suitcases copied " + ", ".join(name_of(t) for t in st.copies[s])
            notes.append(line + ".")
    return Result(scores=scores, winners=winners, table=table, notes=notes)


# -- the Balance Card ---------------------------------------------------------------------------------
def balance_moves(money: list[int], round_leader: int) -> list[list[int]]:
    """The Money Cards a redistribution moves, ``[[giver, receiver], ...]`` in order: one card at
    a time from a richest to a poorest player while they differ by 2 or more, ties broken
    clockwise from ``round_leader``. ``money`` (Money Cards per seat) is left as it was."""
    money = list(money)
    n = len(money)
    order = [(round_leader + i) % n for i in range(n)]
    moves = []
    while max(money) - min(money) >= 2:
        rich = next(s for s in order if money[s] == max(money))
        poor = next(s for s in order if money[s] == min(money))
        money[rich] -= 1
        money[poor] += 1
        moves.append([rich, poor])
    return moves
