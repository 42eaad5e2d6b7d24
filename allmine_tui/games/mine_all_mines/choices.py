"""Turn the legal actions of a Mine All Mines turn into a menu a person can read.

Each action gets a *path* of labels, e.g. ``["Trade 3 gems for 1", "get Gold", "give D D S"]``:
the screen shows one level at a time (a level with a single entry is skipped). Pure Python, from
the view only, so tests can check the labels without a screen.
"""
from __future__ import annotations

from ...engine import Action
from .data import GEM_NAMES, LETTERS, load
from .pyramid import FRIEND, line_up, matching_parents

ROW_NAMES = {0: "entrance", 1: "row 2 left (− side)", 2: "row 2 right (+ side)",
             3: "row 3 left", 4: "row 3 middle", 5: "row 3 right"}


def gems_text(letters: str) -> str:
    return ", ".join(GEM_NAMES[LETTERS.index(c)] for c in letters) or "nothing"


def dwarf_label(d) -> str:
    if d == "dealer":
        return "Dealer"
    if d == "blacksmith":
        return "Blacksmith"
    return f"{GEM_NAMES[d]} dwarf"


def dig_yield(view: dict, seat: int, action: Action) -> tuple[list[int], list[int]]:
    """(gems from the supply, players robbed) if ``action`` (a dig) is played now, before the
    3-per-gem limit and the supply are applied."""
    gem, m, q, side, cart = action.args
    mine = [list(p) if p else None for p in view["mines"][m]]
    mine[q] = [gem, seat]
    parent = next(p for p, s in matching_parents(mine, q, gem) if s == side)
    line = line_up(parent, side)
    if side == FRIEND:
        gems = [gem] * (2 if cart else 1)
        gems += [mine[p][0] for p in line if mine[p][1] != seat]
        return gems, []
    victims: list[int] = []
    for p in line:
        owner = mine[p][1]
        if owner != seat and owner not in victims:
            victims.append(owner)
    return [gem], victims


def _limited(view: dict, seat: int, gems: list[int]) -> str:
    held = list(view["gems"][seat])
    supply = list(view["supply"])
    lost = 0
    for g in gems:
        if held[g] < 3 and supply[g] > 0:
            held[g] += 1
            supply[g] -= 1
        else:
            lost += 1
    return f" ({lost} not taken: limit or empty supply)" if lost else ""


def path(view: dict, action: Action, names: list[str]) -> list[str]:
    """The menu path of ``action`` for the seat to act."""
    seat = view["seat"]
    k, a = action.kind, action.args
    data = load()
    if k == "dealer":
        return ["Dealer: play it to the Marketplace (then swap gems 1 for 1 there)"]
    if k == "blacksmith":
        if not a:
            return ["Blacksmith: play it to the Marketplace (no gem can be taken)"]
        return ["Blacksmith: take 1 gem from the supply", f"take {GEM_NAMES[a[0]]}"]
    if k == "mine":
        gem, tools = a
        what = f"+{2 if tools else 1} {GEM_NAMES[gem]}"
        label = (f"Mine action at the {GEM_NAMES[gem]} entrance: {what}"
                 + (" (uses Tools)" if tools else "") + _limited(view, seat, [gem] * (2 if tools else 1)))
        return [dwarf_label(gem), label]
    if k == "dig":
        gem, m, q, side, cart = a
        gems, victims = dig_yield(view, seat, action)
        got = " ".join(f"+{GEM_NAMES[g]}" for g in gems)
        if victims:
            got += " and steal 1 from " + ", ".join(names[v] for v in victims)
        line = "friend (+)" if side == FRIEND else "foe (−)"
        label = (f"{GEM_NAMES[m]} mine, {ROW_NAMES[q]}, {line} line: {got}"
                 + (" (uses a Mine Cart)" if cart else "") + _limited(view, seat, gems))
        return [dwarf_label(gem), label]
    if k == "discard":
        return ["No dwarf can be played: discard one (your turn ends)", dwarf_label(a[0])]
    if k == "steal":
        return [f"Steal 1 gem from {names[a[0]]}", GEM_NAMES[a[1]]]
    if k == "lamp":
        return [f"Put 1 {GEM_NAMES[a[0]]} on the Lamp (1 VP each, at most "
                f"{view['turn_state']['lamp_left']} more)"]
    if k == "lamp_done":
        return ["Done with the Lamp"]
    if k == "swap":
        return ["Swap 1 for 1 with the Marketplace (Dealer)", f"give {GEM_NAMES[a[0]]}",
                f"get {GEM_NAMES[a[1]]}"]
    if k == "trade":
        size = len(a[0])
        return [f"Trade {size} gems for 1 from the supply" + (" (Trade Helper)" if size == 2 else ""),
                f"get {GEM_NAMES[a[1]]}", f"give {gems_text(a[0])}"]
    if k == "helper":
        cid, give, get = a
        return [f"Use {data.support[cid].name}: 1 {GEM_NAMES[give]} for another gem",
                f"get {GEM_NAMES[get]}"]
    if k == "buy":
        cid, pay, jeweler = a
        return ["Buy a card", card_label(cid),
                f"pay {gems_text(pay)}" + (" (Jeweler: one gem less)" if jeweler else "")]
    if k == "claim":
        ach = data.achievements[a[0]]
        return [f"Claim achievement {ach.name} ({ach.vp} VP)"]
    if k == "end":
        return ["End your turn"]
    return [" ".join(str(x) for x in action.to_json())]


def card_label(cid: str) -> str:
    data = load()
    if cid in data.jewelry:
        j = data.jewelry[cid]
        return f"{j.type.capitalize()} {j.vp} VP, cost {cost_letters(j.cost)}"
    s = data.support[cid]
    vp = f"{s.vp:+d} VP" if s.vp else "0 VP"
    return f"{s.name} ({s.group}, {vp}), cost {cost_letters(s.cost)}"


def cost_letters(cost) -> str:
    return " ".join("any" if g < 0 else GEM_NAMES[g][:2] for g in cost)


def targets(view: dict, actions: list[Action]) -> set[tuple[int, int]]:
    """Mine places (mine, place) that ``actions`` would fill: for highlighting the pyramids."""
    out = set()
    for act in actions:
        if act.kind == "mine":
            out.add((act.args[0], 0))
        elif act.kind == "dig":
            out.add((act.args[1], act.args[2]))
    return out
