"""All In rules: rounds, placement, chips, completed hands, the Golden Deck and final scoring."""
from __future__ import annotations

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.all_in.cards import JOKERS, parse_card
from allmine_tui.games.all_in.rules import RULES
from allmine_tui.games.all_in.state import ROUNDS, AllInState
from allmine_tui.games.all_in.sheets import BASIC, get_sheet

P = parse_card


def fresh(n=2, seed=1, options=None) -> AllInState:
    return RULES.new_state(n, options or {}, seed)


def write(state, seat, card, cell):
    RULES.apply(state, seat, Action("card", (card,)))
    return RULES.apply(state, seat, Action("place", (cell,)))


def filler(sheet, skip=()):
    """Distinct harmless cards to fill spaces with."""
    cards = [c for c in range(52) if c not in skip and c != sheet.golden]
    return iter(cards)


def rejected(state, seat, action, words):
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, seat, action)
    assert words in str(info.value)
    assert state.to_json() == before


def test_setup_deck_golden_deck_and_rounds():
    state = fresh(3)
    assert len(state.golden_deck) == 8
    assert state.round == 1 and len(state.revealed) == 2
    assert len(state.deck) == 54 - 8 - 2
    assert RULES.conserved(state) == {"cards": 54, "distinct": 54}
    assert state.sheet_ids == [BASIC] * 3
    advanced = fresh(6, 3, {"sheets": "advanced"})
    assert all(s in RULES_SHEETS() for s in advanced.sheet_ids)


def RULES_SHEETS():
    from allmine_tui.games.all_in.sheets import load_sheets

    return load_sheets()


def test_game_lasts_23_rounds_and_deck_runs_out():
    state = fresh(1, 5)
    rounds_seen = set()
    while not RULES.is_over(state):
        rounds_seen.add(state.round)
        seat = RULES.to_act(state)[0]
        RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    assert rounds_seen == set(range(1, ROUNDS + 1))
    assert state.deck == []
    assert RULES.conserved(state) == {"cards": 54, "distinct": 54}


def test_first_two_rounds_only_on_starting_spaces_then_next_to_written_cards():
    state = fresh(1, 2)
    sheet = get_sheet(BASIC)
    non_start = next(c for c in range(len(sheet.cells))
                     if c not in sheet.starts and c != sheet.golden_cell)
    card = RULES.legal_actions(state, 0)[0].args[0]
    RULES.apply(state, 0, Action("card", (card,)))
    rejected(state, 0, Action("place", (non_start,)), "starting space")
    assert set(a.args[0] for a in RULES.legal_actions(state, 0)) == set(sheet.starts)
    RULES.apply(state, 0, Action("place", (sheet.starts[0],)))
    assert state.round == 2
    RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    RULES.apply(state, 0, Action("place", (sheet.starts[1],)))
    assert state.round == 3
    RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    legal = {a.args[0] for a in RULES.legal_actions(state, 0)}
    written = {sheet.starts[0], sheet.starts[1]}
    expected = {c for c in range(len(sheet.cells)) if c not in written and c != sheet.golden_cell
                and sheet.neighbors[c] & written}
    assert legal == expected
    far = next(c for c in range(len(sheet.cells))
               if c not in expected and c not in written and c != sheet.golden_cell)
    rejected(state, 0, Action("place", (far,)), "linked by a line")
    rejected(state, 0, Action("place", (sheet.golden_cell,)), "Golden Card")


def test_chips_are_spent_at_the_fewest_needed_and_too_expensive_cards_are_refused():
    state = fresh(1, 4)
    state.revealed = [P("KH"), P("5S")]
    state.chips_won[0] = 2
    rejected(state, 0, Action("card", (P("8H"),)), "costs 3 chips")  # 5 -> 8
    cards = {a.args[0] for a in RULES.legal_actions(state, 0)}
    assert P("AH") in cards and P("KD") in cards and P("8H") not in cards
    sheet = get_sheet(BASIC)
    write(state, 0, P("AH"), sheet.starts[0])
    assert state.chips_spent[0] == 1 and RULES.chips(state, 0) == 1


def complete_position(icon: int):
    """Two players, each one card away from completing the same hand with the given icon."""
    sheet = get_sheet(BASIC)
    hand = next(h for h in sheet.hands if h.icon == icon and sheet.golden_cell not in h.cells)
    state = fresh(3, 8)
    state.round = 5
    last = hand.cells[-1]
    cards = filler(sheet)
    for seat in (0, 1):
        for cell in hand.cells[:-1]:
            state.written[seat][cell] = next(cards)
    state.revealed = [P("2S"), P("3H")]
    return state, hand, last


def other_write(state, seat, avoid=()):
    """Seat writes its cheapest card on a legal space outside ``avoid`` (or skips)."""
    actions = RULES.legal_actions(state, seat)
    if actions[0].kind == "skip":
        return RULES.apply(state, seat, actions[0])
    cell = next(c for c in RULES.legal_cells(state, seat) if c not in avoid)
    RULES.apply(state, seat, actions[0])
    return RULES.apply(state, seat, Action("place", (cell,)))


@pytest.mark.parametrize("icon,first,later", [(1, 1, 0), (2, 2, 1)])
def test_chip_icons_with_two_first_completers_in_one_round(icon, first, later):
    state, hand, last = complete_position(icon)
    state.written[2][get_sheet(BASIC).starts[0]] = P("9D")
    write(state, 0, P("2S"), last)
    write(state, 1, P("3H"), last)
    events = other_write(state, 2, avoid=hand.cells)
    assert state.chips_won[0] == first and state.chips_won[1] == first
    assert state.chips_won[2] == 0
    assert hand.letter in state.completed[0] and hand.letter in state.completed[1]
    assert state.first_round[hand.letter] == 5
    assert any(f"completes hand {hand.letter}" in e.text for e in events)
    # a later round: the third player completes the same hand
    for cell in hand.cells[:-1]:
        if state.written[2][cell] is None:
            state.written[2][cell] = P("4C")
    before = state.chips_won[2]
    other_write(state, 0)
    other_write(state, 1)
    write(state, 2, state.revealed[0] if state.revealed[0] < 52 else state.revealed[1], last)
    assert state.round == 7
    assert state.chips_won[2] - before == later
    assert hand.letter in state.completed[2]


def test_golden_deck_when_two_players_surround_in_the_same_round():
    sheet = get_sheet(BASIC)
    state = fresh(3, 12)
    state.round = 9
    around = list(sheet.around_golden)
    last = around[-1]
    cards = filler(sheet)
    for seat in (0, 1):
        for cell in around[:-1]:
            state.written[seat][cell] = next(cards)
    state.written[2][sheet.starts[0]] = next(cards)
    state.golden_deck = sorted([JOKERS[0], P("AS"), P("AH"), P("AD"), P("AC"), P("KS"), P("KH"),
                                P("KD")])
    state.revealed = [P("2S"), P("3H")]
    write(state, 0, P("2S"), last)
    write(state, 1, P("3H"), last)
    events = other_write(state, 2)
    assert state.phase == "golden" and state.pickers == [0, 1]
    assert any("Golden Deck" in e.text for e in events)
    assert RULES.to_act(state) == [0, 1]
    # only a picker sees the Golden Deck, and only while picking
    assert RULES.view(state, 0)["golden_deck"] == state.golden_deck
    assert RULES.view(state, 2)["golden_deck"] is None
    assert "golden_deck" not in RULES.view(state, None) or RULES.view(state, None)["golden_deck"] is None
    # both pick the same card; written anywhere (not linked), unmodifiable, no chips
    far = max(RULES.empty_cells(state, 0), key=lambda c: sheet.cells[c])
    RULES.apply(state, 0, Action("golden", (P("AS"),)))
    rejected(state, 0, Action("card", (P("KD"),)), "Golden Deck")
    RULES.apply(state, 0, Action("place", (far,)))
    assert state.phase == "golden" and state.golden_deck.count(P("AS")) == 1
    RULES.apply(state, 1, Action("golden", (P("AS"),)))
    RULES.apply(state, 1, Action("place", (far,)))
    assert state.written[0][far] == P("AS") and state.written[1][far] == P("AS")
    assert P("AS") not in state.golden_deck and len(state.golden_deck) == 7
    assert state.chips_spent[0] == 0 and state.golden_used[0] and state.golden_used[1]
    assert state.phase == "write" and state.round == 10


def test_a_joker_from_the_golden_deck_becomes_any_card():
    sheet = get_sheet(BASIC)
    state = fresh(1, 13)
    state.round = 9
    cards = filler(sheet)
    for cell in sheet.around_golden[:-1]:
        state.written[0][cell] = next(cards)
    state.golden_deck = sorted([JOKERS[1]] + [P("2C")] * 0 + [P("3C"), P("4C"), P("5C"),
                                                           P("6C"), P("7C"), P("8C"), P("9C")])
    state.revealed = [P("2S"), P("3H")]
    write(state, 0, P("2S"), sheet.around_golden[-1])
    assert state.phase == "golden"
    RULES.apply(state, 0, Action("golden", (JOKERS[1],)))
    assert len(RULES.legal_actions(state, 0)) == 52
    RULES.apply(state, 0, Action("card", (P("KH"),)))
    cell = RULES.empty_cells(state, 0)[0]
    RULES.apply(state, 0, Action("place", (cell,)))
    assert state.written[0][cell] == P("KH") and JOKERS[1] not in state.golden_deck


def test_a_player_may_turn_the_golden_deck_down():
    """The rulebook: a player who surrounds the Golden Card *can* pick a Golden Deck card."""
    sheet = get_sheet(BASIC)
    state = fresh(2, 13)
    state.round = 9
    cards = filler(sheet)
    for seat in (0, 1):
        for cell in sheet.around_golden[:-1]:
            state.written[seat][cell] = next(cards)
    state.revealed = [P("2S"), P("3H")]
    deck = list(state.golden_deck)
    write(state, 0, P("2S"), sheet.around_golden[-1])
    write(state, 1, P("3H"), sheet.around_golden[-1])
    assert state.phase == "golden" and state.pickers == [0, 1]
    assert Action("decline") in RULES.legal_actions(state, 0)
    rejected(state, 0, Action("decline", (deck[0],)), "takes no card")
    before = AllInState.from_json(state.to_json())
    events = RULES.apply(state, 0, Action("decline"))
    assert "takes no Golden Deck card" in events[0].text_for(None)
    assert state.done[0] and state.golden_used[0] and RULES.legal_actions(state, 0) == []
    assert RULES.can_undo(before, 0, Action("decline"), state)  # the other picker is still picking
    written = sum(c is not None for c in state.written[0])
    # the other picker still picks; only that card leaves the game
    pick = next(c for c in deck if c not in JOKERS)
    RULES.apply(state, 1, Action("golden", (pick,)))
    rejected(state, 1, Action("decline"), "already picked")
    RULES.apply(state, 1, Action("place", (RULES.empty_cells(state, 1)[0],)))
    assert state.phase == "write" and state.round == 10
    assert sum(c is not None for c in state.written[0]) == written
    assert state.golden_deck == [c for c in deck if c != pick] and state.removed == [pick]


def test_no_legal_space_means_skip_only():
    sheet = get_sheet(BASIC)
    state = fresh(1, 2)
    for c in sheet.starts:
        state.written[0][c] = P("2C")
    assert RULES.legal_actions(state, 0) == [Action("skip")]
    rejected(state, 0, Action("card", (state.revealed[0],)), "")
    RULES.apply(state, 0, Action("skip"))
    assert state.round == 2


def test_sheets_are_private_until_the_end():
    state = fresh(2, 6)
    write(state, 0, RULES.legal_actions(state, 0)[0].args[0], get_sheet(BASIC).starts[0])
    v1 = RULES.view(state, 1)
    assert v1["players"][0]["written"] is None and v1["players"][0]["chips_spent"] is None
    assert v1["players"][1]["written"] is not None
    assert RULES.view(state, None)["players"][0]["written"] is None
    assert v1["players"][0]["done"] is True  # who has written is public
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    assert RULES.view(state, None)["players"][0]["written"] is not None


def test_final_scoring_bonus_unused_chips_and_tie_by_chips():
    sheet = get_sheet(BASIC)
    state = fresh(2, 7)
    state.phase = "over"
    hand = next(h for h in sheet.hands if sheet.golden_cell not in h.cells)
    pair = [P("9S"), P("9H")]
    for seat in (0, 1):
        for cell, c in zip(hand.cells, pair):
            state.written[seat][cell] = c
    state.written[1][hand.cells[2]] = P("KD")  # a higher kicker wins the letter
    state.chips_won = [3, 3]
    state.chips_spent = [0, 3]
    sc = RULES.scoring(state)
    assert sc["best"][hand.letter] == [1]
    p0, p1 = sc["players"]
    assert p0["hands"][hand.letter].points == 2 and p1["hands"][hand.letter].points == 2
    assert p1["bonus"] >= hand.bonus and p0["unused_chips"] == 3 and p1["unused_chips"] == 0
    result = RULES.result(state)
    assert result.scores == [p0["total"], p1["total"]]
    # equal totals: more unused chips wins
    state.chips_won = [hand.bonus, hand.bonus]
    state.chips_spent = [0, hand.bonus]
    result = RULES.result(state)
    assert result.scores[0] == result.scores[1]
    assert result.winners == [0]


@pytest.mark.parametrize("sheet_id", sorted(RULES_SHEETS()))
def test_a_whole_game_can_be_played_on_every_sheet(sheet_id):
    import random

    for seed in range(3):
        state = fresh(2, seed)
        state.sheet_ids = [sheet_id, sheet_id]
        state.written = [[None] * len(get_sheet(sheet_id).cells) for _ in range(2)]
        rng = random.Random(seed)
        steps = 0
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
            steps += 1
            assert steps < 1000
        result = RULES.result(state)
        assert len(result.scores) == 2 and result.winners
        written = sum(c is not None for c in state.written[0])
        assert written >= 20  # nobody is stuck skipping most of the game
