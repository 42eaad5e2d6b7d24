"""This is Mine!: the hooks the tests probe the rules with (see ``engine.probes``)."""
from __future__ import annotations

from ...engine.probes import Probes
from .data import type_of
from .state import COPY, DISCARD, NOT_COPIED, OVER, ThisIsMineState


class ThisIsMineProbes(Probes):
    # -- for tests -----------------------------------------------------------------------------------
    def perturb_secrets(self, st: ThisIsMineState, viewer: int | None, rng) -> ThisIsMineState:
        """Shuffle what ``viewer`` cannot see: the deck order and the removed cards, the other
        seats' collected cards among those seats (same sizes) and, before the end is revealed,
        the other seats' secret Relative and Suitcase choices (same numbers). Once the
        Relatives are at work (the discards and copies), a card only trades places with
        another of its own type, so that every hand still holds what its Relatives and
        Suitcases need, and the choices already made are drawn again among the hand's own
        types: the game can always be played on."""
        new = ThisIsMineState.from_json(st.to_json())
        hidden_hands = [] if new.phase == OVER else [s for s in range(new.n) if s != viewer]
        places: list[tuple[str, int, int]] = [("deck", 0, i) for i in range(len(new.deck))]
        places += [("removed", 0, i) for i in range(len(new.removed))]
        places += [("hand", s, i) for s in hidden_hands for i in range(len(new.hands[s]))]

        def card_at(place: tuple[str, int, int]) -> int:
            where, s, i = place
            return new.deck[i] if where == "deck" else new.removed[i] if where == "removed" \
                else new.hands[s][i]

        if new.phase in (DISCARD, COPY):  # each type among its own places
            groups: dict[str, list] = {}
            for place in places:
                groups.setdefault(type_of(card_at(place)), []).append(place)
            parts = list(groups.values())
        else:
            parts = [places]
        moved: dict[tuple[str, int, int], int] = {}
        for part in parts:
            cards = [card_at(p) for p in part]
            rng.shuffle(cards)
            moved.update(zip(part, cards))
        for (where, s, i), card in moved.items():
            if where == "deck":
                new.deck[i] = card
            elif where == "removed":
                new.removed[i] = card
            else:
                new.hands[s][i] = card
        new.removed = sorted(new.removed)
        for s in hidden_hands:
            if new.phase == DISCARD:  # a random set of the hand's objects, as many as before
                objects = [type_of(c) for c in new.hands[s] if type_of(c) != "relative"]
                new.discards[s] = rng.sample(objects, len(new.discards[s]))
            if new.phase in (DISCARD, COPY):
                copyable = sorted({type_of(c) for c in new.hands[s]
                                   if type_of(c) not in NOT_COPIED}) or ["bottle"]
                new.copies[s] = [rng.choice(copyable) for _ in new.copies[s]]
        return new

    def conserved(self, st: ThisIsMineState) -> dict[str, int]:
        cards = (len(st.deck) + len(st.removed) + len(st.revealed)
                 + sum(len(lot["cards"]) for lot in st.lots if lot["owner"] is None)
                 + sum(len(h) for h in st.hands)
                 + (sum(len(d) for d in st.discards) if st.phase in (COPY, OVER) else 0))
        money = st.pile + sum(st.money) + sum(lot["money"] for lot in st.lots
                                              if lot["owner"] is None)
        return {"cards": cards, "money": money}
