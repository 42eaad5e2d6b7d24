"""The All In ``expert``: its value (allmine_tui/games/all_in/expert_value.py) plays to win
against real opponents, and its search stays reproducible and blind to what the seat cannot see."""
from __future__ import annotations

import random

import pytest

from allmine_tui.engine import Action
from allmine_tui.engine.search import Budget, search
from allmine_tui.games.all_in import expert_value as ev
from allmine_tui.games.all_in.cards import DECK, parse_card
from allmine_tui.games.all_in.expert import AllInPlan, ExpertBot
from allmine_tui.games.all_in.normal_bot import NormalBot, _canonical, _Sheet, _worth, hand_value
from allmine_tui.games.all_in.rules import RULES, AllInState
from allmine_tui.games.all_in.sheets import get_sheet

P = parse_card
SHEET = get_sheet("QD")
CELL = {rc: i for i, rc in enumerate(SHEET.cells)}


def late_position() -> AllInState:
    """Round 22 of 23 at four players; seat 0's sheet (Q♦ sheet; the Golden Card at row 2,
    column 2) lacks three cards, among them the first of row A, which holds 7♠ K♦ K♣. The
    revealed 3♠ and 7♣ make 7♣ for free (Two Pair in A) or K♠ for 3 of its 4 chips (Three of a
    Kind in A)."""
    rows = {
        0: {1: "7S", 2: "KD", 3: "KC", 4: "JH"},
        1: {1: "5D", 2: "9D", 3: "QD", 4: "10S"},
        2: {0: "JC", 1: "5S", 3: "QC", 4: "10H"},
        3: {1: "7H", 2: "10D", 3: "QS", 4: "10C", 5: "10H"},
        4: {1: "5H", 2: "JD", 3: "4H", 4: "JC", 5: "8S"},
    }
    mine = [None] * len(SHEET.cells)
    for r, cols in rows.items():
        for c, name in cols.items():
            mine[CELL[(r, c)]] = P(name)
    revealed = [P("3S"), P("7C")]
    rest = [c for c in DECK if c not in revealed]
    golden, removed, deck, discard = rest[:7], rest[7:8], rest[8:10], rest[10:]
    n = 4
    state = AllInState(
        n=n, seed="test", mode="basic", sheet_ids=["QD"] * n, deck=deck, golden_deck=golden,
        discard=discard, removed=removed, round=22, revealed=revealed, phase="write",
        written=[list(mine) for _ in range(n)], choice=[None] * n, done=[False] * n,
        pickers=[], golden_pick=[None] * n, golden_used=[True] * n, chips_won=[6] * n,
        chips_spent=[2] * n, completed=[list("CEFGHIJ") for _ in range(n)],
        first_round={letter: 12 for letter in "ABCDEFGHIJ"}, last_written=[None] * n,
        round_cells=[[] for _ in range(n)])
    assert len(set(deck + golden + discard + removed + revealed)) == len(DECK)
    return state


def test_final_odds_are_the_normal_bots_hand_values_taken_apart():
    """Summed with the normal bot's worth of each category, the odds give its hand value."""
    rng = random.Random(4)
    for _ in range(3000):
        length = rng.choice((3, 4, 5))
        k = rng.randint(0, length)
        cards = _canonical(tuple(sorted(rng.sample(range(52), k))))
        rounds10, bonus, opponents = rng.randint(0, 60), rng.choice((2, 3, 4)), rng.randint(1, 5)
        odds = ev.final_odds(cards, length - k, rounds10)
        assert sum(odds) == pytest.approx(1.0)
        worth = _worth(bonus, opponents)
        assert sum(w * p for w, p in zip(worth, odds)) == pytest.approx(
            hand_value(cards, length - k, rounds10, bonus, opponents))


def test_bonus_chances_follow_what_real_opponents_leave():
    # a Pair takes a 3-card hand's bonus far more often than a 5-card hand's
    assert ev.bonus_chance(3, 3, 2) > 3 * ev.bonus_chance(3, 5, 2)
    # stronger categories take it more often, and nothing never does
    fives = [ev.bonus_chance(3, 5, p) for p in (0, 2, 4, 6, 8, 10, 12)]
    assert fives == sorted(fives) and fives[0] == 0.0
    # against real players a 5-card Full House takes it about half the time (the normal bot
    # counts on 9 in 10: it prices hands against random ones)
    assert 0.4 < ev.bonus_chance(3, 5, 10) < 0.7
    # a finished hand: its top card counts (a Full House of Kings beats one of Twos)
    assert ev.bonus_chance(3, 5, 10, 13) > ev.bonus_chance(3, 5, 10, 2) + 0.2
    assert ev.bonus_chance(0, 5, 2) == 1.0  # playing alone, any scoring hand takes it


def test_win_chance_grows_with_the_sheet_and_is_even_at_the_rival_score():
    state = late_position()
    view = RULES.view(state, 0)
    s = _Sheet(view)
    base = ev.win_chance(s)
    assert 0.0 < base < 1.0
    better = late_position()
    better.chips_won[0] += 10  # ten more unused chips: ten more points
    assert ev.win_chance(_Sheet(RULES.view(better, 0))) > base
    # a wider step: nearer one half
    assert abs(ev.win_chance(s, spread=3.0) - 0.5) < abs(base - 0.5)
    # the game over: points settled, judged against the best other score of normal games
    mean, _sd = ev.RIVAL[3]
    over = late_position()
    over.phase = "over"
    s_over = _Sheet(RULES.view(over, 0))
    margin = ev.sheet_points(s_over, ev.DENIAL[3]) - ev.DENIAL[3] * ev.BONUS_MEAN[3] - mean
    assert (ev.win_chance(s_over, over=True) > 0.5) == (margin > 0)


def test_expert_rates_three_kings_above_two_pair_where_the_normal_bot_does_not():
    """Row A (4 cards, bonus 3) with 7♠ K♦ K♣: 7♣ makes Two Pair for free, K♠ Three Kings for
    3 chips. The normal bot prices the bonus against random hands (Two Pair beats one 4 times in
    5) and keeps its chips; against real players Two Pair seldom takes it and Three Kings mostly
    do, so the expert pays."""
    state = late_position()
    view = RULES.view(state, 0)
    legal = RULES.legal_actions(state, 0)
    a = CELL[(0, 0)]
    normal = NormalBot().plan(view, legal)
    assert normal == (P("7C"), a)
    s = _Sheet(view)
    rated = ev.Rater(s).rated(NormalBot().write_options(s, legal))
    best = max(rated, key=lambda t: t[0])
    assert best[1:] == (P("KS"), a)


@pytest.mark.parametrize("judge, card", [("win", "KS"), ("normal", "7C")])
def test_the_search_follows_its_value(monkeypatch, judge, card):
    """The same search with the old value (the normal bot's sheet estimate) writes the Two Pair;
    with the win-aware value, the Three Kings."""
    monkeypatch.setattr(AllInPlan, "judge", judge)
    state = late_position()
    view = RULES.view(state, 0)
    legal = RULES.legal_actions(state, 0)
    report = search(AllInPlan(), view, legal, random.Random(0),
                    Budget(playouts=120, steps=4000, seconds=60))
    assert report.moves[report.chosen] == (Action("card", (P(card),)),
                                          Action("place", (CELL[(0, 0)],)))


SMALL = Budget(playouts=40, steps=1000, seconds=60)


def test_search_is_reproducible_and_sees_only_the_view():
    state = late_position()
    state.round, state.discard = 12, state.discard[:22]  # more rounds to play out
    state.deck = [c for c in DECK if c not in state.discard + state.revealed + state.removed
                  + state.golden_deck]
    view = RULES.view(state, 0)
    legal = RULES.legal_actions(state, 0)
    a = search(AllInPlan(), view, legal, random.Random(5), SMALL)
    b = search(AllInPlan(), view, legal, random.Random(5), SMALL)
    assert (a.means, a.playouts, a.chosen) == (b.means, b.playouts, b.chosen)
    other = RULES.perturb_secrets(state, 0, random.Random(9))
    assert other.written[1] != state.written[1] and other.deck != state.deck
    c = search(AllInPlan(), RULES.view(other, 0), RULES.legal_actions(other, 0),
               random.Random(5), SMALL)
    assert (a.means, a.chosen) == (c.means, c.chosen)


def test_expert_bot_writes_the_searched_card_on_its_space():
    """The card and then the space the search chose together."""
    state = late_position()
    budget = Budget(playouts=40, steps=2000, seconds=60)
    view, legal = RULES.view(state, 0), RULES.legal_actions(state, 0)
    report = search(AllInPlan(), view, legal, random.Random(1), budget)
    bot = ExpertBot()
    bot.budget = budget
    rng = random.Random(1)
    card = bot.choose(view, legal, rng)
    RULES.apply(state, 0, card)
    place = bot.choose(RULES.view(state, 0), RULES.legal_actions(state, 0), rng)
    assert (card, place) == report.moves[report.chosen]
