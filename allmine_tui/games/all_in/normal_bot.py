"""The ``normal`` All In bot: it reads only its seat's view and writes for the best sheet.

How it thinks, in short:

* Hand potential. Every hand (a row or column of the sheet) is worth what it scores now (the
  rules' own ``poker.evaluate``) plus what its empty spaces could still make of it. The bot lists
  the poker targets the cards already there can grow into: a Pair, Trips or Quads of a value on
  the hand (each missing card needs that value in a suit not used yet), Two Pair and Full House
  from two values, Straights and Straight Flushes from the 5-value windows that hold every card
  of a 5-card hand. A target whose missing cards outnumber the empty spaces is dead. Each missing
  card has a chance per round to be writable from two revealed cards without chips (exact, worked
  out once from the deck), and a hand can count on a share of the rounds left (the others go to
  other hands), so a target's chance of being reached is the product over its missing cards. The
  hand is worth the points (plus a share of its Best Scoring Hand bonus, bigger for stronger
  hands; all of it in a solo game) of each target, weighted by the chance that it is reached and
  no better one is. Values are cached by hand contents (suits renamed in order of use).
* Chips. An unused chip is a point at the end, so a card that costs chips must improve the sheet
  by more than its cost (cards dearer than 3 chips never do and are not tried). Completing a hand
  wins chips while its icon is still unclaimed (see ``first_round``), and the bot counts them.
* The Golden Card. Writing the 8th card around it earns a free card of your choice from the
  Golden Deck, so each space filled there is worth a little while the deck lasts and there are
  rounds enough to finish the ring.
* Flexibility. A few empty spaces linked to the written ones keep the next rounds' options open.
* Decisions. A write is two actions, so the card is chosen together with its space (every
  writable card on every legal space) and, asked for the space, the bot recomputes the best
  space for the chosen card the same way. The Golden Deck pick tries every card of the deck (a
  Joker as every card) on every empty space. When several writes are worth nearly the same
  (within ``NEAR``), the card is drawn among them from the bot's random stream, so bots of this
  kind on the same sheet do not all write alike; the rest is deterministic.
"""
from __future__ import annotations

from functools import lru_cache

from ...engine.views import own
from ...engine import Action, Bot, pick_near_best
from .cards import JOKERS, card, card_cost
from .poker import evaluate
from .sheets import get_sheet
from .views import AllInView

ROUNDS = 23

PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = 2, 4, 6, 8, 10, 12, 14

# -- tunable weights --------------------------------------------------------------------------
ALPHA = 0.3  # share of the rounds left that one hand can count on for its missing cards
P_NEW = 0.75  # chance per target that a card of a fresh value gets written to start a group
CHIP_VALUE = 1.0  # one unused chip at the end
GOLDEN_VALUE = 4.0  # what the free Golden Deck card is worth, paid out as the ring fills
FLEX = 0.15  # per empty space linked to the written cards (capped)
FLEX_CAP = 5
MAX_COST = 3  # dearer cards are never worth their chips (and not tried, for speed)
NEAR = 0.02  # writes worth this close to the best are near-equal: one is drawn at random
# chance to beat one random opponent's hand of the same letter, by points of the category
BEAT_ONE = {0: 0.0, PAIR: 0.55, TWO_PAIR: 0.8, TRIPS: 0.88, STRAIGHT: 0.94, FULL_HOUSE: 0.97,
            QUADS: 0.99, STRAIGHT_FLUSH: 1.0}


# -- chances of writing a wanted card in one round --------------------------------------------
def _reach_table() -> list[float]:
    """``table[k]``: the chance that two cards revealed from the full deck can be written, without
    chips, as a given value in one of ``k`` given suits (by symmetry it does not matter which
    value or which suits). Chips are left out: a chip spent is a point lost, so the bot counts on
    them only when it actually spends them."""
    deck = range(54)
    pairs = [(a, b) for a in deck for b in deck if a != b]
    table = [0.0] * 5
    for k in range(1, 5):
        targets = [card(1, s) for s in range(k)]
        table[k] = sum(1 for p in pairs if min(card_cost(t, p) for t in targets) == 0) / len(pairs)
    return table


# _reach_table() takes ~0.2 s, so its result is written out here; a test checks they agree.
REACH = (0.0, 0.08385744234800839, 0.14395527603074773, 0.18658280922431866, 0.21174004192872117)
WINDOWS = [tuple(range(w, w + 5)) for w in range(1, 10)] + [(10, 11, 12, 13, 1)]


def _chance(p: float, rounds: float) -> float:
    return 1.0 - (1.0 - p) ** rounds if rounds > 0 else 0.0


@lru_cache(maxsize=None)
def _group_chances(rounds10: int) -> tuple:
    """``(have, fresh)`` for ``rounds10`` tenths of a round: ``have[h][g]`` is the chance of
    growing ``h`` cards of one value (all of different suits) to ``g`` (each new card needs that
    value in a suit not used yet), ``fresh[g]`` the same from a value not on the hand yet."""
    rounds = rounds10 / 10.0
    req = [_chance(REACH[k], rounds) if k else 0.0 for k in range(5)]
    have = [[0.0] * 5 for _ in range(5)]
    for h in range(5):
        for g in range(5):
            p = 1.0
            for j in range(max(0, g - h)):
                p *= req[4 - h - j]
            have[h][g] = p
    first = _chance(P_NEW, rounds)
    fresh = [1.0] + [first * have[1][g] for g in range(1, 5)]
    return have, fresh, req


@lru_cache(maxsize=None)
def _worth(bonus: int, opponents: int) -> tuple[float, ...]:
    """Per points (0 to 14): the points plus the expected share of a ``bonus``."""
    return tuple(p + bonus * BEAT_ONE[p] ** opponents if p in BEAT_ONE and p else 0.0
                 for p in range(15))


@lru_cache(maxsize=1 << 14)
def _points_now(cards: tuple) -> int:
    return evaluate(cards).points if cards else 0


def fail_chances(cards: tuple, empty: int, rounds10: int) -> list[float]:
    """Per points (0 to 14): the chance that a hand holding ``cards`` (sorted; the Golden Card
    included), with ``empty`` spaces (at least one) and ``rounds10`` tenths of a round left to
    fill them, reaches no hand of that category (1.0: not a target)."""
    now = _points_now(cards)
    have, fresh, req = _group_chances(rounds10)
    suits: dict[int, int] = {}  # value -> bit set of suits on the hand
    for c in cards:
        v = c % 13
        suits[v] = suits.get(v, 0) | (1 << (c // 13))
    length = len(cards) + empty
    # fail[points]: the chance that no target of that many points is reached
    fail = [1.0] * 15
    # the values on the hand by how many of them (in different suits) it holds, 1 to 4
    by_count = [0] * 5
    for m in suits.values():
        by_count[bin(m).count("1")] += 1
    # classes of groups: (cards there, chances by size, how many such groups); last the fresh
    classes = [(h, have[h], by_count[h]) for h in range(1, 5) if by_count[h]]
    classes.append((0, fresh, 1))
    for size, points in ((2, PAIR), (3, TRIPS), (4, QUADS)):
        if points <= now or size > length:
            continue
        for h, chances, count in classes:
            if 0 < size - h <= empty:
                fail[points] *= (1.0 - chances[size]) ** count
    if length >= 4 and now < FULL_HOUSE:
        kinds = [(sa, sb, points) for sa, sb, points in
                 ((2, 2, TWO_PAIR), (3, 2, FULL_HOUSE), (2, 3, FULL_HOUSE))
                 if points > now and sa + sb <= length]
        for i, (ha, ca, na) in enumerate(classes):
            for hb, cb, nb in classes[i:]:
                if ha == hb:  # two groups of one class (two fresh values: once)
                    pairs = na * (na - 1) // 2 if ha else 1
                else:
                    pairs = na * nb
                if not pairs:
                    continue
                for sa, sb, points in kinds:
                    missing = (sa - ha if sa > ha else 0) + (sb - hb if sb > hb else 0)
                    if 0 < missing <= empty:
                        fail[points] *= (1.0 - ca[sa] * cb[sb]) ** pairs
    if length == 5 and now < STRAIGHT_FLUSH and len(suits) == len(cards):
        vals = [v + 1 for v in suits]
        flush = len({c // 13 for c in cards}) <= 1
        missing = 5 - len(vals)
        if missing <= empty:
            for window in WINDOWS:
                if all(v in window for v in vals):
                    if now < STRAIGHT:
                        fail[STRAIGHT] *= 1.0 - req[4] ** missing
                    if flush and cards:
                        fail[STRAIGHT_FLUSH] *= 1.0 - req[1] ** missing
    return fail


@lru_cache(maxsize=1 << 16)
def hand_value(cards: tuple, empty: int, rounds10: int, bonus: int, opponents: int) -> float:
    """Expected points (hand points plus a share of the bonus) of a hand holding ``cards``
    (sorted; the Golden Card included) with ``empty`` spaces left and ``rounds10`` tenths of a
    round to fill them."""
    now = _points_now(cards)
    worth = _worth(bonus, opponents)
    if not empty or not rounds10:
        return worth[now]
    fail = fail_chances(cards, empty, rounds10)
    total = 0.0
    left = 1.0
    for points in (STRAIGHT_FLUSH, QUADS, FULL_HOUSE, STRAIGHT, TRIPS, TWO_PAIR, PAIR):
        if points <= now:
            break
        f = fail[points]
        if f < 1.0:
            total += worth[points] * (1.0 - f) * left
            left *= f
    return total + worth[now] * left


def _canonical(cards: tuple) -> tuple:
    """The cards with suits renamed in order of first use (hand values ignore suit names), so
    more hands share a cached value."""
    names: dict[int, int] = {}
    out = []
    for c in cards:
        s = c // 13
        if s not in names:
            names[s] = len(names)
        out.append(names[s] * 13 + c % 13)
    out.sort()
    return tuple(out)


class _Sheet:
    """What the bot knows at one decision, pre-digested from its view."""

    def __init__(self, view: AllInView) -> None:
        self.me = own(view["viewer"])
        me = view["players"][self.me]
        self.sheet = sheet = get_sheet(me["sheet"])
        self.written = list(own(me["written"]))
        self.round = view["round"]
        self.chips = me["chips_won"] - own(me["chips_spent"])
        self.revealed = view["revealed"]
        self.golden_phase = view["phase"] == "golden"
        self.completed = set(me["completed"])
        self.first_round = view["first_round"]
        self.opponents = view["n"] - 1
        self.golden_open = not me["golden_used"] and view["golden_size"] > 0
        rounds_left = ROUNDS - self.round
        self.rounds10 = int(round(rounds_left * ALPHA * 10))
        self.rounds_left = rounds_left
        self.hands = sheet.hands
        self.cell_hands = sheet.hands_of_cell
        self.around = set(sheet.around_golden)
        self._before: dict = {}
        self._cell_cache: dict = {}
        self._frontier_now: int | None = None

    def legal_cells(self) -> list[int]:
        sheet, written = self.sheet, self.written
        empty = [c for c in range(len(sheet.cells))
                 if c != sheet.golden_cell and written[c] is None]
        if self.golden_phase:
            return empty
        if self.round <= 2:
            return [c for c in empty if c in sheet.starts]
        return [c for c in empty if any(written[x] is not None for x in sheet.neighbors[c])]

    def hand_state(self, index: int, extra: tuple[int, int] | None = None):
        hand = self.hands[index]
        sheet, written = self.sheet, self.written
        cards, empty = [], 0
        for c in hand.cells:
            if c == sheet.golden_cell:
                cards.append(sheet.golden)
            elif extra is not None and c == extra[0]:
                cards.append(extra[1])
            else:
                card = written[c]
                if card is None:
                    empty += 1
                else:
                    cards.append(card)
        return tuple(sorted(cards)), empty

    def value_of_hand(self, index: int, extra=None) -> float:
        cards, empty = self.hand_state(index, extra)
        return hand_value(_canonical(cards), empty, self.rounds10, self.hands[index].bonus,
                          self.opponents)

    def option_value(self, c: int, cell: int, cost: int) -> float:
        """How much writing card ``c`` on ``cell`` for ``cost`` chips improves the sheet."""
        gain = -cost * CHIP_VALUE + self._cell_gain(cell)
        for i in self.cell_hands[cell]:
            before = self._before.get(i)
            if before is None:
                before = self._before[i] = self.value_of_hand(i)
            gain += self.value_of_hand(i, (cell, c)) - before
        return gain

    def _cell_gain(self, cell: int) -> float:
        """What writing any card on ``cell`` brings: completion chips, the Golden ring and
        flexibility."""
        gain = self._cell_cache.get(cell)
        if gain is not None:
            return gain
        gain = 0.0
        for i in self.cell_hands[cell]:
            hand = self.hands[i]
            if hand.letter in self.completed:
                continue
            if all(x == cell or x == self.sheet.golden_cell or self.written[x] is not None
                   for x in hand.cells):
                if hand.letter in self.first_round:
                    gain += CHIP_VALUE * (1 if hand.icon == 2 else 0)
                else:
                    gain += CHIP_VALUE * (2 if hand.icon == 2 else 1)
        if not self.golden_phase:
            gain += self.golden_gain(cell) + self.flex_gain(cell)
        self._cell_cache[cell] = gain
        return gain

    def golden_gain(self, cell: int) -> float:
        if not self.golden_open or cell not in self.around:
            return 0.0
        filled = sum(1 for x in self.around if self.written[x] is not None)
        missing = 8 - filled - 1  # after this card
        if missing > self.rounds_left:
            return 0.0
        # the ring's worth grows as it fills: each card adds its share, more near the end
        return GOLDEN_VALUE * ((filled + 1) ** 2 - filled ** 2) / 64.0

    def flex_gain(self, cell: int) -> float:
        if self.rounds_left <= 0:
            return 0.0
        if self._frontier_now is None:
            self._frontier_now = self._frontier(None)
        return FLEX * (min(self._frontier(cell), FLEX_CAP) - min(self._frontier_now, FLEX_CAP))

    def _frontier(self, cell: int | None) -> int:
        sheet, written = self.sheet, self.written
        count = 0
        for c in range(len(sheet.cells)):
            if c == sheet.golden_cell or c == cell or written[c] is not None:
                continue
            if any(written[x] is not None or x == cell for x in sheet.neighbors[c]):
                count += 1
        return count

    def rated(self, options) -> list[tuple[float, int, int]]:
        """(value, card, cell) for every card and space of ``options`` (card, cost, cells)."""
        return [(self.option_value(c, cell, cost), c, cell)
                for c, cost, cells in options for cell in cells]

    def best(self, options, rng=None) -> tuple[int, int] | None:
        """The best (card, cell) among ``options`` (card, cost, cells); the first on exact ties,
        so the space planned with a card is the one found again for that card alone. With
        ``rng``, one drawn among those within ``NEAR`` of the best."""
        rated = self.rated(options)
        if not rated:
            return None
        values = [val for val, _c, _cell in rated]
        i = pick_near_best(values, rng, NEAR) if rng is not None else values.index(max(values))
        return rated[i][1], rated[i][2]


class NormalBot(Bot[AllInView]):
    name = "normal"
    needs_view = True
    #: dearer cards are not tried (see MAX_COST)
    max_cost = MAX_COST

    def choose(self, view: AllInView, legal: list[Action], rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if kind == "place":
            s = _Sheet(view)
            c = own(view["choice"])
            cost = 0 if s.golden_phase else card_cost(c, s.revealed)
            _c, cell = own(s.best([(c, cost, [a.args[0] for a in legal])]))
            return Action("place", (cell,))
        if kind in ("card", "golden"):
            return Action(kind, (self.plan(view, legal, rng)[0],))
        return legal[0]

    def write_options(self, s: _Sheet, legal: list[Action]) -> list[tuple[int, int, list]]:
        """(card, cost, cells) for the "card" actions worth trying."""
        cells = s.legal_cells()
        options = []
        for a in legal:
            c = a.args[0]
            cost = 0 if s.golden_phase else card_cost(c, s.revealed)
            options.append((c, cost, cells))
        return [o for o in options if o[1] <= self.max_cost] or options

    def plan(self, view: AllInView, legal: list[Action], rng=None) -> tuple[int, int]:
        """For a "card" or "golden" decision: the card to take and the space it is meant for
        (the later "place" decision finds the best space for that card). With ``rng``, the
        card is drawn among near-equal writes."""
        s = _Sheet(view)
        cells = s.legal_cells()
        if legal[0].kind == "card":
            return own(s.best(self.write_options(s, legal), rng))
        # the Golden Deck: every card on every empty space; a Joker is worth the best card of all
        deck = [a.args[0] for a in legal if a.kind == "golden"]
        best = s.best([(g, 0, cells) for g in deck if g not in JOKERS])
        jokers = [g for g in deck if g in JOKERS]
        if jokers:
            any_card = own(s.best([(c, 0, cells) for c in range(52)]))
            if best is None or (s.option_value(any_card[0], any_card[1], 0)
                                > s.option_value(best[0], best[1], 0)):
                return jokers[0], any_card[1]
        return own(best)
