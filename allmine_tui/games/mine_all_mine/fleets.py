"""Mine, All Mine!: a round played out, from the revealed fleets to the points scored.

Pure functions of plain data, used by the rules (``resolve_round`` when the last fleet is
launched), by the bots (``fleet_stats``, ``speed_groups``, ``arrival``) and by the tests. The
rulings they follow are listed in rules.py; ``resolve_round`` goes through the round's phases in
order: arrival (``_arrive``), then per location a fight (``_fight``) and the mining (``_mine``,
with the Scavenger's pick-up and the Deep Drill), and at the end the Prospector (``_prospect``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Event
from ...engine.jsonstate import copy_json
from .data import load_ships, ship_of
from .views import Fleet

SKIP_GAP = 4
SALVAGE_POINTS = 2
PROSPECTOR_POINTS = 2
DRILL_POINTS = 1


def n_options(mode: str) -> int:
    return 2 if mode == "beginner" else 4


def fleet_sums(cards: list, mode: str) -> tuple[int, int, int, list[str]]:
    """Speed, Attack and Cargo of the ships ``[[card, option], ...]`` summed (an action counts
    its own stats), and the ids of the actions chosen, in card order."""
    speed = attack = cargo = 0
    actions = []
    ships = load_ships()
    for number, option in cards:
        ship = ship_of(number, option, mode)
        if ship is None:
            action = ships[number].action
            actions.append(action.id)
            ship = action.stats
        speed, attack, cargo = speed + ship.speed, attack + ship.attack, cargo + ship.cargo
    return speed, attack, cargo, actions


def fleet_stats(seat: int, cards: list, mode: str) -> Fleet:
    """A fleet record from ``[[card, option], ...]``: sums of the ships and of the actions' stats;
    the actions' special rules apply later (arrival, fights, mining)."""
    speed, attack, cargo, actions = fleet_sums(cards, mode)
    return {"seat": seat, "cards": [list(c) for c in cards], "speed": speed, "attack": attack,
            "cargo": cargo, "actions": actions}


def _speed_key(f: dict) -> tuple[int, int]:
    return (f["speed"], 1 if "pole-position" in f["actions"] else 0)


def _attack_key(f: dict) -> tuple[int, int]:
    return (f["attack"], 1 if "targeting" in f["actions"] else 0)


def speed_groups(fleets: list[dict]) -> list[list[dict]]:
    """Fleets grouped by Speed (Pole Position counts as faster at equal Speed), fastest first;
    inside a group, by seat."""
    keys = sorted({_speed_key(f) for f in fleets}, reverse=True)
    return [sorted((f for f in fleets if _speed_key(f) == k), key=lambda f: f["seat"])
            for k in keys]


def arrival(fleets: list[dict], n_locations: int) -> dict[int, dict]:
    """Location per seat: ``{seat: {"set": computed, "location": after Warp Jump, "skip": bool}}``.
    A location above ``n_locations`` means the fleet never arrives."""
    out: dict[int, dict] = {}
    prev_loc = prev_speed = None
    for group in speed_groups(fleets):
        speed = group[0]["speed"]
        skip = False
        if prev_loc is None:
            loc = 1
        elif prev_speed - speed >= SKIP_GAP:
            skip = True
            loc = prev_loc + 2
            if loc > n_locations and prev_loc + 1 <= n_locations:
                loc = n_locations  # a skip never goes past the last location
        else:
            loc = prev_loc + 1
        for f in group:
            final = loc
            if "warp-jump" in f["actions"]:
                final = max(1, loc - 1)
            out[f["seat"]] = {"set": loc, "location": final, "skip": skip}
        prev_loc, prev_speed = loc, speed
    return out


def names_text(seats) -> str:
    """``{0}``, ``{0} and {1}``, ``{0}, {1} and {2}``: seats for a log line."""
    seats = [f"{{{s}}}" for s in seats]
    if len(seats) <= 1:
        return "".join(seats)
    return ", ".join(seats[:-1]) + " and " + seats[-1]


def _count(k: int) -> str:
    return f"{k} resource{'' if k == 1 else 's'}"


def _stay(k: int) -> str:
    return "stays" if k == 1 else "stay"


def _room(f: dict) -> int:
    return max(0, f["cargo"] - f["carried"])


def _bonus(f: dict, turn: dict | None, action: str, points: int) -> None:
    f["bonus"] += points
    f["bonuses"].append([action, points])
    if turn is not None:
        turn["bonus"].append([f["seat"], action, points])


def resolve_round(revealed: Sequence[Mapping[str, Any]], resources: list[int],
                  place_names: list[str] | None = None) -> tuple[dict, list[Event]]:
    """Resolve Phases 2 and 3 for the ``revealed`` fleets (from ``fleet_stats``, or any dicts
    with seat, speed, attack, cargo and actions) on locations with ``resources``.

    Returns ``(record, events)``. ``record["fleets"]`` has per fleet its stats, location, arrival,
    carried resources, bonus points, ``fled_at`` and ``points``; ``record["turns"]`` one record per
    location with who was present, who fled, the mining steps, what was lost and what was left.
    """
    n_loc = len(resources)
    names = place_names or [f"location {i + 1}" for i in range(n_loc)]
    fleets: list[dict] = [copy_json(f) for f in sorted(revealed, key=lambda f: f["seat"])]
    events: list[Event] = []
    _arrive(fleets, names, events)
    turns = [_turn(fleets, t, resources[t - 1], names[t - 1], events) for t in range(1, n_loc + 1)]
    _prospect(fleets, events)
    record = {"resources": list(resources), "fleets": fleets, "turns": turns}
    return record, events


# -- the phases of a round ---------------------------------------------------------------------------
def _arrive(fleets: list[dict], names: list[str], events: list[Event]) -> None:
    """Phase 2: where each fleet arrives (or that it never does), fastest first."""
    n_loc = len(names)
    where = arrival(fleets, n_loc)
    for f in fleets:
        w = where[f["seat"]]
        f.update(location=w["location"], set_location=w["set"], skip=w["skip"],
                 arrives=w["location"] <= n_loc, carried=0, bonus=0, fled_at=None,
                 drilled=False, bonuses=[])
    for group in speed_groups(fleets):
        for f in group:
            s = f["seat"]
            stats = f"Speed {f['speed']}"
            if not f["arrives"]:
                events.append(Event(f"{{{s}}} ({stats}) never arrives: there are not enough "
                                    f"locations.", "arrive"))
                continue
            extra = []
            if f["skip"]:
                extra.append("a location is skipped")
            if f["location"] != f["set_location"]:
                extra.append("Warp Jump: one location earlier")
            note = f" ({'; '.join(extra)})" if extra else ""
            events.append(Event(f"{{{s}}} ({stats}) arrives at {names[f['location'] - 1]}{note}.",
                                "arrive"))


def _turn(fleets: list[dict], t: int, res: int, place: str, events: list[Event]) -> dict:
    """Phase 3, turn ``t``: the fleets present at location ``t`` fight if there are several,
    then the ones still there mine its ``res`` resources. Returns the turn's record."""
    present = [f for f in fleets if f["fled_at"] is None and f["location"] <= t]
    turn = {"location": t, "resources": res, "present": [f["seat"] for f in present],
            "fled": [], "steps": [], "lost": 0, "left": res, "scavenged": 0, "bonus": []}
    if not present:
        events.append(Event(f"{place}: no fleet; {_count(res)} {_stay(res)}.", "turn"))
        return turn
    if len(present) >= 2:
        _fight(present, t, turn, place, events)
    miners = [f for f in present if f["fled_at"] is None]
    before = {f["seat"]: f["carried"] for f in miners}
    remaining = _mine(miners, res, turn, place, events)
    if turn["lost"]:
        _scavenge(miners, turn, place, events)
    turn["left"] = remaining
    _drill(miners, before, turn, place, events)
    if miners and not turn["steps"] and res == 0:
        events.append(Event(f"{place}: nothing to mine.", "mine"))
    elif miners and not turn["steps"] and not turn["lost"]:
        events.append(Event(f"{place}: {names_text(f['seat'] for f in miners)} "
                            f"{'has' if len(miners) == 1 else 'have'} no Cargo left; "
                            f"{_count(res)} {_stay(res)}.", "mine"))
    elif remaining:
        events.append(Event(f"{place}: {_count(remaining)} {_stay(remaining)} (no Cargo left).",
                            "mine"))
    return turn


def _fight(present: list[dict], t: int, turn: dict, place: str, events: list[Event]) -> None:
    """Every fleet below the highest Attack flees for the rest of the round (a Shield Wall
    stays; a Salvage Crew scores as it flees)."""
    top = max(_attack_key(f) for f in present)
    fleeing = [f for f in present if _attack_key(f) < top and "shield" not in f["actions"]]
    shielded = [f for f in present if _attack_key(f) < top and "shield" in f["actions"]]
    winners = [f["seat"] for f in present if _attack_key(f) == top]
    text = (f"{place}: fight between {names_text(turn['present'])}; highest Attack "
            f"{top[0]}: {names_text(winners)}.")
    if shielded:
        text += f" Shield Wall keeps {names_text(f['seat'] for f in shielded)} in the fight."
    events.append(Event(text, "fight"))
    for f in fleeing:
        f["fled_at"] = t
        turn["fled"].append(f["seat"])
        tail = ""
        if "salvage" in f["actions"]:
            _bonus(f, turn, "salvage", SALVAGE_POINTS)
            tail = f" Salvage Crew scores {SALVAGE_POINTS}."
        events.append(Event(f"{{{f['seat']}}} (Attack {f['attack']}) is chased off and "
                            f"flees for the rest of the round.{tail}", "flee"))


def _mine(miners: list[dict], res: int, turn: dict, place: str, events: list[Event]) -> int:
    """The fleets left take turns one resource at a time, faster first (a lone fleet takes what
    it can at once); an equal-Speed group takes one each, and when it has more fleets with room
    than resources left the rest is lost. Returns the resources left at the location."""
    remaining = res
    stop = False
    while remaining > 0 and not stop:
        progress = False
        for group in speed_groups(miners):
            if remaining == 0:
                break
            nonfull = [f for f in group if _room(f) > 0]
            if not nonfull:
                continue
            if len(nonfull) > remaining:
                turn["lost"] = remaining
                remaining = 0
                stop = True
                break
            if len(miners) == 1:  # a lone fleet takes what it can in one step
                take = min(remaining, _room(nonfull[0]))
            else:
                take = 1
            for f in nonfull:
                f["carried"] += take
            remaining -= take * len(nonfull)
            turn["steps"].append([[f["seat"], take] for f in nonfull])
            progress = True
            if len(nonfull) == 1:
                s = nonfull[0]["seat"]
                word = "mines" if len(miners) == 1 else "takes"
                events.append(Event(f"{place}: {{{s}}} {word} {take}.", "mine"))
            else:
                events.append(Event(f"{place}: {names_text(f['seat'] for f in nonfull)} take one "
                                    f"each.", "mine"))
        if not progress:
            break
    return remaining


def _scavenge(miners: list[dict], turn: dict, place: str, events: list[Event]) -> None:
    """What an equal-Speed group could not split goes to a Scavenger with room, else is lost."""
    scav = [f for f in miners if "scavenger" in f["actions"] and _room(f) > 0]
    if scav:
        f = scav[0]
        got = min(turn["lost"], _room(f))
        f["carried"] += got
        turn["lost"] -= got
        turn["scavenged"] = got
        turn["steps"].append([[f["seat"], got]])
        events.append(Event(f"{place}: the equal-Speed fleets cannot split the rest; "
                            f"Scavenger {{{f['seat']}}} picks up {got}.", "mine"))
    if turn["lost"]:
        events.append(Event(f"{place}: {turn['lost']} resource"
                            f"{'s are' if turn['lost'] != 1 else ' is'} lost (the "
                            f"equal-Speed fleets cannot split them).", "lost"))


def _drill(miners: list[dict], before: dict[int, int], turn: dict, place: str,
           events: list[Event]) -> None:
    """A Deep Drill scores once a round, at the first location where its fleet mined."""
    for f in miners:
        if f["carried"] > before[f["seat"]] and "drill" in f["actions"] and not f["drilled"]:
            f["drilled"] = True
            _bonus(f, turn, "drill", DRILL_POINTS)
            events.append(Event(f"{place}: Deep Drill scores {DRILL_POINTS} bonus point for "
                                f"{{{f['seat']}}}.", "bonus"))


def _prospect(fleets: list[dict], events: list[Event]) -> None:
    """The end of the round: a Prospector with a full Cargo scores; each fleet's points."""
    for f in fleets:
        if "prospector" in f["actions"] and f["cargo"] >= 1 and f["carried"] == f["cargo"]:
            _bonus(f, None, "prospector", PROSPECTOR_POINTS)
            events.append(Event(f"Prospector: {{{f['seat']}}} has a full Cargo and scores "
                                f"{PROSPECTOR_POINTS} bonus points.", "bonus"))
        f["points"] = f["carried"] + f["bonus"]
        del f["drilled"]
