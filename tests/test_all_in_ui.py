"""All In on screen: whole games by key presses, hot seat privacy, and the mouse."""
from __future__ import annotations

import re

import pytest
from screen_text import screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.all_in.cards import card_name
from allmine_tui.games.all_in.screen import AllInScreen, FinalSheetsScreen
from allmine_tui.games.all_in.sheets import get_sheet
from allmine_tui.games.all_in.widgets import ChoicePanel, HandsPanel, SheetWidget
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession

CARD = re.compile(r"(?<![0-9])(10|[2-9AJQK])[♠♥♦♣]")


@pytest.fixture(autouse=True)
def no_bot_delay(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")


def game_screen(app) -> AllInScreen | None:
    return next((s for s in reversed(app.screen_stack) if isinstance(s, AllInScreen)), None)


def check_private(app, match: Match) -> None:
    """Nothing on screen belongs to another seat's sheet (checked on widgets and on the text)."""
    state = match.state
    game = game_screen(app)
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
        assert sheet.written is None and not game.query_one(HandsPanel).display
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
        await pilot.pause(0.1)
        game = app.screen
        assert isinstance(game, AllInScreen)
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
                await pilot.pause(0.05)
                continue
            if 0 in match.to_act():
                # vary the card: Tab steps through the choices, the arrows move the cursor
                await pilot.press(*(["tab", "right"] if step % 4 == 1 else []), "enter")
            else:
                await pilot.pause(0.02)
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over() and finals == 1
        assert sum(c is not None for c in match.state.written[0]) >= 20
        await pilot.pause(0.1)
        assert "Total" in screen_text(app)


async def test_hot_seat_keeps_every_sheet_private():
    match = Match("all-in", [Seat("Ann"), Seat("Bob")], 12)
    app = AllMineApp(GameSession(match, None))
    curtains = 0
    viewers = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.1)
        for step in range(600):
            screen = app.screen
            if match.is_over():
                break
            check_private(app, match)
            if isinstance(screen, CurtainScreen):
                curtains += 1
                await pilot.press("enter")
                await pilot.pause(0.02)
                continue
            game = game_screen(app)
            if game is not screen or game.viewer not in match.to_act():
                await pilot.pause(0.02)
                continue
            viewers.add(game.viewer)
            await pilot.press(*(["tab"] if game.viewer == 1 else []), "enter")
        assert match.is_over()
        await pilot.pause(0.1)
        if isinstance(app.screen, FinalSheetsScreen):
            await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ResultsScreen)
    assert viewers == {0, 1}
    assert curtains >= 2 * 23  # the keyboard changes hands at least twice every round


def matrix_offset(panel: ChoicePanel, card: int) -> tuple[int, int]:
    left = panel.content_region.x - panel.region.x
    suit, value = card // 13, card % 13
    return left + ChoicePanel.LABEL_W + ChoicePanel.COL_W * value + 1, 2 + suit


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
        await pilot.pause(0.2)
        game = app.screen
        panel = game.query_one(ChoicePanel)
        sheet = game.query_one(SheetWidget)
        # an illegal space: one already written, and one not linked to a written card
        before = rules.state_to_json(match.state)
        written = next(c for c, card in enumerate(match.state.written[0]) if card is not None)
        await pilot.click(SheetWidget, offset=space_offset(sheet, written))
        await pilot.pause(0.05)
        assert rules.state_to_json(match.state) == before
        assert any("already holds a card" in str(n.message) for n in app._notifications)
        legal = set(rules.legal_cells(match.state, 0))
        far = next(c for c in range(len(match.state.written[0]))
                   if c not in legal and match.state.written[0][c] is None
                   and c != get_sheet(match.state.sheet_ids[0]).golden_cell)
        await pilot.click(SheetWidget, offset=space_offset(sheet, far))
        await pilot.pause(0.05)
        assert rules.state_to_json(match.state) == before
        assert any("linked by a line" in str(n.message) for n in app._notifications)
        # a card out of reach is explained, not chosen
        options = dict(rules.write_options(match.state, 0))
        unreachable = next(c for c in range(52) if c not in options)
        await pilot.click(ChoicePanel, offset=matrix_offset(panel, unreachable))
        await pilot.pause(0.05)
        assert game.selected != unreachable
        assert any("chip" in str(n.message) for n in app._notifications)
        # click a card, then a legal space: written at once
        card = list(options)[-1]
        await pilot.click(ChoicePanel, offset=matrix_offset(panel, card))
        await pilot.pause(0.05)
        assert game.selected == card
        cell = sorted(legal)[-1]
        await pilot.click(SheetWidget, offset=space_offset(sheet, cell))
        await pilot.pause(0.1)
        assert match.state.written[0][cell] == card
        assert match.state.round == 4 or match.state.done[0]


async def test_fits_the_smallest_terminal():
    """At 100×30 the sheet, the card choices and the prompt are all on screen."""
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 2, {"sheets": "advanced"})
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        game = app.screen
        assert isinstance(game, AllInScreen)
        text = screen_text(app)
        assert "YOUR CARD" in text and "Your turn" in text
        sheet = game.query_one(SheetWidget)
        assert sheet.region.bottom <= game.query_one("#prompt").region.y
        cells = get_sheet(match.state.sheet_ids[0]).cells
        assert len(sheet._boxes) == len(cells)
        bottom = max(y1 for _x0, _y0, _x1, y1, _c in sheet._boxes)
        assert bottom <= sheet.content_region.height  # no space is cut off


async def test_no_legal_space_offers_a_skip():
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "random")], 5)
    state = match.state
    sheet = get_sheet(state.sheet_ids[0])
    state.round = 3  # a full sheet: nowhere left to write
    state.written[0] = [None if c == sheet.golden_cell else 0 for c in range(len(sheet.cells))]
    assert [a.kind for a in match.legal_actions(0)] == ["skip"]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        assert "skip" in screen_text(app)
        await pilot.click("#prompt")
        await pilot.pause(0.1)
        assert state.done[0] or state.round == 4
