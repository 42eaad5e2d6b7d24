"""Mine All Mines rules (see ../shared RULINGS): pure Python, deterministic from the seed.

A turn is a short flow of actions by the same seat:

* ``play`` phase: play exactly one dwarf: ``dealer``, ``blacksmith`` (gem or none), ``mine``
  (gem, use Tools 0/1), ``dig`` (gem, mine, place, line "friend"/"foe", use Mine Cart 0/1), or
  ``discard`` (a dwarf) when no dwarf can be played, which ends the turn at once.
* ``steal`` phase (after a Foe dig): ``steal`` (victim, gem), one per victim up the line.
* ``act`` phase: any of ``swap`` (with the Marketplace, after the Dealer), ``trade`` (once a turn,
  3 gems, or 2 with the Trade Helper, for 1), ``helper`` (Goldsmith/Trader once a round), ``buy``
  (once a turn), then ``end``. ``lamp`` / ``lamp_done`` right after buying the Lamp.
* ``claim`` (an achievement, once a turn) and ``helper`` are allowed in the play phase too,
  also beside the ``discard`` of a player who cannot play any dwarf.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Action, Event, IllegalAction, Result, Rules, stream
from . import INFO
from ...engine.jsonstate import JsonState, copy_json
from .data import ANY, GEM_NAMES, LETTERS, N_GEMS, load
from .pyramid import FRIEND, PLACES, line_up, matching_parents
from .tables import (GEM_LIMIT, BLACKSMITH, DEALER, END, MEMO_LIMIT, claim_memo, digs,
                     holdings_memo, payments_for, trades, gem_list)

PLAY, STEAL, LAMP, ACT, OVER = "play", "steal", "lamp", "act", "over"
DWARVES = ("dealer", "blacksmith", 0, 1, 2, 3, 4)  # 0..4: the mining dwarves by gem
ROUNDS = {2: 4, 3: 3, 4: 4, 5: 5}
DISCARDS = {2: 2, 3: 2, 4: 3, 5: 3}
LAMP_MAX = 5
JEWELRY_SHOWN = {2: 3, 3: 3, 4: 3, 5: 4}
SUPPORT_SHOWN = 2
ACHIEVEMENTS_SHOWN = 5
MINE_SET_VP = (0, 1, 3, 6)


def gem_name(g: int) -> str:
    return GEM_NAMES[g]


def dwarf_name(d) -> str:
    return {"dealer": "Dealer", "blacksmith": "Blacksmith"}.get(d, f"{GEM_NAMES[d]} dwarf"
                                                                if isinstance(d, int) else str(d))


def jewel_name(kind: str) -> str:
    """'a Ring', 'a Necklace', ... and 'Earrings' (a pair: no article)."""
    return "Earrings" if kind == "earrings" else f"a {kind.capitalize()}"


def mine_set_vp(count: int) -> int:
    """Mine cards: sets of up to 3 score 1 / 3 / 6."""
    full, rest = divmod(count, 3)
    return full * MINE_SET_VP[3] + MINE_SET_VP[rest]


@dataclass
class MineAllMinesState(JsonState):
    n: int
    seed: int | str
    round_no: int = 0  # 0-based
    first: int = 0  # the First Player of this round
    turn: int = 0  # turns taken this round
    seat: int = 0  # whose turn
    phase: str = PLAY
    hands: list = field(default_factory=list)  # per seat: dwarves (secret)
    discards: list = field(default_factory=list)  # per seat: the random discards (secret)
    dropped: list = field(default_factory=list)  # per seat: dwarves discarded as unplayable (public)
    mines: list = field(default_factory=list)  # 5 x 6 places: None or [gem, owner]
    market_dwarves: list = field(default_factory=list)  # [[dwarf, owner]]
    market: list = field(default_factory=list)  # gems in the Marketplace, per type
    supply: list = field(default_factory=list)  # per type
    gems: list = field(default_factory=list)  # per seat, per type
    lamp: list = field(default_factory=list)  # per seat, per type: gems on the Lamp
    jewelry_deck: list = field(default_factory=list)
    jewelry_shown: list = field(default_factory=list)  # ids or None (an empty place)
    support_deck: list = field(default_factory=list)
    support_shown: list = field(default_factory=list)
    achievements_shown: list = field(default_factory=list)  # ids or None
    achievements_box: list = field(default_factory=list)  # not used this game
    owned: list = field(default_factory=list)  # per seat: {"jewelry": [], "support": [], "ach": []}
    used: list = field(default_factory=list)  # per seat: support ids used this round
    # this turn
    dealer: bool = False
    traded: bool = False
    bought: bool = False
    claimed: bool = False
    steal_from: list = field(default_factory=list)  # victims still to rob
    lamp_left: int = 0


class MineAllMinesRules(Rules):
    info = INFO

    # -- setting up --------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed) -> MineAllMinesState:
        self.info.check_players(n_players)
        self.info.resolve_options(options)
        data = load()
        n = n_players
        st = MineAllMinesState(n=n, seed=seed)
        st.market = [1] * N_GEMS
        st.supply = [data.per_gem - 1] * N_GEMS
        st.gems = [[0] * N_GEMS for _ in range(n)]
        st.lamp = [[0] * N_GEMS for _ in range(n)]
        st.owned = [{"jewelry": [], "support": [], "ach": []} for _ in range(n)]
        st.used = [[] for _ in range(n)]
        st.dropped = [[] for _ in range(n)]
        jewels = sorted(data.jewelry)
        stream(seed, "jewelry").shuffle(jewels)
        k = JEWELRY_SHOWN[n]
        st.jewelry_shown, st.jewelry_deck = jewels[:k], jewels[k:]
        sup = sorted(data.support)
        stream(seed, "support").shuffle(sup)
        st.support_shown, st.support_deck = sup[:SUPPORT_SHOWN], sup[SUPPORT_SHOWN:]
        ach = sorted(data.achievements)
        stream(seed, "achievements").shuffle(ach)
        st.achievements_shown = ach[:ACHIEVEMENTS_SHOWN]
        st.achievements_box = sorted(ach[ACHIEVEMENTS_SHOWN:])
        st.first = stream(seed, "first").randrange(n)
        self._start_round(st, 0, st.first)
        return st

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

    def hand_size(self, st: MineAllMinesState) -> int:
        return len(DWARVES) - DISCARDS[st.n]

    # -- who acts ------------------------------------------------------------------------------------
    def to_act(self, st: MineAllMinesState) -> list[int]:
        return [] if st.phase == OVER else [st.seat]

    def is_over(self, st: MineAllMinesState) -> bool:
        return st.phase == OVER

    # -- helpers -------------------------------------------------------------------------------------
    def _has_unused(self, st, seat: int, prefix: str) -> str | None:
        """The first owned, unused support card whose id starts with ``prefix``."""
        owned = st.owned[seat]["support"]
        if not owned:
            return None
        for cid in sorted(owned):
            if cid.startswith(prefix) and cid not in st.used[seat]:
                return cid
        return None

    def dig_places(self, st, seat: int, gem: int, shapes=None) -> list[tuple[int, int, str]]:
        """(mine, place, line) where the ``gem`` dwarf may dig."""
        out = []
        for m, shape in enumerate(shapes or self._shapes(st)):
            if shape is not None:
                out += [(m, q, side) for q, side in digs(shape, gem)]
        return out

    @staticmethod
    def _shapes(st) -> list:
        """Per mine: the gems in its places (-1 empty), or None while its entrance is empty."""
        return [None if mine[0] is None else tuple(-1 if d is None else d[0] for d in mine)
                for mine in st.mines]

    def _play_actions(self, st, seat: int, only=None) -> list[Action]:
        """The dwarf plays (only those of dwarf ``only`` when given)."""
        hand = st.hands[seat]
        out: list[Action] = []
        if "dealer" in hand and only in (None, "dealer"):
            out.append(DEALER)
        if "blacksmith" in hand and only in (None, "blacksmith"):
            gems = [g for g in range(N_GEMS) if st.supply[g] and st.gems[seat][g] < GEM_LIMIT]
            out += [BLACKSMITH[g] for g in gems] or [BLACKSMITH[None]]
        miners = [d for d in hand if isinstance(d, int) and only in (None, d)]
        if not miners:
            return out
        tools = self._has_unused(st, seat, "tools") is not None
        cart = self._has_unused(st, seat, "cart") is not None
        shapes = self._shapes(st)
        for g in miners:
            if shapes[g] is None:
                out.append(Action("mine", (g, 0)))
                if tools:
                    out.append(Action("mine", (g, 1)))
            for m, q, side in self.dig_places(st, seat, g, shapes):
                out.append(Action("dig", (g, m, q, side, 0)))
                if cart and side == FRIEND:
                    out.append(Action("dig", (g, m, q, side, 1)))
        return out

    def _helper_actions(self, st, seat: int) -> list[Action]:
        out = []
        data = load()
        mine = st.gems[seat]
        for cid in sorted(st.owned[seat]["support"]):
            card = data.support[cid]
            if card.trade is None or cid in st.used[seat] or not mine[card.trade]:
                continue
            for get in range(N_GEMS):
                if get != card.trade and st.supply[get] and mine[get] < GEM_LIMIT:
                    out.append(Action("helper", (cid, card.trade, get)))
        return out

    def _claim_actions(self, st, seat: int) -> list[Action]:
        if st.claimed:
            return []
        shown = [a for a in st.achievements_shown if a is not None]
        if not shown or not (st.owned[seat]["jewelry"] or st.owned[seat]["support"]):
            return []
        own = st.owned[seat]
        key = (tuple(shown), tuple(own["jewelry"]), tuple(own["support"]))
        found = claim_memo.get(key)
        if found is None:
            if len(claim_memo) > MEMO_LIMIT:
                claim_memo.clear()
            have = self._holdings(st, seat)
            found = claim_memo[key] = [Action("claim", (a,)) for a in shown
                                        if self._meets(have, a)]
        return list(found)

    def _holdings(self, st, seat: int) -> dict:
        own = st.owned[seat]
        key = (tuple(own["jewelry"]), tuple(own["support"]))
        have = holdings_memo.get(key)
        if have is None:
            if len(holdings_memo) > MEMO_LIMIT:
                holdings_memo.clear()
            have = holdings_memo[key] = self._count_holdings(own)
        return have

    @staticmethod
    def _count_holdings(own: dict) -> dict:
        data = load()
        jewels = [data.jewelry[j] for j in own["jewelry"]]
        sup = [data.support[c] for c in own["support"]]
        have: dict = {}
        for j in jewels:
            have[j.type] = have.get(j.type, 0) + 1
        have["kinds"] = len({j.type for j in jewels})
        for c in sup:
            have[c.group] = have.get(c.group, 0) + 1
        for c in jewels + sup:
            for g in set(c.cost):
                if g != ANY:
                    have[LETTERS[g]] = have.get(LETTERS[g], 0) + 1
        return have

    @staticmethod
    def _meets(have: dict, ach_id: str) -> bool:
        need = load().achievements[ach_id].need
        if "kinds" in need:
            return have["kinds"] >= need["kinds"]
        key = need.get("type") or need.get("group") or need.get("gem")
        return have.get(key, 0) >= need["count"]

    def meets(self, st, seat: int, ach_id: str) -> bool:
        """Whether ``seat``'s cards fulfil achievement ``ach_id``."""
        return self._meets(self._holdings(st, seat), ach_id)

    def payments(self, st, seat: int, cid: str) -> list[tuple[str, bool]]:
        """Ways to pay for card ``cid`` with the gems held: (gems paid as letters, uses the
        Jeweler). The Jeweler is offered only for a payment that is one gem smaller."""
        mine = tuple(st.gems[seat])
        jeweler = cid[0] == "J" and self._has_unused(st, seat, "jeweler") is not None
        return payments_for(cid, mine, jeweler)

    def _swap_actions(self, st, seat: int) -> list[Action]:
        out: list[Action] = []
        mine = st.gems[seat]
        if st.dealer and not st.bought:  # trading (swaps included) comes before buying
            for give in range(N_GEMS):
                if not mine[give]:
                    continue
                for get in range(N_GEMS):
                    if get != give and st.market[get] and mine[get] < GEM_LIMIT:
                        out.append(Action("swap", (give, get)))
        return out

    def _trade_actions(self, st, seat: int) -> list[Action]:
        if st.traded or st.bought:  # trading comes before buying
            return []
        helper = self._has_unused(st, seat, "trade-helper") is not None
        return trades(tuple(st.gems[seat]), tuple(g > 0 for g in st.supply), helper)

    def _buy_actions(self, st, seat: int) -> list[Action]:
        out: list[Action] = []
        if st.bought:
            return out
        mine = tuple(st.gems[seat])
        if not any(mine):
            return out
        for cid in st.jewelry_shown + st.support_shown:
            if cid is not None:
                out += self._buys_of(st, seat, cid)
        return out

    def _buys_of(self, st, seat: int, cid: str) -> list[Action]:
        return [Action("buy", (cid, pay, 1 if jeweler else 0))
                for pay, jeweler in self.payments(st, seat, cid)]

    def _act_actions(self, st, seat: int) -> list[Action]:
        return (self._swap_actions(st, seat) + self._trade_actions(st, seat)
                + self._helper_actions(st, seat) + self._buy_actions(st, seat)
                + self._claim_actions(st, seat) + [END])

    def _check_play(self, st, seat: int, kind: str, args: tuple) -> list[Action]:
        """``[the action]`` when a Mine or Dig action with ``args`` is legal now, else ``[]``
        (the same answer as filtering ``_play_actions``, without building them all)."""
        action = Action(kind, args)
        if kind == "mine":
            if len(args) != 2 or args[1] not in (0, 1) or type(args[1]) is not int:
                return []
            g, tools = args
            ok = (g in st.hands[seat] and 0 <= g < N_GEMS and st.mines[g][0] is None
                  and (not tools or self._has_unused(st, seat, "tools") is not None))
            return [action] if ok else []
        if len(args) != 5:
            return []
        g, m, q, side, cart = args
        if (type(m) is not int or not 0 <= m < N_GEMS or g not in st.hands[seat]
                or type(cart) is not int or cart not in (0, 1) or st.mines[m][0] is None):
            return []
        shape = tuple(-1 if d is None else d[0] for d in st.mines[m])
        if (q, side) not in digs(shape, g):
            return []
        if cart and (side != FRIEND or self._has_unused(st, seat, "cart") is None):
            return []
        return [action]

    def _moves(self, st, seat: int, kind: str, action_args: tuple = ()) -> list[Action]:
        """The legal actions of one kind (what ``apply`` checks against)."""
        if st.phase == PLAY:
            if kind in ("dealer", "blacksmith"):
                return [a for a in self._play_actions(st, seat, kind) if a.kind == kind]
            if kind in ("mine", "dig"):
                args = action_args
                dwarf = args[0] if args and type(args[0]) is int else None
                if dwarf is None:
                    return []
                return self._check_play(st, seat, kind, action_args)
            if kind == "discard":
                return [] if self._play_actions(st, seat) else self._discard_actions(st, seat)
            if kind == "helper":
                return self._helper_actions(st, seat)
            if kind == "claim":
                return self._claim_actions(st, seat)
            return []
        if st.phase == ACT:
            if kind == "end":
                return [END]
            if kind == "buy":  # only the card named: cheaper than every card's payments
                cid = action_args[0] if action_args else None
                if st.bought or cid is None or cid not in st.jewelry_shown + st.support_shown:
                    return []
                return self._buys_of(st, seat, cid)
            producer = {"swap": self._swap_actions, "trade": self._trade_actions,
                        "helper": self._helper_actions, "buy": self._buy_actions,
                        "claim": self._claim_actions}.get(kind)
            if producer is not None:
                return producer(st, seat)
            return [Action("end")] if kind == "end" else []
        return [a for a in self.legal_actions(st, seat) if a.kind == kind]

    def legal_actions(self, st: MineAllMinesState, seat: int) -> list[Action]:
        if st.phase == OVER or seat != st.seat:
            return []
        if st.phase == PLAY:
            plays = self._play_actions(st, seat) or self._discard_actions(st, seat)
            # the Goldsmith, the Traders and a claim work at any time of the turn, also before
            # (or instead of) a dwarf that cannot be played
            return plays + self._helper_actions(st, seat) + self._claim_actions(st, seat)
        if st.phase == STEAL:
            victim = st.steal_from[0]
            return [Action("steal", (victim, g)) for g in self.stealable(st, seat, victim)]
        if st.phase == LAMP:
            out = [Action("lamp", (g,)) for g in range(N_GEMS) if st.gems[seat][g]]
            return out + [Action("lamp_done")]
        return self._act_actions(st, seat)

    @staticmethod
    def _discard_actions(st, seat: int) -> list[Action]:
        """When no dwarf can be played: the discard of any one of them (this ends the turn)."""
        return [Action("discard", (d,)) for d in sorted(set(st.hands[seat]), key=str)]

    def stealable(self, st, seat: int, victim: int) -> list[int]:
        return [g for g in range(N_GEMS) if st.gems[victim][g] and st.gems[seat][g] < GEM_LIMIT]

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
        parent = next(p for p, s in matching_parents(mine, q, gem) if s == side)
        line = line_up(parent, side)
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
        victims = []
        for p in line:
            owner = mine[p][1]
            if owner != seat and owner not in victims:
                victims.append(owner)
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

    def _do_trade(self, st, seat: int, give: str, get: int) -> list[Event]:
        give = gem_list(give)
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

    def _do_buy(self, st, seat: int, cid: str, pay: str, jeweler: int) -> list[Event]:
        pay = gem_list(pay)
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
            res = self.result(st)
            names = " and ".join(f"{{{s}}}" for s in res.winners)
            events.append(Event(f"Game over: {names} win{'s' if len(res.winners) == 1 else ''} "
                                f"with {max(res.scores)} VP.", "game_over"))
            return events
        first = (st.first - 1) % st.n  # the First Player tile passes to the right
        self._start_round(st, st.round_no + 1, first)
        events.append(Event(f"Round {st.round_no + 1}: {{{first}}} is the First Player.",
                            "round"))
        return events

    # -- views ---------------------------------------------------------------------------------------
    def view(self, st: MineAllMinesState, seat: int | None) -> dict:
        mine = seat is not None and 0 <= seat < st.n
        return {
            "game": "mine-all-mines",
            "n": st.n,
            "viewer": seat,
            "round": st.round_no + 1,
            "rounds_total": ROUNDS[st.n],
            "first": st.first,
            "seat": st.seat,
            "phase": st.phase,
            "to_act": self.to_act(st),
            "turn": st.turn,
            "turns_total": st.n * self.hand_size(st),
            "hand": list(st.hands[seat]) if mine else None,
            "discards": list(st.discards[seat]) if mine else None,
            "hand_counts": [len(h) for h in st.hands],
            "dropped": copy_json(st.dropped),
            "mines": copy_json(st.mines),
            "market_dwarves": copy_json(st.market_dwarves),
            "market": list(st.market),
            "supply": list(st.supply),
            "gems": copy_json(st.gems),
            "lamp": copy_json(st.lamp),
            "jewelry_shown": list(st.jewelry_shown),
            "jewelry_left": len(st.jewelry_deck),
            "support_shown": list(st.support_shown),
            "support_left": len(st.support_deck),
            "achievements_shown": list(st.achievements_shown),
            "owned": copy_json(st.owned),
            "used": copy_json(st.used),
            "turn_state": {"dealer": st.dealer, "traded": st.traded, "bought": st.bought,
                           "claimed": st.claimed, "steal_from": list(st.steal_from),
                           "lamp_left": st.lamp_left},
            "vp": [self.vp_breakdown(st, s)["total"] for s in range(st.n)],
        }

    # -- scoring -------------------------------------------------------------------------------------
    def vp_breakdown(self, st, seat: int) -> dict:
        data = load()
        own = st.owned[seat]
        sup = [data.support[c] for c in own["support"]]
        helpers = sum(1 for s in sup if s.group == "helper")
        mines = sum(1 for s in sup if s.id.startswith("mine-"))
        out = {
            "jewelry": sum(data.jewelry[j].vp for j in own["jewelry"]),
            "support": sum(s.vp for s in sup),
            "vp_helper": helpers if "vp-helper" in own["support"] else 0,
            "mines": mine_set_vp(mines),
            "achievements": sum(data.achievements[a].vp for a in own["ach"]),
            "lamp": sum(st.lamp[seat]),
        }
        out["total"] = sum(out.values())
        return out

    def result(self, st: MineAllMinesState) -> Result:
        n = st.n
        parts = [self.vp_breakdown(st, s) for s in range(n)]
        scores = [p["total"] for p in parts]
        gems_left = [sum(st.gems[s]) for s in range(n)]
        jewels = [len(st.owned[s]["jewelry"]) for s in range(n)]
        best = max((scores[s], gems_left[s], jewels[s]) for s in range(n))
        winners = [s for s in range(n) if (scores[s], gems_left[s], jewels[s]) == best]
        table = [("Jewelry VP", [p["jewelry"] for p in parts]),
                 ("Support VP", [p["support"] for p in parts]),
                 ("VP Helper", [p["vp_helper"] for p in parts]),
                 ("Mine sets", [p["mines"] for p in parts]),
                 ("Achievements", [p["achievements"] for p in parts]),
                 ("Lamp gems", [p["lamp"] for p in parts]),
                 ("Total VP", scores),
                 ("Gems left (1st tie-break)", gems_left),
                 ("Jewelry cards (2nd tie-break)", jewels)]
        notes = []
        tied = [s for s in range(n) if scores[s] == best[0]]
        if len(tied) > 1:
            notes.append("Equal VP: the tie-breaks decide (more gems left, then more Jewelry)."
                         if len(winners) == 1 else "Equal on VP and both tie-breaks: a shared win.")
        return Result(scores=scores, winners=winners, table=table, notes=notes)

    def state_from_json(self, data: dict) -> MineAllMinesState:
        return MineAllMinesState.from_json(data)

    def sample_state(self, view: dict, seat: int, rng) -> MineAllMinesState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def progress(self, st: MineAllMinesState) -> str:
        if st.phase == OVER:
            return "finished"
        return f"round {st.round_no + 1}/{ROUNDS[st.n]}, turn {st.turn + 1}/{st.n * self.hand_size(st)}"

    def describe_action(self, action: Action) -> str:
        a = action.args
        try:
            if action.kind == "mine":
                return f"Mine action with the {gem_name(a[0])} dwarf" + (" (Tools)" if a[1] else "")
            if action.kind == "dig":
                return (f"{gem_name(a[0])} dwarf digs in the {gem_name(a[1])} mine, place {a[2]}, "
                        f"{a[3]} line" + (" (Mine Cart)" if a[4] else ""))
            if action.kind == "blacksmith":
                return "Blacksmith" + (f": take {gem_name(a[0])}" if a else "")
            if action.kind == "steal":
                return f"steal {gem_name(a[1])} from player {a[0] + 1}"
            if action.kind == "trade":
                return f"trade {', '.join(gem_name(g) for g in gem_list(a[0]))} for {gem_name(a[1])}"
            if action.kind == "buy":
                return f"buy {a[0]} paying {', '.join(gem_name(g) for g in gem_list(a[1]))}"
        except (IndexError, KeyError, TypeError):
            pass
        return super().describe_action(action)

    # -- taking a move back ------------------------------------------------------------------------
    def can_undo(self, before: MineAllMinesState, seat: int, action: Action,
                 after: MineAllMinesState) -> bool:
        """Anything within the turn until it ends (End your turn, or an unplayable dwarf
        discarded), except a purchase that turned over a new card. The dwarf played, gems taken,
        stolen, traded or swapped, helpers, claims and the Lamp reveal nothing that was hidden."""
        if action.kind in ("end", "discard") or after.phase == OVER:
            return False
        if (after.round_no, after.turn, after.seat) != (before.round_no, before.turn, seat):
            return False
        if action.kind == "buy":
            return (len(after.jewelry_deck), len(after.support_deck)) == \
                (len(before.jewelry_deck), len(before.support_deck))
        return True

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


RULES = MineAllMinesRules()
