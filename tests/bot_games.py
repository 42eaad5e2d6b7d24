"""Shared helper for bot tests: play a whole game with the rules directly, bots in every seat."""
from __future__ import annotations

from allmine_tui.engine import stream


def play_bots(rules, bots_table: dict, kinds: list[str], seed, check=None, limit: int = 5000,
              options: dict | None = None):
    """Play a whole game with ``bots_table[kind]()`` per seat, asserting every action is legal;
    ``check(state, seat)`` runs before each decision of a ``normal`` seat. Returns (state, log)."""
    bots = [bots_table[k]() for k in kinds]
    state = rules.new_state(len(kinds), dict(options or {}), seed)
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


class ViewOnlyCheck:
    """A ``check`` for ``play_bots``: re-dealing what the seat cannot see (``perturb_secrets``)
    leaves its view and legal moves alone, and a fresh bot with an rng of the same seed decides
    the same (no memory between calls; bots may draw among near-equal moves, so the seed is the
    same). ``changed`` counts perturbations that really moved cards."""

    def __init__(self, rules, bot_class, seed: int = 5) -> None:
        import random

        self.rules, self.bot_class = rules, bot_class
        self.perturb = random.Random(seed)
        self.changed = 0

    def __call__(self, state, seat: int) -> None:
        import random

        rules = self.rules
        other = rules.perturb_secrets(state, seat, self.perturb)
        if repr(other) != repr(state):  # something the seat cannot see was really re-dealt
            self.changed += 1
        view = rules.view(state, seat)
        assert rules.view(other, seat) == view
        legal = rules.legal_actions(state, seat)
        assert rules.legal_actions(other, seat) == legal
        a = self.bot_class().choose(view, legal, random.Random(1))
        b = self.bot_class().choose(rules.view(other, seat), rules.legal_actions(other, seat),
                                    random.Random(1))
        assert a == b


def normal_wins(rules, bots_table: dict, players: int, games: int) -> int:
    """Seeded games of one ``normal`` bot against random ones, its seat rotating; a shared win
    counts as a win. Returns how many it won."""
    wins = 0
    for game in range(games):
        me = game % players
        kinds = ["normal" if i == me else "random" for i in range(players)]
        state, _log = play_bots(rules, bots_table, kinds, f"winrate/{game}")
        wins += me in rules.result(state).winners
    return wins
