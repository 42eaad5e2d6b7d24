"""Mine All Mines: the legal moves of a position (the first layer of the rules class).

``LegalMoves`` lists what the seat whose turn it is may do in each phase of its turn, and checks
one named move quickly for ``apply``. It reads the state and changes nothing.
"""
from __future__ import annotations

from ...engine import Action, Rules
from .data import N_GEMS, load
from .pyramid import FRIEND
from .state import (ACT, DISCARDS, DWARVES, LAMP, OVER, PLAY, STEAL, MineAllMinesState)
from .tables import (BLACKSMITH, DEALER, END, GEM_LIMIT, MEMO_LIMIT, claim_memo, digs, holdings,
                     meets_need, payments_for, trades)
from .views import MineAllMinesView


class LegalMoves(Rules[MineAllMinesState, MineAllMinesView]):
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
                                        if meets_need(have, a)]
        return list(found)

    def _holdings(self, st, seat: int) -> dict:
        own = st.owned[seat]
        return holdings(own["jewelry"], own["support"])

    def meets(self, st, seat: int, ach_id: str) -> bool:
        """Whether ``seat``'s cards fulfil achievement ``ach_id``."""
        return meets_need(self._holdings(st, seat), ach_id)

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

