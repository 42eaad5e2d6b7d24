"""Mine All Mines round by round (the results' table): every round's row lists exactly the cards
each seat bought and the achievements it claimed in that round, checked against the moves."""
from __future__ import annotations

import pytest

from allmine_tui.engine import Match, Seat
from allmine_tui.engine.history import Timeline
from allmine_tui.games.mine_all_mines.data import load


NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]


def bots_game(n: int, seed: int) -> Match:
    match = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:n]], seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.bot_choice(seat))
    return match


def card_names(kind: str, ids: list[str]) -> list[str]:
    data = load()
    if kind == "jewelry":
        return [data.jewelry[j].type.capitalize() for j in ids]
    if kind == "support":
        return [data.support[c].name for c in ids]
    return [f"★{data.achievements[a].name}" for a in ids]


def expected_rows(timeline: Timeline) -> list[list[str]]:
    """Per round, per seat: the cards of that round's buy and claim moves, in the table's order
    (Jewelry, then Support, then achievements, each in the order they were taken)."""
    data = load()
    rounds: dict[int, list[dict[str, list[str]]]] = {}
    for k, (seat, action) in enumerate(timeline.log):
        rnd = timeline.rounds[k]  # the round of the position the move was made in
        got = rounds.setdefault(rnd, [{"jewelry": [], "support": [], "ach": []}
                                      for _ in range(timeline.n)])[seat]
        if action.kind == "buy":
            cid = action.args[0]
            got["jewelry" if cid in data.jewelry else "support"].append(cid)
        elif action.kind == "claim":
            got["ach"].append(action.args[0])
    out = []
    for rnd in sorted(rounds):
        out.append([", ".join(card_names("jewelry", g["jewelry"]) + card_names("support", g["support"])
                              + card_names("ach", g["ach"])) or "nothing bought"
                    for g in rounds[rnd]])
    return out


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 4242), (3, 7), (4, 3), (5, 1), (5, 11)])
def test_every_rounds_row_lists_the_cards_of_that_rounds_moves(n, seed):
    match = bots_game(n, seed)
    timeline = Timeline(match)
    rows = timeline.hooks.history(timeline).rows
    wanted = expected_rows(timeline)
    assert len(rows) == len(wanted)
    for row, cards in zip(rows, wanted):
        assert row.gained == cards, row.label
    # the games do test the case that went wrong: a seat with an achievement (or a Support
    # card) from an earlier round buys Jewelry in a later one
    assert any("★" in cell for row in rows[:-1] for cell in row.gained) or n == 2


def test_a_ring_bought_after_a_support_card_and_an_old_achievement():
    """The case of issue 21: what a seat owned before the round comes first in every list."""
    from allmine_tui.games.mine_all_mines.history import new_cards

    before = {"jewelry": ["J01"], "support": ["mine-r"], "ach": ["three-diamond"]}
    after = {"jewelry": ["J01", "J08", "J09"], "support": ["mine-r"], "ach": ["three-diamond"]}
    assert new_cards(before, after) == card_names("jewelry", ["J08", "J09"])
    assert not any(name.startswith("★") or name == "Mine" for name in new_cards(before, after))
