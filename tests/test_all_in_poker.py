"""All In poker scoring (rulebook "Poker Scoring Hands reference" and RULINGS.md "All In").

Every expected category, point value and key below is worked out by hand from the rulebook:
keys are (category, combination values high to low with Ace = 14 — a straight by its top card, the
wheel's being 5 —, then the highest card of the hand outside the combination, 0 if none).
"""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from allmine_tui.games.all_in.cards import JOKERS, card_name, parse_card, suit_of, value_of
from allmine_tui.games.all_in.poker import CATEGORY_NAMES, POINTS, Evaluation, evaluate

NOTHING, PAIR, TWO_PAIR, THREE, STRAIGHT, FULL_HOUSE, FOUR, STRAIGHT_FLUSH = range(8)
A, J, Q, K = 14, 11, 12, 13  # values in keys (Ace high)


def cs(text: str) -> list[int]:
    """'AH 10s Q♦' -> card ints."""
    return [parse_card(t) for t in text.split()]


def ev(text: str) -> Evaluation:
    return evaluate(cs(text))


def key(text: str) -> tuple:
    return ev(text).key


# --- the table of categories -------------------------------------------------------------------------

def test_category_names_and_points_from_the_rulebook():
    assert CATEGORY_NAMES == ("Nothing", "Pair", "Two Pair", "Three of a Kind", "Straight", "Full House",
                              "Four of a Kind", "Straight Flush")
    assert POINTS == (0, 2, 4, 6, 8, 10, 12, 14)


@pytest.mark.parametrize("hand, category, expected_key", [
    ("", NOTHING, (0, 0)),
    ("KS", NOTHING, (0, K)),
    ("2H 9C AD", NOTHING, (0, A)),
    ("7S 7H 2C", PAIR, (1, 7, 2)),
    ("9S 9H 4D 4C KS", TWO_PAIR, (2, 9, 4, K)),
    ("QS QH QD 3C", THREE, (3, Q, 3)),
    ("4S 5H 6D 7C 8S", STRAIGHT, (4, 8, 0)),
    ("8S 8H 8D 2C 2S", FULL_HOUSE, (5, 8, 2, 0)),
    ("JS JH JD JC 5S", FOUR, (6, J, 5)),
    ("5H 6H 7H 8H 9H", STRAIGHT_FLUSH, (7, 9, 0)),
])
def test_every_category(hand, category, expected_key):
    e = ev(hand)
    assert e.category == category
    assert e.points == POINTS[category]
    assert e.name == CATEGORY_NAMES[category]
    assert e.key == expected_key


def test_points_per_category():
    assert [ev(h).points for h in ("2H 9C", "7S 7H", "9S 9H 4D 4C", "QS QH QD", "4S 5H 6D 7C 8S",
                                   "8S 8H 8D 2C 2S", "JS JH JD JC", "5H 6H 7H 8H 9H")] == \
        [0, 2, 4, 6, 8, 10, 12, 14]


def test_used_cards():
    assert ev("2H 9C").used == ()
    assert sorted(ev("7S 2C 7H").used) == sorted(cs("7S 7H"))
    assert sorted(ev("KS 9S 4C 9H 4D").used) == sorted(cs("9S 9H 4D 4C"))
    assert sorted(ev("3C QS QH QD").used) == sorted(cs("QS QH QD"))
    assert sorted(ev("8S 4S 7C 6D 5H").used) == sorted(cs("4S 5H 6D 7C 8S"))
    assert sorted(ev("2S 8S 8H 2C 8D").used) == sorted(cs("8S 8H 8D 2C 2S"))
    assert sorted(ev("JS JH 5S JD JC").used) == sorted(cs("JS JH JD JC"))
    assert sorted(ev("9S 4H 5H 6H 7H 8H").used) == sorted(cs("4H 5H 6H 7H 8H"))


def test_card_order_does_not_matter():
    rng = random.Random(7)
    for hand in ("10S JH QD KC AS", "8S 8H 8D 2C 2S", "9S 9H 4D 4C KS 2D", "AS 2H 3D 4C 5S 5D"):
        cards = cs(hand)
        for _ in range(20):
            rng.shuffle(cards)
            assert evaluate(cards).key == key(hand)
    assert evaluate(tuple(cs("7S 7H"))).key == key("7S 7H")


def test_jokers_and_non_cards_are_rejected():
    with pytest.raises(ValueError):
        evaluate([JOKERS[0], parse_card("AS")])
    with pytest.raises(ValueError):
        evaluate([-1])


# --- suit rules: equal values must be in pairwise different suits -----------------------------------

@pytest.mark.parametrize("hand, category, expected_key", [
    # Pair: two cards of the same value in different suits
    ("7S 7S 2C", NOTHING, (0, 7)),
    # three A♥ (chips can make them) are no Three of a Kind and not even a Pair
    ("AH AH AH", NOTHING, (0, A)),
    ("AH AH AH KS", NOTHING, (0, A)),
    # A♥ A♥ A♠: the A♥ and A♠ are a Pair; the other A♥ stays outside the combination (kicker Ace)
    ("AH AH AS", PAIR, (1, A, A)),
    # Two Pair: each pair in two different suits
    ("9S 9H 4D 4D KS", PAIR, (1, 9, K)),
    ("9S 9S 4D 4D KS", NOTHING, (0, K)),
    # Three of a Kind: three different suits
    ("QS QH QH 3C", PAIR, (1, Q, Q)),
    # Full House: trips in three suits + pair in two suits
    ("8S 8H 8H 2C 2S", TWO_PAIR, (2, 8, 2, 8)),
    ("8S 8H 8D 2C 2C", THREE, (3, 8, 2)),
    # Four of a Kind: the four suits
    ("JS JH JD JD 5S", THREE, (3, J, J)),
    # Straights take any suits; duplicates of a straight's value are outside it
    ("4S 5S 6S 7S 8H", STRAIGHT, (4, 8, 0)),
    ("4S 5H 6D 7C 8S 8S", STRAIGHT, (4, 8, 8)),
])
def test_suit_rules(hand, category, expected_key):
    e = ev(hand)
    assert (e.category, e.key) == (category, expected_key)


def test_no_flush_category():
    assert ev("2H 5H 9H JH KH").key == (0, K)
    assert ev("2H 5H 9H JH KH KS").key == (1, K, J)


# --- straights -----------------------------------------------------------------------------------------

def test_ace_low_and_ace_high_straights():
    assert ev("AS 2H 3D 4C 5S").key == (STRAIGHT, 5, 0)
    assert ev("10S JH QD KC AS").key == (STRAIGHT, A, 0)
    assert ev("KC 10S AS QD JH").key == (STRAIGHT, A, 0)  # not in sequential order
    assert ev("AD 2D 3D 4D 5D").key == (STRAIGHT_FLUSH, 5, 0)
    assert ev("10S JS QS KS AS").key == (STRAIGHT_FLUSH, A, 0)


def test_no_wrap_past_the_ace():
    assert ev("QS KH AD 2C 3S").category == NOTHING
    assert ev("JS QH KD AC 2S").category == NOTHING
    assert ev("KS AH 2D 3C 4S").category == NOTHING
    assert ev("QH KH AH 2H 3H").category == NOTHING


def test_four_consecutive_cards_are_no_straight():
    assert ev("4S 5H 6D 7C").category == NOTHING
    assert ev("4S 5H 6D 7C 9S").category == NOTHING
    assert ev("4S 5H 6D 7C 7S").key == (PAIR, 7, 6)


def test_the_wheel_is_the_lowest_straight():
    wheel = key("AS 2H 3D 4C 5S")
    assert key("2H 3D 4C 5S 6H") > wheel
    assert key("10S JH QD KC AS") > key("9S 10H JD QC KS") > key("2H 3D 4C 5S 6H")
    # the same between straight flushes
    assert key("2D 3D 4D 5D 6D") > key("AD 2D 3D 4D 5D")
    # with six cards the best straight is taken: 2-3-4-5-6 rather than the wheel
    assert ev("AS 2H 3D 4C 5S 6H").key == (STRAIGHT, 6, A)


# --- the single best category ------------------------------------------------------------------------

@pytest.mark.parametrize("hand, expected_key", [
    # Four of a Kind over Full House (and Three, Two Pair, Pair)
    ("9S 9H 9D 9C 4S 4H", (FOUR, 9, 4)),
    # Straight Flush over Straight, even though the Straight is higher
    ("4H 5H 6H 7H 8H 9S", (STRAIGHT_FLUSH, 8, 9)),
    # Straight Flush over Pair
    ("5H 6H 7H 8H 9H 9S", (STRAIGHT_FLUSH, 9, 9)),
    # Full House over Three of a Kind and Two Pair (two trips: the higher is the three)
    ("8S 8H 8D 2C 2S 2H", (FULL_HOUSE, 8, 2, 2)),
    ("2C 2S 2H 8S 8H 8D", (FULL_HOUSE, 8, 2, 2)),
    # Full House over Three of a Kind and Two Pair
    ("KS KH KD 4S 4H 9C", (FULL_HOUSE, K, 4, 9)),
    # Straight over Pair
    ("5S 5H 6C 7S 8H 9D", (STRAIGHT, 9, 5)),
    # Three of a Kind over Pair (the second "pair" is one suit)
    ("7S 7H 7D 3S 3S KH", (THREE, 7, K)),
    # Two Pair over Pair: the two best pairs of three
    ("9S 9H 4D 4C 2S 2H", (TWO_PAIR, 9, 4, 2)),
    ("2S 2H 9S 9H AD AC", (TWO_PAIR, A, 9, 2)),
    # Two Pair over Pair; with the K♠ twice the Kings are no pair, only the 3s are
    ("3S 3H KS KD 5C", (TWO_PAIR, K, 3, 5)),
    ("3S 3H KS KS 5C", (PAIR, 3, K)),
])
def test_best_category_when_several_apply(hand, expected_key):
    assert ev(hand).key == expected_key


def test_straight_flush_over_four_of_a_kind_beyond_six_cards():
    # a hand holds at most 6 cards, so both cannot meet there; the order still holds for more cards
    assert ev("9S 9D 9C 9H 5H 6H 7H 8H").key == (STRAIGHT_FLUSH, 9, 9)


# --- Best Scoring Hand tie-breaks --------------------------------------------------------------------

def test_tie_break_category_first():
    assert key("2S 2H 3D 3C") > key("AS AH KD")                 # Two Pair of 3s and 2s > Pair of Aces
    assert key("2S 2H 2D") > key("AS AH KD KC QS")              # Three 2s > Two Pair A-K
    assert key("AS 2H 3D 4C 5S") > key("AS AH AD KC")           # the wheel > Three Aces
    assert key("2S 2H 2D 3C 3S") > key("10S JH QD KC AS")       # Full House > best Straight
    assert key("2S 2H 2D 2C") > key("AS AH AD KC KS")           # Four 2s > Full House Aces
    assert key("AD 2D 3D 4D 5D") > key("AS AH AD AC KS")        # lowest Straight Flush > Four Aces


def test_tie_break_combination_values():
    # rulebook: a Three of a Kind made of 3s is stronger than one made of 2s
    assert key("3S 3H 3D") > key("2S 2H 2D")
    # the Ace wins over the King
    assert key("AS AH") > key("KS KH")
    assert key("AS AH AD AC") > key("KS KH KD KC")
    assert key("10S JH QD KC AS") > key("9S 10H JD QC KS")
    # the combination decides before the kicker
    assert key("8S 8H 2C") > key("7S 7H AC")


def test_tie_break_two_pair_higher_pair_first():
    assert key("KS KH 2D 2C") > key("QS QH JD JC")
    assert ev("2D 2C KS KH").key == (TWO_PAIR, K, 2, 0)
    # same higher pair: the lower pair decides
    assert key("KS KH 5D 5C") > key("KD KC 4S 4H")


def test_tie_break_full_house_three_first():
    assert key("3S 3H 3D 2C 2S") > key("2S 2H 2D AC AS")
    assert ev("AC AS 2S 2H 2D").key == (FULL_HOUSE, 2, A, 0)
    # same three: the pair decides
    assert key("3S 3H 3D 5C 5S") > key("3S 3H 3C 4C 4S")


def test_tie_break_kicker():
    # rulebook: same combination with the same values -> the higher card of the hand not used
    assert key("3S 3H 3D KC") > key("3C 3H 3D QS")
    assert key("7S 7H AC") > key("7D 7C KS")          # Ace high as a kicker
    assert key("7S 7H 2C") > key("7D 7C")             # no kicker at all counts as 0
    assert ev("7D 7C").key == (PAIR, 7, 0)
    # only the single highest card outside the combination counts
    assert key("7S 7H KD 2C") == key("7D 7C KS 9H")
    # for Two Pair the kicker is the fifth card
    assert key("KS KH 5D 5C 9S") > key("KD KC 5S 5H 8S")


def test_tie_break_equal_keys():
    # suits do not matter: all these tie
    assert key("QS QH QD 3C") == key("QS QC QD 3H") == (THREE, Q, 3)
    assert key("4S 5H 6D 7C 8S") == key("4H 5H 6D 7C 8C")
    assert not key("4S 5H 6D 7C 8S") > key("4H 5H 6D 7C 8C")


# --- cross-check against a brute-force reading of the rules ------------------------------------------

def _high(v: int) -> int:
    return 14 if v == 1 else v


def _reference(cards: list[int]) -> tuple:
    """Try every subset of the hand as the combination; keep the strongest key."""
    def same_kind(sub):
        return len({value_of(c) for c in sub}) == 1 and len({suit_of(c) for c in sub}) == len(sub)

    best = (0, max((_high(value_of(c)) for c in cards), default=0))
    for size in (2, 3, 4, 5):
        for idx in combinations(range(len(cards)), size):
            sub = [cards[i] for i in idx]
            rest = [cards[i] for i in range(len(cards)) if i not in idx]
            kicker = max((_high(value_of(c)) for c in rest), default=0)
            values = sorted((value_of(c) for c in sub), key=_high, reverse=True)
            found = None
            if size in (2, 3, 4) and same_kind(sub):
                found = ({2: PAIR, 3: THREE, 4: FOUR}[size], _high(values[0]))
            elif size == 4:
                groups = [[c for c in sub if value_of(c) == v] for v in set(values)]
                if len(groups) == 2 and all(len(g) == 2 and same_kind(g) for g in groups):
                    found = (TWO_PAIR, _high(values[0]), _high(values[-1]))
            elif size == 5:
                distinct = set(values)
                tops = [t for t in range(5, 15)
                        if {1 if v == 14 else v for v in range(t - 4, t + 1)} == distinct]
                if tops:
                    flush = len({suit_of(c) for c in sub}) == 1
                    found = (STRAIGHT_FLUSH if flush else STRAIGHT, tops[0])
                elif len(distinct) == 2:
                    groups = sorted(([c for c in sub if value_of(c) == v] for v in distinct), key=len)
                    if len(groups[1]) == 3 and same_kind(groups[1]) and same_kind(groups[0]):
                        found = (FULL_HOUSE, _high(value_of(groups[1][0])), _high(value_of(groups[0][0])))
            if found is not None and (*found, kicker) > best:
                best = (*found, kicker)
    return best


def test_random_hands_match_a_brute_force_reading():
    rng = random.Random(2024)
    for _ in range(4000):
        n = rng.randint(0, 6)
        # a narrow range of values and suits makes combinations (and duplicates) frequent
        values = rng.sample(range(1, 14), rng.randint(1, 6))
        suits = rng.sample(range(4), rng.randint(1, 4))
        cards = [rng.choice(suits) * 13 + rng.choice(values) - 1 for _ in range(n)]
        e = evaluate(cards)
        assert e.key == _reference(cards), [card_name(c) for c in cards]
        assert e.category == e.key[0] and e.points == POINTS[e.category]
        # the used cards are really in the hand (as many times as used) and form the combination
        pool = list(cards)
        for c in e.used:
            pool.remove(c)
        assert len(e.used) == {0: 0, 1: 2, 2: 4, 3: 3, 4: 5, 5: 5, 6: 4, 7: 5}[e.category]
        if e.used:
            assert _reference(list(e.used))[:-1] == e.key[:-1]
