"""This is Mine! rules, "Components" and "Setup": the card types as printed, the cards used at
each player count (by their dots; 5 removed in 2 players), the cards revealed each round
("Opening Boxes") and the eight rounds of every game."""
from __future__ import annotations

from collections import Counter

import pytest
from this_is_mine_rules_helpers import D, play_random

from allmine_tui.games.this_is_mine.rules import RULES


def test_type_totals_as_printed():
    assert Counter(D.card_type) == {
        "bibelot": 9, "suitcase": 3, "bottle": 10, "skates": 9, "turntable": 4, "radio": 3,
        "tv": 3, "relative": 11, "record": 11, "instrument": 9}
    assert len(D.card_type) == 72


def test_dots_and_cards_per_player_count():
    assert Counter(D.card_dots) == {1: 45, 3: 11, 4: 16}
    assert [len(D.cards_for(n)) for n in (2, 3, 4)] == [45, 56, 72]
    assert D.reveal == {2: 5, 3: 7, 4: 9}
    for n, used, removed in ((2, 40, 5), (3, 56, 0), (4, 72, 0)):
        st = RULES.new_state(n, {}, 11)
        assert len(st.removed) == removed
        assert len(st.deck) + len(st.revealed) == used
        assert sorted(st.deck + st.revealed + st.removed) == sorted(D.cards_for(n))
        assert st.money == [5] * n and st.pile == 32 - 5 * n
        assert "removed" not in RULES.view(st, 0)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_eight_rounds_at_every_count(n):
    k = D.reveal[n]
    for seed in range(3):
        reveals = []

        def check(st, evs):
            if st.phase == "split" and not st.assign and st.round_no == len(reveals):
                reveals.append(len(st.revealed))

        st, events = play_random(n, f"rounds-{n}-{seed}", check=check)
        assert reveals == [k] * 8
        assert [e.kind for e in events].count("reveal") == 7  # + the first, in new_state
        assert sum(len(h) for h in st.hands) + sum(len(d) for d in st.discards) == 8 * k
        assert st.deck == [] and st.round_no == 7
