"""Mine All Mines: what the last turn changed stands out on the table (the dwarf played, the gems
taken or lost, the card bought or claimed) until the next player's first move, marked by a shape
(»«, ▲▼, •), not by colour alone, and read from the log's public lines and the view only."""
from __future__ import annotations

import pytest
from mam_positions import NAMES, find_position
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.mine_all_mines.choices import last_turn
from allmine_tui.games.mine_all_mines.data import load
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.games.mine_all_mines.widgets import MarketPanel, MinesPanel, PlayersPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import on_screen, until_idle, wait_until


def turn_start(match: Match) -> int:
    """The log index of the first move of the turn the last move belongs to."""
    log = match.log
    seat = log[-1][0]
    k = len(log) - 1
    while k > 0 and log[k - 1][0] == seat and log[k - 1][1].kind not in ("end", "discard"):
        k -= 1
    return k


@pytest.mark.parametrize("n,seed", [(2, 3), (3, 1), (5, 2)])
def test_the_marks_are_what_the_turn_changed_and_the_same_for_every_viewer(n, seed):
    """At every position of bot games: the marks of the turn on show agree with the state
    before and after that turn, and every viewer (each seat, the table) gets the same marks."""
    data = load()
    bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:n]], seed)
    states = [bots.rules.state_from_json(bots.rules.state_to_json(bots.state))]
    checked = 0
    while not bots.is_over():
        seat = bots.to_act()[0]
        bots.apply(seat, bots.bot_choice(seat))
        states.append(bots.rules.state_from_json(bots.rules.state_to_json(bots.state)))
        start = turn_start(bots)
        before, after = states[start], states[-1]
        marks = last_turn(bots.events, bots.view(None))
        for viewer in range(n):
            assert last_turn(bots.events, bots.view(viewer)).key() == marks.key()
        assert marks.seat == seat
        moves = [a for _s, a in bots.log[start:]]
        # the dwarf played, where it stands (unless a new round has cleared the mines)
        played = [a for a in moves if a.kind in ("mine", "dig")]
        if played and after.round_no == before.round_no:
            a = played[0]
            where = (a.args[0], 0) if a.kind == "mine" else (a.args[1], a.args[2])
            assert marks.places == {where}
        else:
            assert not marks.places
        if after.round_no == before.round_no:
            to_market = [a.kind for a in moves if a.kind in ("dealer", "blacksmith")]
            assert {d for d, _o in marks.market} == set(to_market)
        # every gem count that went up or down, for every seat
        for s in range(n):
            for g in range(5):
                change = after.gems[s][g] - before.gems[s][g]
                assert marks.gem_change(s, g) == change, (s, g, moves)
        # the cards bought and the achievements claimed
        bought = [a.args[0] for a in moves if a.kind == "buy"]
        jewels = {data.jewelry[c].type for c in bought if c in data.jewelry}
        support = {data.support[c].name for c in bought if c in data.support}
        assert set(marks.jewels.get(seat, ())) == jewels
        assert set(marks.support.get(seat, ())) == support
        assert marks.claimed == {a.args[0] for a in moves if a.kind == "claim"}
        assert (seat in marks.lamp) == any(a.kind == "lamp" for a in moves)
        checked += 1
    assert checked > 50


def a_claim_on_show(m: Match) -> bool:
    """the turn on show (another player's) claimed an achievement"""
    return bool(m.log) and m.log[-1][0] != 0 and bool(last_turn(m.events, m.view(0)).claimed)


def test_marks_are_shapes_on_the_table_not_colour_alone():
    """The panels draw the marks as characters: a plain-text reading of the table shows them."""
    match = find_position(3, a_claim_on_show)
    view = match.view(0)
    marks = last_turn(match.events, view)
    assert marks.claimed and marks.seat != 0
    names = NAMES[:3]
    rows = "\n".join(PlayersPanel._row(view, s, names[s], names[s][:2], 10, 98, marks).plain
                     for s in range(3))
    assert "•★" in rows  # the achievement just claimed, on its owner's line
    market = MarketPanel()
    market.show(view, names, 100, marks)
    assert "•★" in market.content.plain
    changed = [g for g in range(5) if marks.gem_change(marks.seat, g)]
    if changed:
        assert "▲" in rows or "▼" in rows
    if marks.places:
        panel = MinesPanel()
        panel.show(view["mines"], names, set(), set(), 100, marks.places)
        assert "»" in panel.content.plain and "«" in panel.content.plain


async def test_a_bots_turn_stays_marked_until_the_next_player_moves():
    match = find_position(3, lambda m: m.state.phase == "play" and m.log
                          and m.log[-1][1].kind == "end" and m.log[-1][0] == 2)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        text = screen_text(app)
        # Cleo's turn (the bot before Ann) is on show: her dwarf, on the mines
        assert game._marks.seat == 2
        if game._marks.places:
            assert "»" in text
        assert "just changed" in text  # the legend says what the marks mean
        moves = len(match.log)
        await pilot.press("1")  # Ann's first line: her dwarf is played
        await wait_until(pilot, lambda: len(match.log) > moves, "Ann's move")
        await until_idle(pilot)
        assert match.log[-1][0] == 0
        assert game._marks.seat == 0
        if match.log[-1][1].kind in ("mine", "dig"):
            assert game._marks.places and "»" in screen_text(app)
