"""The words of a guided game and of the coach (issue 33): the learner, "You", takes second-person
verbs wherever a line names them (log, status, news, results), and the coach names each place and
card as the board does."""
from __future__ import annotations

import random

import pytest

import allmine_tui.games  # noqa: F401  (the registry)
from allmine_tui.engine import Action, Match, Seat
from allmine_tui.engine.names import with_names
from allmine_tui.ui.screens.results import winners_line


@pytest.mark.parametrize("template, you, ann", [
    ("{0} now holds the tile", "You now hold the tile", "Ann now holds the tile"),
    ("{0} also takes 2 gems", "You also take 2 gems", "Ann also takes 2 gems"),
    ("{0} plays a dwarf", "You play a dwarf", "Ann plays a dwarf"),
    ("{0} is winning", "You are winning", "Ann is winning"),
    ("{0} leads", "You lead", "Ann leads"),
    ("{0} wins!", "You win!", "Ann wins!"),
    ("{0} nowhere", "You nowhere", "Ann nowhere"),
])
def test_you_takes_second_person_verbs(template, you, ann):
    assert with_names(template, ["You", "Bob"]) == you
    assert with_names(template, ["Ann", "Bob"]) == ann


def test_the_results_say_you_win():
    assert winners_line(["You", "Bob"], [0]) == "You win!"
    assert winners_line(["Ann", "Bob"], [0]) == "Ann wins!"


def test_the_round_news_says_you_now_hold_the_first_player_tile():
    from allmine_tui.games.mine_all_mines.screen import round_notice

    for seed in range(40):
        match = Match("mine-all-mines", [Seat("You", "random"), Seat("Bob", "random")], seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            events = match.apply(seat, legal[rng.randrange(len(legal))])
            view = match.view(None)
            notice = round_notice(events, view, ["You", "Bob"])
            if notice is not None and view["first"] == 0:
                body = notice.body.plain if hasattr(notice.body, "plain") else str(notice.body)
                assert "You now hold the First Player tile" in body, body
                assert "and play first" in body and "holds" not in body
                return
    raise AssertionError("no round began with You first")


def test_the_coach_names_a_mine_place_as_the_board_does():
    """A dig is named by its row as the mines and the menu name it ("row 3 right"), never by
    the rules' place number."""
    from allmine_tui.games.mine_all_mines.choices import ROW_NAMES, path

    for seed in range(30):
        match = Match("mine-all-mines", [Seat("Ann", "random"), Seat("Bob", "random")], seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            digs = [a for a in legal if a.kind == "dig" and a.args[2] >= 3]
            if digs:
                dig = digs[0]
                said = match.rules.describe_action(dig)
                row = ROW_NAMES[dig.args[2]]
                assert row in said and "place" not in said, said
                menu = " ".join(path(match.view(seat), dig, ["Ann", "Bob"]))
                assert row in menu  # the menu's line names the same place
                return
            match.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("no dig into row 3 came up")


def test_the_coach_names_a_ship_card_as_the_board_does():
    """Mine, All Mine!'s cards are #7 on the board: the coach says '#7 ship A', not 'card 7'."""
    from allmine_tui.games.mine_all_mine.coach import MineAllMineCoachPlan

    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 8)
    view = match.view(0)
    legal = match.legal_actions(0)
    add = next(a for a in legal if a.kind == "add")
    said = match.rules.describe_action(add)
    assert said.startswith(f"add #{add.args[0]} "), said
    assert "card" not in said
    assert match.rules.describe_action(Action("remove", (add.args[0],))) == \
        f"take back #{add.args[0]}"
    plan = MineAllMineCoachPlan.__new__(MineAllMineCoachPlan)
    text = plan.describe(view, (add, Action("launch", ())))
    assert text is not None and text.startswith(f"launch #{add.args[0]} ") and "card" not in text


def test_the_coach_names_all_mine_s_tiles_and_heap_stacks_as_the_board_does():
    from allmine_tui.games.all_mine.cards import suit_tag
    from allmine_tui.games.all_mine.widgets import HeapRow, PredictionPicker

    rules = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], 1).rules
    said = rules.describe_action(Action("predict", (0, 1)))
    assert said == f"predict + Most {suit_tag(0)}, − Fewest {suit_tag(1)}"
    assert "+ Most" in PredictionPicker.LABELS[0] and "− Fewest" in PredictionPicker.LABELS[1]
    said = rules.describe_action(Action("heap", (2,)))
    assert said == f"take {suit_tag(2)} from the treasure heap"
    assert HeapRow.CAPTION.strip().lower() == "treasure heap"


def test_the_coach_names_a_card_for_sale_as_the_market_does():
    from allmine_tui.games.mine_all_mines.choices import card_label

    rules = Match("mine-all-mines", [Seat("Ann"), Seat("Bob")], 1).rules
    said = rules.describe_action(Action("buy", ("J01", "RR", 0)))
    assert said.startswith(f"buy {card_label('J01')} paying") and "J01" not in said, said


def test_the_coach_names_this_is_mine_s_end_choices_as_the_menu_does():
    from allmine_tui.games.this_is_mine.data import load, name_of

    rules = Match("this-is-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], 1).rules
    kind = next(iter(load().names))
    assert rules.describe_action(Action("discard", (kind,))) == f"Relative takes {name_of(kind)}"
    assert rules.describe_action(Action("copy", (kind,))) == f"Suitcase copies {name_of(kind)}"
    assert rules.describe_action(Action("balance", (True,))) == "ask for the Balance Card"
