"""Key presses that make some legal move for whoever acts on a game's screen, one game each.

Each driver gets the game screen and a seeded ``random.Random`` and returns the keys a player
might type for one decision: cursor moves first (so that per-viewer state is exercised), then the
key that commits. A driver never looks at anything but what the screen itself knows.
"""
from __future__ import annotations

import random

from allmine_tui.engine import Match, Seat


def all_mine(game, rng: random.Random) -> list[str]:
    view = game._view
    phase = view["phase"]
    if phase == "predict":
        most, fewest = rng.sample("cgmd", 2)
        if rng.random() < 0.5:
            return [most, fewest, "enter"]
        # by the arrows: a tile under the cursor, then the other row
        return ["backspace", *["right"] * rng.randrange(4), "enter", fewest, "enter"]
    if phase == "heap":
        return [rng.choice("cgmd") for _ in range(2)] + ["enter"]
    # along the hand (the cursor stops at the ends and may rest on a card that cannot be
    # played); then, if it did, the suit key of a card that can
    moves = [rng.choice([-1, 1]) for _ in range(rng.randrange(4))]
    keys = ["left" if d < 0 else "right" for d in moves]
    hand, playable = view["hand"] or [], set(view["playable"])
    cursor = game.cursor
    for d in moves:
        cursor = max(0, min(len(hand) - 1, cursor + d))
    if hand and hand[cursor] not in playable and playable:
        keys.append("cgmd"[view["playable"][0] // 12])
    return keys + ["enter"]


def all_in(game, rng: random.Random) -> list[str]:
    arrows = ["left", "right", "up", "down"]
    # the card: arrows in the grid, then Tab lands on a card that can be written; Enter takes it
    keys = [rng.choice(arrows) for _ in range(rng.randrange(4))]
    keys += [rng.choice(["tab", "shift+tab"]), "enter"]
    # the space: arrows on the sheet (sometimes back to the cards first), Enter writes
    if rng.random() < 0.2:
        keys += ["escape", "tab", "enter"]
    return keys + [rng.choice(arrows) for _ in range(rng.randrange(3))] + ["enter"]


def mine_all_mine(game, rng: random.Random) -> list[str]:
    view = game._view
    hand = view["hand"] or []
    # with more than one person at the screen the first L asks, and L or Enter launches
    launch = ["l"] if game.flow.solo else ["l", rng.choice(["l", "enter"])]
    if view["pending"] and rng.random() < 0.6:
        return launch
    keys: list[str] = []
    for _ in range(rng.randrange(1, 3)):
        keys += ["right"] * rng.randrange(len(hand) or 1) + [rng.choice("1234"), "space"]
    return keys + launch


def mine_all_mines(game, rng: random.Random) -> list[str]:
    view = game._view
    if view["phase"] == "act":
        if rng.random() < 0.3:
            return ["down", "enter", "enter", "enter"]  # some trade or purchase, deeper levels
        return ["escape", "escape", "up", "enter"]  # End your turn is the last line
    return [rng.choice(["down", "up"]) for _ in range(rng.randrange(3))] + ["enter", "enter"]


def this_is_mine(game, rng: random.Random) -> list[str]:
    view = game._view
    if view["phase"] == "split":
        return [rng.choice(["left", "right", "a", "b"]) for _ in range(rng.randrange(3))] + \
            ["enter"]
    return [rng.choice(["down", "up"]) for _ in range(rng.randrange(3))] + ["enter", "enter"]


DRIVERS = {"all-mine": all_mine, "all-in": all_in, "mine-all-mine": mine_all_mine,
           "mine-all-mines": mine_all_mines, "this-is-mine": this_is_mine}


def play_by_rules_until(match: Match, done, seed: int = 0, limit: int = 5000) -> Match:
    """Advance ``match`` with random legal moves (straight through the rules) until
    ``done(match)``; used to set up a position before the app is opened on it."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(match) or match.is_over():
            return match
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("the position was never reached")


def seats(humans: list[str], bots: int) -> list[Seat]:
    return [Seat(h) for h in humans] + [Seat(f"Bot{i + 1}", "random") for i in range(bots)]
