"""Mine All Mines positions a seat could be in, drawn from its view alone (``Rules.sample_state``).

Everything on the table is public: mines, Marketplace, gems, cards bought, face-up cards. Every
player starts a round with the same seven dwarves, and the ones they have played or dropped are
on view, so each other player's unplayed dwarves are known; only which of them are in the hand
and which were set aside at random is drawn. The Jewelry and Support decks hold exactly the
cards not seen yet; their order is drawn. A fresh seed makes the later rounds' deals new too.
"""
from __future__ import annotations

from ...engine.jsonstate import copy_json
from .data import load
from .state import DWARVES, MineAllMinesState
from ...engine.views import own
from .views import Dwarf, MineAllMinesView


def sample_state(view: MineAllMinesView, seat: int, rng) -> MineAllMinesState:
    n = view["n"]
    played: list[list] = [list(view["dropped"][s]) for s in range(n)]
    for mine in view["mines"]:
        for place in mine:
            if place is not None:
                played[place[1]].append(place[0])
    for dwarf, owner in view["market_dwarves"]:
        played[owner].append(dwarf)
    hands: list[list[Dwarf]] = []
    discards: list[list[Dwarf]] = []
    for s in range(n):
        if s == seat:
            hands.append(list(own(view["hand"])))
            discards.append(list(own(view["discards"])))
            continue
        left = list(DWARVES)
        for d in played[s]:
            left.remove(d)
        rng.shuffle(left)
        k = view["hand_counts"][s]
        hands.append(sorted(left[:k], key=DWARVES.index))
        discards.append(sorted(left[k:], key=DWARVES.index))
    data = load()
    owned = view["owned"]
    jewelry = [j for j in sorted(data.jewelry) if j not in view["jewelry_shown"]
               and not any(j in o["jewelry"] for o in owned)]
    support = [c for c in sorted(data.support) if c not in view["support_shown"]
               and not any(c in o["support"] for o in owned)]
    box = [a for a in sorted(data.achievements) if a not in view["achievements_shown"]
           and not any(a in o["ach"] for o in owned)]
    if len(jewelry) != view["jewelry_left"] or len(support) != view["support_left"]:
        raise ValueError("the view's card counts do not add up")
    rng.shuffle(jewelry)
    rng.shuffle(support)
    ts = view["turn_state"]
    return MineAllMinesState(
        n=n, seed=f"sample/{rng.getrandbits(64):016x}", round_no=view["round"] - 1,
        first=view["first"], turn=view["turn"], seat=view["seat"], phase=view["phase"],
        hands=hands, discards=discards, dropped=copy_json(view["dropped"]),
        mines=copy_json(view["mines"]), market_dwarves=copy_json(view["market_dwarves"]),
        market=list(view["market"]), supply=list(view["supply"]), gems=copy_json(view["gems"]),
        lamp=copy_json(view["lamp"]), jewelry_deck=jewelry,
        jewelry_shown=list(view["jewelry_shown"]), support_deck=support,
        support_shown=list(view["support_shown"]),
        achievements_shown=list(view["achievements_shown"]), achievements_box=box,
        owned=copy_json(owned), used=copy_json(view["used"]), dealer=ts["dealer"],
        traded=ts["traded"], bought=ts["bought"], claimed=ts["claimed"],
        steal_from=list(ts["steal_from"]), lamp_left=ts["lamp_left"])
