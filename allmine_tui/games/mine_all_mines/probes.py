"""Mine All Mines: the hooks the tests probe the rules with (see ``engine.probes``)."""
from __future__ import annotations

from ...engine.probes import Probes
from .state import DWARVES, MineAllMinesState


class MineAllMinesProbes(Probes):
    # -- for tests -----------------------------------------------------------------------------------
    def perturb_secrets(self, st: MineAllMinesState, viewer: int | None, rng) -> MineAllMinesState:
        """Re-deal every other seat's unplayed dwarves between its hand and its random discards
        (same sizes): what a seat has played or dropped is public, the split is not."""
        new = MineAllMinesState.from_json(st.to_json())
        for s in range(new.n):
            if s == viewer:
                continue
            pool = new.hands[s] + new.discards[s]
            rng.shuffle(pool)
            k = len(new.hands[s])
            new.hands[s] = sorted(pool[:k], key=DWARVES.index)
            new.discards[s] = sorted(pool[k:], key=DWARVES.index)
        return new

    def conserved(self, st: MineAllMinesState) -> dict[str, int]:
        gems = sum(st.supply) + sum(st.market) + sum(map(sum, st.gems)) + sum(map(sum, st.lamp))
        jewelry = (len(st.jewelry_deck) + sum(1 for c in st.jewelry_shown if c)
                   + sum(len(o["jewelry"]) for o in st.owned))
        support = (len(st.support_deck) + sum(1 for c in st.support_shown if c)
                   + sum(len(o["support"]) for o in st.owned))
        ach = (len(st.achievements_box) + sum(1 for c in st.achievements_shown if c)
               + sum(len(o["ach"]) for o in st.owned))
        return {"gems": gems, "jewelry": jewelry, "support": support, "achievements": ach}
