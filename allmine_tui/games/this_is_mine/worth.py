"""What cards are worth, for the table: the scoring key, a collection's value now, with a lot on
the table, and after each end-game Relative or Suitcase choice.

Pure Python (no Textual), from what one seat's view shows. Bottles are counted, never priced:
their prize depends on everyone's Bottles, and the others' collections are secret. A Suitcase
still to copy is worth nothing yet; a Relative still to take an Object has taken nothing yet.

The end-game choices are weighed with what the Suitcases kept can still copy: a Relative's line
counts the best copies left after it (taking the only Skate also takes the Suitcase's pair), a
Suitcase's line the best copies of the Suitcases after it (``outlook``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement
from dataclasses import dataclass

from ...engine.views import own as own_part
from . import scoring
from .data import load, name_of, type_of
from .state import NOT_COPIED
from .views import ThisIsMineView


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


def own(view: ThisIsMineView) -> Counter | None:
    """The viewer's collection as it stands (None when their cards are not in this view). The
    Relatives' choices leave the hand only once everyone has made theirs."""
    hand = view.get("hand")
    if hand is None:
        return None
    phase = view["phase"]
    return counts(hand, view.get("my_discards") or () if phase == "discard" else (),
                  view.get("my_copies") or () if phase in ("copy", "over") else ())


def pending(view: ThisIsMineView) -> str:
    """What the end will still do to the viewer's collection: '2 Relatives to take Objects,
    1 Suitcase to copy' (empty when nothing)."""
    phase = view["phase"]
    hand = view.get("hand")
    if phase == "over" or hand is None:
        return ""
    kinds = Counter(type_of(c) for c in hand)
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


def better(a: Worth, b: Worth) -> bool:
    """More money, then more Bottles (their prize is not known: counted second)."""
    return (a.money, a.bottles) > (b.money, b.bottles)


def best_copies(types: Counter, k: int) -> tuple[Worth, tuple[str, ...]]:
    """The best ``k`` Suitcases can make of ``types`` (each copies a type in it that may be
    copied), and their copies; ``types`` itself when none is owed or nothing can be copied."""
    copyable = sorted(t for t, n in types.items() if n > 0 and t not in NOT_COPIED)
    if k <= 0 or not copyable:
        return worth(types), ()
    best: tuple[Worth, tuple[str, ...]] | None = None
    for combo in combinations_with_replacement(copyable, k):
        w = worth(types + Counter(combo))
        if best is None or better(w, best[0]):
            best = (w, combo)
    assert best is not None
    return best


def _suitcases(view: ThisIsMineView, discards: Sequence[str]) -> int:
    """Suitcases still to copy once ``discards`` are out of the hand."""
    kept = sum(1 for c in own_part(view["hand"]) if type_of(c) == "suitcase") - list(discards).count(
        "suitcase")
    return max(0, kept - len(view.get("my_copies") or ()))


def outlook(view: ThisIsMineView) -> tuple[Worth, tuple[str, ...]]:
    """The viewer's collection as it stands with the best copies of the Suitcases still to copy
    (the choice on screen aside: in the Suitcases' phase, one copy is the choice itself), and
    those copies."""
    phase = view["phase"]
    if phase == "discard":
        discards = list(view.get("my_discards") or ())
        return best_copies(counts(own_part(view["hand"]), discards), _suitcases(view, discards))
    if phase == "copy":
        now = counts(own_part(view["hand"]), (), view.get("my_copies") or ())
        return best_copies(now, _suitcases(view, ()) - 1)
    mine = own(view)
    return (worth(mine), ()) if mine is not None else (Worth(0, 0), ())


def discard_worth(view: ThisIsMineView, t: str) -> Worth:
    """The collection's worth once a Relative takes one ``t`` (in the Relatives' phase), and
    the Suitcases kept then copy their best."""
    discards = [*(view.get("my_discards") or ()), t]
    return best_copies(counts(own_part(view["hand"]), discards), _suitcases(view, discards))[0]


def copy_worth(view: ThisIsMineView, t: str) -> Worth:
    """The collection's worth once a Suitcase copies ``t`` (in the Suitcases' phase), and the
    Suitcases after it copy their best."""
    copies = [*(view.get("my_copies") or ()), t]
    after = counts(own_part(view["hand"]), (), copies)
    return best_copies(after, _suitcases(view, ()) - 1)[0]


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
