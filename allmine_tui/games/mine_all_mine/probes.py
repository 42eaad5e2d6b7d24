"""Mine, All Mine!: the hooks the tests probe the rules with (see ``engine.probes``)."""
from __future__ import annotations

from ...engine.probes import Probes
from .fleets import n_options
from .state import MineAllMineState


class MineAllMineProbes(Probes):
    # -- for tests ----------------------------------------------------------------------------------
    def perturb_secrets(self, state: MineAllMineState, viewer: int | None, rng) -> MineAllMineState:
        """Shuffle every card ``viewer`` cannot see (other hands and the undealt cards) keeping hand
        sizes, and re-choose other seats' secret fleets (same number of cards)."""
        new = MineAllMineState.from_json(state.to_json())
        others = [s for s in range(new.n) if s != viewer]
        hidden = [c for s in others for c in new.hands[s]] + list(new.deck)
        rng.shuffle(hidden)
        i = 0
        for s in others:
            k = len(new.hands[s])
            new.hands[s] = sorted(hidden[i:i + k])
            i += k
            m = len(new.pending[s])
            cards = rng.sample(new.hands[s], m)
            new.pending[s] = [[c, rng.randrange(n_options(new.mode))] for c in cards]
        new.deck = hidden[i:]
        if new.last_deal is not None:  # which cards others were dealt is secret too
            d = new.last_deal
            d["dealt"] = [[s, c if s == viewer else rng.randrange(1, 13)] for s, c in d["dealt"]]
        return new

    def conserved(self, state: MineAllMineState) -> dict[str, int]:
        every = [c for h in state.hands for c in h] + list(state.deck) + list(state.table)
        return {"cards": len(every), "distinct": len(set(every))}
