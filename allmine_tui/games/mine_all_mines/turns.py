"""Mine All Mines: a turn being played (the second layer of the rules class).

``TurnFlow`` applies a legal move: the dwarf played, gems taken, stolen, traded or paid, cards
bought and claimed, and the passing of turns and rounds, with a log line for each.
"""
from __future__ import annotations

from ...engine import Action, Event, IllegalAction, stream
from .data import load
from .moves import LegalMoves
from .pyramid import FRIEND, PLACES, dig_line, foe_victims
from .scoring import game_result
from .state import (ACT, DISCARDS, DWARVES, LAMP, LAMP_MAX, OVER, PLAY, ROUNDS, STEAL,
                    MineAllMinesState, dwarf_name, gem_name, jewel_name)
from .data import N_GEMS
from .tables import GEM_LIMIT, gem_list


class TurnFlow(LegalMoves):
    def _start_round(self, st: MineAllMinesState, round_no: int, first: int) -> None:
        st.round_no, st.first, st.turn, st.seat = round_no, first, 0, first
        st.mines = [[None] * PLACES for _ in range(N_GEMS)]
        st.market_dwarves = []
        st.used = [[] for _ in range(st.n)]
        st.dropped = [[] for _ in range(st.n)]
        k = DISCARDS[st.n]
        st.hands, st.discards = [], []
        for s in range(st.n):
            cards = list(range(len(DWARVES)))
            stream(st.seed, "dwarves", round_no, s).shuffle(cards)
            st.discards.append([DWARVES[i] for i in sorted(cards[:k])])
            st.hands.append([DWARVES[i] for i in sorted(cards[k:])])
        self._start_turn(st)

    def _start_turn(self, st: MineAllMinesState) -> None:
        st.phase = PLAY
        st.dealer = st.traded = st.bought = st.claimed = False
        st.steal_from = []
        st.lamp_left = 0

    # -- gem movements (each one logged) -----------------------------------------------------------
    def _take_supply(self, st, seat: int, gem: int, count: int, events: list, why: str) -> int:
        got = 0
        for _ in range(count):
            if st.supply[gem] and st.gems[seat][gem] < GEM_LIMIT:
                st.supply[gem] -= 1
                st.gems[seat][gem] += 1
                got += 1
        if got:
            events.append(Event(f"{{{seat}}} takes {got} {gem_name(gem)} from the supply ({why}).",
                                "gem"))
        if got < count:
            reason = ("holds 3 already" if st.gems[seat][gem] >= GEM_LIMIT
                      else "the supply is empty")
            events.append(Event(f"{{{seat}}} cannot take {count - got} {gem_name(gem)} "
                                f"({reason}).", "gem"))
        return got

    def _to_supply(self, st, seat: int, gems: list[int], events: list, why: str) -> None:
        for g in gems:
            st.gems[seat][g] -= 1
            st.supply[g] += 1
        names = ", ".join(gem_name(g) for g in sorted(gems))
        events.append(Event(f"{{{seat}}} returns {names} to the supply ({why}).", "gem"))

    # -- applying actions ----------------------------------------------------------------------------
    def apply(self, st: MineAllMinesState, seat: int, action: Action) -> list[Event]:
        if st.phase == OVER:
            raise IllegalAction("The game is over.")
        if seat != st.seat:
            raise IllegalAction("It is not your turn.")
        try:
            legal = action in self._moves(st, seat, action.kind, action.args)
        except TypeError:  # not comparable: not a move of this game
            legal = False
        if not legal:
            raise IllegalAction(self._why_illegal(st, seat, action))
        handler = getattr(self, f"_do_{action.kind}")
        return handler(st, seat, *action.args)

    def _why_illegal(self, st, seat: int, action: Action) -> str:
        kind = action.kind
        phase_moves = {PLAY: "play a dwarf", STEAL: "choose a gem to steal",
                       LAMP: "put gems on your Lamp or finish", ACT: "trade, buy, claim or end "
                                                                      "your turn"}
        if st.phase == PLAY and kind in ("swap", "trade", "buy", "end"):
            return "Play a dwarf first; trading and buying come after it."
        if st.phase == ACT and kind in ("dealer", "blacksmith", "mine", "dig", "discard"):
            return "You have already played a dwarf this turn."
        if kind == "discard":
            return "You may only discard a dwarf when none of yours can be played."
        if kind == "mine":
            return "A Mine action needs your dwarf of that gem and an empty mine entrance."
        if kind == "dig":
            return ("A dwarf digs on an empty place below a dwarf it is a friend of (the + side) "
                    "or a foe of (the − side), at most three rows deep.")
        if kind in ("swap", "trade") and st.bought:
            return "Trades come before buying: you have already bought a card this turn."
        if kind == "trade":
            return ("Trade once a turn: 3 of your gems (2 with an unused Trade Helper) for 1 gem "
                    "from the supply that you may hold.")
        if kind == "buy":
            return ("You cannot buy that: one card a turn, from the face-up cards, paid with "
                    "gems you hold.")
        if kind == "claim":
            return "You do not meet that achievement's requirement (or already claimed one this turn)."
        if kind == "swap":
            return "Swapping with the Marketplace needs your Dealer played this turn."
        if kind == "helper":
            return "Each Goldsmith or Trader works once a round, turning in its own gem."
        if kind == "steal":
            return "Choose a gem that this player holds and that you may hold."
        return f"That is not a move now: {phase_moves.get(st.phase, 'wait')}."

    def _after_dwarf(self, st, seat: int, dwarf, events: list) -> list[Event]:
        st.hands[seat].remove(dwarf)
        if st.phase == PLAY:
            st.phase = ACT
        return events

    def _do_dealer(self, st, seat: int) -> list[Event]:
        st.market_dwarves.append(["dealer", seat])
        st.dealer = True
        events = [Event(f"{{{seat}}} plays the Dealer to the Marketplace.", "play")]
        return self._after_dwarf(st, seat, "dealer", events)

    def _do_blacksmith(self, st, seat: int, gem: int | None = None) -> list[Event]:
        st.market_dwarves.append(["blacksmith", seat])
        events = [Event(f"{{{seat}}} plays the Blacksmith to the Marketplace.", "play")]
        if gem is not None:
            self._take_supply(st, seat, gem, 1, events, "Blacksmith")
        return self._after_dwarf(st, seat, "blacksmith", events)

    def _do_mine(self, st, seat: int, gem: int, tools: int) -> list[Event]:
        st.mines[gem][0] = [gem, seat]
        events = [Event(f"{{{seat}}} plays the {gem_name(gem)} dwarf at the {gem_name(gem)} mine "
                        f"entrance.", "play")]
        count = 1
        if tools:
            cid = self._has_unused(st, seat, "tools")
            st.used[seat].append(cid)
            count = 2
            events.append(Event(f"{{{seat}}} uses Tools.", "support"))
        self._take_supply(st, seat, gem, count, events, "Mine action")
        return self._after_dwarf(st, seat, gem, events)

    def _do_dig(self, st, seat: int, gem: int, m: int, q: int, side: str, cart: int) -> list[Event]:
        mine = st.mines[m]
        mine[q] = [gem, seat]
        parent, line = dig_line(mine, q, gem, side)
        word = "friend" if side == FRIEND else "foe"
        events = [Event(f"{{{seat}}} plays the {gem_name(gem)} dwarf in the {gem_name(m)} mine as "
                        f"a {word} of {gem_name(mine[parent][0])} ({'+' if side == FRIEND else '−'}"
                        f" side, row {1 + (q > 0) + (q > 2)}).", "play")]
        if side == FRIEND:
            count = 1
            if cart:
                cid = self._has_unused(st, seat, "cart")
                st.used[seat].append(cid)
                count = 2
                events.append(Event(f"{{{seat}}} uses a Mine Cart.", "support"))
            self._take_supply(st, seat, gem, count, events, "Friend dig")
            for p in line:
                g, owner = mine[p]
                if owner != seat:
                    self._take_supply(st, seat, g, 1, events, "Friend bonus")
                else:
                    events.append(Event(f"No bonus for {{{seat}}}'s own {gem_name(g)} dwarf.",
                                        "info"))
            return self._after_dwarf(st, seat, gem, events)
        self._take_supply(st, seat, gem, 1, events, "Foe dig")
        victims = foe_victims(mine, line, seat)
        self._after_dwarf(st, seat, gem, events)
        st.steal_from = victims
        st.phase = STEAL
        self._skip_empty_steals(st, seat, events)
        return events

    def _skip_empty_steals(self, st, seat: int, events: list) -> None:
        while st.steal_from and not self.stealable(st, seat, st.steal_from[0]):
            victim = st.steal_from.pop(0)
            events.append(Event(f"{{{seat}}} can take nothing from {{{victim}}}.", "gem"))
        if not st.steal_from:
            st.phase = ACT

    def _do_steal(self, st, seat: int, victim: int, gem: int) -> list[Event]:
        st.gems[victim][gem] -= 1
        st.gems[seat][gem] += 1
        st.steal_from.pop(0)
        events = [Event(f"{{{seat}}} steals 1 {gem_name(gem)} from {{{victim}}}.", "steal")]
        self._skip_empty_steals(st, seat, events)
        return events

    def _do_discard(self, st, seat: int, dwarf) -> list[Event]:
        st.hands[seat].remove(dwarf)
        st.dropped[seat].append(dwarf)
        events = [Event(f"{{{seat}}} cannot play any dwarf and discards the {dwarf_name(dwarf)}; "
                        f"the turn ends.", "discard")]
        return events + self._next_turn(st)

    def _do_swap(self, st, seat: int, give: int, get: int) -> list[Event]:
        st.gems[seat][give] -= 1
        st.market[give] += 1
        st.market[get] -= 1
        st.gems[seat][get] += 1
        return [Event(f"{{{seat}}} swaps 1 {gem_name(give)} for the Marketplace's "
                      f"{gem_name(get)} (Dealer).", "gem")]

    def _do_trade(self, st, seat: int, letters: str, get: int) -> list[Event]:
        give = gem_list(letters)
        events: list[Event] = []
        if len(give) == 2:
            cid = self._has_unused(st, seat, "trade-helper")
            st.used[seat].append(cid)
            events.append(Event(f"{{{seat}}} uses the Trade Helper (2 for 1).", "support"))
        st.traded = True
        self._to_supply(st, seat, list(give), events, "trade")
        self._take_supply(st, seat, get, 1, events, "trade")
        return events

    def _do_helper(self, st, seat: int, cid: str, give: int, get: int) -> list[Event]:
        st.used[seat].append(cid)
        name = load().support[cid].name
        events: list[Event] = []
        self._to_supply(st, seat, [give], events, name)
        self._take_supply(st, seat, get, 1, events, name)
        return events

    def _do_buy(self, st, seat: int, cid: str, letters: str, jeweler: int) -> list[Event]:
        pay = gem_list(letters)
        data = load()
        events: list[Event] = []
        if jeweler:
            st.used[seat].append(self._has_unused(st, seat, "jeweler"))
            events.append(Event(f"{{{seat}}} uses the Jeweler (one gem less).", "support"))
        self._to_supply(st, seat, list(pay), events, "payment")
        st.bought = True
        if cid in data.jewelry:
            i = st.jewelry_shown.index(cid)
            st.jewelry_shown[i] = st.jewelry_deck.pop(0) if st.jewelry_deck else None
            st.owned[seat]["jewelry"].append(cid)
            j = data.jewelry[cid]
            events.insert(0, Event(f"{{{seat}}} buys {jewel_name(j.type)} ({j.vp} VP).", "buy"))
        else:
            i = st.support_shown.index(cid)
            st.support_shown[i] = st.support_deck.pop(0) if st.support_deck else None
            st.owned[seat]["support"].append(cid)
            events.insert(0, Event(f"{{{seat}}} buys {data.support[cid].name}.", "buy"))
            if cid == "lamp" and any(st.gems[seat]):
                st.phase = LAMP
                st.lamp_left = LAMP_MAX
        return events

    def _do_lamp(self, st, seat: int, gem: int) -> list[Event]:
        st.gems[seat][gem] -= 1
        st.lamp[seat][gem] += 1
        st.lamp_left -= 1
        if st.lamp_left == 0 or not any(st.gems[seat]):
            st.phase = ACT
        return [Event(f"{{{seat}}} puts 1 {gem_name(gem)} on the Lamp (1 VP at the end).", "gem")]

    def _do_lamp_done(self, st, seat: int) -> list[Event]:
        st.phase = ACT
        st.lamp_left = 0
        return []

    def _do_claim(self, st, seat: int, aid: str) -> list[Event]:
        i = st.achievements_shown.index(aid)
        st.achievements_shown[i] = None
        st.owned[seat]["ach"].append(aid)
        st.claimed = True
        a = load().achievements[aid]
        return [Event(f"{{{seat}}} claims the achievement {a.name} ({a.vp} VP).", "claim")]

    def _do_end(self, st, seat: int) -> list[Event]:
        return self._next_turn(st)

    def _next_turn(self, st) -> list[Event]:
        st.turn += 1
        if st.turn >= st.n * self.hand_size(st):
            return self._end_round(st)
        st.seat = (st.seat + 1) % st.n
        self._start_turn(st)
        return []

    def _end_round(self, st) -> list[Event]:
        events = [Event(f"Round {st.round_no + 1} ends.", "round")]
        if st.round_no + 1 >= ROUNDS[st.n]:
            st.phase = OVER
            res = game_result(st)
            names = " and ".join(f"{{{s}}}" for s in res.winners)
            events.append(Event(f"Game over: {names} win{'s' if len(res.winners) == 1 else ''} "
                                f"with {max(res.scores)} VP.", "game_over"))
            return events
        first = (st.first - 1) % st.n  # the First Player tile passes to the right
        self._start_round(st, st.round_no + 1, first)
        events.append(Event(f"Round {st.round_no + 1}: {{{first}}} is the First Player.",
                            "round"))
        return events

