"""The ``normal`` Mine, All Mine! bot: it reads only its seat's view and plans one fleet per round.

How it thinks, in short:

* Plan. From the view (hand, this round's resources, the others' public hand sizes and scores) it
  evaluates candidate fleets: every subset of its held cards with every option of each card (a
  large hand is pruned by a cheap first pass). Each candidate is played out against a few plausible
  opponent fleets: the cards it cannot see are dealt to the others by their public hand sizes and
  each opponent plays a random number of them with random options. The round is simulated exactly
  as the rules resolve it (``_points``, a fast copy of ``rules.resolve_round`` checked by tests).
* Value. Before the last round: resources mined, a little credit for what the opponents lose, minus
  a price per card spent (played cards go back to the deck and are re-dealt lowest score first, so
  keeping cards matters for later rounds). In the last round cards are worth nothing: it maximises
  the chance of finishing first given the scores so far.
* Steps. The plan is recomputed at every decision from the view alone (its sampling RNG is seeded
  from the view minus the pending fleet, so every step agrees with the same plan): a pending card
  that is not in the plan is removed, else the plan's next missing card is added, else it launches.

It never sees the game state, only ``view``; it keeps no memory between calls.
"""
from __future__ import annotations

import itertools
import random

from ...engine import Action, Bot
from .data import load_ships, ship_of
from .rules import DRILL_POINTS, PROSPECTOR_POINTS, SALVAGE_POINTS, SKIP_GAP


# -- fast round simulation -------------------------------------------------------------------------
def _fleet(seat: int, cards, mode: str) -> tuple:
    """``(seat, speed, attack, cargo, actions)`` like ``rules.fleet_stats`` (a tuple, fast)."""
    speed = attack = cargo = 0
    actions = []
    ships = load_ships()
    for number, option in cards:
        ship = ship_of(number, option, mode)
        if ship is None:
            action = ships[number].action
            actions.append(action.id)
            ship = action.stats
        speed += ship.speed
        attack += ship.attack
        cargo += ship.cargo
    return seat, speed, attack, cargo, frozenset(actions)


def _points(fleets: list[tuple], resources: list[int]) -> dict[int, int]:
    """Points per seat for fleets from ``_fleet``: the same outcome as ``rules.resolve_round``."""
    n_loc = len(resources)
    fl = sorted(fleets)
    skey = {f[0]: (f[1], 1 if "pole-position" in f[4] else 0) for f in fl}
    akey = {f[0]: (f[2], 1 if "targeting" in f[4] else 0) for f in fl}
    speed = {f[0]: f[1] for f in fl}
    keys = sorted(set(skey.values()), reverse=True)
    groups = [[f[0] for f in fl if skey[f[0]] == k] for k in keys]
    acts = {f[0]: f[4] for f in fl}
    loc = {}
    prev_loc = prev_speed = None
    for g in groups:
        sp = speed[g[0]]
        if prev_loc is None:
            at = 1
        elif prev_speed - sp >= SKIP_GAP:
            at = prev_loc + 2
            if at > n_loc and prev_loc + 1 <= n_loc:
                at = n_loc
        else:
            at = prev_loc + 1
        for s in g:
            loc[s] = max(1, at - 1) if "warp-jump" in acts[s] else at
        prev_loc, prev_speed = at, sp
    cargo = {f[0]: f[3] for f in fl}
    carried = {f[0]: 0 for f in fl}
    bonus = {f[0]: 0 for f in fl}
    fled = set()
    drilled = set()
    for t in range(1, n_loc + 1):
        res = resources[t - 1]
        present = [f[0] for f in fl if f[0] not in fled and loc[f[0]] <= t]
        if not present:
            continue
        if len(present) >= 2:
            top = max(akey[s] for s in present)
            for s in present:
                if akey[s] < top and "shield" not in acts[s]:
                    fled.add(s)
                    if "salvage" in acts[s]:
                        bonus[s] += SALVAGE_POINTS
        miners = [s for s in present if s not in fled]
        before = {s: carried[s] for s in miners}
        mgroups = [[s for s in miners if skey[s] == k] for k in keys]
        mgroups = [g for g in mgroups if g]
        remaining = res
        lost = 0
        stop = False
        while remaining > 0 and not stop:
            progress = False
            for g in mgroups:
                if remaining == 0:
                    break
                nonfull = [s for s in g if cargo[s] - carried[s] > 0]
                if not nonfull:
                    continue
                if len(nonfull) > remaining:
                    lost = remaining
                    remaining = 0
                    stop = True
                    break
                take = min(remaining, cargo[nonfull[0]] - carried[nonfull[0]]) \
                    if len(miners) == 1 else 1
                for s in nonfull:
                    carried[s] += take
                remaining -= take * len(nonfull)
                progress = True
            if not progress:
                break
        if lost:
            scav = [s for s in miners if "scavenger" in acts[s] and cargo[s] > carried[s]]
            if scav:
                s = scav[0]
                carried[s] += min(lost, cargo[s] - carried[s])
        for s in miners:
            if carried[s] > before[s] and "drill" in acts[s] and s not in drilled:
                drilled.add(s)
                bonus[s] += DRILL_POINTS
    out = {}
    for f in fl:
        s = f[0]
        if "prospector" in acts[s] and cargo[s] >= 1 and carried[s] == cargo[s]:
            bonus[s] += PROSPECTOR_POINTS
        out[s] = carried[s] + bonus[s]
    return out


# -- the bot ------------------------------------------------------------------------------------
class NormalBot(Bot):
    name = "normal"
    needs_view = True
    samples = 5  # opponent fleets per candidate
    card_price = 1.0  # points a held card is worth per later round (before the last round)
    spite = 0.3  # credit per point an opponent does not score (before the last round)
    exhaustive_hand = 3  # up to this many held cards every fleet is tried (1-sample pre-filter)
    prefilter_samples = 1
    keep = 20  # candidates kept after the pre-filter
    search_samples = 3  # samples per fleet while hill climbing (larger hands)
    climb_steps = 4

    def choose(self, view: dict, legal: list[Action], rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        plan = self.plan(view)
        pending = {c: o for c, o in view["pending"]}
        want = dict(plan)
        for c, o in sorted(pending.items()):
            if want.get(c) != o:
                return Action("remove", (c,))
        for c, o in plan:
            if c not in pending:
                return Action("add", (c, o))
        return Action("launch")

    # -- planning ---------------------------------------------------------------------------------
    def _opponent_samples(self, view: dict, rng: random.Random) -> list[list[tuple]]:
        me, n, mode = view["viewer"], view["n"], view["mode"]
        k_opts = 2 if mode == "beginner" else 4
        hand = set(view["hand"])
        unseen = [c for c in sorted(load_ships()) if c not in hand]
        out = []
        for _ in range(self.samples):
            pool = list(unseen)
            rng.shuffle(pool)
            fleets = []
            i = 0
            for s in range(n):
                if s == me:
                    continue
                h = view["hand_counts"][s]
                cards = pool[i:i + h]
                i += h
                if not cards:
                    continue
                k = len(cards) if rng.random() < 0.5 else rng.randint(1, len(cards))
                chosen = rng.sample(cards, k)
                fleets.append(_fleet(s, [(c, rng.randrange(k_opts)) for c in chosen], mode))
            out.append(fleets)
        return out

    def _candidates(self, hand: list[int], mode: str) -> list[tuple]:
        k_opts = 2 if mode == "beginner" else 4
        out = []
        max_size = len(hand) if len(hand) <= 4 else 3
        for size in range(1, max_size + 1):
            for cards in itertools.combinations(hand, size):
                for opts in itertools.product(range(k_opts), repeat=size):
                    out.append(tuple(zip(cards, opts)))
        return out

    def _value(self, view: dict, cand: tuple, samples: list[list[tuple]]) -> float:
        me, mode = view["viewer"], view["mode"]
        mine = _fleet(me, cand, mode)
        resources = view["resources"]
        last = view["round"] >= view["rounds_total"]
        scores = view["scores"]
        total = 0.0
        for opp in samples:
            pts = _points(opp + [mine], resources)
            my = pts[me]
            if last:
                final = scores[me] + my
                best_other = max((scores[s] + pts.get(s, 0) for s in range(view["n"]) if s != me),
                                 default=0)
                total += (1.0 if final > best_other else 0.5 if final == best_other else 0.0)
                total += 0.01 * my
            else:
                others = sum(pts.values()) - my
                total += my - self.spite * others / max(1, view["n"] - 1)
        v = total / len(samples)
        if not last:
            v -= self.card_price * len(cand) * (view["rounds_total"] - view["round"])
        return v

    def plan(self, view: dict) -> list[tuple[int, int]]:
        """The fleet to launch this round, as ``[(card, option), ...]`` in card order: a pure
        function of the view minus the pending fleet, recomputed at every step (no memory)."""
        key = (f"mam|{view['viewer']}|{view['n']}|{view['mode']}|{view['round']}|{view['hand']}|"
               f"{view['resources']}|{view['hand_counts']}|{view['scores']}")
        return self._plan(view, key)

    def _plan(self, view: dict, key: str) -> list[tuple[int, int]]:
        rng = random.Random(key)
        samples = self._opponent_samples(view, rng)
        hand = list(view["hand"])
        k_opts = 2 if view["mode"] == "beginner" else 4
        if len(hand) <= self.exhaustive_hand:
            cands = self._candidates(hand, view["mode"])
            few = samples[:self.prefilter_samples]
            scored = sorted(((self._value(view, c, few), i) for i, c in enumerate(cands)),
                            key=lambda p: (-p[0], p[1]))
            cands = [cands[i] for _v, i in scored[:self.keep]]
            best, best_v = cands[0], None
            for c in cands:
                v = self._value(view, c, samples)
                if best_v is None or v > best_v:
                    best, best_v = c, v
            return sorted(best)
        # a large hand: hill climbing from the best single card (add / re-option / drop a card)
        search = samples[:self.search_samples]
        seen: dict[tuple, float] = {}

        def value(c: tuple) -> float:
            c = tuple(sorted(c))
            if c not in seen:
                seen[c] = self._value(view, c, search)
            return seen[c]

        cur = max((((c, o),) for c in hand for o in range(k_opts)),
                  key=lambda c: (value(c), [-x for p in c for x in p]))
        cur_v = value(cur)
        for _ in range(self.climb_steps):
            used = {c for c, _o in cur}
            nbrs = [cur + ((c, o),) for c in hand if c not in used for o in range(k_opts)]
            for i, (c, o) in enumerate(cur):
                rest = cur[:i] + cur[i + 1:]
                nbrs += [rest + ((c, p),) for p in range(k_opts) if p != o]
                if rest:
                    nbrs.append(rest)
            nbrs = [tuple(sorted(nb)) for nb in nbrs]
            best = max(nbrs, key=lambda nb: (value(nb), [-x for p in nb for x in p]))
            if value(best) <= cur_v:
                break
            cur, cur_v = best, value(best)
        return sorted(cur)
