"""The ``normal`` Mine All Mines bot: a greedy planner over its own turn, from its view alone.

How it thinks, in short:

* Gem values. A gem is worth a fraction of a VP that shrinks as the bot's remaining turns run out
  (on its last turn gems only break ties), a little more when the face-up cards ask for that gem.
  Only as many gems count as the turns left can spend (a purchase a turn); the rest only break
  ties, which is when the Lamp (1 VP for each gem put on it) pays for itself.
* Position value. VP of its cards (as the rules score them: Mine sets, VP Helper, Lamp), plus a
  share of each face-up achievement by its progress (the full VP when it can be claimed), plus the
  future use of Tools, Mine Carts, the Jeweler and the trade helpers, plus its gems.
* Purchase plan. For every face-up card and every way to pay it, it checks whether its gems pay,
  possibly after Dealer swaps with the Marketplace, a Goldsmith/Trader and one 3-for-1 (2-for-1)
  trade, and scores the position after the purchase (Lamp gems included). Conversions are only
  ever made as steps of the best plan, so it never trades or swaps without buying.
* Dwarf. Every legal dwarf play is scored by the gems it yields (friend lines, steals, Tools and
  Mine Carts, the Blacksmith's gem, the Dealer's swaps) followed by the best purchase plan; a small
  bonus for robbing the leader.
* Then: claim the best achievement whenever legal, take the plan's next step, steal the gem it
  values most, put its least valuable gems on a Lamp, and end the turn.

It reads only ``view`` and ``legal`` and keeps no memory between calls. Its only randomness: among
dwarf plays worth nearly the same (within ``NEAR``) it draws one from the random stream it is
given, so two such bots do not play alike.
"""
from __future__ import annotations

import random
from typing import Any

from ...engine import Action, Bot, pick_near_best
from ...engine.views import own
from .data import ANY, LETTERS, N_GEMS, load
from .pyramid import FRIEND, dig_line, foe_victims
from .state import LAMP_MAX
from .scoring import card_vp
from .views import MineAllMinesView
from .tables import GEM_LIMIT, achievement_progress, holdings, payment_table

#: the expected future worth (in VP) of a support ability, per round it can still be used
ABILITY_PER_ROUND = {"tools": 0.55, "cart": 0.55, "jeweler": 0.6, "trade-helper": 0.3,
                     "goldsmith": 0.2, "trader": 0.2}
#: the share of an achievement's VP credited per step of progress (before it is complete)
ACH_SHARE = 0.45
LEADER_STEAL_BONUS = 0.25
#: gems one purchase uses, about: gems beyond what the turns left can spend are worth little
SPEND_PER_TURN = 3
#: the worth of a gem that can no longer be spent (it only breaks ties)
TIE_VALUE = 0.02
#: dwarf plays worth this close to the best are near-equal: one is drawn at random
NEAR = 0.05


def _ability(cid: str) -> str | None:
    for key in ("tools", "cart", "jeweler", "trade-helper", "goldsmith", "trader"):
        if cid.startswith(key):
            return key
    return None


class _Ctx:
    """What the bot derives from a view once per decision."""

    def __init__(self, view: MineAllMinesView):
        data = load()
        self.data = data
        me = own(view["viewer"])
        self.me = me
        self.view = view
        self.gems = list(view["gems"][me])
        self.supply = list(view["supply"])
        self.market = list(view["market"])
        owned = view["owned"][me]
        self.jewelry = list(owned["jewelry"])
        self.support = list(owned["support"])
        self.ach = list(owned["ach"])
        self.used = set(view["used"][me])
        self.lamp = sum(view["lamp"][me])
        ts = view["turn_state"]
        self.turn_state = ts
        self.phase = view["phase"]
        self.shown_ach = [a for a in view["achievements_shown"] if a is not None]
        hand = view["hand"] or []
        hand_size = 7 - len(view["discards"] or [])
        later_rounds = view["rounds_total"] - view["round"]
        in_round = len(hand) - (1 if self.phase == "play" else 0)
        self.turns_after = in_round + hand_size * later_rounds  # my turns after this one
        # rounds in which a card bought now can still be used (this one if I have turns left)
        self.rounds_usable = later_rounds + (1 if in_round > 0 else 0)
        f = self.turns_after
        base = 0.02 if f == 0 else min(0.7, 0.3 + 0.12 * f)
        demand = [0.0] * N_GEMS
        for cid in view["jewelry_shown"] + view["support_shown"]:
            if cid is None:
                continue
            for g in data.card(cid).cost:
                if g != ANY:
                    demand[g] += 1
        top = max(demand) or 1.0
        self.gv = [base * (0.85 + 0.3 * demand[g] / top) for g in range(N_GEMS)]
        self.order = sorted(range(N_GEMS), key=lambda g: (self.gv[g], g))  # cheapest first
        self.dearest = self.order[::-1]
        vp = view["vp"]
        others = [vp[s] for s in range(view["n"]) if s != me]
        self.leaders = {s for s in range(view["n"]) if s != me and vp[s] == max(others)} \
            if others else set()
        self._purchases: dict[tuple, tuple[float, list]] = {}  # best_purchase by its arguments

    # -- values ------------------------------------------------------------------------------------
    def gems_value(self, gems) -> float:
        """Gems at their values, but only as many as the turns left can spend (one purchase a
        turn, about ``SPEND_PER_TURN`` gems); the others only break ties."""
        gv = self.gv
        cap = SPEND_PER_TURN * self.turns_after
        total = 0.0
        for g in self.dearest:
            k = min(gems[g], cap)
            total += gv[g] * k + TIE_VALUE * (gems[g] - k)
            cap -= k
        return total

    def cards_value(self, jewelry: list, support: list, can_claim: bool) -> float:
        """VP of the cards, achievements' progress and the abilities' future use."""
        data = self.data
        parts = card_vp(jewelry, support)  # as the rules score them
        vp: float = parts["jewelry"] + parts["support"] + parts["mines"] + parts["vp_helper"]
        # abilities
        for c in support:
            kind = _ability(c)
            if kind is None:
                continue
            rounds = self.rounds_usable if c not in self.support else \
                self.rounds_usable - (1 if c in self.used else 0)
            vp += ABILITY_PER_ROUND[kind] * max(0, rounds) * (1 if self.turns_after else 0)
        # achievements, counted as the rules count them
        have = holdings(jewelry, support)
        best_now = 0.0
        future = 0.0
        for aid in self.shown_ach:
            a = data.achievements[aid]
            got, count = achievement_progress(have, aid)
            if got >= count:
                if can_claim:
                    best_now = max(best_now, a.vp)
                else:
                    future += a.vp * 0.9 if self.turns_after else 0
            elif self.turns_after:
                future += a.vp * ACH_SHARE * (got / count) ** 2
        return vp + best_now + future

    # -- purchase planning ---------------------------------------------------------------------
    def best_purchase(self, gems: list, dealer: bool, traded: bool, bought: bool,
                      can_claim: bool) -> tuple[float, list]:
        """(value of the best end-of-turn position, its steps) from gems ``gems``."""
        key = (tuple(gems), dealer, traded, bought, can_claim)
        found = self._purchases.get(key)
        if found is None:
            found = self._purchases[key] = self._best_purchase(list(gems), dealer, traded,
                                                                 bought, can_claim)
        return found[0], list(found[1])

    def _best_purchase(self, gems: list, dealer: bool, traded: bool, bought: bool,
                       can_claim: bool) -> tuple[float, list]:
        base = self.cards_value(self.jewelry, self.support, can_claim) + self.gems_value(gems)
        if bought or not any(gems):
            return base, []
        view = self.view
        best_v, best_steps = base, []
        supports = self.support
        used = self.used
        helpers = [(c, self.data.support[c].trade) for c in sorted(supports)
                   if self.data.support[c].trade is not None and c not in used]
        trade_sizes = []
        if not traded:
            if "trade-helper" in supports and "trade-helper" not in used:
                trade_sizes.append(2)
            trade_sizes.append(3)
        jeweler = "jeweler" in supports and "jeweler" not in used
        for cid in view["jewelry_shown"] + view["support_shown"]:
            if cid is None:
                continue
            is_jewel = cid[0] == "J"
            if is_jewel:
                jw, sp = self.jewelry + [cid], supports
            else:
                jw, sp = self.jewelry, supports + [cid]
            card_v = self.cards_value(jw, sp, can_claim)
            for letters, counts, with_jeweler in payment_table(cid):
                if with_jeweler and not (jeweler and is_jewel):
                    continue
                plan = self._convert(gems, counts, dealer, helpers, trade_sizes)
                if plan is None:
                    continue
                steps, final = plan
                v = card_v + self.gems_value(final)
                if with_jeweler:
                    v -= ABILITY_PER_ROUND["jeweler"]  # spent for this round
                if cid == "lamp":
                    v += self._lamp_gain(final)
                if v > best_v + 1e-9:
                    best_v = v
                    best_steps = steps + [Action("buy", (cid, letters, 1 if with_jeweler else 0))]
        return best_v, best_steps

    def _lamp_gain(self, gems: list) -> float:
        """What putting up to 5 gems on a new Lamp adds: 1 VP each instead of the gems' worth
        (the least valuable gems go first; as many as pay)."""
        before = self.gems_value(gems)
        rest = list(gems)
        best = put = 0.0
        for g in self.order:
            while rest[g] and put < LAMP_MAX:
                rest[g] -= 1
                put += 1
                best = max(best, put - (before - self.gems_value(rest)))
        return best

    def _convert(self, gems: list, pay: tuple, dealer: bool, helpers: list,
                 trade_sizes: list) -> tuple[list, list] | None:
        """Steps (swaps, helpers, one trade) after which ``gems`` pay ``pay``; None if none."""
        deficit = [max(0, pay[g] - gems[g]) for g in range(N_GEMS)]
        need = sum(deficit)
        if need == 0:
            return [], [gems[g] - pay[g] for g in range(N_GEMS)]
        spare = [max(0, gems[g] - pay[g]) for g in range(N_GEMS)]
        if sum(spare) < need:
            return None
        steps: list[Action] = []
        supply = self.supply
        order = self.order
        if dealer:
            market = list(self.market)
            for y in range(N_GEMS):
                while deficit[y] and market[y] > 0:
                    x = next((x for x in order if x != y and spare[x] > 0), None)
                    if x is None:
                        break
                    steps.append(Action("swap", (x, y)))
                    spare[x] -= 1
                    market[x] += 1
                    market[y] -= 1
                    deficit[y] -= 1
        for cid, tg in helpers:
            if not spare[tg]:
                continue
            to = next((y for y in range(N_GEMS) if deficit[y] and y != tg and supply[y] > 0), None)
            if to is None:
                continue
            steps.append(Action("helper", (cid, tg, to)))
            spare[tg] -= 1
            deficit[to] -= 1
        need = sum(deficit)
        if need > 1:
            return None
        if need == 1:
            y = deficit.index(1)
            if supply[y] <= 0:
                return None
            for size in trade_sizes:
                if sum(spare) < size:
                    continue
                give = []
                left = size
                for x in order:
                    k = min(left, spare[x])
                    give += [x] * k
                    left -= k
                    if not left:
                        break
                for x in give:
                    spare[x] -= 1
                steps.append(Action("trade", ("".join(LETTERS[g] for g in sorted(give)), y)))
                deficit[y] = 0
                break
            else:
                return None
        return steps, spare

    # -- dwarf plays -------------------------------------------------------------------------------
    def play_gain(self, action: Action) -> tuple[list, float, bool]:
        """Gems after playing ``action`` (steals chosen greedily), a bonus, whether the Dealer."""
        gems = list(self.gems)
        supply = list(self.supply)
        me = self.me
        bonus = 0.0

        def take(g: int, k: int = 1) -> None:
            for _ in range(k):
                if supply[g] > 0 and gems[g] < GEM_LIMIT:
                    supply[g] -= 1
                    gems[g] += 1

        kind, args = action.kind, action.args
        if kind == "dealer":
            return gems, 0.0, True
        if kind == "blacksmith":
            if args:
                take(args[0])
            return gems, 0.0, False
        if kind == "mine":
            take(args[0], 2 if args[1] else 1)
            if args[1]:
                bonus -= 0.1  # the Tools are spent for this round
            return gems, bonus, False
        if kind == "dig":
            g, m, q, side, cart = args
            mine: list[Any] = [None if d is None else list(d) for d in self.view["mines"][m]]
            mine[q] = [g, me]
            _parent, line = dig_line(mine, q, g, side)
            if side == FRIEND:
                take(g, 2 if cart else 1)
                if cart:
                    bonus -= 0.1
                for p in line:
                    dg, owner = mine[p]
                    if owner != me:
                        take(dg)
                return gems, bonus, False
            take(g)
            for v in foe_victims(mine, line, me):
                theirs = self.view["gems"][v]
                opts = [h for h in range(N_GEMS) if theirs[h] and gems[h] < GEM_LIMIT]
                if opts:
                    h = max(opts, key=lambda h: (self.gv[h], -h))
                    gems[h] += 1
                    if v in self.leaders:
                        bonus += LEADER_STEAL_BONUS
            return gems, bonus, False
        return gems, -1.0, False


class NormalBot(Bot[MineAllMinesView]):
    name = "normal"
    needs_view = True

    def choose(self, view: MineAllMinesView, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        ctx = _Ctx(view)
        # an achievement whenever one can be claimed: the best one
        claims = [a for a in legal if a.kind == "claim"]
        if claims:
            data = load()
            return max(claims, key=lambda a: (data.achievements[a.args[0]].vp, a.args[0]))
        phase = view["phase"]
        if phase == "steal":
            return max(legal, key=lambda a: (ctx.gv[a.args[1]], -a.args[1]) if a.kind == "steal"
                       else (-1, 0))
        if phase == "lamp":
            opts = [a for a in legal if a.kind == "lamp" and ctx.gv[a.args[0]] < 1]
            if opts:
                return min(opts, key=lambda a: (ctx.gv[a.args[0]], a.args[0]))
            return next((a for a in legal if a.kind == "lamp_done"), legal[0])
        if phase == "play":
            return self._play(ctx, legal, rng)
        return self._act(ctx, legal)

    def _play(self, ctx: _Ctx, legal: list[Action], rng) -> Action:
        plays = [a for a in legal if a.kind in ("dealer", "blacksmith", "mine", "dig")]
        if not plays:
            discards = [a for a in legal if a.kind == "discard"]
            return discards[0] if discards else legal[0]
        values = [self.play_value(ctx, a) for a in plays]
        return plays[pick_near_best(values, rng, NEAR)]

    @staticmethod
    def play_value(ctx: _Ctx, action: Action) -> float:
        """The worth of the position after playing this dwarf and the best purchase it allows."""
        gems, bonus, dealer = ctx.play_gain(action)
        v, _steps = ctx.best_purchase(gems, dealer, False, False, True)
        return v + bonus

    def _act(self, ctx: _Ctx, legal: list[Action]) -> Action:
        ts = ctx.turn_state
        can_claim = not ts["claimed"]
        _v, steps = ctx.best_purchase(ctx.gems, ts["dealer"], ts["traded"], ts["bought"],
                                      can_claim)
        legal_set = set(legal)
        if steps and steps[0] in legal_set:
            return steps[0]
        end = Action("end")
        return end if end in legal_set else legal[-1]
