"""All In on screen: whole games by key presses, hot seat privacy, and the mouse."""
from __future__ import annotations

import re

import pytest
from screen_text import screen_text

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.all_in.cards import card_name
from allmine_tui.games.all_in.final_sheets import FinalSheetsScreen
from allmine_tui.games.all_in.screen import AllInScreen
from allmine_tui.games.all_in.sheets import get_sheet
from allmine_tui.games.all_in.panels import HandsPanel, TablePanel
from allmine_tui.games.all_in.sheet_widget import SheetWidget
from allmine_tui.games.all_in.widgets import ChoicePanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from helpers import game_screen, lift_curtain, notices, until_idle, wait_until

CARD = re.compile(r"(?<![0-9])(10|[2-9AJQK])[♠♥♦♣]")




def check_private(app, match: Match) -> None:
    """Nothing on screen belongs to another seat's sheet (checked on widgets and on the text)."""
    state = match.state
    game = game_screen(app, AllInScreen)
    if isinstance(app.screen, CurtainScreen):
        assert not CARD.search(screen_text(app)), "a card is visible behind the curtain"
    if game is None:
        return
    viewer = game.viewer
    sheet = game.query_one(SheetWidget)
    view = game._view
    if state.phase == "over":
        return
    # the widgets were only given the viewer's own sheet (or nothing in the table view)
    if viewer is None:
        assert sheet.written is None and not game.query_one(HandsPanel).content.plain.strip()
    else:
        assert sheet.written == state.written[viewer]
        for seat in range(match.state.n):
            if seat != viewer:
                assert view["players"][seat]["written"] is None
    if isinstance(app.screen, CurtainScreen) or app.screen is not game:
        return
    # and the screen text shows none of the other sheets' cards (those not public otherwise)
    allowed = set(state.revealed) | {get_sheet(s).golden for s in state.sheet_ids}
    if viewer is not None:
        allowed |= {c for c in state.written[viewer] if c is not None}
        allowed |= set(game.choices) | {game.selected}
    log = set(game.session.log_lines(viewer))
    text = "\n".join(line for line in screen_text(app).splitlines()
                     if not any(entry.strip() and entry.strip() in line for entry in log))
    for seat in range(state.n):
        if seat == viewer:
            continue
        for c in state.written[seat]:
            if c is not None and c not in allowed:
                assert not re.search(r"(?<![0-9])" + re.escape(card_name(c)), text), (
                    f"{card_name(c)} of seat {seat} is visible to {viewer}")


async def test_one_human_and_a_bot_play_a_whole_game_by_keys():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 7)
    app = AllMineApp(GameSession(match, None))
    finals = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen), "the game screen")
        for step in range(400):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, FinalSheetsScreen):
                finals += 1
                sheet = screen.query_one(SheetWidget)
                assert sheet.written == match.state.written[0]
                await pilot.press("2")  # every sheet is open at the end
                assert screen.query_one(SheetWidget).written == match.state.written[1]
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen, "the final sheets closed")
                continue
            if 0 in match.to_act():
                # vary the card: Tab steps through the choices, Enter takes the card, the
                # arrows move the cursor on the sheet, Enter writes
                await pilot.press(*(["tab", "enter", "right"] if step % 4 == 1 else ["enter"]),
                                  "enter")
            else:  # the bot's turn, or the game is over: wait for Ann's turn or the next screen
                await wait_until(pilot, lambda: app.screen is not screen or 0 in match.to_act(),
                                 "Ann's turn or the next screen")
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over() and finals == 1
        assert sum(c is not None for c in match.state.written[0]) >= 20
        await wait_until(pilot, lambda: "Total" in screen_text(app), "the results' totals")
        assert isinstance(app.screen, ResultsScreen)


ROUNDS_CHECKED = 8


async def test_hot_seat_keeps_every_sheet_private():
    match = Match("all-in", [Seat("Ann"), Seat("Bob")], 12)
    app = AllMineApp(GameSession(match, None))
    curtains = 0
    viewers = set()

    def ready() -> bool:
        """A curtain to lift, a person's turn on screen, or enough rounds seen (every state on
        the way is checked for privacy too)."""
        check_private(app, match)
        game = game_screen(app, AllInScreen)
        return (match.state.round > ROUNDS_CHECKED or isinstance(app.screen, CurtainScreen)
                or (game is app.screen and game.viewer in match.to_act()))

    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, ready, "the first curtain or turn")
        for step in range(600):
            screen = app.screen
            if match.state.round > ROUNDS_CHECKED:  # the privacy audit plays whole games
                break
            check_private(app, match)
            if isinstance(screen, CurtainScreen):
                curtains += 1
                await lift_curtain(pilot, screen)
                continue
            game = game_screen(app, AllInScreen)
            if game is not screen or game.viewer not in match.to_act():
                await wait_until(pilot, ready, "the next curtain or turn")
                continue
            viewers.add(game.viewer)
            await pilot.press(*(["tab"] if game.viewer == 1 else []), "enter", "enter")
        assert match.state.round > ROUNDS_CHECKED
    assert viewers == {0, 1}
    # the keyboard changes hands at least twice every round
    assert curtains >= 2 * ROUNDS_CHECKED


def matrix_offset(panel: ChoicePanel, card: int) -> tuple[int, int]:
    left = panel.content_region.x - panel.region.x
    suit, value = card // 13, card % 13
    return left + ChoicePanel.LABEL_W + ChoicePanel.COL_W * value + 1, 1 + suit


def space_offset(widget: SheetWidget, cell: int) -> tuple[int, int]:
    left = widget.content_region.x - widget.region.x
    x0, y0, x1, y1, found = widget._boxes[cell]
    assert found == cell
    return left + (x0 + x1) // 2, (y0 + y1) // 2


async def test_mouse_writes_a_card_and_illegal_clicks_change_nothing():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 4)
    rules = match.rules
    for _ in range(2):  # two rounds on the starting spaces
        match.apply(0, match.legal_actions(0)[0])
        match.apply(0, match.legal_actions(0)[0])
        match.run_bots()
    assert match.state.round == 3
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                         and app.screen.viewer == 0, "Ann's sheet on screen")
        game = app.screen
        panel = game.query_one(ChoicePanel)
        sheet = game.query_one(SheetWidget)
        # an illegal space: one already written, and one not linked to a written card
        before = rules.state_to_json(match.state)
        written = next(c for c, card in enumerate(match.state.written[0]) if card is not None)
        await pilot.click(SheetWidget, offset=space_offset(sheet, written))
        await wait_until(pilot, lambda: notices(app, "already holds a card"), "the click explained")
        assert rules.state_to_json(match.state) == before
        legal = set(rules.legal_cells(match.state, 0))
        far = next(c for c in range(len(match.state.written[0]))
                   if c not in legal and match.state.written[0][c] is None
                   and c != get_sheet(match.state.sheet_ids[0]).golden_cell)
        await pilot.click(SheetWidget, offset=space_offset(sheet, far))
        await wait_until(pilot, lambda: notices(app, "linked by a line"), "the click explained")
        assert rules.state_to_json(match.state) == before
        # a card out of reach is explained, not chosen
        options = dict(rules.write_options(match.state, 0))
        unreachable = next(c for c in range(52) if c not in options)
        await pilot.click(ChoicePanel, offset=matrix_offset(panel, unreachable))
        await wait_until(pilot, lambda: notices(app, "chip"), "the card out of reach explained")
        assert game.selected != unreachable
        assert rules.state_to_json(match.state) == before
        # click a card, then a legal space: written at once
        card = list(options)[-1]
        await pilot.click(ChoicePanel, offset=matrix_offset(panel, card))
        await wait_until(pilot, lambda: game.selected == card, "the clicked card taken")
        assert rules.state_to_json(match.state) == before  # chosen, not yet written
        cell = sorted(legal)[-1]
        await pilot.click(SheetWidget, offset=space_offset(sheet, cell))
        await wait_until(pilot, lambda: match.state.written[0][cell] == card, "the write")
        assert (0, Action("place", (cell,))) in match.log


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_fits_the_terminal_with_six_players(size):
    """At 100×30 and 120×40, with six players on advanced sheets: the sheet, the card grid, the
    hands and the whole table are on screen (nothing scrolls, nothing is cut), the prompt is one
    line that fits."""
    match = Match("all-in", [Seat("Ann")] + [Seat(f"Bot{i}", "random") for i in range(5)], 2,
                  {"sheets": "advanced"})
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                         and "Your card" in screen_text(app), "Ann's turn on screen")
        game = app.screen
        text = screen_text(app)
        assert "CARD" in text and "Your card" in text and "TABLE" in text
        for name in ("Ann", "Bot0", "Bot4"):
            assert name in text
        right = game.query_one("#right")
        assert right.virtual_size.height <= right.size.height  # nothing needs scrolling
        sheet = game.query_one(SheetWidget)
        assert sheet.region.bottom <= game.query_one("#prompt").region.y
        assert right.region.x >= sheet.region.right
        bottom = max(y1 for _x0, _y0, _x1, y1, _c in sheet._boxes)
        assert bottom <= sheet.content_region.height  # no space is cut off
        assert len(game._prompt().plain) <= size[0] - 2


async def test_no_legal_space_offers_a_skip():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 5)
    state = match.state
    sheet = get_sheet(state.sheet_ids[0])
    state.round = 3  # a full sheet: nowhere left to write
    state.written[0] = [None if c == sheet.golden_cell else 0 for c in range(len(sheet.cells))]
    assert [a.kind for a in match.legal_actions(0)] == ["skip"]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: "skip" in screen_text(app), "the skip offered")
        assert not any(seat == 0 for seat, _a in match.log)  # offered, not taken yet
        await pilot.click("#prompt")
        await wait_until(pilot, lambda: any(seat == 0 and a.kind == "skip" for seat, a in match.log),
                         "the skip")


async def test_the_card_grid_moves_by_arrows_and_stops_at_the_ends():
    """The card step: ←/→ along values and ↑/↓ along suits, stopping at the ends; a card out of
    reach is explained once however often Enter is pressed, and changes nothing; Enter takes a
    card, the arrows then move on the sheet and Enter writes it there."""
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 4)
    rules = match.rules
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                         and app.screen.viewer == 0, "Ann's sheet on screen")
        game = app.screen
        start = game.pick
        assert game.step == "card" and start == game.choices[0]
        await pilot.press(*["left"] * 14)
        assert game.pick == (start // 13) * 13  # the Ace of that suit: no wrap to the King
        await pilot.press(*["up"] * 5)
        assert game.pick == 0  # A♠, top left
        await pilot.press(*["right"] * 15, *["down"] * 5)
        assert game.pick == 51  # K♣, bottom right
        out = next(c for c in range(52) if c not in game.costs)
        game.pick = out
        before = rules.state_to_json(match.state)
        await pilot.press("enter", "enter", "enter")
        await wait_until(pilot, lambda: notices(app, "out of reach"), "the card explained")
        assert rules.state_to_json(match.state) == before and game.step == "card"
        assert notices(app, "out of reach") == 1
        await pilot.press("tab")  # back to a card that can be written
        card = game.pick
        assert card in game.costs
        cursor = game.cursor
        await pilot.press("enter")
        assert game.step == "space" and game.cursor == cursor and game.pick == card
        await pilot.press("right")
        assert game.cursor != cursor and game.cursor in game.cells
        await pilot.press("escape")
        assert game.step == "card"
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: card in match.state.written[0], "the card written")
        assert match.state.written[0][game.cursor if match.state.round == 1 else
                                      match.state.last_written[0]] == card


def hand_row(app, letter: str) -> str:
    """The hands list's row of a hand marked as passing through the cursor."""
    shown = game_screen(app, AllInScreen).query_one(HandsPanel).content.plain
    return next(line for line in shown.splitlines() if line.startswith(f"▶{letter} "))


async def test_the_hands_through_the_cursor_show_what_they_would_become():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 4)
    state = match.state
    sheet = get_sheet(state.sheet_ids[0])
    hand = sheet.hands[0]  # a row: two of its spaces already hold a pair of sevens
    first, second, target = hand.cells[:3]
    state.round = 5
    state.written[0][first] = 6  # 7♠
    state.written[0][second] = 19  # 7♥
    state.revealed = [32, 6]  # 7♦ and 7♠
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                         and app.screen.viewer == 0, "Ann's sheet on screen")
        game = app.screen
        game.pick = 32
        game.cursor = target
        game._draw_all()  # draws at once
        await pilot.pause()
        row = hand_row(app, hand.letter)
        assert "▲ Three of a Kind 6" in row and "7♦" in row
        marks = game.query_one(SheetWidget).marks
        assert hand.letter in marks.hands and marks.preview == 32
        others = {sheet.hands[h].letter for h in sheet.hands_of_cell[target]}
        assert marks.hands == others
        table = game.query_one(TablePanel).content.plain
        assert "Ann (you) " in table  # a space before the sheet column
        game.pick = 6  # a second 7♠: no Three of a Kind (suits must differ)
        game._draw_all()
        await pilot.pause()
        assert "= Pair 2" in hand_row(app, hand.letter)


def surrounded_soon(seed: int = 13) -> Match:
    """Ann's next card fills the last space around her Golden Card."""
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], seed)
    state = match.state
    sheet = get_sheet(state.sheet_ids[0])
    state.round = 9
    cards = iter(c for c in range(52) if c != sheet.golden)
    for cell in sheet.around_golden[:-1]:
        state.written[0][cell] = next(cards)
    return match


async def surround_the_golden_card(pilot) -> AllInScreen:
    """Ann takes the cheapest card and writes it on the last space around her Golden Card."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                     and app.screen.viewer == 0, "Ann's sheet on screen")
    game = app.screen
    state = game.match.state
    cell = get_sheet(state.sheet_ids[0]).around_golden[-1]
    game.cursor = cell
    await pilot.press("enter", "enter")
    await wait_until(pilot, lambda: state.written[0][cell] is not None
                     and state.phase != "write", "the card written and the round resolved")
    await until_idle(pilot)
    return game


async def test_the_golden_deck_can_be_turned_down():
    match = surrounded_soon()
    state = match.state
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await surround_the_golden_card(pilot)
        assert state.phase == "golden" and game.mode == "golden"
        assert "no card" in screen_text(app)
        written = [c for c in state.written[0]]
        await pilot.press(*["right"] * 12)  # "no card" is the last choice
        assert game.pick == -1
        assert "you take nothing" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.golden_used[0], "the Golden Deck turned down")
        await until_idle(pilot)
        assert state.written[0] == written
        assert state.phase == "write" and state.round == 10
        assert any("takes no Golden Deck card" in line for line in game.session.log_lines(0))


async def test_a_golden_deck_card_is_written_by_keys():
    match = surrounded_soon()
    state = match.state
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await surround_the_golden_card(pilot)
        deck = list(state.golden_deck)
        plain = [c for c in deck if c < 52]
        await pilot.press(*["right"] * deck.index(plain[0]))
        assert game.pick == plain[0]
        await pilot.press("enter")
        assert game.step == "space"
        far = game.cursor
        await pilot.press("enter")
        await wait_until(pilot, lambda: state.written[0][far] is not None, "the golden write")
        assert state.written[0][far] == plain[0] and plain[0] not in state.golden_deck


async def test_hot_seat_humans_write_as_soon_as_it_is_their_turn(monkeypatch):
    """Three people and a bot: with a long bot pause, each person's curtain comes up at once
    (the bot's secret write takes no pause), and the table view never waits for people while
    refusing their keys."""
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "30")
    match = Match("all-in", [Seat("Ann"), Seat("Bob"), Seat("Cleo"), Seat("Dot", "random")], 3)
    app = AllMineApp(GameSession(match, None))
    curtains = []

    def settled() -> bool:
        """A curtain, or the table at rest (not being rebuilt for the next viewer): with the
        bot's 30 seconds, a table view waiting for the bot would stay, and fail below."""
        game = game_screen(app, AllInScreen)
        return match.state.round > 2 or isinstance(app.screen, CurtainScreen) or (
            game is app.screen and not game._rebuilding and game.viewer in match.to_act())

    async with app.run_test(size=(100, 30)) as pilot:
        # (10 s: far below the bot's 30, so a table view waiting for the bot fails here)
        await wait_until(pilot, settled, "a person's curtain or turn", timeout=10)
        for _ in range(40):
            if match.state.round > 2:
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains.append(screen.player)
                await lift_curtain(pilot, screen)
                await wait_until(pilot, settled, "a person's curtain or turn", timeout=10)
                continue
            game = game_screen(app, AllInScreen)
            assert game is screen, "nothing but the curtain may cover the table"
            assert game.mode != "table", f"the table view waits for {match.to_act()}"
            assert game.viewer in match.to_act()
            moves = len(match.log)
            await pilot.press("enter", "enter")
            await wait_until(pilot, lambda: len(match.log) > moves, "the person's write")
            await wait_until(pilot, settled, "the next person's curtain or turn", timeout=10)
        assert match.state.round > 2
    assert curtains[:3] == ["Ann", "Bob", "Cleo"]


@pytest.mark.parametrize("sheet_id", ["QD", "7H", "KS", "3C"])
def test_one_stable_layout_per_sheet(sheet_id):
    """Wherever the cursor is, every hand letter stands in its margin, every line has the same
    width, and the compact sheet uses the same borders as the tall one (no brackets)."""
    from allmine_tui.games.all_in.sheet_widget import (SheetMarks, _letter_spots, geometry,
                                                       render_sheet)

    sheet = get_sheet(sheet_id)
    written = [None] * len(sheet.cells)
    spots = _letter_spots(sheet)
    assert set(spots) == {h.letter for h in sheet.hands}  # no letter left out
    for tall, wide in [(True, True), (True, False), (False, False)]:
        g = geometry(sheet_id, tall, wide)
        for cursor in range(len(sheet.cells)):
            if cursor == sheet.golden_cell:
                continue
            marks = SheetMarks(legal=frozenset(range(len(sheet.cells))), cursor=cursor,
                               preview=9)
            lines = render_sheet(sheet_id, written, marks, tall, wide)[0].plain.split("\n")
            assert {len(line) for line in lines} == {g.width} and len(lines) == g.height
            for letter, (line, first, margin) in spots.items():
                if margin in ("left", "right"):
                    y = g.pos((line, first))[1] + g.box_h // 2
                    x = 0 if margin == "left" else g.width - 1
                else:
                    x, y = g.pos((first, line))[0] + g.box_w // 2, 0
                assert lines[y][x] == letter, (letter, cursor, tall)
            if not tall:
                assert "[" not in "".join(lines) and "]" not in "".join(lines)


async def test_nothing_beside_the_sheet_moves_between_rounds():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 6, {"sheets": "advanced"})
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                         and 0 in match.to_act(), "Ann's turn")
        game = app.screen
        places = set()
        for _ in range(8):
            places.add((game.query_one(SheetWidget).region, game.query_one("#right").region,
                        game.query_one(ChoicePanel).region, game.query_one(HandsPanel).region))
            round_no = match.state.round
            await pilot.press("tab", "enter", "right", "enter")
            await wait_until(pilot, lambda: match.state.round > round_no and 0 in match.to_act(),
                             "the next round")
            await until_idle(pilot)  # the board drawn for it
        assert match.state.round >= 8
        assert len(places) == 1


async def test_a_long_name_keeps_a_space_before_its_sheet():
    """Six players at 100×30 (two a line): a name cut short to fit still leaves its mark (* for
    you) and a space before the sheet column."""
    seats = [Seat("Maximilian Berg")] + [Seat(f"Bot{i}", "random") for i in range(5)]
    match = Match("all-in", seats, 2, {"sheets": "advanced"})
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AllInScreen)
                         and "Maxim" in app.screen.query_one(TablePanel).content.plain,
                         "the table with the names")
        table = app.screen.query_one(TablePanel).content.plain
        assert re.search(r"Maxim\w*…\* ", table)  # the cut, the mark, then a space
