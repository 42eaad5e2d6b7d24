"""What the Mine, All Mine! rules tests share: a fleet record, fleets by seat, the arrival
locations of fleets, a state with fixed hands, and a whole round played through apply."""
from __future__ import annotations

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mine.fleets import arrival
from allmine_tui.games.mine_all_mine.rules import RULES


def F(seat, speed, attack=0, cargo=9, actions=()):
    return {"seat": seat, "speed": speed, "attack": attack, "cargo": cargo,
            "actions": list(actions)}


def by_seat(record):
    return {f["seat"]: f for f in record["fleets"]}


def locations(fleets, n_loc):
    return {s: w["location"] for s, w in arrival(fleets, n_loc).items()}


def fixed_state(n=3, seed=1, hands=None, mode="standard"):
    state = RULES.new_state(n, {"mode": mode}, seed)
    if hands is not None:
        state.hands = [sorted(h) for h in hands]
        held = {c for h in hands for c in h}
        state.deck = [c for c in range(1, 13) if c not in held]
    return state


def play_round(state, choices):
    events = []
    for seat, cards in enumerate(choices):
        for c, o in cards:
            events += RULES.apply(state, seat, Action("add", (c, o)))
        events += RULES.apply(state, seat, Action("launch"))
    return events
