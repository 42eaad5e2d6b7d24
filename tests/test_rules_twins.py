"""Rules logic that a bot or a helper works out again on its own (for speed, or from a view
instead of a state), checked against the rules themselves over random positions.

The other twins are checked beside their bots: All Mine!'s ``normal_bot._points`` against
``cards.score_hand`` (test_all_mine_bot.py), Mine, All Mine!'s ``_points`` / ``_fleet`` against
``fleets.resolve_round`` (test_mine_all_mine_bot.py) and All In's ``cards.write_cost`` against
``costs.cost_table`` (test_all_in_cards.py). Where a bot now calls the rules' own helper
(holdings, achievement progress and card VP in Mine All Mines, a dig's reward line and victims,
the Balance Card's moves in This is Mine!) there is nothing left to compare.
"""
from __future__ import annotations

import random

import pytest

from allmine_tui.games.mine_all_mines import choices
from allmine_tui.games.mine_all_mines.normal_bot import _Ctx
from allmine_tui.games.mine_all_mines.rules import RULES as MINES
from allmine_tui.games.this_is_mine.data import TYPE_IDS
from allmine_tui.games.this_is_mine.normal_bot import COPYABLE
from allmine_tui.games.this_is_mine.state import NOT_COPIED


def mines_positions(games: int = 6, players=(2, 3, 4, 5)):
    """Positions of Mine All Mines in the play phase, from random games: (state, seat)."""
    rng = random.Random(7)
    for g in range(games):
        n = players[g % len(players)]
        st = MINES.new_state(n, {}, f"twins/{g}")
        while not MINES.is_over(st):
            seat = MINES.to_act(st)[0]
            if st.phase == "play":
                yield st, seat
            legal = MINES.legal_actions(st, seat)
            MINES.apply(st, seat, rng.choice(legal))


def test_mine_all_mines_bot_gains_are_what_the_rules_give():
    """The normal bot's ``play_gain``: the gems it ends up with after a dwarf play are the
    rules' (a Foe dig's steals aside: the bot picks them greedily, the player chooses them)."""
    checked = foe = 0
    for st, seat in mines_positions():
        ctx = _Ctx(MINES.view(st, seat))
        for action in MINES.legal_actions(st, seat):
            if action.kind not in ("dealer", "blacksmith", "mine", "dig"):
                continue
            gems, _bonus, dealer = ctx.play_gain(action)
            after = st.clone()
            MINES.apply(after, seat, action)
            assert dealer == (action.kind == "dealer")
            if after.phase == "steal" or (action.kind == "dig" and action.args[3] == "foe"):
                foe += 1  # the dug gem, then one stolen gem per victim the bot expects
                taken = sum(after.gems[seat]) - sum(st.gems[seat])
                assert sum(gems) - sum(st.gems[seat]) >= taken
                continue
            assert gems == after.gems[seat], (action, gems, after.gems[seat])
            checked += 1
    assert checked > 500 and foe > 20


def test_mine_all_mines_menu_gains_are_what_the_rules_give():
    """The moves menu's gem counts (``choices.dig_yield`` and the supply limits it applies) say
    what a Friend dig really brings, and name the players a Foe dig may steal from."""
    checked = 0
    for st, seat in mines_positions(games=4):
        view = MINES.view(st, seat)
        for action in MINES.legal_actions(st, seat):
            if action.kind != "dig":
                continue
            gems, victims = choices.dig_yield(view, seat, action)
            got, held = choices._taken(view, seat, gems)
            after = st.clone()
            MINES.apply(after, seat, action)
            if action.args[3] == "friend":
                assert held == after.gems[seat]
            else:
                assert held == after.gems[seat] or after.phase == "steal"
                # the menu lists those who have something to take now; the rules ask about the
                # first of them at once (later ones are checked when their turn comes)
                robbed, empty = choices._robbed(view, seat, action)
                assert sorted(robbed + empty) == sorted(victims)
                if after.phase == "steal":
                    assert robbed and robbed[0] == after.steal_from[0]
                else:
                    assert robbed == []
            checked += 1
    assert checked > 100


def test_this_is_mine_bot_copies_what_a_suitcase_may_copy():
    assert set(COPYABLE) == set(TYPE_IDS) - set(NOT_COPIED)


@pytest.mark.parametrize("seed", range(3))
def test_this_is_mine_bot_balance_gain_matches_the_redistribution(seed):
    from allmine_tui.games.this_is_mine.normal_bot import balance_gain
    from allmine_tui.games.this_is_mine.rules import RULES

    rng = random.Random(seed)
    for _ in range(200):
        n = rng.randint(2, 4)
        st = RULES.new_state(n, {}, seed)
        st.money = [rng.randint(0, 9) for _ in range(n)]
        st.round_leader = rng.randrange(n)
        view = RULES.view(st, 0)
        before = list(st.money)
        RULES.redistribute(st)
        for me in range(n):
            assert balance_gain(view, me) == st.money[me] - before[me]

