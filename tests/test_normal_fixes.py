"""The ``normal`` bots' fixes of issue 13, each checked where the old bot went wrong: seeded
variety (no two normal bots mirror each other), This is Mine! refusal wars, All Mine! heap picks
and winning cards, and the Mine All Mines Lamp."""
from __future__ import annotations

import random

from allmine_tui.engine import Action, Match, Seat, pick_near_best
from allmine_tui.games.mine_all_mines.normal_bot import NormalBot as MinesNormal
from allmine_tui.games.mine_all_mines.state import ACT, ROUNDS
from allmine_tui.games.mine_all_mines.rules import RULES as MINES
from allmine_tui.games.this_is_mine.data import type_of
from allmine_tui.games.this_is_mine.normal_bot import NormalBot as InheritNormal
from allmine_tui.games.this_is_mine.rules import RULES as INHERIT
from allmine_tui.simulate import simulate


def play(game_id: str, n: int, seed, watch=None) -> Match:
    """A game of normal bots; ``watch(match, seat, action)`` sees each action before it is
    applied."""
    match = Match(game_id, [Seat(f"N{i}", "normal") for i in range(n)], seed)
    while not match.is_over():
        seat = match.bot_seats_to_act()[0]
        action = match.bot_choice(seat)
        if watch is not None:
            watch(match, seat, action)
        match.apply(seat, action)
    return match


# -- variety -------------------------------------------------------------------------------------
def test_pick_near_best_draws_among_near_equal_values_only():
    values = [1.0, 3.0, 2.99, 0.5, 3.0]
    picks = {pick_near_best(values, random.Random(seed), 0.05) for seed in range(40)}
    assert picks == {1, 2, 4}
    assert {pick_near_best(values, random.Random(seed), 0.0) for seed in range(40)} == {1, 4}
    assert pick_near_best([0.0, 2.0, 1.0], random.Random(1), 0.5) == 1


def test_all_in_normal_bots_on_one_sheet_do_not_share_every_win():
    """Four normal bots see the same cards on the same sheet: the old bot wrote the same card
    on the same space for all of them, so every game was a 4-way tie (``allmine simulate
    all-in --players 4 --games 20 --seed 5``)."""
    result = simulate("all-in", ["normal"] * 4, 20, 5)
    assert result.wins != [20] * 4
    assert sum(result.wins) < 30  # mostly a single winner


# -- This is Mine!: no refusal wars ---------------------------------------------------------------
def negotiation_view(money: list[int], leader: int, me: int, lot_money: int = 0) -> dict:
    """Seat ``me`` answers ``leader``'s claim of lot A (five Bibelots), worth far more than lot B
    (a Relative, with ``lot_money`` on it) or lot C (a Bottle)."""
    state = INHERIT.new_state(3, {}, "war")

    def take(kind: str, k: int) -> list[int]:
        cards = [c for c in state.deck if type_of(c) == kind][:k]
        for c in cards:
            state.deck.remove(c)
        return cards

    state.deck += state.revealed
    state.phase, state.revealed, state.assign = "negotiate", [], []
    state.lots = [{"cards": take("bibelot", 5), "money": 0, "owner": None},
                  {"cards": take("relative", 1), "money": lot_money, "owner": None},
                  {"cards": take("bottle", 1), "money": 0, "owner": None}]
    state.money = list(money)
    state.leader, state.claim, state.asked = leader, 0, [me]
    return INHERIT.view(state, me)


def test_this_is_mine_no_refusal_when_the_claimer_can_refuse_back_longer():
    bot = InheritNormal()
    rng = random.Random(0)
    legal = [Action("accept"), Action("refuse", (1,)), Action("refuse", (2,))]
    # as many Money Cards as the claimer, who has been refused already: the old bot refused
    # (and the claimer refused back, and so on); now it accepts
    view = negotiation_view([4, 4, 4], leader=0, me=1, lot_money=1)
    assert bot.choose(view, legal, rng) == Action("accept")
    # more Money Cards than the claimer: that exchange can be won, so it refuses for the lot
    view = negotiation_view([2, 5, 4], leader=0, me=1, lot_money=1)
    assert bot.choose(view, legal, rng).kind == "refuse"
    # a claimer without money cannot answer: refusing costs one card
    view = negotiation_view([0, 1, 4], leader=0, me=1, lot_money=1)
    assert bot.choose(view, legal, rng).kind == "refuse"


def test_this_is_mine_normal_bots_do_not_refuse_each_other_until_broke():
    """Seed 22: the old bots refused back and forth for one lot until both were broke (rounds
    2, 3, 6 and 8), and the third player took a $17 lot for $1."""
    longest = []

    def watch(match, seat, action):
        if action.kind == "refuse":
            longest[-1] += 1
        elif action.kind == "claim":
            longest.append(0)

    for seed in (22, 5, 9):
        longest.clear()
        play("this-is-mine", 3, seed, watch)
        assert max(longest) <= 3, f"seed {seed}: {max(longest)} refusals for one claim"


# -- All Mine!: heap picks and winning cards ------------------------------------------------------
def test_all_mine_heap_pick_never_feeds_a_suit_level_with_most():
    """The old bot took a heap card of a suit already level with its Most suit or above it while
    Most was there to take (about one pick in nine)."""
    bad, picks = [], 0

    def watch(match, seat, action):
        nonlocal picks
        state = match.state
        if action.kind == "heap" and len(match.legal_actions(seat)) > 1:
            picks += 1
            most, _fewest = state.predictions[seat]
            suit = action.args[0]
            if suit != most and state.won[seat][suit] >= state.won[seat][most] \
                    and state.heap[most]:
                bad.append((len(match.log), list(state.won[seat]), most, suit))

    for seed in range(8):
        play("all-mine", 3, f"heap/{seed}", watch)
    assert picks > 150
    assert bad == []


def test_all_mine_wins_with_a_most_card_rather_than_another_suit():
    """Out of the led suit and last to play, the old bot sometimes won the trick with a high card
    of another suit although one of its Most cards won it as well."""
    bad, chances = [], 0

    def watch(match, seat, action):
        nonlocal chances
        state = match.state
        if action.kind != "play" or len(state.trick) != state.n - 1:
            return
        led = state.trick[0][1] // 12
        most = state.predictions[seat][0]
        top = max(state.strength[c] for _s, c in state.trick)
        legal = [a.args[0] for a in match.legal_actions(seat)]
        winners_most = [c for c in legal if c // 12 == most and state.strength[c] > top]
        card = action.args[0]
        if card // 12 not in (led, most) and state.strength[card] > top:
            chances += 1
            if winners_most:
                bad.append((len(match.log), card, winners_most))

    for seed in range(12):
        play("all-mine", 3, f"throw/{seed}", watch)
    assert chances > 3
    assert bad == []


# -- Mine All Mines: the Lamp ---------------------------------------------------------------------
def lamp_position(gems: list[int], turns_left: int):
    """The last round, seat 0 after its dwarf with ``turns_left`` more turns, holding ``gems``;
    the Lamp and some 3-VP jewelry on show."""
    st = MINES.new_state(3, {}, "lamp")
    st.round_no, st.phase, st.seat = ROUNDS[3] - 1, ACT, 0
    st.turn = 3 * 5 - 1 - 3 * turns_left
    st.hands = [["blacksmith", 0][:turns_left], ["dealer", 3], [2, 4]]
    st.gems[0] = list(gems)
    for g, k in enumerate(gems):
        st.supply[g] -= k
    st.support_shown = ["lamp", "tools-1"]
    st.jewelry_shown = ["J08", "J05", "J06"]
    return st


def first_purchase(bot, st) -> str | None:
    """The card the bot's turn buys (following its steps: trades first)."""
    rng = random.Random(0)
    for _ in range(12):
        legal = MINES.legal_actions(st, 0)
        action = bot.choose(MINES.view(st, 0), legal, rng)
        if action.kind == "buy":
            return action.args[0]
        if action.kind == "end":
            return None
        MINES.apply(st, 0, action)
    return None


def test_mine_all_mines_buys_the_lamp_with_gems_it_cannot_spend():
    """One turn after this one and twelve gems: one more purchase cannot use them, so five of
    them on the Lamp (5 VP for the Lamp's -1 and two gems) beat another 3-VP jewel. The old bot
    counted every gem at full value and bought the jewel; it never bought the Lamp."""
    assert first_purchase(MinesNormal(), lamp_position([3, 3, 3, 3, 0], 1)) == "lamp"
    assert first_purchase(MinesNormal(), lamp_position([3, 3, 3, 3, 3], 2)) == "lamp"
    # with few gems the jewel is still the better buy
    assert first_purchase(MinesNormal(), lamp_position([2, 2, 2, 1, 0], 1)) != "lamp"
