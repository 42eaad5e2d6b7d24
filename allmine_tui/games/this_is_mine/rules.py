"""This is Mine! rules (RULINGS): pure Python, deterministic from the seed.

Phases and their actions:

* ``split``: the round's Leader puts the revealed cards into lots one by one: ``put`` (lot).
  A card may only go where every lot can still get a card.
* ``negotiate``: the Leader ``claim``s a lot; then the others still without a lot, clockwise from
  the Leader's left, ``accept`` or ``refuse`` (lot for the Money Card). A refusal makes the refuser
  the Leader of the same lot and starts the answers again from their left.
* ``balance`` (between rounds 1–7): from the next Leader round the table, each may ``balance``
  (1 to request the Balance Card, 0 to pass); one request redistributes the Money Cards.
* ``discard`` and ``copy`` (the end, secret and simultaneous): each Relative discards an Object
  (``discard`` type), then each Suitcase copies an Object type still in hand (``copy`` type).
"""
from __future__ import annotations

from ...engine import Action, Event, IllegalAction, Result, Rules, stream
from ...engine.jsonstate import copy_json
from . import INFO, scoring
from .data import load, name_of, type_of
from .probes import ThisIsMineProbes
from .state import (BALANCE, COPY, DISCARD, NEGOTIATE, NOT_COPIED, OVER, SPLIT, ThisIsMineState,
                    lot_name)
from .views import LotView, ThisIsMineView


def _events_names(seats) -> str:
    return ", ".join(f"{{{s}}}" for s in seats)


class ThisIsMineRules(ThisIsMineProbes, Rules[ThisIsMineState, ThisIsMineView]):
    info = INFO

    # -- setting up --------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed) -> ThisIsMineState:
        self.info.check_players(n_players)
        self.info.resolve_options(options)
        data = load()
        n = n_players
        st = ThisIsMineState(n=n, seed=seed)
        deck = data.cards_for(n)
        stream(seed, "deck").shuffle(deck)
        k = data.removed.get(n, 0)
        st.removed, st.deck = sorted(deck[:k]), deck[k:]
        st.hands = [[] for _ in range(n)]
        st.money = [data.start_money] * n
        st.pile = data.money_cards - data.start_money * n
        st.coins = [0] * n
        st.refusals = [0] * n
        st.round_leader = stream(seed, "first leader").randrange(n)
        self._start_round(st, 0, st.round_leader, [])
        return st

    def opening_events(self, st: ThisIsMineState) -> list[Event]:
        """The first round's reveal and its Suitcase money (the bank is full at the start)."""
        suitcases = sum(1 for c in st.revealed if type_of(c) == "suitcase")
        return self._reveal_events(st, [list(range(st.n))] * suitcases)

    def _reveal_events(self, st, paid: list[list[int]]) -> list[Event]:
        events = [Event(f"Round {st.round_no + 1}: {{{st.round_leader}}} opens the boxes: "
                        + ", ".join(name_of(c) for c in st.revealed) + ".", "reveal")]
        for got in paid:
            if got:
                events.append(Event(f"A Suitcase: {_events_names(got)} each get a Money Card "
                                    f"($1).", "money"))
            else:
                events.append(Event("A Suitcase, but the Money Card pile is empty.", "money"))
        return events

    def _start_round(self, st: ThisIsMineState, round_no: int, leader: int,
                     events: list) -> list[Event]:
        data = load()
        st.round_no, st.round_leader, st.leader = round_no, leader, leader
        st.phase = SPLIT
        k = data.reveal[st.n]
        st.revealed, st.deck = st.deck[:k], st.deck[k:]
        st.assign = []
        st.lots = []
        st.claim = None
        st.asked = []
        paid = []
        for _ in range(sum(1 for c in st.revealed if type_of(c) == "suitcase")):
            got = []
            for s in [(leader + i) % st.n for i in range(st.n)]:  # from the Leader round
                if st.pile > 0:
                    st.pile -= 1
                    st.money[s] += 1
                    got.append(s)
            paid.append(got)
        events += self._reveal_events(st, paid)
        return events

    # -- who acts ------------------------------------------------------------------------------------
    def to_act(self, st: ThisIsMineState) -> list[int]:
        if st.phase == SPLIT:
            return [st.round_leader]
        if st.phase == NEGOTIATE:
            return [st.leader] if st.claim is None else st.asked[:1]
        if st.phase == BALANCE:
            return st.balance_ask[:1]
        if st.phase == DISCARD:
            return [s for s in range(st.n) if st.to_discard[s]]
        if st.phase == COPY:
            return [s for s in range(st.n) if st.copies_owed[s]]
        return []

    def is_over(self, st: ThisIsMineState) -> bool:
        return st.phase == OVER

    def private_seats(self, st: ThisIsMineState, seat: int) -> bool:
        """Only the end-game choices need a player's hand on screen."""
        return st.phase in (DISCARD, COPY)

    def _without_lot(self, st) -> list[int]:
        taken = {lot["owner"] for lot in st.lots if lot["owner"] is not None}
        return [s for s in range(st.n) if s not in taken]

    def _clockwise_from(self, st, seat: int, among: list[int]) -> list[int]:
        return [(seat + i) % st.n for i in range(1, st.n + 1) if (seat + i) % st.n in among]

    # -- legal actions -------------------------------------------------------------------------------
    def legal_actions(self, st: ThisIsMineState, seat: int) -> list[Action]:
        if seat not in self.to_act(st):
            return []
        if st.phase == SPLIT:
            left = len(st.revealed) - len(st.assign)  # including this card
            empty = [i for i in range(st.n) if i not in st.assign]
            if left <= len(empty):
                return [Action("put", (i,)) for i in empty]
            return [Action("put", (i,)) for i in range(st.n)]
        if st.phase == NEGOTIATE:
            if st.claim is None:
                return [Action("claim", (i,)) for i, lot in enumerate(st.lots)
                        if lot["owner"] is None]
            out = [Action("accept")]
            if st.money[seat] > 0:
                out += [Action("refuse", (i,)) for i, lot in enumerate(st.lots)
                        if lot["owner"] is None and i != st.claim]
            return out
        if st.phase == BALANCE:
            return [Action("balance", (0,)), Action("balance", (1,))]
        if st.phase == DISCARD:
            kept = list(st.hands[seat])
            for t in st.discards[seat]:
                kept.remove(next(c for c in kept if type_of(c) == t))
            types = sorted({type_of(c) for c in kept if type_of(c) != "relative"})
            return [Action("discard", (t,)) for t in types]
        if st.phase == COPY:
            return [Action("copy", (t,)) for t in self.copyable(st, seat)]
        return []

    def copyable(self, st, seat: int) -> list[str]:
        return sorted({type_of(c) for c in st.hands[seat] if type_of(c) not in NOT_COPIED})

    # -- applying ------------------------------------------------------------------------------------
    def apply(self, st: ThisIsMineState, seat: int, action: Action) -> list[Event]:
        if st.phase == OVER:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(st):
            raise IllegalAction("It is not your turn to decide.")
        try:
            legal = action in self.legal_actions(st, seat)
        except TypeError:
            legal = False
        if not legal:
            raise IllegalAction(self._why(st, seat, action))
        return getattr(self, f"_do_{action.kind}")(st, seat, *action.args)

    def _why(self, st, seat: int, action: Action) -> str:
        k = action.kind
        if st.phase == SPLIT:
            if k == "put":
                return "Every lot needs at least one card: put this card in an empty lot."
            return "First split the revealed cards into one lot per player."
        if st.phase == NEGOTIATE:
            if k == "refuse" and st.money[seat] == 0:
                return "You have no Money Card, so you cannot refuse: accept the claim."
            if k == "refuse":
                return "Put your Money Card on another lot still on the table (not the claimed one)."
            if k == "claim":
                return "Claim one of the lots still on the table."
            return "Accept the claim, or refuse it by putting a Money Card on another lot."
        if st.phase == DISCARD:
            return "Each Relative takes one of your Objects (not a Relative): choose one you hold."
        if st.phase == COPY:
            return ("A Suitcase copies an Object type in your hand (not a TV, Radio, Relative or "
                    "Suitcase).")
        return "That is not a move now."

    def _do_put(self, st, seat: int, lot: int) -> list[Event]:
        st.assign.append(lot)
        if len(st.assign) < len(st.revealed):
            return []
        st.lots = [{"cards": [c for c, a in zip(st.revealed, st.assign) if a == i], "money": 0,
                    "owner": None} for i in range(st.n)]
        st.revealed, st.assign = [], []
        st.phase = NEGOTIATE
        sizes = ", ".join(f"{lot_name(i)} {len(lot['cards'])}" for i, lot in enumerate(st.lots))
        return [Event(f"{{{seat}}} splits the cards into lots ({sizes} cards).", "split")]

    def _do_claim(self, st, seat: int, lot: int) -> list[Event]:
        st.claim = lot
        st.leader = seat
        st.asked = self._clockwise_from(st, seat, [s for s in self._without_lot(st) if s != seat])
        return [Event(f"{{{seat}}} claims lot {lot_name(lot)}: \"This is mine!\"", "claim")]

    def _do_accept(self, st, seat: int) -> list[Event]:
        st.asked.pop(0)
        events = [Event(f"{{{seat}}} accepts.", "accept")]
        if not st.asked:
            events += self._take(st, st.leader, st.claim)
        return events

    def _do_refuse(self, st, seat: int, lot: int) -> list[Event]:
        st.money[seat] -= 1
        st.lots[lot]["money"] += 1
        st.refusals[seat] += 1
        old = st.leader
        st.leader = seat
        st.asked = self._clockwise_from(st, seat, [s for s in self._without_lot(st) if s != seat])
        return [Event(f"{{{seat}}} refuses, puts $1 on lot {lot_name(lot)} and claims lot "
                      f"{lot_name(st.claim)} instead of {{{old}}}.", "refuse")]

    def _take(self, st, seat: int, lot: int) -> list[Event]:
        events = []
        chosen = st.lots[lot]
        chosen["owner"] = seat
        st.hands[seat] += chosen["cards"]
        st.money[seat] += chosen["money"]
        money = f" and ${chosen['money']}" if chosen["money"] else ""
        events.append(Event(f"{{{seat}}} takes lot {lot_name(lot)} ({len(chosen['cards'])} "
                            f"card{'s' if len(chosen['cards']) != 1 else ''}{money}).", "take",
                            {seat: "(" + ", ".join(name_of(c) for c in chosen["cards"]) + ")"}))
        st.claim = None
        st.asked = []
        rest = self._without_lot(st)
        if len(rest) == 1:
            last = rest[0]
            i = next(j for j, x in enumerate(st.lots) if x["owner"] is None)
            lot_ = st.lots[i]
            lot_["owner"] = last
            st.hands[last] += lot_["cards"]
            st.money[last] += lot_["money"]
            money = f" and ${lot_['money']}" if lot_["money"] else ""
            leads = ", and leads next" if st.round_no + 1 < load().rounds else ""
            events.append(Event(f"{{{last}}} gets the last lot, {lot_name(i)} "
                                f"({len(lot_['cards'])} card{'s' if len(lot_['cards']) != 1 else ''}"
                                f"{money}){leads}.", "take",
                                {last: "(" + ", ".join(name_of(c) for c in lot_["cards"]) + ")"}))
            events += self._end_round(st, last)
            return events
        st.leader = self._clockwise_from(st, seat, rest)[0]
        return events

    def _end_round(self, st, next_leader: int) -> list[Event]:
        data = load()
        st.lots = []
        st.round_leader = next_leader
        if st.round_no + 1 >= data.rounds:
            return self._start_end(st)
        st.phase = BALANCE
        st.balance_ask = [(next_leader + i) % st.n for i in range(st.n)]
        st.leader = next_leader
        return [Event(f"Round {st.round_no + 1} is over. Anyone may ask for the Balance Card.",
                      "round")]

    def _do_balance(self, st, seat: int, request: int) -> list[Event]:
        st.balance_ask.pop(0)
        events = []
        if request:
            events.append(Event(f"{{{seat}}} asks for the Balance Card.", "balance"))
            events += self.redistribute(st)
            st.balance_ask = []
        if not st.balance_ask:
            events += self._start_round(st, st.round_no + 1, st.round_leader, [])
        return events

    def redistribute(self, st) -> list[Event]:
        """Move Money Cards one at a time from a richest to a poorest player while they differ
        by 2 or more (ties clockwise from the next Leader); a $1 coin per card to its giver."""
        moves = scoring.balance_moves(st.money, st.round_leader)
        for rich, poor in moves:
            st.money[rich] -= 1
            st.money[poor] += 1
            st.coins[rich] += 1
        st.balance_log.append({"round": st.round_no, "moves": moves})
        if not moves:
            return [Event("The Money Cards are already balanced: nothing moves.", "balance")]
        given: dict[int, int] = {}
        for r, _p in moves:
            given[r] = given.get(r, 0) + 1
        return [Event("Balance: " + ", ".join(f"{{{r}}} gives {k} Money Card"
                                             f"{'s' if k != 1 else ''} and gets ${k} in coins"
                                             for r, k in given.items()) + ".", "balance")]

    # -- the end -------------------------------------------------------------------------------------
    def _start_end(self, st) -> list[Event]:
        st.discards = [[] for _ in range(st.n)]
        st.copies = [[] for _ in range(st.n)]
        st.to_discard = [0] * st.n
        for s in range(st.n):
            relatives = sum(1 for c in st.hands[s] if type_of(c) == "relative")
            objects = sum(1 for c in st.hands[s] if type_of(c) != "relative")
            st.to_discard[s] = min(relatives, objects)
        events = [Event("The inheritance is divided. Relatives arrive: each takes one Object "
                        "(chosen in secret).", "end")]
        st.phase = DISCARD
        if not any(st.to_discard):
            events += self._after_discards(st)
        return events

    def _do_discard(self, st, seat: int, t: str) -> list[Event]:
        st.discards[seat].append(t)
        st.to_discard[seat] -= 1
        if any(st.to_discard):
            return []
        return self._after_discards(st)

    def _after_discards(self, st) -> list[Event]:
        events = []
        for s in range(st.n):
            for t in st.discards[s]:
                card = next(c for c in st.hands[s] if type_of(c) == t)
                st.hands[s].remove(card)
            if st.discards[s]:
                events.append(Event(f"{{{s}}}'s Relatives take: "
                                    + ", ".join(name_of(t) for t in st.discards[s]) + ".",
                                    "discard"))
        st.copies_owed = [0] * st.n
        for s in range(st.n):
            suitcases = sum(1 for c in st.hands[s] if type_of(c) == "suitcase")
            st.copies_owed[s] = suitcases if self.copyable(st, s) else 0
        st.phase = COPY
        if any(st.copies_owed):
            events.append(Event("Suitcases: each one copies an Object type (chosen in secret).",
                                "end"))
            return events
        return events + self._finish(st)

    def _do_copy(self, st, seat: int, t: str) -> list[Event]:
        st.copies[seat].append(t)
        st.copies_owed[seat] -= 1
        if any(st.copies_owed):
            return []
        events = []
        for s in range(st.n):
            if st.copies[s]:
                events.append(Event(f"{{{s}}}'s Suitcases copy: "
                                    + ", ".join(name_of(t) for t in st.copies[s]) + ".", "copy"))
        return events + self._finish(st)

    def _finish(self, st) -> list[Event]:
        st.phase = OVER
        res = self.result(st)
        who = " and ".join(f"{{{s}}}" for s in res.winners)
        return [Event(f"Game over: {who} win{'s' if len(res.winners) == 1 else ''} with "
                      f"${max(res.scores)}.", "game_over")]

    # -- scoring (scoring.py) -----------------------------------------------------------------
    def counts(self, st: ThisIsMineState, seat: int) -> dict[str, int]:
        return scoring.collection_counts(st, seat)

    def breakdowns(self, st: ThisIsMineState) -> list[dict[str, int]]:
        return scoring.breakdowns(st)

    def result(self, st: ThisIsMineState) -> Result:
        return scoring.game_result(st)

    # -- views ---------------------------------------------------------------------------------------
    def view(self, st: ThisIsMineState, seat: int | None) -> ThisIsMineView:
        me = seat if seat is not None and 0 <= seat < st.n else None
        over = st.phase == OVER
        lots: list[LotView] = []
        for i, lot in enumerate(st.lots):
            shown = lot["owner"] is None or lot["owner"] == seat or over
            lots.append({"name": lot_name(i), "cards": list(lot["cards"]) if shown else None,
                         "size": len(lot["cards"]), "money": lot["money"], "owner": lot["owner"]})
        secret_end = st.phase in (DISCARD, COPY)
        return {
            "game": "this-is-mine",
            "n": st.n,
            "viewer": seat,
            "round": st.round_no + 1,
            "rounds_total": load().rounds,
            "phase": st.phase,
            "to_act": self.to_act(st),
            "round_leader": st.round_leader,
            "leader": st.leader,
            "claim": st.claim,
            "asked": list(st.asked),
            "revealed": list(st.revealed),
            "assign": list(st.assign),
            "lots": lots,
            "deck_count": len(st.deck),
            "money": list(st.money),
            "coins": list(st.coins),
            "pile": st.pile,
            "hand": sorted(st.hands[me]) if me is not None else None,
            "hands": [sorted(h) for h in st.hands] if over else None,
            "hand_counts": [len(h) for h in st.hands],
            "balance_ask": list(st.balance_ask),
            "to_discard": list(st.to_discard) if secret_end or over else None,
            "copies_owed": list(st.copies_owed) if st.phase == COPY else None,
            "my_discards": list(st.discards[me]) if me is not None and st.discards else None,
            "my_copies": list(st.copies[me]) if me is not None and st.copies else None,
            "discards": copy_json(st.discards) if over else None,
            "copies": copy_json(st.copies) if over else None,
        }

    def state_from_json(self, data: dict) -> ThisIsMineState:
        return ThisIsMineState.from_json(data)

    def sample_state(self, view: ThisIsMineView, seat: int, rng) -> ThisIsMineState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def progress(self, st: ThisIsMineState) -> str:
        if st.phase == OVER:
            return "finished"
        if st.phase in (DISCARD, COPY):
            return "final choices"
        return f"round {st.round_no + 1}/{load().rounds}"

    def describe_action(self, action: Action) -> str:
        a = action.args
        if action.kind in ("put", "claim") and a:
            return f"{action.kind} lot {lot_name(a[0])}"
        if action.kind == "refuse" and a:
            return f"refuse, $1 on lot {lot_name(a[0])}"
        # (the end choices as the menu names them)
        if action.kind == "discard" and a:
            return f"Relative takes {name_of(a[0])}"
        if action.kind == "copy" and a:
            return f"Suitcase copies {name_of(a[0])}"
        if action.kind == "balance" and a:
            return "ask for the Balance Card" if a[0] else "pass (no Balance Card)"
        return super().describe_action(action)

    # -- taking a move back ------------------------------------------------------------------------
    def can_undo(self, before: ThisIsMineState, seat: int, action: Action,
                 after: ThisIsMineState) -> bool:
        """A card put in a lot until the split is complete; a claim or a refusal (nobody has
        answered yet); an acceptance while others still have to answer; a pass on the Balance
        Card while others are still asked; a secret end choice until everyone has made theirs.
        Taking a lot (the cards go into a hand) and a new round's boxes are never taken back."""
        kind = action.kind
        if kind == "put":
            return after.phase == SPLIT
        if kind in ("claim", "refuse"):
            return True
        if kind == "accept":
            return after.phase == NEGOTIATE and after.claim is not None
        if kind == "balance":
            return after.phase == BALANCE
        if kind in ("discard", "copy"):
            return after.phase == before.phase
        return False



RULES = ThisIsMineRules()
