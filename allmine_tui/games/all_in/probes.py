"""All In: the hooks the tests probe the rules with (see ``engine.probes``)."""
from __future__ import annotations

from ...engine.probes import Probes
from .state import GOLDEN, AllInState


class AllInProbes(Probes):
    # -- for tests -----------------------------------------------------------------------------
    def perturb_secrets(self, state: AllInState, viewer: int | None, rng) -> AllInState:
        """What a seat cannot see, drawn again: for a seat, a world from its view by the
        sampler (a state a game could have reached, so it plays on to the end); for the table
        view, the decks shuffled and every secret of every seat drawn at random."""
        if viewer is not None:
            from .sampler import sample_state

            drawn = sample_state(self.view(state, viewer), viewer, rng)  # type: ignore[attr-defined]
            drawn.seed = state.seed
            return drawn
        new = AllInState.from_json(state.to_json())
        hidden = list(new.deck)
        sees_golden = (viewer is not None and new.phase == GOLDEN and viewer in new.pickers
                       and not new.done[viewer])
        if not sees_golden:
            hidden += new.golden_deck
        rng.shuffle(hidden)
        new.deck = hidden[:len(new.deck)]
        if not sees_golden:
            new.golden_deck = sorted(hidden[len(new.deck):])
        for s in range(new.n):
            if s == viewer:
                continue
            new.written[s] = [None if c is None else rng.randrange(52) for c in new.written[s]]
            new.chips_spent[s] = rng.randint(0, new.chips_won[s])
            if new.choice[s] is not None:
                new.choice[s] = rng.randrange(52)
            new.last_written[s] = None if new.last_written[s] is None else rng.randrange(3)
            new.round_cells[s] = [rng.randrange(3) for _ in new.round_cells[s]]
        return new

    def conserved(self, state: AllInState) -> dict[str, int]:
        every = state.deck + state.golden_deck + state.revealed + state.discard + state.removed
        return {"cards": len(every), "distinct": len(set(every))}
