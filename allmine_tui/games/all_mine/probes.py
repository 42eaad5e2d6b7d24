"""All Mine!: the hooks the tests probe the rules with (see ``engine.probes``)."""
from __future__ import annotations

from ...engine.probes import Probes
from .state import PREDICT, AllMineState


class AllMineProbes(Probes):
    # -- for tests -----------------------------------------------------------------------------
    def perturb_secrets(self, state: AllMineState, viewer: int | None, rng) -> AllMineState:
        """Shuffle, suit by suit, every card face ``viewer`` cannot see (other hands and the heap),
        and change other seats' unrevealed predictions. Public information stays the same."""
        new = AllMineState.from_json(state.to_json())
        slots: list[tuple[list, int]] = []
        for s in range(new.n):
            if s != viewer:
                slots.extend((new.hands[s], i) for i in range(len(new.hands[s])))
        for stack in new.heap:
            slots.extend((stack, i) for i in range(len(stack)))
        for suit in range(4):
            mine = [(lst, i) for lst, i in slots if lst[i] // 12 == suit]
            cards = [lst[i] for lst, i in mine]
            rng.shuffle(cards)
            for (lst, i), c in zip(mine, cards):
                lst[i] = c
        if new.phase == PREDICT:
            for s in range(new.n):
                if s != viewer and new.predictions[s] is not None:
                    m = rng.randrange(4)
                    new.predictions[s] = [m, (m + 1 + rng.randrange(3)) % 4]
        return new

    def conserved(self, state: AllMineState) -> dict[str, int]:
        every = [c for h in state.hands for c in h] + [c for st in state.heap for c in st]
        every += [c for _s, c in state.trick] + [c for w in state.won_cards for c in w]
        return {"cards": len(every), "distinct": len(set(every))}
