"""The All In ``normal`` bot, what is particular to it: its hand values, a write's space chosen with
its card, the advanced sheets, solo play (the common bot tests are in test_bots_common.py)."""
from __future__ import annotations

import copy
import random

import pytest

from bot_games import play_bots

from allmine_tui.engine import Action
from allmine_tui.games.all_in.bots import BOTS
from allmine_tui.games.all_in.cards import parse_card
from allmine_tui.games.all_in.normal_bot import NormalBot, _canonical, hand_value
from allmine_tui.games.all_in.poker import evaluate
from allmine_tui.games.all_in.rules import RULES

P = parse_card


def _play(kinds: list[str], seed, options=None, check=None):
    return play_bots(RULES, BOTS, kinds, seed, check, options=options)


@pytest.mark.parametrize("players", [1, 4, 6])
def test_advanced_sheets_are_played_legally_too(players):
    """The common bot tests play the basic sheets; the advanced ones, by normal and mixed seats."""
    state, _log = _play(["normal"] * players, f"legal-{players}", {"sheets": "advanced"})
    assert RULES.is_over(state)
    kinds = ["normal" if i % 2 == 0 else "random" for i in range(players)]
    state, _log = _play(kinds, f"mixed-{players}", {"sheets": "advanced"})
    assert RULES.is_over(state)


def test_hand_value_of_a_finished_hand_is_its_score():
    """No empty space or no round left: the hand is worth its points (and, solo, its bonus)."""
    for text in (["AS", "AH", "KD", "KC", "QD"], ["2S", "3S", "4S", "5S", "6S"],
                 ["2S", "2S", "9H"], ["10H", "JH", "QD", "KD", "AS"]):
        cards = tuple(sorted(P(t) for t in text))
        points = evaluate(cards).points
        assert hand_value(_canonical(cards), 0, 30, 4, 0) == points + (4 if points else 0)
        assert hand_value(_canonical(cards), 2, 0, 4, 0) == points + (4 if points else 0)


def test_hand_value_prefers_live_draws():
    """More room and more time are worth more; a dead straight draw is worth less than a live
    one; a pair in different suits beats two cards of one suit that cannot pair."""
    live = _canonical(tuple(sorted(P(t) for t in ["5S", "6H", "7D", "8C"])))
    dead = _canonical(tuple(sorted(P(t) for t in ["5S", "6H", "7D", "KC"])))
    assert hand_value(live, 1, 30, 4, 3) > hand_value(dead, 1, 30, 4, 3)
    pair = _canonical((P("9S"), P("9H")))
    same = _canonical((P("9S"), P("9S")))
    assert hand_value(pair, 3, 30, 4, 3) > hand_value(same, 3, 30, 4, 3)
    assert hand_value(pair, 3, 30, 4, 3) > hand_value(pair, 3, 10, 4, 3)
    assert hand_value(pair, 3, 30, 4, 3) > hand_value(pair, 1, 30, 4, 3)


def test_places_the_card_where_it_planned():
    """A write is two actions: the space chosen with the card is the one the bot then picks."""
    bot = NormalBot()
    checked = 0

    def check(state, seat: int) -> None:
        nonlocal checked
        legal = RULES.legal_actions(state, seat)
        if legal[0].kind not in ("card", "golden") or len(legal) == 1:
            return
        card, cell = bot.plan(RULES.view(state, seat), legal)
        trial = copy.deepcopy(state)
        RULES.apply(trial, seat, Action(legal[0].kind, (card,)))
        while True:
            follow = RULES.legal_actions(trial, seat)
            action = bot.choose(RULES.view(trial, seat), follow, random.Random(0))
            if action.kind == "place":
                assert action.args[0] == cell
                checked += 1
                return
            RULES.apply(trial, seat, action)  # a Joker from the Golden Deck, then its card

    _play(["normal", "random"], "plan", check=check)
    assert checked >= 20


def test_solo_scores_well():
    total = sum(RULES.result(_play(["normal"], f"solo/{g}")[0]).scores[0] for g in range(5))
    assert total / 5 >= 40


def test_written_out_reach_table_matches_its_computation():
    from allmine_tui.games.all_in import normal_bot

    assert normal_bot._reach_table() == pytest.approx(list(normal_bot.REACH), abs=1e-12)
