"""All In, issue 21 (the tables, second pass): what players lost to the screen, and what just
changed. Each test fails on the screen as it was before:

- chips: the table counted chips *won* under the name "chips" (●12 beside "2 chips left");
- u was listed where a take-back can never work (one person with bots always writes last);
- at 100×30 the advanced sheet lost its boxes, two hands ran together on one line, the replay's
  table was cut to one row;
- the right pane changed its columns between the card step and the space step, and "You have
  written this round." wrapped and was said twice;
- the round by round table named spaces "r1c1", which the sheet never shows;
- the cards just revealed and the card written last stand out (never by colour alone).
"""
from __future__ import annotations

import re
import time

import pytest
from screen_text import screen_text

from allmine_tui.engine import Match, Seat, stream
from allmine_tui.games.all_in.history import hidden_cards, history
from allmine_tui.games.all_in.panels import HandsPanel, TablePanel
from allmine_tui.games.all_in.rules import RULES
from allmine_tui.games.all_in.screen import AllInScreen
from allmine_tui.games.all_in.sheet_widget import NEW, SheetWidget, geometry
from allmine_tui.games.all_in.sheets import get_sheet, space_names
from allmine_tui.games.all_in.widgets import ChoicePanel, TopRow
from allmine_tui.engine.history import Timeline
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.keybar import ScreenKeys
from helpers import notices, until_idle, wait_until


def writing(app) -> bool:
    """The game screen on top, built, for a person who is to write now."""
    game = app.screen
    return (isinstance(game, AllInScreen) and not game._rebuilding
            and game.viewer in game.match.to_act())


async def on_screen(pilot) -> AllInScreen:
    """Ann's screen, ready for her keys, with no bot move or rebuild under way."""
    await wait_until(pilot, lambda: writing(pilot.app), "Ann's screen")
    await until_idle(pilot)
    return pilot.app.screen


async def next_person(pilot) -> AllInScreen:
    """Lift the curtain when one is up: the screen of the person to write, ready for keys."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) or writing(app),
                     "a curtain or a person's turn")
    if isinstance(app.screen, CurtainScreen):
        curtain = app.screen
        # (a key typed before the curtain is shown is dropped as typed ahead, by design)
        await wait_until(pilot, lambda: curtain.listening, "the curtain listening")
        await pilot.press("enter")
        await wait_until(pilot, lambda: writing(app), "the person's screen after the curtain")
    return app.screen



def six_players(rounds: int = 99, seed: int = 5) -> Match:
    """Ann and five bots on advanced sheets, Ann playing as the normal bot would, to round
    ``rounds`` (99: the end)."""
    seats = [Seat("Ann")] + [Seat(name, "normal") for name in ("Bob", "Cleo", "Dan", "Eve", "Fay")]
    match = Match("all-in", seats, seed, {"sheets": "advanced"})
    bot = match.game.bots()["normal"]()
    while match.state.round <= rounds and not match.is_over():
        match.run_bots()
        for seat in match.human_seats_to_act():
            match.apply(seat, bot.choose(match.view(seat), match.legal_actions(seat),
                                         stream("tables", match.state.round)))
    return match


def keys_line(app) -> str:
    return str(app.screen.query_one(ScreenKeys).content)


def table_text(app) -> str:
    return app.screen.query_one(TablePanel).content.plain


# -- chips: won, and left -----------------------------------------------------------------------
@pytest.mark.parametrize("size,players", [((100, 30), 2), ((120, 40), 6), ((100, 30), 6)])
async def test_the_table_counts_chips_won_and_what_is_left_of_yours(size, players):
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "random") for i in range(players - 1)]
    match = Match("all-in", seats, 4)
    state = match.state
    state.chips_won[:2] = [5, 4]
    state.chips_spent[:2] = [3, 1]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        await on_screen(pilot)
        table = table_text(app)
        assert "●" not in table  # the dot means a chip you still have, beside the cards
        top = app.screen.query_one(TopRow).content.plain
        assert "2 left" in top  # Ann's own: 5 won, 3 spent
        head = table.splitlines()[0]
        if "left" in head:  # one player a line: won and left, the others' left is secret
            assert head.split()[-2:] == ["won", "left"]
            ann = next(line for line in table.splitlines() if "Ann" in line)
            bot = next(line for line in table.splitlines() if "Bot0" in line)
            assert re.search(r"\b5\s+2\b", ann) and re.search(r"\b4\s+\?", bot)
        else:  # two a line (six players at 100×30): chips won, in words
            assert players == 6 and "chips won" in head
            assert "5 won" in table and "4 won" in table and "3 left" not in table


async def test_at_the_end_the_chips_left_are_the_results_unused_chips():
    match = six_players()
    unused = [p["unused_chips"] for p in RULES.scoring(match.state)["players"]]
    won = match.state.chips_won
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        from allmine_tui.ui.screens.results import ResultsScreen

        await app.push_screen(ResultsScreen(GameSession(match, None)))
        await pilot.pause()
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen.query(TablePanel), "the final table")
        await until_idle(pilot)
        table = table_text(app)
        for seat, name in enumerate(s.name for s in match.seats):
            row = next(line for line in table.splitlines() if f" {name}" in line)
            assert re.search(rf"\b{won[seat]}\s+{unused[seat]}\b", row), row
        assert f"{unused[0]} unused" in app.screen.query_one(TopRow).content.plain
    # the replay's lines say the same words
    assert all("won" in line and "left" in line for line in hidden_cards(match.state))


# -- u only where it can work ----------------------------------------------------------------------
async def test_take_back_is_not_offered_to_the_last_writer_with_bots():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot)
        assert "Take back" not in keys_line(app)
        await pilot.press("enter", "enter")  # Ann writes last: the round ends
        await wait_until(pilot, lambda: match.state.round == 2, "round 2")
        await on_screen(pilot)
        assert "Take back" not in keys_line(app)
        before = RULES.state_to_json(match.state)
        await pilot.press("u")
        await wait_until(pilot, lambda: notices(app, "cannot be taken back"), "u explained")
        assert RULES.state_to_json(match.state) == before
        assert notices(app, "cannot be taken back") == 1  # the key still says why


async def test_take_back_is_offered_for_a_card_chosen_and_not_written():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 4)
    match.run_bots()
    card = next(a for a in match.legal_actions(0) if a.kind == "card")
    match.apply(0, card)  # (a save made between the two halves of a move)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot)
        assert app.screen.mode == "place"
        assert "u Take back" in keys_line(app)
        await pilot.press("u")
        await wait_until(pilot, lambda: match.state.choice[0] is None, "the card taken back")
        await pilot.pause()
        assert "Take back" not in keys_line(app)


async def test_take_back_is_offered_while_someone_else_is_still_writing(monkeypatch):
    """A bot that takes its time: Ann writes first, her card can be taken back until the bot
    has written, and u is listed for exactly that long."""
    slow = {"on": True}
    original = GameSession.bot_choice

    def thinking(self, seat):
        while slow["on"]:
            time.sleep(0.01)
        return original(self, seat)

    monkeypatch.setattr(GameSession, "bot_choice", thinking)
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        try:
            # (the bot thinks until told to stop: never idle, so no until_idle here)
            await wait_until(pilot, lambda: writing(app), "Ann's screen")
            game = app.screen
            await pilot.press("enter", "enter")
            await wait_until(pilot, lambda: match.state.done[0], "Ann's write")
            await pilot.pause()
            assert game.mode == "wait"
            assert "u Take back" in keys_line(app)
            text = screen_text(app)
            assert text.count("You have written this round") <= 1
            assert text.count("You wrote") == 1
            await pilot.press("u")
            await wait_until(pilot, lambda: not match.state.done[0], "the write taken back")
            await pilot.pause()
            assert game.mode == "write"
            assert "Take back" not in keys_line(app)
        finally:
            slow["on"] = False  # the bot writes (and the app can close)
            await until_idle(pilot)


async def test_hot_seat_never_offers_a_take_back_after_the_curtain():
    match = Match("all-in", [Seat("Ann"), Seat("Bob")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(6):
            await next_person(pilot)
            await pilot.pause()
            assert "Take back" not in keys_line(app)
            await pilot.press("enter", "enter")


# -- 100×30: boxes, the gap between two hands, the replay's table ------------------------------
async def test_the_advanced_king_sheet_keeps_its_boxes_at_100x30():
    """Six players on the K♠ sheet (shared, seed 1), round 4: every space is a box of three
    lines, the whole sheet is on screen, and the end of hand A shows (no link to hand B)."""
    seats = [Seat("Ann")] + [Seat(f"Bot{i}", "normal") for i in range(5)]
    match = Match("all-in", seats, 1, {"sheets": "shared"})
    assert match.state.sheet_ids[0] == "KS"
    while match.state.round < 4:
        match.run_bots()
        match.apply(0, next(a for a in match.legal_actions(0) if a.kind == "card"))
        match.apply(0, match.legal_actions(0)[0])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot)
        sheet = app.screen.query_one(SheetWidget)
        lines = sheet.content.plain.splitlines()
        tops = sum(bool(re.search("[┌┏╔][^ │┃║]{3}[┐┓╗]", line)) for line in lines)
        assert tops == 6  # boxes of three lines (a top edge on each of the six rows)
        assert sheet.kind == "stacked"  # rows one right under the other
        g = geometry("KS", sheet.kind)
        assert len(lines) == g.height <= sheet.size.height  # all of it on screen
        ks = get_sheet("KS")
        for cell, (r, c) in enumerate(ks.cells):  # a top edge, a middle and a bottom edge
            x, y = g.pos((r, c))
            assert lines[y][x] in "┌┏╔" and lines[y + 2][x] in "└┗╚", (cell, lines[y])
            assert lines[y + 1][x] in "│┃║*" and lines[y + 1][x + 4] in "│┃║"
        row = lines[2]  # the middle line of the first row: hands A and B
        assert row.startswith("A") and row.rstrip().endswith(" B")
        a_end = max(ks.cells[c][1] for c in ks.hands[0].cells)
        x = g.pos((0, a_end))[0] + g.box_w
        assert row[x:x + g.gap_x] in (" " * g.gap_x, "◀ ", " ▶")  # no link between A and B
        assert "──" in row[:x]  # (the spaces of A are linked)


async def test_the_replay_shows_the_whole_table_at_100x30():
    from allmine_tui.ui.screens.replay import open_replay

    match = six_players()
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        open_replay(app, match, Timeline(match).last // 2)
        await wait_until(pilot, lambda: app.screen.query(TablePanel), "the replay's table")
        await until_idle(pilot)
        table = app.screen.query_one(TablePanel)
        right = app.screen.query_one("#right")
        assert len(table.content.plain.splitlines()) == 7
        assert table.region.bottom <= right.region.bottom  # every row on screen
        assert right.virtual_size.height <= right.size.height  # nothing to scroll
        for name in ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"):
            assert name in table.content.plain
        sheet = app.screen.query_one(SheetWidget)
        assert sheet.kind in ("tall", "stacked")


# -- the right pane keeps its place and its columns --------------------------------------------
@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_right_pane_does_not_move_between_the_card_and_the_space(size):
    match = six_players(6)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        game = await on_screen(pilot)

        def pane():
            hands = game.query_one(HandsPanel)
            return (hands.content.plain.splitlines()[0], hands.region,
                    game.query_one(TablePanel).region, game.query_one(ChoicePanel).region,
                    game.query_one(SheetWidget).region)

        card_step = pane()
        await pilot.press("tab", "enter")
        await wait_until(pilot, lambda: game.step == "space", "the space step")
        await until_idle(pilot)
        assert pane() == card_step
        await pilot.press("right", "escape")
        await wait_until(pilot, lambda: game.step == "card", "back at the card step")
        await until_idle(pilot)
        assert pane() == card_step
        top = game.query_one(TopRow)
        assert top.size.height == 3 and top.size.width == size[0]
        assert len(top.content.plain.splitlines()) == 3  # never wrapped


async def test_the_hands_list_keeps_its_columns_after_the_curtain():
    """Hot seat: the board is rebuilt for each person; the hands list's first frame already has
    the columns it keeps in the space step (it used to open with "your Q♦ sheet" and jump to
    "cards" on the next key)."""
    match = Match("all-in", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):
            game = await next_person(pilot)  # (its first frame: no waiting beyond it)
            first = game.query_one(HandsPanel).content.plain.splitlines()[0]
            await pilot.press("tab", "enter")
            await wait_until(pilot, lambda: game.step == "space", "the space step")
            await pilot.pause()
            assert game.query_one(HandsPanel).content.plain.splitlines()[0] == first
            await pilot.press("enter")


# -- spaces are named as the sheet shows them ---------------------------------------------------
def test_the_round_by_round_table_names_spaces_by_their_hands():
    match = six_players(8)
    rows = history(Timeline(match)).rows
    labels = [g for row in rows for g in row.gained]
    assert labels and not any(re.search(r"r\d+c\d+", label) for label in labels)
    letters = "|".join(re.escape(n) for s in match.state.sheet_ids
                       for n in space_names(get_sheet(s)))
    card = r"(?:10|[2-9AJQK])[♠♥♦♣]"
    for label in labels:
        if label.startswith("skipped"):
            continue
        assert re.fullmatch(rf"{card} (?:{letters})(?:, {card} (?:{letters}))*( ✓[A-J]+)?",
                            label), label
    notes = [e.private.get(0, "") for e in match.events if e.private]
    assert notes and not any("column" in n for n in notes)


# -- what just changed ------------------------------------------------------------------------
async def test_the_cards_just_revealed_and_the_card_written_last_say_new():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot)
        top = game.query_one(TopRow)
        assert top.content.plain.splitlines()[0].count("new") == 2  # round 1: both new
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: match.state.round == 2, "round 2")
        await on_screen(pilot)
        last = match.state.last_written[0]
        sheet = game.query_one(SheetWidget)
        x0, y0, x1, _y1, cell = sheet._boxes[last]
        assert cell == last
        lines = sheet.content.plain.splitlines()
        assert lines[y0][x0 + 1:x0 + 4] == NEW  # in the top edge of the box written last
        assert sum(line.count(NEW) for line in lines) == 1
        assert top.content.plain.splitlines()[0].count("new") == 2  # round 2's cards


async def test_the_final_sheets_mark_each_players_card_written_last():
    from allmine_tui.games.all_in.final_sheets import FinalSheetsScreen

    match = six_players()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        from allmine_tui.ui.screens.results import ResultsScreen

        # the game is over: its end opens by itself (the sheets, then the results)
        await wait_until(pilot, lambda: isinstance(app.screen, (FinalSheetsScreen, ResultsScreen)),
                         "the end of the game on screen")
        await until_idle(pilot)
        sheets = FinalSheetsScreen(app.screen.session)
        await app.push_screen(sheets)
        await wait_until(pilot, lambda: app.screen is sheets, "the sheets")
        for seat in range(6):
            await pilot.press(str(seat + 1))
            await wait_until(pilot, lambda: app.screen.query_one(SheetWidget).written
                             == match.state.written[seat], f"seat {seat + 1}'s sheet")
            await until_idle(pilot)
            sheet = app.screen.query_one(SheetWidget)
            last = match.state.last_written[seat]
            x0, y0, *_ = sheet._boxes[last]
            assert sheet.content.plain.splitlines()[y0][x0 + 1:x0 + 4] == NEW
