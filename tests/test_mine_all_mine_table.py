"""Mine, All Mine! on screen, issue 21: the fleet's sums in a fixed place, the reveal's keys and
its input gate, whole action names, one line per fleet in the reveal, and what just changed."""
from __future__ import annotations

import pytest
from privacy_audit import burst
from screen_text import screen_text

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.mine_all_mine.resolution import ResolutionScreen
from allmine_tui.games.mine_all_mine.screen import MineAllMineScreen
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import on_screen, until_idle, wait_until



async def the_reveal(pilot) -> ResolutionScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResolutionScreen), "the reveal")
    await pilot.pause()
    return pilot.app.screen



def four(seed: int = 3, hand: list[int] | None = None) -> Match:
    seats = [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal"), Seat("Dot", "random")]
    match = Match("mine-all-mine", seats, seed)
    if hand is not None:
        match.state.hands[0] = sorted(hand)
    return match


def fleet_line(app) -> str:
    return next(line for line in screen_text(app).splitlines() if "YOUR FLEET" in line)


async def test_the_fleet_sums_keep_their_place_beside_launch():
    """Issue 21: '#11✦ #7✦ #3✦' showed 'Speed 6  Attack   ▶ Launch [L]' (the sums under the
    button); other lengths wrapped 'Cargo 6' alone to a second line. The sums now come first,
    at the same place whatever the fleet, on one line with the button."""
    match = four(hand=[3, 7, 11, 2, 5])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        places = set()
        await pilot.press("4")
        for i in range(5):  # every card's action, one more each time
            await pilot.press("space", "right")
            await wait_until(pilot, lambda: len(match.state.pending[0]) == i + 1, "the card added")
            await until_idle(pilot)  # (the fleet drawn)
            preview = match.view(0)["preview"]
            line = fleet_line(app)
            sums = (f"Speed {preview['speed']:>2}  Attack {preview['attack']:>2}  "
                    f"Cargo {preview['cargo']:>2}")
            assert sums in line and line.rstrip().endswith("▶ Launch [L]"), line
            places.add(line.index("Speed"))
        assert len(places) == 1
        lines = screen_text(app).splitlines()
        below = lines[lines.index(next(x for x in lines if "YOUR FLEET" in x)) + 1]
        assert "Cargo" not in below  # nothing wrapped onto the next line


async def test_action_names_are_whole_on_the_cards():
    match = four(hand=[7, 11, 1])  # Targeting Computer, the longest name
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        text = screen_text(app)
        assert "✦ Targeting Computer" in text and "Targeting Co…" not in text
        assert "✦ Pole Position" in text and "✦ Afterburners" in text


async def test_cards_out_of_view_are_counted_and_the_window_follows_the_cursor():
    from allmine_tui.games.mine_all_mine.hand import HandRow

    match = four(hand=[1, 2, 5, 7, 8, 9, 11])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        hand = app.screen.query_one(HandRow)
        shown = [c for _a, _b, c in hand.spans]
        assert shown[0] == 1 and len(shown) < 7
        assert f"{7 - len(shown)} ▶" in hand.content.plain
        await pilot.press(*["right"] * 6)
        shown = [c for _a, _b, c in hand.spans]
        assert shown[-1] == 11 and "◀" in hand.content.plain
        assert "▶ #11 ◀" in hand.content.plain  # the cursor's card is in view


def round_to_reveal(seed: int = 5) -> Match:
    """Ann (the only person) is the last to launch: Bob has launched, Ann has a card in."""
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], seed)
    match.run_bots()
    hand = sorted(match.state.hands[0])
    match.apply(0, Action("add", (hand[0], 0)))
    assert match.state.launched[1] and not match.state.launched[0]
    return match


async def test_keys_typed_with_the_last_launch_never_skip_the_arrival():
    """Issue 21: 'l Enter Enter' in one burst opened the reveal at step 3/8. Keys made before
    the reveal was on screen are dropped, as at the curtain."""
    match = round_to_reveal()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await burst(app, pilot, ["l", "enter", "enter"])
        screen = await the_reveal(pilot)
        await until_idle(pilot)  # the two Enters of the burst handled (and dropped)
        assert screen.step == 0 and "step 1/" in screen_text(app)
        await pilot.press("enter")  # typed once it is on screen: it counts
        assert screen.step == 1


async def test_the_reveal_drops_keys_within_the_grace(monkeypatch):
    monkeypatch.setenv("ALLMINE_INPUT_GRACE", "30")
    match = round_to_reveal()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await pilot.press("l")
        await the_reveal(pilot)
        await pilot.press("enter", "R")
        assert app.screen.step == 0


@pytest.mark.parametrize("key", ["r", "R"])
async def test_run_all_answers_the_key_it_shows(key):
    """Issue 21: the reveal says 'Run all [R]', and capital R did nothing."""
    match = round_to_reveal()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await pilot.press("l")
        screen = await the_reveal(pilot)
        assert "Run all [R]" in screen_text(app)
        await pilot.press(key)
        assert screen.step == screen.last
        await pilot.press("left")  # and back a turn
        assert screen.step == screen.last - 1


def long_fleets() -> Match:
    """Four fleets of actions and ships whose cards in full do not fit one line."""
    match = four(seed=3)
    st = match.state
    st.hands = [[1, 2, 7, 11], [3, 4, 9], [5, 6, 10], [8, 12]]
    for seat, hand in enumerate(st.hands):
        for i, card in enumerate(hand):
            match.apply(seat, Action("add", (card, 3 if i % 2 == 0 or seat == 0 else 1)))
    for seat in (1, 2, 3):
        match.apply(seat, Action("launch"))
    return match


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_long_fleets_keep_one_line_each_in_the_reveal(size):
    """Issue 21: long fleets wrapped inside the reveal panel. One line per fleet, never wider
    than the panel; the actions left unnamed there are named at the reveal."""
    match = long_fleets()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await pilot.press("l")
        screen = await the_reveal(pilot)
        fleets = screen.query_one("#res-fleets")
        lines = fleets.content.plain.splitlines()
        assert len(lines) == 4
        assert all(len(line) <= fleets.size.width for line in lines)
        text = screen_text(app)
        assert "Targeting Computer" in text and "Pole Position" in text
        for _ in range(screen.last):
            await pilot.press("enter")
            assert len(fleets.content.plain.splitlines()) == 4


# -- what just changed ----------------------------------------------------------------------------
async def test_the_bots_launches_since_the_table_was_drawn_are_marked_together():
    match = four(seed=3)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: all(match.state.launched[1:]), "the bots' launches")
        await until_idle(pilot)  # (the last launch drawn)
        scores = app.screen.query_one("#scores").content.plain
        # the bots launched at once, one after the other, before the table was drawn again:
        # every one of them carries the mark, the person who has not launched does not
        marked = [line for line in scores.splitlines() if "launched •" in line]
        assert len(marked) == 3
        assert all(any(match.seats[s].name in line for line in marked) for s in (1, 2, 3))


async def test_a_round_just_played_is_marked_and_the_resolution_marks_its_step(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "1")  # Bob's next launch waits a second
    match = round_to_reveal()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMineScreen)
        await pilot.press("l")
        screen = await the_reveal(pilot)
        record = match.state.last_round
        await pilot.press("enter")  # turn 1: the first location, and who is there
        board = screen.query_one("#res-board").content.plain
        assert "┏▼1st" in board  # a shape, not only a colour
        present = record["turns"][0]["present"]
        fleets = screen.query_one("#res-fleets").content.plain.splitlines()
        for i, f in enumerate(record["fleets"]):
            assert fleets[i].startswith("•") == (f["seat"] in present)
        await pilot.press("R", "enter")
        # (not until idle: Bob's next launch, a second away, must not have come yet)
        await wait_until(pilot, lambda: isinstance(app.screen, MineAllMineScreen), "the table")
        await pilot.pause()
        scores = app.screen.query_one("#scores").content.plain
        assert "• LAST ROUND, just played" in scores
        points = match.state.history[-1]["points"]
        assert f"•+{points[0]}" in scores.splitlines()[1]
        # Bob, a bot, launches at once in the next round: the round stays marked (a bot's
        # launch is no reason to hide what happened), his launch is marked too
        await wait_until(pilot, lambda: match.state.launched[1], "Bob's launch")
        await until_idle(pilot)  # (his launch drawn)
        scores = app.screen.query_one("#scores").content.plain
        assert "just played" in scores and "launched •" in scores.splitlines()[2]


def test_the_round_mark_goes_when_a_person_launches():
    from allmine_tui.games.mine_all_mine.widgets import changes, public_part, round_just_played

    match = round_to_reveal()
    match.apply(0, Action("launch"))
    view = match.view(None)
    assert view["last_round"] and round_just_played(view, [0])
    view["launched"] = [False, True]
    assert round_just_played(view, [0])  # a bot launched
    view["launched"] = [True, True]
    assert not round_just_played(view, [0])  # the person launched
    before = public_part(match.view(None))
    after = dict(match.view(None), launched=[True, False])
    assert changes(before, public_part(after)) == {"launched": {0}}
    assert changes(None, public_part(after)) == {}
