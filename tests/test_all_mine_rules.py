"""All Mine! rules: every worked example of the rulebook, plus the rulings in shared/RULINGS.md.

Positions are built by hand (a state from ``new_state`` whose hands, display, heap... are overwritten)
and driven through ``RULES.apply`` exactly as a game would be. Expected values come from the rulebook
text, not from running the code.
"""
from __future__ import annotations

import random

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.all_mine import cards
from allmine_tui.games.all_mine import rules as rules_module
from allmine_tui.games.all_mine.cards import DECK, parse_card, score_hand, strength_table, suit_of
from allmine_tui.games.all_mine.rules import RULES
from allmine_tui.games.all_mine.state import HEAP, OVER, PLAY, PREDICT

C, G, M, D = 0, 1, 2, 3  # Crystals, Gold, Mushrooms, Dragon eggs (the order of cards.SUITS)

# The rulebook's running example: mushrooms 10 > dragon eggs 9 > crystals 2 > gold 1.
RUNNING_DISPLAY = [[M, 10], [D, 9], [C, 2], [G, 1]]


def cs(text: str) -> list[int]:
    """'C9 D8 G1' -> card ints."""
    return [parse_card(t) for t in text.split()]


def c1(text: str) -> int:
    return parse_card(text)


def play(c: str) -> Action:
    return Action("play", (c1(c),))


def position(n, hands, heap, *, dealer, leader=None, display=RUNNING_DISPLAY, hand_no=0,
             predictions=None, phase=PLAY, won_cards=None, scores=None, check_deck=True):
    """A state with exactly these hands (card names), heap cards, display and turn order."""
    state = RULES.new_state(n, {}, seed="fixture")
    state.hands = [cs(h) for h in hands]
    heap_cards = cs(heap)
    state.heap = [[c for c in heap_cards if suit_of(c) == s] for s in range(4)]
    state.display = [list(d) for d in display]
    state.strength = strength_table(state.display)
    state.hand_no = hand_no
    state.first_dealer = (dealer - hand_no) % n
    state.dealer = dealer
    state.leader = (dealer + 1) % n if leader is None else leader
    state.predictions = predictions if predictions is not None else [[C, G] for _ in range(n)]
    state.phase = phase
    state.trick, state.last_trick, state.last_winner = [], [], None
    state.heap_taker = None
    state.won_cards = [cs(w) for w in won_cards] if won_cards else [[] for _ in range(n)]
    state.won = [[sum(1 for c in w if suit_of(c) == s) for s in range(4)] for w in state.won_cards]
    state.tricks_done = 0
    state.scores = list(scores) if scores else [0] * n
    if check_deck:  # the position uses every card exactly once, like a real deal
        every = sorted(c for part in (state.hands, state.heap, state.won_cards) for h in part for c in h)
        assert every == list(DECK)
    return state


def snapshot(state) -> dict:
    return RULES.state_to_json(state)


def assert_rejected(state, seat, action, *words) -> IllegalAction:
    """The action raises IllegalAction whose message has ``words``, and nothing changes."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, seat, action)
    message = str(info.value)
    assert message and "\n" not in message
    for word in words:
        assert word.lower() in message.lower(), message
    assert snapshot(state) == before
    return info.value


def plays(state, seat) -> set[int]:
    return {a.args[0] for a in RULES.legal_actions(state, seat) if a.kind == "play"}


# ---------------------------------------------------------------------------------------------
# (a) Determine trumps: the ranking example
# ---------------------------------------------------------------------------------------------
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


# ---------------------------------------------------------------------------------------------
# (b) Take tricks: Arve, Brittany, Clay and Deepal
# ---------------------------------------------------------------------------------------------
ARVE, BRITTANY, CLAY, DEEPAL = 0, 1, 2, 3
EXAMPLE_HANDS = [
    "C9 C1 C3 G2 G3 G4 M1 M2 D1 D2",     # Arve
    "D8 D9 G5 G6 G7 M3 M4 M5 D3 D4",     # Brittany: no crystals
    "C11 C4 C5 G8 G9 M6 M7 M8 D5 D6",    # Clay
    "C2 C6 C7 G10 G11 M9 M10 M11 D7 D10",  # Deepal
]
EXAMPLE_HEAP = "C8 C10 C12 G1 G12 M12 D11 D12"


def trick_example(hands=EXAMPLE_HANDS, leader=ARVE):
    # Deepal dealt, so Arve (on his left) leads the first trick.
    return position(4, hands, EXAMPLE_HEAP, dealer=DEEPAL, leader=leader)


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


# ---------------------------------------------------------------------------------------------
# (c) Scoring examples (counts are listed per suit in our order: crystals, gold, mushrooms, dragon eggs)
# ---------------------------------------------------------------------------------------------
SCORING_EXAMPLES = [
    # (most, fewest, counts, most points, fewest points, bonus, total)
    pytest.param(D, M, [2, 2, 5, 6], 5, 0, 0, 5, id="most-dragon-eggs-fewest-mushrooms"),
    pytest.param(C, G, [2, 2, 5, 6], 0, 3, 0, 3, id="most-crystals-wrong-fewest-gold-tied"),
    pytest.param(C, G, [6, 0, 4, 0], 5, 3, 6, 14, id="most-crystals-fewest-gold-bonus-6"),
    pytest.param(M, D, [0, 0, 0, 0], 3, 3, 0, 6, id="nothing-taken"),
]


@pytest.mark.parametrize("most,fewest,counts,most_pts,fewest_pts,bonus,total", SCORING_EXAMPLES)
def test_rulebook_scoring_examples(most, fewest, counts, most_pts, fewest_pts, bonus, total):
    assert score_hand(counts, most, fewest) == {
        "most": most_pts, "fewest": fewest_pts, "bonus": bonus, "total": total}


def test_score_hand_more_cases():
    # both perfect: 5 + 5 + difference
    assert score_hand([7, 1, 3, 2], C, G)["total"] == 5 + 5 + 6
    # both right but the bonus is counted from the predicted suits only
    assert score_hand([4, 0, 4, 1], M, G) == {"most": 3, "fewest": 5, "bonus": 4, "total": 12}
    # only Most right: no bonus
    assert score_hand([7, 1, 3, 2], C, D) == {"most": 5, "fewest": 0, "bonus": 0, "total": 5}


# One 4-player position, last trick of a hand: the four seats end with
#   Arve  : 2 C, 2 G, 5 M, 6 D, predicted +D -M  (example 1: 5)
#   Britt : 2 C, 2 G, 5 M, 6 D, predicted +C -G  (example 2: 3)
#   Clay  : nothing,            predicted +M -D  (example 4: 6)
#   Deepal: 8 C, 8 G, 2 M, 0 D, predicted +C -D  (Most tied 3, Fewest perfect 5, bonus 8 - 0: 16)
# Deepal wins the last trick (four gold, Gold 12 highest, no super-trump played); the heap is empty.
SCORING_WON = [
    "C1 C3 G2 G6 M1 M2 M3 M4 M5 D1 D2 D3 D4 D5 D6",
    "C4 C5 G7 G8 M6 M7 M8 M9 M10 D7 D8 D9 D10 D11 D12",
    "",
    "C2 C6 C7 C8 C9 C10 C11 C12 G1 G9 G10 G11 M11 M12",  # G3 G4 G5 G12 come with the last trick
]
SCORING_HANDS = ["G3", "G4", "G5", "G12"]
SCORING_PREDICTIONS = [[D, M], [C, G], [M, D], [C, D]]
SCORING_TOTALS = [5, 3, 6, 16]


def last_trick_position(hand_no, scores=None):
    return position(4, SCORING_HANDS, "", dealer=(ARVE - 1) % 4 if hand_no == 0 else 2,
                    leader=ARVE, hand_no=hand_no, predictions=[list(p) for p in SCORING_PREDICTIONS],
                    won_cards=SCORING_WON, scores=scores)


def play_last_trick(state):
    for seat, c in zip(range(4), SCORING_HANDS):
        RULES.apply(state, seat, play(c))


def test_scoring_examples_through_a_full_hand_final_hand():
    state = last_trick_position(hand_no=3)
    play_last_trick(state)
    assert state.phase == OVER and RULES.is_over(state)
    assert RULES.to_act(state) == []
    record = state.history[-1]["players"]
    assert [p["counts"] for p in record] == [[2, 2, 5, 6], [2, 2, 5, 6], [0, 0, 0, 0], [8, 8, 2, 0]]
    assert [(p["most_points"], p["fewest_points"], p["bonus"]) for p in record] == [
        (5, 0, 0), (0, 3, 0), (3, 3, 0), (3, 5, 8)]
    assert [p["total"] for p in record] == SCORING_TOTALS
    assert state.scores == SCORING_TOTALS
    result = RULES.result(state)
    assert result.scores == SCORING_TOTALS
    assert result.winners == [DEEPAL]
    assert result.table[-1] == ("Total", SCORING_TOTALS)
    for seat in range(4):
        assert RULES.legal_actions(state, seat) == []
    assert_rejected(state, ARVE, Action("predict", (C, G)), "over")


def test_scoring_a_middle_hand_adds_up_and_deals_the_next():
    state = last_trick_position(hand_no=0, scores=[0, 0, 0, 0])
    first_dealer = state.dealer
    play_last_trick(state)
    assert state.scores == SCORING_TOTALS
    assert state.phase == PREDICT and state.hand_no == 1
    assert state.dealer == (first_dealer + 1) % 4
    assert [len(h) for h in state.hands] == [10, 10, 10, 10]
    assert sum(len(st) for st in state.heap) == 8
    assert state.won == [[0, 0, 0, 0]] * 4
    assert state.predictions == [None] * 4


def test_equal_totals_share_the_win():
    # Before the last hand: 11, 13, 0, 0; the hand adds 5, 3, 6, 16 -> 16, 16, 6, 16.
    state = last_trick_position(hand_no=3, scores=[11, 13, 0, 0])
    play_last_trick(state)
    result = RULES.result(state)
    assert result.scores == [16, 16, 6, 16]
    assert result.winners == [ARVE, BRITTANY, DEEPAL]
    assert len(result.scores) == 4


def test_last_trick_with_the_last_heap_card_three_players():
    """3 players: the heap's last card goes to the winner of the last trick; example 3 again."""
    won = ["C1 C2 C3 C4 C5 C6 M1 M2 M3 M4", "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12",
           "C7 C8 C9 C10 C11 C12 M5 M6 M7 M8 M9 M10 M11 M12 D3 D4 D5 D6 D7 D8 D9 D10"]
    state = position(3, ["D1", "D2", "D12"], "D11", dealer=1, leader=0, hand_no=2,
                     predictions=[[C, G], [G, C], [D, G]], won_cards=won)
    for seat, c in ((0, "D1"), (1, "D2"), (2, "D12")):
        RULES.apply(state, seat, play(c))
    if state.phase == HEAP:
        RULES.apply(state, 2, Action("heap", (D,)))
    assert state.phase == OVER
    record = state.history[-1]["players"]
    assert [p["counts"] for p in record] == [[6, 0, 4, 0], [0, 12, 0, 0], [6, 0, 8, 12]]
    # seat 0: example 3 (14); seat 1: +G perfect 5, -C tied 3, bonus 12 (20);
    # seat 2: +D perfect 5, -G perfect 5, bonus 12 (22)
    assert state.scores == [14, 20, 22]
    assert RULES.result(state).winners == [2]


# ---------------------------------------------------------------------------------------------
# Deal, predictions, turn order, the whole game
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,per,heap", [(3, 12, 12), (4, 10, 8)])
@pytest.mark.parametrize("seed", [0, 1, 2, "abc", 99])
def test_deal_sizes(n, per, heap, seed):
    state = RULES.new_state(n, {}, seed)
    assert [len(h) for h in state.hands] == [per] * n
    assert sum(len(st) for st in state.heap) == heap
    for suit, stack in enumerate(state.heap):
        assert all(suit_of(c) == suit for c in stack)  # sorted into stacks by card back
    every = [c for h in state.hands for c in h] + [c for st in state.heap for c in st]
    assert sorted(every) == list(DECK)
    assert state.phase == PREDICT and state.hand_no == 0
    assert RULES.to_act(state) == list(range(n))
    assert state.leader == (state.dealer + 1) % n
    view = RULES.view(state, None)
    assert view["heap"] == [len(st) for st in state.heap]
    assert view["tricks_total"] == per and view["hands_total"] == n


def test_wrong_player_counts_are_refused():
    for n in (2, 5):
        with pytest.raises(ValueError):
            RULES.new_state(n, {}, 1)


def test_same_seed_same_deal_and_different_seeds_differ():
    a, b = RULES.new_state(4, {}, 7), RULES.new_state(4, {}, 7)
    assert a.to_json() == b.to_json()
    assert RULES.new_state(4, {}, 8).hands != a.hands


def test_predictions_must_be_two_different_suits():
    state = RULES.new_state(3, {}, 3)
    legal = RULES.legal_actions(state, 0)
    assert len(legal) == 12 and all(a.args[0] != a.args[1] for a in legal)
    assert {tuple(a.args) for a in legal} == {(m, f) for m in range(4) for f in range(4) if m != f}
    assert_rejected(state, 0, Action("predict", (G, G)), "different")
    assert_rejected(state, 0, Action("predict", (G, 4)))
    assert_rejected(state, 0, Action("predict", (G,)))
    assert_rejected(state, 0, Action("play", (state.hands[0][0],)), "prediction")
    RULES.apply(state, 0, Action("predict", (G, M)))
    assert RULES.to_act(state) == [1, 2]
    assert RULES.legal_actions(state, 0) == []
    assert_rejected(state, 0, Action("predict", (C, D)), "already")


def test_predictions_are_secret_until_all_are_placed():
    state = RULES.new_state(3, {}, 11)
    events = RULES.apply(state, 1, Action("predict", (M, D)))
    # the public log line does not say which suits; the private one does
    assert "▲M" not in events[0].text_for(0) and "▲M" not in events[0].text_for(None)
    assert "▲M" in events[0].text_for(1)
    assert RULES.view(state, 1)["predictions"] == [None, [M, D], None]
    for viewer in (0, 2, None):
        view = RULES.view(state, viewer)
        assert view["predictions"] == [None, None, None]
        assert view["predicted"] == [False, True, False]
    RULES.apply(state, 0, Action("predict", (C, G)))
    assert RULES.view(state, 2)["predictions"] == [None, None, None]
    assert RULES.view(state, 0)["predictions"] == [[C, G], None, None]
    events = RULES.apply(state, 2, Action("predict", (D, C)))
    assert state.phase == PLAY
    for viewer in (0, 1, 2, None):
        assert RULES.view(state, viewer)["predictions"] == [[C, G], [M, D], [D, C]]
    assert any("▲M" in e.text_for(None) for e in events)  # the reveal is public


def random_game(n, seed, check=None):
    """Play a whole game with seeded random legal actions; ``check(state, before, seat, action)``
    runs after every action."""
    state = RULES.new_state(n, {}, seed)
    rng = random.Random(f"{seed}-{n}")
    steps = 0
    while not RULES.is_over(state):
        seat = rng.choice(RULES.to_act(state))
        action = rng.choice(RULES.legal_actions(state, seat))
        before = RULES.state_from_json(RULES.state_to_json(state))
        RULES.apply(state, seat, action)
        if check:
            check(state, before, seat, action)
        steps += 1
        assert steps < 1000
    return state


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_one_hand_per_player_dealer_rotates_left(n, seed):
    per, heap_size = (12, 12) if n == 3 else (10, 8)
    seen = {"dealers": [], "first_leads": [], "plays": {}, "heap_picks": {}}

    def check(state, before, seat, action):
        hand = before.hand_no
        if action.kind == "play":
            seen["plays"][hand] = seen["plays"].get(hand, 0) + 1
            if before.tricks_done == 0 and not before.trick:
                seen["first_leads"].append((before.dealer, seat))
        if action.kind == "predict" and all(p is None for p in before.predictions):
            seen["dealers"].append(before.dealer)
        if state.phase == PREDICT and state.hand_no != hand:  # a new hand was dealt
            assert state.leader == (state.dealer + 1) % n
            assert [len(h) for h in state.hands] == [per] * n
        if state.phase != OVER and state.hand_no == hand:
            on_heap = sum(len(st) for st in state.heap)
            if state.phase == PLAY and not state.trick:  # between tricks
                assert on_heap == max(0, heap_size - state.tricks_done)
            if state.phase == HEAP:
                assert on_heap > 0 and state.heap_taker == state.last_winner
                assert RULES.to_act(state) == [state.last_winner]
        if action.kind == "heap":
            seen["heap_picks"][hand] = seen["heap_picks"].get(hand, 0) + 1
        assert RULES.conserved(state) == {"cards": 48, "distinct": 48}

    state = random_game(n, seed, check)
    first = state.first_dealer
    assert seen["dealers"] == [(first + k) % n for k in range(n)]
    assert sorted(seen["dealers"]) == list(range(n))  # everyone deals once
    assert seen["first_leads"] == [(d, (d + 1) % n) for d in seen["dealers"]]
    assert seen["plays"] == {k: per * n for k in range(n)}  # every card of every hand is played
    assert len(state.history) == n
    for rec in state.history:
        counts = [sum(p["counts"][s] for p in rec["players"]) for s in range(4)]
        assert counts == [12, 12, 12, 12]  # every card collected, heap included
        for p in rec["players"]:
            assert p["total"] == score_hand(p["counts"], p["most"], p["fewest"])["total"]
    assert state.scores == [sum(r["players"][s]["total"] for r in state.history) for s in range(n)]
    result = RULES.result(state)
    assert len(result.scores) == n
    assert result.winners == [s for s in range(n) if state.scores[s] == max(state.scores)]
    assert RULES.progress(state) == "finished"


def test_four_players_heap_runs_out_after_eight_tricks():
    trace = []

    def check(state, before, seat, action):
        if state.phase != OVER and state.hand_no == before.hand_no and \
                state.tricks_done != before.tricks_done:
            trace.append((state.hand_no, state.tricks_done, state.phase,
                          sum(len(st) for st in state.heap),
                          sum(map(sum, state.won)) - sum(map(sum, before.won))))

    random_game(4, 42, check)
    for hand in range(4):
        # the 10th trick ends the hand (a new one is dealt), so tricks 1-9 are traced here
        rows = [t[1:] for t in trace if t[0] == hand]
        assert [t[0] for t in rows] == list(range(1, 10))
        for tricks, phase, on_heap, gained in rows:
            if tricks <= 7:  # the winner takes a heap card now (4 + 1) or chooses its stack next
                assert (phase == HEAP and gained == 4) or (phase == PLAY and gained == 5)
                assert on_heap == 8 - tricks + (1 if phase == HEAP else 0)
            if tricks == 8:  # the last heap card
                assert (phase == HEAP and on_heap == 1) or (phase == PLAY and on_heap == 0)
            if tricks >= 9:  # the heap is empty: the step is skipped
                assert phase == PLAY and on_heap == 0 and gained == 4


# ---------------------------------------------------------------------------------------------
# Views: what each seat may know
# ---------------------------------------------------------------------------------------------
def secret_places(state, viewer):
    """Lists holding card faces ``viewer`` may not see: other hands and every heap stack."""
    places = [state.hands[s] for s in range(state.n) if s != viewer]
    return places + list(state.heap)


def same_suit_swaps(state, viewer):
    """Every state reachable by swapping two same-suit cards between ``viewer``'s secret places."""
    blob = RULES.state_to_json(state)
    n_places = len(secret_places(state, viewer))
    for a in range(n_places):
        for b in range(a + 1, n_places):
            probe = RULES.state_from_json(blob)
            pa, pb = secret_places(probe, viewer)[a], secret_places(probe, viewer)[b]
            for i, x in enumerate(pa):
                for j, y in enumerate(pb):
                    if suit_of(x) == suit_of(y):
                        swapped = RULES.state_from_json(blob)
                        qa, qb = secret_places(swapped, viewer)[a], secret_places(swapped, viewer)[b]
                        qa[i], qb[j] = y, x
                        yield swapped


@pytest.mark.parametrize("viewer", [ARVE, BRITTANY, CLAY, DEEPAL, None])
def test_views_hide_other_hands_and_the_heap(viewer):
    state = trick_example()
    RULES.apply(state, ARVE, play("C9"))
    RULES.apply(state, BRITTANY, play("D8"))
    view = RULES.view(state, viewer)
    swaps = 0
    for other in same_suit_swaps(state, viewer):
        assert RULES.view(other, viewer) == view
        swaps += 1
    assert swaps > 50
    if viewer is None:
        assert view["hand"] is None and view["playable"] == []
    else:
        assert sorted(view["hand"]) == sorted(state.hands[viewer])
        # ...and the viewer's own hand is really shown: a change there shows up
        other = RULES.state_from_json(RULES.state_to_json(state))
        mine = other.hands[viewer]
        heap_same_suit = other.heap[suit_of(mine[0])]
        if heap_same_suit:
            mine[0], heap_same_suit[0] = heap_same_suit[0], mine[0]
            assert RULES.view(other, viewer) != view
    assert view["hand_suits"] == [[sum(1 for c in h if suit_of(c) == s) for s in range(4)]
                                  for h in state.hands]
    assert view["heap"] == [len(st) for st in state.heap]
    assert view["trick"] == [[ARVE, c1("C9")], [BRITTANY, c1("D8")]]  # the trick is public


def test_view_keys_that_may_carry_card_faces():
    """Card faces appear only under the viewer's own hand, playable cards, the (public) tricks."""
    state = trick_example()
    RULES.apply(state, ARVE, play("C9"))
    RULES.apply(state, BRITTANY, play("D8"))
    view = RULES.view(state, CLAY)
    assert set(view["playable"]) == set(cs("C11 C4 C5"))
    assert RULES.view(state, ARVE)["playable"] == []  # not Arve's turn
    assert sorted(view["heap"]) == sorted(len(st) for st in state.heap)
    assert all(isinstance(k, int) for k in view["heap"])
    assert "won_cards" not in view
    assert view["won"] == [[0, 0, 0, 0]] * 4


def test_completed_trick_stays_on_view_until_the_next_lead():
    state = trick_example()
    for seat, c in ((ARVE, "C9"), (BRITTANY, "D8"), (CLAY, "C11"), (DEEPAL, "C2")):
        RULES.apply(state, seat, play(c))
    RULES.apply(state, DEEPAL, Action("heap", (M,)))
    view = RULES.view(state, None)
    assert view["trick"] == [] and view["last_winner"] == DEEPAL
    assert len(view["last_trick"]) == 4
    RULES.apply(state, DEEPAL, play("G10"))
    view = RULES.view(state, None)
    assert view["last_trick"] == [] and view["trick"] == [[DEEPAL, c1("G10")]]


def test_json_round_trip_of_a_built_position():
    state = trick_example()
    RULES.apply(state, ARVE, play("C9"))
    import json

    data = json.loads(json.dumps(RULES.state_to_json(state)))
    again = RULES.state_from_json(data)
    assert RULES.state_to_json(again) == RULES.state_to_json(state)
    assert again.strength == state.strength
    RULES.apply(again, BRITTANY, play("D8"))
    RULES.apply(state, BRITTANY, play("D8"))
    assert RULES.state_to_json(again) == RULES.state_to_json(state)
