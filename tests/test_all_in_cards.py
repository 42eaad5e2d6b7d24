"""Composing the written card from the two revealed cards, with Jokers and poker chips."""
from __future__ import annotations

import pytest

from allmine_tui.games.all_in.cards import (JOKERS, card_name, parse_card, value_distance,
                                            write_cost)

P = parse_card


def test_names_and_parsing_round_trip():
    for c in range(52):
        assert parse_card(card_name(c)) == c
    assert card_name(P("QD")) == "Q♦" and card_name(P("10c")) == "10♣"
    assert card_name(JOKERS[0]) == "Joker"


def test_either_revealed_card_or_value_of_one_with_suit_of_the_other_is_free():
    revealed = (P("JH"), P("7S"))
    free = {c for c in range(52) if write_cost(c, revealed) == 0}
    assert free == {P("JH"), P("7S"), P("JS"), P("7H")}


def test_one_chip_per_value_step_with_king_ace_wrap():
    revealed = (P("KH"), P("5S"))
    assert write_cost(P("AH"), revealed) == 1  # K -> A going around
    assert write_cost(P("2S"), revealed) == 2  # K -> A -> 2
    assert write_cost(P("QS"), revealed) == 1  # K -> Q, suit from the 5♠
    assert write_cost(P("8H"), revealed) == 3  # 5 -> 8
    assert value_distance(1, 13) == 1 and value_distance(7, 1) == 6


def test_two_chips_change_a_suit():
    revealed = (P("KH"), P("5S"))
    assert write_cost(P("KD"), revealed) == 2
    assert write_cost(P("4C"), revealed) == 3  # one value step and a suit change


def test_one_joker_is_any_value_or_any_suit_but_the_other_card_is_used():
    revealed = (JOKERS[0], P("9C"))
    assert write_cost(P("2C"), revealed) == 0  # Joker as the value, suit from 9♣
    assert write_cost(P("9H"), revealed) == 0  # Joker as the suit, value from 9♣
    assert write_cost(P("2H"), revealed) == 2  # neither matches: cheapest is a suit change
    assert write_cost(P("10H"), revealed) == 1  # or a value step on the 9


def test_two_jokers_make_any_card_and_a_joker_is_never_written():
    both = (JOKERS[0], JOKERS[1])
    assert all(write_cost(c, both) == 0 for c in range(52))
    assert write_cost(JOKERS[0], (P("AS"), P("KD"))) is None


@pytest.mark.parametrize("text", ["ZZ", "0H", "14S", "QX"])
def test_bad_card_text_is_rejected(text):
    with pytest.raises((ValueError, KeyError)):
        parse_card(text)


def test_the_rules_fast_cost_table_agrees_with_write_cost_for_every_pair():
    from allmine_tui.games.all_in.costs import cost_table

    for a in range(54):
        for b in range(54):
            if a != b:
                table = cost_table(a, b)
                assert all(table[c] == write_cost(c, (a, b)) for c in range(52)), (a, b)
