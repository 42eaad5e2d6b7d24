"""The All Mine! table works with the mouse alone: prediction tiles, hand cards, heap stacks."""
from __future__ import annotations

from allmine_tui.engine import Match, Seat
from allmine_tui.games.all_mine.widgets import HeapRow, PredictionPicker
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.notice import NoticeScreen
from allmine_tui.ui.session import GameSession
from helpers import on_screen, until_idle, wait_until


async def test_whole_hand_with_clicks_only(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 8)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await on_screen(pilot)
        # tiles: content x = 12 + 16 * suit; Most is content row 1, Fewest row 2 (+ border/padding)
        picker = screen.query_one(PredictionPicker)
        left = picker.content_region.x - picker.region.x
        await pilot.click(PredictionPicker, offset=(left + 12 + 16 * 2 + 3, 1))  # Most: Mushrooms
        await pilot.click(PredictionPicker, offset=(left + 12 + 16 * 1 + 3, 2))  # Fewest: Gold
        assert screen.picks == [2, 1]
        assert match.state.predictions[0] is None  # nothing placed until confirmed
        await pilot.click(PredictionPicker, offset=(left + 12 + 16 * 1 + 3, 2))  # click again: place
        await wait_until(pilot, lambda: match.state.predictions[0] is not None, "the prediction")
        assert match.state.predictions[0] == [2, 1]
        heap_clicks = plays = 0
        for _ in range(200):
            await wait_until(pilot, lambda: isinstance(app.screen, NoticeScreen)
                             or 0 in match.to_act(), "Ann's turn or the hand's end")
            await until_idle(pilot)  # (the table drawn for Ann's turn: the clicks land on it)
            if isinstance(app.screen, NoticeScreen):
                await pilot.click("#notice-ok")
                break
            moves = len(match.log)
            if match.state.phase == "heap":
                suit = next(s for s in range(4) if match.state.heap[s])
                heap = app.screen.query_one(HeapRow)
                left = heap.content_region.x - heap.region.x
                await pilot.click(HeapRow, offset=(left + len(HeapRow.CAPTION) + 16 * suit + 3, 0))
                await wait_until(pilot, lambda: len(match.log) > moves, "Ann's heap taken")
                assert match.log[moves][0] == 0
                heap_clicks += 1
            elif match.state.phase == "play":
                view = match.view(0)
                card = view["playable"][-1]
                index = view["hand"].index(card)
                await pilot.click("#hand-cards", offset=(7 * index + 3, 1))
                await wait_until(pilot, lambda: len(match.log) > moves, "Ann's card played")
                seat, action = match.log[moves][:2]
                assert seat == 0 and action.kind == "play" and action.args == (card,)
                plays += 1
        else:
            raise AssertionError("the hand never ended")
        assert plays == 12
        assert match.state.hand_no == 1 and not match.is_over()


async def test_clicking_an_illegal_card_explains_and_changes_nothing(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "0")
    for seed in range(40):
        match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")],
                      seed)
        # find a deal where Ann must follow suit at her first turn and holds another suit
        match.apply(0, match.legal_actions(0)[0])
        match.run_bots()
        state = match.state
        if match.to_act() == [0] and state.trick:
            led = state.trick[0][1] // 12
            if any(c // 12 == led for c in state.hands[0]) and \
                    any(c // 12 != led for c in state.hands[0]):
                break
    else:
        raise AssertionError("no suitable deal found")
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        await on_screen(pilot)
        view = match.view(0)
        bad = next(i for i, c in enumerate(view["hand"]) if c // 12 != led)
        before = match.rules.state_to_json(match.state)
        await pilot.click("#hand-cards", offset=(7 * bad + 3, 1))
        await wait_until(pilot, lambda: any("follow suit" in str(n.message)
                                            for n in app._notifications), "the refusal explained")
        await until_idle(pilot)  # (a move, had one been made, would have let the bots go on)
        assert match.rules.state_to_json(match.state) == before
