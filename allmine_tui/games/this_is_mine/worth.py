"""What cards are worth, for the table: the scoring key, a collection's value now, with a lot on
the table, and after each end-game Relative or Suitcase choice.

Pure Python (no Textual), from what one seat's view shows. Bottles are counted, never priced:
their prize depends on everyone's Bottles, and the others' collections are secret. A Suitcase
still to copy is worth nothing yet; a Relative still to take an Object has taken nothing yet.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from . import scoring
from .data import load, name_of, type_of


@dataclass(frozen=True)
class Worth:
    money: int  # every scoring line but the Bottles
    bottles: int

    def text(self) -> str:
        """'$27', '−$3', '$27 + 3 Bottles'."""
        money = dollars(self.money)
        if not self.bottles:
            return money
        return f"{money} + {self.bottles} Bottle{'s' if self.bottles != 1 else ''}"


def dollars(x: int) -> str:
    """'$7', '−$3' (the minus before the sign, as on the cards)."""
    return f"{'−' if x < 0 else ''}${abs(x)}"


def counts(cards: list[int], discards: Sequence[str] = (), copies: Sequence[str] = ()) -> Counter:
    """Types in a collection once the Relatives' choices so far are taken out and the Suitcases'
    copies so far put in (a Suitcase itself scores nothing)."""
    out = Counter(type_of(c) for c in cards)
    for t in discards:
        out[t] -= 1
    out["suitcase"] = 0
    for t in copies:
        out[t] += 1
    return +out


def worth(types: Counter) -> Worth:
    lines = scoring.breakdown(dict(types), 0)
    return Worth(lines["Inheritance"], types.get("bottle", 0))


def difference(after: Worth, before: Worth) -> str:
    """'+$4', '−$3', '+1 Bottle', '+$2, −1 Bottle', '±$0'."""
    parts = []
    money = after.money - before.money
    if money:
        parts.append(f"{'+' if money > 0 else '−'}${abs(money)}")
    bottles = after.bottles - before.bottles
    if bottles:
        parts.append(f"{'+' if bottles > 0 else '−'}{abs(bottles)} Bottle"
                     f"{'s' if abs(bottles) != 1 else ''}")
    return ", ".join(parts) or "±$0"


def own(view: dict) -> Counter | None:
    """The viewer's collection as it stands (None when their cards are not in this view). The
    Relatives' choices leave the hand only once everyone has made theirs."""
    if view.get("hand") is None:
        return None
    phase = view["phase"]
    return counts(view["hand"], view.get("my_discards") or () if phase == "discard" else (),
                  view.get("my_copies") or () if phase in ("copy", "over") else ())


def pending(view: dict) -> str:
    """What the end will still do to the viewer's collection: '2 Relatives to take Objects,
    1 Suitcase to copy' (empty when nothing)."""
    phase = view["phase"]
    if phase == "over" or view.get("hand") is None:
        return ""
    kinds = Counter(type_of(c) for c in view["hand"])
    out = []
    relatives = 0 if phase == "copy" else kinds["relative"] - len(view.get("my_discards") or ())
    if relatives > 0:
        out.append(f"{relatives} Relative{'s' if relatives != 1 else ''} to take "
                   f"{'an Object' if relatives == 1 else 'Objects'}")
    suitcases = kinds["suitcase"] - len(view.get("my_copies") or ())
    if suitcases > 0:
        out.append(f"{suitcases} Suitcase{'s' if suitcases != 1 else ''} to copy")
    return ", ".join(out)


def with_lot(mine: Counter, lot_cards: list[int]) -> tuple[Worth, str]:
    """The collection's worth with a lot's cards added, and what else they will do at the end
    ('+1 Relative, +1 Suitcase')."""
    added = Counter(type_of(c) for c in lot_cards)
    extra = [f"+{added[t]} {name_of(t)}{'s' if added[t] != 1 else ''}"
             for t in ("relative", "suitcase") if added[t]]
    return worth(mine + added), ", ".join(extra)


def discard_worth(view: dict, t: str) -> Worth:
    """The collection's worth once a Relative takes one ``t`` (in the Relatives' phase)."""
    return worth(counts(view["hand"], [*(view.get("my_discards") or ()), t]))


def copy_worth(view: dict, t: str) -> Worth:
    """The collection's worth once a Suitcase copies ``t`` (in the Suitcases' phase)."""
    return worth(counts(view["hand"], (), [*(view.get("my_copies") or ()), t]))


def key_lines(n: int) -> list[tuple[str, str]]:
    """The scoring key for the table, one (label, rule) per line, from the card data."""
    v = load().values
    bib = v["bibelots"]
    bibelots = " ".join(f"{k}{'+' if k == len(bib) - 1 else ''}:{dollars(x)}"
                        for k, x in enumerate(bib))
    prizes = v["bottles"] if n >= 3 else v["bottles"][:1]
    places = ("most", "2nd", "3rd", "4th")
    bottles = ", ".join(f"{places[i]} ${p}" for i, p in enumerate(prizes))
    return [
        ("Bibelots", bibelots),
        ("Skates", f"${v['skates_pair']} a pair"),
        ("Instrument", f"${v['instruments_trio']} a set of 3"),
        ("TV, Radio", f"${v['tv_radio_each']} each, +${v['tv_radio_pair_bonus']} for both"),
        ("Records", f"${v['record_alone']} each"),
        ("Turntable", f"{v['records_per_turntable']} Records at ${v['record_grouped']} each"),
        ("Bottles", bottles),
        ("Relative", "takes one Object"),
        ("Suitcase", "+$1 all; copies a type"),
    ]
