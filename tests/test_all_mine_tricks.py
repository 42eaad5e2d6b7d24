"""All Mine! rules, "D. Take Tricks": the rulebook's trick with Arve, Brittany, Clay and Deepal
as printed and its variants (following suit, super-trumps and the suit to follow), rejected
plays that change nothing, and the winner's pick from the treasure heap."""
from __future__ import annotations

from all_mine_rules_helpers import (ARVE, BRITTANY, C, CLAY, D, DEEPAL, EXAMPLE_HANDS, G, M,
                                    assert_rejected, c1, cs, play, plays, position, trick_example)

from allmine_tui.engine import Action
from allmine_tui.games.all_mine.rules import RULES
from allmine_tui.games.all_mine.state import HEAP, PLAY


class TestTrickExample:
    def test_the_trick_as_printed(self):
        state = trick_example()
        strength = state.strength
        assert RULES.to_act(state) == [ARVE]
        RULES.apply(state, ARVE, play("C9"))

        # Brittany has no crystals: any card may be played; Dragon eggs 8 now wins the trick.
        assert plays(state, BRITTANY) == set(cs(EXAMPLE_HANDS[BRITTANY]))
        RULES.apply(state, BRITTANY, play("D8"))
        assert strength[c1("D8")] > strength[c1("C9")]

        # Clay holds crystals and must follow suit.
        assert plays(state, CLAY) == set(cs("C11 C4 C5"))
        assert_rejected(state, CLAY, play("G8"), "follow suit", "Crystals")
        assert_rejected(state, CLAY, play("D5"), "follow suit")
        RULES.apply(state, CLAY, play("C11"))
        assert strength[c1("C11")] < strength[c1("D8")]

        # Deepal must follow too; his Crystals 2 is a crystal (and a super-trump).
        assert plays(state, DEEPAL) == set(cs("C2 C6 C7"))
        RULES.apply(state, DEEPAL, play("C2"))

        assert state.last_winner == DEEPAL
        assert state.last_trick == [[ARVE, c1("C9")], [BRITTANY, c1("D8")],
                                    [CLAY, c1("C11")], [DEEPAL, c1("C2")]]
        assert state.trick == []
        assert state.tricks_done == 1
        assert state.won[DEEPAL] == [3, 0, 0, 1]  # three crystals, one dragon egg
        assert all(state.won[s] == [0, 0, 0, 0] for s in (ARVE, BRITTANY, CLAY))

        # Deepal, and only Deepal, now takes one card from the treasure heap.
        assert state.phase == HEAP
        assert RULES.to_act(state) == [DEEPAL]
        assert [a for a in RULES.legal_actions(state, DEEPAL)] == [Action("heap", (s,)) for s in range(4)]
        for other in (ARVE, BRITTANY, CLAY):
            assert RULES.legal_actions(state, other) == []
            assert_rejected(state, other, Action("heap", (D,)), "winner")
        assert_rejected(state, DEEPAL, play("G10"))
        assert_rejected(state, ARVE, play("C1"))

        RULES.apply(state, DEEPAL, Action("heap", (D,)))
        assert state.won[DEEPAL] == [3, 0, 0, 2]  # two dragon eggs and three crystals
        assert [len(st) for st in state.heap] == [3, 2, 1, 1]
        assert state.phase == PLAY
        # The winner of the trick leads the next one.
        assert RULES.to_act(state) == [DEEPAL]
        assert state.leader == DEEPAL
        assert RULES.conserved(state) == {"cards": 48, "distinct": 48}

    def test_brittany_plays_dragon_eggs_9_and_takes_the_trick(self):
        state = trick_example()
        for seat, c in ((ARVE, "C9"), (BRITTANY, "D9"), (CLAY, "C11"), (DEEPAL, "C2")):
            RULES.apply(state, seat, play(c))
        assert state.last_winner == BRITTANY
        assert state.won[BRITTANY] == [3, 0, 0, 1]
        assert state.won[DEEPAL] == [0, 0, 0, 0]
        assert RULES.to_act(state) == [BRITTANY]
        assert state.phase == HEAP and state.heap_taker == BRITTANY

    def test_a_super_trump_does_not_change_the_suit_to_follow(self):
        # Give Clay the Mushroom 10 (the strongest super-trump) instead of his Mushroom 6.
        hands = list(EXAMPLE_HANDS)
        hands[CLAY] = hands[CLAY].replace("M6", "M10")
        hands[DEEPAL] = hands[DEEPAL].replace("M10", "M6")
        state = trick_example(hands)
        RULES.apply(state, ARVE, play("C9"))
        RULES.apply(state, BRITTANY, play("D8"))
        assert c1("M10") not in plays(state, CLAY)
        assert_rejected(state, CLAY, play("M10"), "follow suit")

    def test_a_super_trump_belongs_to_its_printed_suit_when_led(self):
        # Deepal leads the Mushroom 10: everyone must follow with mushrooms (not "trumps").
        state = trick_example(leader=DEEPAL)
        RULES.apply(state, DEEPAL, play("M10"))
        assert plays(state, ARVE) == set(cs("M1 M2"))
        assert_rejected(state, ARVE, play("C9"), "follow suit", "Mushrooms")

    def test_a_lone_super_trump_of_the_led_suit_must_be_played(self):
        hands = list(EXAMPLE_HANDS)
        # Deepal's only crystal is now his Crystals 2; Clay takes his other two.
        hands[DEEPAL] = "C2 G5 G10 G11 M9 M10 M11 D7 D10 G6"
        hands[BRITTANY] = "D8 D9 C6 C7 G7 M3 M4 M5 D3 D4"
        state = trick_example(hands)
        RULES.apply(state, ARVE, play("C9"))
        assert plays(state, BRITTANY) == set(cs("C6 C7"))
        RULES.apply(state, BRITTANY, play("C6"))
        RULES.apply(state, CLAY, play("C11"))
        assert plays(state, DEEPAL) == {c1("C2")}
        assert_rejected(state, DEEPAL, play("M10"), "follow suit")
        RULES.apply(state, DEEPAL, play("C2"))
        assert state.last_winner == DEEPAL

    def test_other_rejections_change_nothing(self):
        state = trick_example()
        assert_rejected(state, BRITTANY, play("D8"), "turn")  # Arve leads
        assert_rejected(state, ARVE, play("C2"), "not in your hand")
        assert_rejected(state, ARVE, Action("predict", (C, G)), "already")
        assert_rejected(state, ARVE, Action("play", ()))
        assert_rejected(state, ARVE, Action("play", ("C9",)))
        assert_rejected(state, ARVE, Action("heap", (C,)))
        assert_rejected(state, ARVE, Action("dance", ()))

    def test_heap_pick_only_from_non_empty_stacks(self):
        # Same deal but the heap holds no gold and no mushrooms (those cards are in won piles).
        state = position(4, EXAMPLE_HANDS, "C8 C10 C12 D11 D12", dealer=DEEPAL,
                         won_cards=["G1 G12 M12", "", "", ""])
        for seat, c in ((ARVE, "C9"), (BRITTANY, "D8"), (CLAY, "C11"), (DEEPAL, "C2")):
            RULES.apply(state, seat, play(c))
        assert RULES.legal_actions(state, DEEPAL) == [Action("heap", (C,)), Action("heap", (D,))]
        assert_rejected(state, DEEPAL, Action("heap", (G,)), "no Gold")
        assert_rejected(state, DEEPAL, Action("heap", (M,)), "no Mushrooms")
        assert_rejected(state, DEEPAL, Action("heap", (7,)))
        RULES.apply(state, DEEPAL, Action("heap", (C,)))
        assert state.won[DEEPAL] == [4, 0, 0, 1]

    def test_with_one_stack_left_the_winner_still_gets_its_card(self):
        state = position(4, EXAMPLE_HANDS, "D12", dealer=DEEPAL,
                         won_cards=["C8 C10 C12 G1 G12 M12 D11", "", "", ""])
        for seat, c in ((ARVE, "C9"), (BRITTANY, "D8"), (CLAY, "C11"), (DEEPAL, "C2")):
            RULES.apply(state, seat, play(c))
        if state.phase == HEAP:  # a forced choice may be asked or made for the player
            assert RULES.legal_actions(state, DEEPAL) == [Action("heap", (D,))]
            RULES.apply(state, DEEPAL, Action("heap", (D,)))
        assert state.won[DEEPAL] == [3, 0, 0, 2]
        assert state.heap == [[], [], [], []]
        assert RULES.to_act(state) == [DEEPAL]

    def test_empty_heap_skips_the_step(self):
        state = position(4, EXAMPLE_HANDS, "", dealer=DEEPAL,
                         won_cards=["C8 C10 C12 G1 G12 M12 D11 D12", "", "", ""])
        for seat, c in ((ARVE, "C9"), (BRITTANY, "D8"), (CLAY, "C11"), (DEEPAL, "C2")):
            RULES.apply(state, seat, play(c))
        assert state.phase == PLAY
        assert RULES.to_act(state) == [DEEPAL]
        assert state.won[DEEPAL] == [3, 0, 0, 1]
        assert RULES.legal_actions(state, DEEPAL)[0].kind == "play"
        assert_rejected(state, DEEPAL, Action("heap", (D,)))
