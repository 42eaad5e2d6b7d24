"""All Mine! rules, "B. Determine Trumps": how every card ranks under the rulebook's display
(mushrooms 10 > dragon eggs 9 > crystals 2 > gold 1), and a dealt display always sorted
highest first."""
from __future__ import annotations

import random

import pytest
from all_mine_rules_helpers import C, D, G, M, RUNNING_DISPLAY, c1, cs

from allmine_tui.games.all_mine import cards
from allmine_tui.games.all_mine import rules as rules_module
from allmine_tui.games.all_mine.cards import DECK, strength_table
from allmine_tui.games.all_mine.rules import RULES


class TestTrumpRanking:
    strength = strength_table(RUNNING_DISPLAY)
    supers = cs("M10 D9 C2 G1")

    def beats(self, a: str, b: str) -> bool:
        return self.strength[c1(a)] > self.strength[c1(b)]

    def test_mushroom_10_beats_everything(self):
        m10 = c1("M10")
        assert all(self.strength[m10] > self.strength[c] for c in DECK if c != m10)

    def test_gold_1_beats_all_normal_cards(self):
        normal = [c for c in DECK if c not in self.supers]
        assert len(normal) == 44
        assert all(self.beats("G1", cards.card_name(c)) for c in normal)

    def test_gold_1_is_below_the_three_greater_super_trumps(self):
        for stronger in ("C2", "D9", "M10"):
            assert self.beats(stronger, "G1")

    def test_super_trumps_in_display_order(self):
        assert self.beats("M10", "D9") and self.beats("D9", "C2") and self.beats("C2", "G1")

    def test_mushroom_1_beats_dragon_eggs_12_without_super_trumps(self):
        assert self.beats("M1", "D12")

    def test_suits_rank_in_display_order_for_normal_cards(self):
        # mushrooms > dragon eggs > crystals > gold, whatever the numbers
        order = [M, D, C, G]
        for hi_i, hi in enumerate(order):
            for lo in order[hi_i + 1:]:
                for a in range(1, 13):
                    for b in range(1, 13):
                        ca, cb = cards.card(hi, a), cards.card(lo, b)
                        if ca in self.supers or cb in self.supers:
                            continue
                        assert self.strength[ca] > self.strength[cb]

    def test_within_gold_higher_beats_lower_but_gold_2_is_below_gold_1(self):
        for k in range(3, 13):
            assert self.beats(f"G{k}", f"G{k - 1}")
        assert not self.beats("G2", "G1")
        assert self.beats("G1", "G12")

    def test_every_card_has_a_distinct_strength(self):
        assert len(set(self.strength)) == 48  # one total order of the 48 cards

    def test_deal_sorts_the_display_by_number(self, monkeypatch):
        """Crystals + 2, gold + 1, mushrooms + 10, dragon eggs + 9 are laid out in that order; the
        display becomes mushrooms 10 > dragon eggs 9 > crystals 2 > gold 1."""

        class Dealt(random.Random):
            def shuffle(self, x):
                if sorted(x) == list(range(1, 13)):  # the super-trump number cards
                    rest = [k for k in range(1, 13) if k not in (2, 1, 10, 9)]
                    x[:] = [2, 1, 10, 9] + rest  # dealt left to right: C, G, M, D
                else:
                    super().shuffle(x)

        real_stream = rules_module.stream
        monkeypatch.setattr(rules_module, "stream",
                            lambda seed, *purpose: Dealt(real_stream(seed, *purpose).random()))
        state = RULES.new_state(4, {}, seed=5)
        assert state.display == RUNNING_DISPLAY
        assert state.strength == strength_table(RUNNING_DISPLAY)
        assert RULES.view(state, None)["display"] == RUNNING_DISPLAY

    @pytest.mark.parametrize("seed", range(25))
    def test_dealt_display_is_always_sorted_highest_first(self, seed):
        state = RULES.new_state(3 + seed % 2, {}, seed=seed)
        suits = [s for s, _ in state.display]
        numbers = [k for _, k in state.display]
        assert sorted(suits) == [0, 1, 2, 3]
        assert all(1 <= k <= 12 for k in numbers)
        assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == 4
        assert state.strength == strength_table(state.display)
