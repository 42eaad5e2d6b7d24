"""Shared helper for bot tests: play a whole game with the rules directly, bots in every seat."""
from __future__ import annotations

from allmine_tui.engine import stream


def play_bots(rules, bots_table: dict, kinds: list[str], seed, check=None, limit: int = 5000):
    """Play a whole game with ``bots_table[kind]()`` per seat, asserting every action is legal;
    ``check(state, seat)`` runs before each decision of a ``normal`` seat. Returns (state, log)."""
    bots = [bots_table[k]() for k in kinds]
    state = rules.new_state(len(kinds), {}, seed)
    rng = stream(seed, "bots")
    log = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        if check is not None and kinds[seat] == "normal":
            check(state, seat)
        legal = rules.legal_actions(state, seat)
        view = rules.view(state, seat) if bots[seat].needs_view else None
        action = bots[seat].choose(view, legal, rng)
        assert action in legal, (seat, action)
        rules.apply(state, seat, action)
        log.append((seat, action))
        assert len(log) < limit, "the game does not end"
    return state, log
