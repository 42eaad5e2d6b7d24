"""The ``normal`` All Mine! bot: it reads only its seat's view and plays for its own predictions.

How it thinks, in short:

* Card knowledge. A card that is neither in its hand, nor on the table, nor among the tricks won
  this hand (the view's ``trick_cards``) is "hidden". Each hidden card of a suit is taken to be
  equally likely anywhere that suit's backs are hidden, and the other players are assumed to play
  a random legal card (following suit when their backs show it).
  That gives the chance that a later player beats a given card.
* Future takings. For every card still in hand it estimates the chance that the card wins its trick
  and what that trick would bring in: the card's suit, the suits the others would probably play,
  and maybe a heap card. A few dozen random draws of "which of my cards win" sample what the rest
  of the hand might add to its collection.
* Decisions. Predictions, card plays and heap picks all take the best average final score (scored
  as the rules do) over those samples, added to what it has already collected. A card play weighs
  winning (the trick's cards and a heap card) against losing, by the chance of winning the trick,
  which is exact when the bot plays last.
* Two rules of thumb correct the estimate where it is known to go wrong: from the heap it never
  takes a suit already level with its Most suit or above it while Most (or a suit still below
  Most) is there to take; and out of the led suit it never wins with a card of another suit a
  trick that one of its Most cards would win as surely.

It never sees the game state, only ``view``; all its randomness comes from the ``rng`` it is given.
"""
from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from ...engine import Action, Bot
from ...engine.views import own
from .cards import strength_table
from .views import AllMineView


@lru_cache(maxsize=256)
def _strength(display: tuple) -> list[int]:
    return strength_table(display)


class _Table:
    """What the bot knows at one decision, pre-digested from its view."""

    def __init__(self, view: AllMineView) -> None:
        self.n = view["n"]
        self.me = own(view["viewer"])
        self.strength = _strength(tuple(tuple(d) for d in view["display"]))
        self.hand = list(own(view["hand"]))
        self.trick = [tuple(t) for t in view["trick"]]
        self.won = list(view["won"][self.me])
        self.heap = list(view["heap"])
        pred = view["predictions"][self.me]
        self.most: int | None = pred[0] if pred else None
        self.fewest: int | None = pred[1] if pred else None
        seen = set(self.hand) | {c for _s, c in self.trick}
        for cards in view["trick_cards"]:  # every trick card won this hand is face up
            seen.update(cards)
        st = self.strength
        # strengths of the hidden cards, per suit, sorted (for "how many hidden cards beat x?")
        self.pool = [sorted(st[c] for c in range(12 * s, 12 * s + 12) if c not in seen)
                     for s in range(4)]
        suits = view["hand_suits"]
        self.opponents = [s for s in range(self.n) if s != self.me]
        self.opp_suits = {s: suits[s] for s in self.opponents}
        leader = view["leader"]
        # seats still to play in the current trick after me
        self.after_me = [(leader + i) % self.n for i in range(len(self.trick) + 1, self.n)]
        # tricks after this decision, and heap cards likely left for them
        playing = view["phase"] == "play"
        self.future_tricks = len(self.hand) - (1 if playing else 0)
        self.future_heap = max(0, sum(self.heap) - (1 if playing else 0))

    # -- chances, assuming the others play a random legal card ----------------------------------
    def _beats(self, suit: int, x: int) -> float:
        """Chance that a hidden card of ``suit`` is stronger than strength ``x``."""
        pool = self.pool[suit]
        if not pool:
            return 0.0
        return (len(pool) - bisect_right(pool, x)) / len(pool)

    def p_beat(self, seat: int, led: int, x: int) -> float:
        """Chance that ``seat`` plays something stronger than ``x`` to a trick led in ``led``: it
        follows suit if its hand shows that suit, else it plays any of its cards."""
        h = self.opp_suits[seat]
        if h[led]:
            return self._beats(led, x)
        total = sum(h)
        if not total:
            return 0.0
        return sum(h[s] * self._beats(s, x) for s in range(4) if h[s]) / total

    def p_win(self, card: int, seats, led: int) -> float:
        """Chance that none of ``seats`` (still to play) beats ``card``."""
        p = 1.0
        x = self.strength[card]
        for seat in seats:
            p *= 1.0 - self.p_beat(seat, led, x)
        return p

    def sample_suit(self, seat: int, led: int, rng) -> int:
        """The suit ``seat`` would likely play to a trick led in ``led``."""
        h = self.opp_suits[seat]
        if h[led]:
            return led
        r = rng.random() * sum(h)
        for s in range(4):
            r -= h[s]
            if r < 0:
                return s
        return led


def _heap_pick(counts, heap, most, fewest) -> int | None:
    """Quick heap choice (for a trick not yet won): Most while the heap has it, else the smallest
    suit that is neither Most nor Fewest. The real heap decision is scored in full instead."""
    if most is not None and heap[most]:
        return most
    options = [s for s in range(4) if heap[s] and s != fewest and s != most]
    if not options:
        options = [s for s in range(4) if heap[s]]
    if not options:
        return None
    return min(options, key=lambda s: counts[s])


def _points(counts, most, fewest) -> int:
    """``score_hand(counts, most, fewest)["total"]``, without building a dict (hot path)."""
    hi, lo = max(counts), min(counts)
    cm, cf = counts[most], counts[fewest]
    if cm != hi:
        return 5 if cf == lo and counts.count(lo) == 1 else (3 if cf == lo else 0)
    pts = 5 if counts.count(hi) == 1 else 3
    if cf != lo:
        return pts
    return pts + (5 if counts.count(lo) == 1 else 3) + cm - cf


#: how much a move ruled out by a rule of thumb is put below the one it must give way to
PREFER = 0.5


class NormalBot(Bot[AllMineView]):
    name = "normal"
    needs_view = True
    samples = 32

    def choose(self, view: AllMineView, legal: list[Action], rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        values = self.rate(view, legal, rng)
        return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]

    def rate(self, view: AllMineView, legal: list[Action], rng) -> list[float]:
        """The expected final score of this hand after each legal action (see above)."""
        table = _Table(view)
        kind = legal[0].kind
        if kind == "heap":
            return self._rate_heap(table, legal, rng)
        if kind == "predict":
            return self._rate_predictions(table, legal, rng)
        return self._rate_plays(table, legal, rng)

    # -- what the rest of the hand may bring ----------------------------------------------------
    def _future(self, t: _Table, cards, rng):
        """Samples of what the cards still in hand may win: per sample the summed counts, the number
        of heap picks, and per winning card what it added (so one card can be taken out again)."""
        q_heap = min(1.0, t.future_heap / max(1, t.future_tricks))
        probs = [(c, t.p_win(c, t.opponents, c // 12)) for c in cards]
        out = []
        for _k in range(self.samples):
            per = {}
            total = [0, 0, 0, 0]
            picks = 0
            for c, p in probs:
                if rng.random() >= p:
                    continue
                led = c // 12
                add = [0, 0, 0, 0]
                add[led] += 1
                for seat in t.opponents:
                    add[t.sample_suit(seat, led, rng)] += 1
                pick = 1 if rng.random() < q_heap else 0
                per[c] = (add, pick)
                picks += pick
                for s in range(4):
                    total[s] += add[s]
            out.append((total, picks, per))
        return out

    @staticmethod
    def _value(base, future, exclude, most, fewest, heap) -> float:
        """Mean final score over the samples when the collection now is ``base`` and ``exclude``
        (the card about to be played) no longer takes part in the future."""
        total = 0
        others = [s for s in range(4) if s != most and s != fewest]
        for tot, picks, per in future:
            counts = [base[0] + tot[0], base[1] + tot[1], base[2] + tot[2], base[3] + tot[3]]
            gone = per.get(exclude)
            if gone is not None:
                add, pick = gone
                for s in range(4):
                    counts[s] -= add[s]
                picks -= pick
            if picks:  # future heap picks: Most while it lasts, the rest on the smallest other suit
                k = min(picks, heap[most])
                counts[most] += k
                if picks > k:
                    s = min(others, key=counts.__getitem__)
                    counts[s] += picks - k
            total += _points(counts, most, fewest)
        return total / len(future)

    # -- the three kinds of decision ------------------------------------------------------------
    def _rate_predictions(self, t: _Table, legal, rng) -> list[float]:
        future = self._future(t, t.hand, rng)
        return [self._value(t.won, future, None, a.args[0], a.args[1], t.heap) for a in legal]

    def _rate_heap(self, t: _Table, legal, rng) -> list[float]:
        future = self._future(t, t.hand, rng)
        out = []
        for action in legal:
            s = action.args[0]
            counts = list(t.won)
            counts[s] += 1
            heap = list(t.heap)
            heap[s] -= 1
            out.append(self._value(counts, future, None, t.most, t.fewest, heap))
        if t.most is None:
            return out
        # a card of a suit already level with Most or above it only pushes that suit further
        # ahead: never better than Most itself or a suit still below Most (Fewest aside)
        most, won = t.most, t.won
        harmless = [i for i, a in enumerate(legal) if a.args[0] == most
                    or a.args[0] != t.fewest and won[a.args[0]] < won[most]]
        if harmless:
            top = max(out[i] for i in harmless)
            for i, a in enumerate(legal):
                if a.args[0] != most and won[a.args[0]] >= won[most]:
                    out[i] = min(out[i], top - PREFER)
        return out

    def _rate_plays(self, t: _Table, legal, rng) -> list[float]:
        future = self._future(t, t.hand, rng)
        led = t.trick[0][1] // 12 if t.trick else None
        st = t.strength
        best_now = max((st[c] for _s, c in t.trick), default=-1)
        in_future = {c for _tot, _picks, per in future for c in per}
        plain = None  # value of losing with a card that never wins in the samples (shared)
        out, chances = [], []
        for action in legal:
            c = action.args[0]
            lead = c // 12 if led is None else led
            p = 0.0 if st[c] < best_now else t.p_win(c, t.after_me, lead)
            if c in in_future:
                lose_v = self._value(t.won, future, c, t.most, t.fewest, t.heap)
            else:
                if plain is None:
                    plain = self._value(t.won, future, None, t.most, t.fewest, t.heap)
                lose_v = plain
            v = lose_v
            if p > 0:
                gain = list(t.won)
                gain[c // 12] += 1
                for _s, tc in t.trick:
                    gain[tc // 12] += 1
                # the other players' cards: a typical guess, and a heap card
                for seat in t.after_me:
                    gain[t.sample_suit(seat, lead, rng)] += 1
                heap = list(t.heap)
                s = _heap_pick(gain, heap, t.most, t.fewest)
                if s is not None:
                    gain[s] += 1
                    heap[s] -= 1
                win_v = self._value(gain, future, c, t.most, t.fewest, heap)
                v = p * win_v + (1 - p) * lose_v
            out.append(v)
            chances.append(p)
        if led is not None and t.most is not None and led != t.most:
            # out of the led suit: a card of another suit never wins a trick that a Most card
            # would win as surely (that trick is better taken with the Most card)
            mine = [i for i, a in enumerate(legal) if a.args[0] // 12 == t.most]
            for i, a in enumerate(legal):
                if chances[i] > 0 and a.args[0] // 12 not in (led, t.most):
                    surer = [j for j in mine if chances[j] >= chances[i]]
                    if surer:
                        out[i] = min(out[i], max(out[j] for j in surer) - PREFER)
        return out
