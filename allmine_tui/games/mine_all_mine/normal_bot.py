"""The ``normal`` Mine, All Mine! bot: it reads only its seat's view and plans one fleet per round.

How it thinks, in short:

* Plan. From the view (hand, this round's resources, the others' public hand sizes and scores) it
  evaluates candidate fleets: every subset of its held cards with every option of each card (a
  large hand is pruned by a cheap first pass). Each candidate is played out against a few plausible
  opponent fleets: the cards it cannot see are dealt to the others by their public hand sizes and
  each opponent plays a random number of them with random options. The round is simulated exactly
  as the rules resolve it (``_points``, a fast copy of ``fleets.resolve_round`` checked by tests).
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
from ...engine.views import own
from .data import load_ships
from .views import MineAllMineView
from .fleets import DRILL_POINTS, PROSPECTOR_POINTS, SALVAGE_POINTS, SKIP_GAP, fleet_sums


# -- fast round simulation -------------------------------------------------------------------------
def _fleet(seat: int, cards, mode: str) -> tuple:
    """``(seat, speed, attack, cargo, actions)``: ``fleets.fleet_stats`` as a tuple (fast)."""
    speed, attack, cargo, actions = fleet_sums(cards, mode)
    return seat, speed, attack, cargo, frozenset(actions)


def _points(fleets: list[tuple], resources: list[int]) -> dict[int, int]:
    """Points per seat for fleets from ``_fleet``: the same outcome as ``fleets.resolve_round``
    (written for speed: the bots call it thousands of times a decision)."""
    n_loc = len(resources)
    fl = sorted(fleets)
    m = len(fl)
    idx = range(m)
    acts = [f[4] for f in fl]
    skey = [(f[1], 1 if "pole-position" in a else 0) for f, a in zip(fl, acts)]
    akey = [(f[2], 1 if "targeting" in a else 0) for f, a in zip(fl, acts)]
    keys = sorted(set(skey), reverse=True)
    rank = [keys.index(k) for k in skey]
    loc = [0] * m
    prev_loc = prev_speed = None
    for r, k in enumerate(keys):
        sp = k[0]
        if prev_loc is None:
            at = 1
        elif prev_speed - sp >= SKIP_GAP:
            at = prev_loc + 2
            if at > n_loc and prev_loc + 1 <= n_loc:
                at = n_loc
        else:
            at = prev_loc + 1
        for i in idx:
            if rank[i] == r:
                loc[i] = max(1, at - 1) if "warp-jump" in acts[i] else at
        prev_loc, prev_speed = at, sp
    cargo = [f[3] for f in fl]
    carried = [0] * m
    bonus = [0] * m
    fled = [False] * m
    drilled = [False] * m
    by_rank = sorted(idx, key=lambda i: (rank[i], i))
    for t in range(1, n_loc + 1):
        present = [i for i in idx if not fled[i] and loc[i] <= t]
        if not present:
            continue
        remaining = resources[t - 1]
        if len(present) == 1:  # alone: it mines what it can carry
            i = present[0]
            take = min(remaining, cargo[i] - carried[i])
            if take > 0:
                carried[i] += take
                if "drill" in acts[i] and not drilled[i]:
                    drilled[i] = True
                    bonus[i] += DRILL_POINTS
            continue
        top = max(akey[i] for i in present)
        for i in present:
            if akey[i] < top and "shield" not in acts[i]:
                fled[i] = True
                if "salvage" in acts[i]:
                    bonus[i] += SALVAGE_POINTS
        miners = [i for i in present if not fled[i]]
        before = [carried[i] for i in idx]
        order = [i for i in by_rank if i in miners]
        if len(miners) == 1:
            i = miners[0]
            carried[i] += max(0, min(remaining, cargo[i] - carried[i]))
        else:
            groups: list[list[int]] = []
            for i in order:
                if groups and rank[groups[-1][0]] == rank[i]:
                    groups[-1].append(i)
                else:
                    groups.append([i])
            lost = 0
            stop = False
            while remaining > 0 and not stop:
                progress = False
                for g in groups:
                    if remaining == 0:
                        break
                    nonfull = [i for i in g if cargo[i] > carried[i]]
                    if not nonfull:
                        continue
                    if len(nonfull) > remaining:
                        lost, remaining, stop = remaining, 0, True
                        break
                    for i in nonfull:
                        carried[i] += 1
                    remaining -= len(nonfull)
                    progress = True
                if not progress:
                    break
            if lost:
                scav = [i for i in miners if "scavenger" in acts[i] and cargo[i] > carried[i]]
                if scav:
                    i = scav[0]
                    carried[i] += min(lost, cargo[i] - carried[i])
        for i in miners:
            if carried[i] > before[i] and "drill" in acts[i] and not drilled[i]:
                drilled[i] = True
                bonus[i] += DRILL_POINTS
    out = {}
    for i, f in enumerate(fl):
        if "prospector" in acts[i] and cargo[i] >= 1 and carried[i] == cargo[i]:
            bonus[i] += PROSPECTOR_POINTS
        out[f[0]] = carried[i] + bonus[i]
    return out


# -- the bot ------------------------------------------------------------------------------------
class NormalBot(Bot[MineAllMineView]):
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

    def choose(self, view: MineAllMineView, legal: list[Action], rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        plan = self.plan(view)
        pending = {c: o for c, o in own(view["pending"])}
        want = dict(plan)
        for c, o in sorted(pending.items()):
            if want.get(c) != o:
                return Action("remove", (c,))
        for c, o in plan:
            if c not in pending:
                return Action("add", (c, o))
        return Action("launch")

    # -- planning ---------------------------------------------------------------------------------
    def _opponent_samples(self, view: MineAllMineView, rng: random.Random) -> list[list[tuple]]:
        me, n, mode = view["viewer"], view["n"], view["mode"]
        k_opts = 2 if mode == "beginner" else 4
        hand = set(own(view["hand"]))
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

    def _value(self, view: MineAllMineView, cand: tuple, samples: list[list[tuple]]) -> float:
        me, mode = own(view["viewer"]), view["mode"]
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

    def plan(self, view: MineAllMineView) -> list[tuple[int, int]]:
        """The fleet to launch this round, as ``[(card, option), ...]`` in card order: a pure
        function of the view minus the pending fleet, recomputed at every step (no memory)."""
        return sorted(self.ranked(view)[0][1])

    @staticmethod
    def plan_key(view: MineAllMineView) -> str:
        """The view minus the pending fleet: what the plan depends on."""
        return (f"mam|{view['viewer']}|{view['n']}|{view['mode']}|{view['round']}|{view['hand']}|"
                f"{view['resources']}|{view['hand_counts']}|{view['scores']}")

    def ranked(self, view: MineAllMineView) -> list[tuple[float, tuple]]:
        """The fleets the plan considered with their values, the plan's fleet first."""
        return self._ranked(view, self.plan_key(view))

    def _ranked(self, view: MineAllMineView, key: str) -> list[tuple[float, tuple]]:
        rng = random.Random(key)
        samples = self._opponent_samples(view, rng)
        hand = list(own(view["hand"]))
        k_opts = 2 if view["mode"] == "beginner" else 4
        if len(hand) <= self.exhaustive_hand:
            cands = self._candidates(hand, view["mode"])
            few = samples[:self.prefilter_samples]
            scored = sorted(((self._value(view, c, few), i) for i, c in enumerate(cands)),
                            key=lambda p: (-p[0], p[1]))
            cands = [cands[i] for _v, i in scored[:self.keep]]
            values = [self._value(view, c, samples) for c in cands]
            order = sorted(range(len(cands)), key=lambda i: (-values[i], i))
            return [(values[i], cands[i]) for i in order]
        # a large hand: hill climbing from the best single card (add / re-option / drop a card)
        search = samples[:self.search_samples]
        seen: dict[tuple, float] = {}

        def value(c: tuple) -> float:
            c = tuple(sorted(c))
            if c not in seen:
                seen[c] = self._value(view, c, search)
            return seen[c]

        Fleet = tuple[tuple[int, int], ...]
        cur: Fleet = max((((c, o),) for c in hand for o in range(k_opts)),
                  key=lambda c: (value(c), [-x for p in c for x in p]))
        cur_v = value(cur)
        for _ in range(self.climb_steps):
            used = {c for c, _o in cur}
            nbrs: list[Fleet] = [cur + ((c, o),) for c in hand if c not in used
                                 for o in range(k_opts)]
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
        others = sorted((c for c in seen if c != tuple(sorted(cur))), key=lambda c: -seen[c])
        return [(cur_v, cur)] + [(seen[c], c) for c in others]
