"""This is Mine!: the hooks the tests probe the rules with (see ``engine.probes``)."""
from __future__ import annotations

from ...engine.probes import Probes
from .data import type_of
from .state import COPY, DISCARD, OVER, ThisIsMineState


class ThisIsMineProbes(Probes):
    # -- for tests -----------------------------------------------------------------------------------
    def perturb_secrets(self, st: ThisIsMineState, viewer: int | None, rng) -> ThisIsMineState:
        """Shuffle what ``viewer`` cannot see: the deck order and the removed cards, the other
        seats' collected cards among those seats (same sizes) and, before the end is revealed,
        the other seats' secret Relative and Suitcase choices (same numbers)."""
        new = ThisIsMineState.from_json(st.to_json())
        hidden_hands = [] if new.phase == OVER else [s for s in range(new.n) if s != viewer]
        pool = list(new.deck) + list(new.removed) + [c for s in hidden_hands for c in new.hands[s]]
        rng.shuffle(pool)
        i = 0
        new.deck = pool[i:i + len(new.deck)]
        i += len(new.deck)
        new.removed = sorted(pool[i:i + len(new.removed)])
        i += len(new.removed)
        for s in hidden_hands:
            k = len(new.hands[s])
            new.hands[s] = pool[i:i + k]
            i += k
            if new.phase in (DISCARD, COPY):
                objects = sorted({type_of(c) for c in new.hands[s]} - {"relative"}) or ["bottle"]
                new.discards[s] = [rng.choice(objects) for _ in new.discards[s]]
                new.copies[s] = [rng.choice(objects) for _ in new.copies[s]]
        return new

    def conserved(self, st: ThisIsMineState) -> dict[str, int]:
        cards = (len(st.deck) + len(st.removed) + len(st.revealed)
                 + sum(len(lot["cards"]) for lot in st.lots if lot["owner"] is None)
                 + sum(len(h) for h in st.hands)
                 + (sum(len(d) for d in st.discards) if st.phase in (COPY, OVER) else 0))
        money = st.pile + sum(st.money) + sum(lot["money"] for lot in st.lots
                                              if lot["owner"] is None)
        return {"cards": cards, "money": money}
