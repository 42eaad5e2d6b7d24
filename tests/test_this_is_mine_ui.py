"""This is Mine! on screen: a whole game by keys, hot seat (no curtain for public decisions, the
curtain for peeks and the end choices), the split, the mouse and bad input."""
from __future__ import annotations

from screen_text import screen_text

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.this_is_mine.screen import ThisIsMineScreen
from allmine_tui.games.this_is_mine.widgets import LotsPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree
from helpers import game_screen, lift_curtain, on_screen, until_idle, until_turn_or_next_screen, wait_until




def told(app, words: str) -> bool:
    return any(words in str(n.message) for n in app._notifications)



async def decide(pilot, game: ThisIsMineScreen, step: int) -> None:
    """One decision by keys for whoever acts on screen."""
    view = game._view
    if view["phase"] == "split":
        # move the first card to lot B with the letter, then confirm (the default split is valid)
        await pilot.press("b" if step % 2 else "right", "enter")
        return
    if step % 3 == 0:
        await pilot.press("down", "enter")  # the second line (a refusal when one is allowed)
        menus = list(game.query(ChoiceTree)) if game.is_attached else []
        if menus and menus[0].prefix:
            await pilot.press("enter")
        return
    await pilot.press("1")


async def test_one_human_plays_a_whole_game_by_keys():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 4)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, ThisIsMineScreen), "the game screen")
        for step in range(1500):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            game = game_screen(app, ThisIsMineScreen)
            if game is screen and 0 in match.to_act():
                await decide(pilot, game, step)
                await until_idle(pilot)
            else:  # a bot's turn, or another screen on top: wait until that changes
                await until_turn_or_next_screen(pilot, screen, match)
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over()
        await wait_until(pilot, lambda: "Total $" in screen_text(app), "the results")
        text = screen_text(app)
        assert "Total $" in text and "Bibelots" in text


async def test_hot_seat_public_decisions_without_curtain_and_private_cards():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob")], 6)
    app = AllMineApp(GameSession(match, None))
    curtains = acted = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, ThisIsMineScreen), "the game screen")
        await until_idle(pilot)
        for step in range(3000):
            screen = app.screen
            if isinstance(screen, ResultsScreen) or match.is_over():
                break
            if isinstance(screen, CurtainScreen):
                curtains += 1
                assert match.state.phase in ("discard", "copy")
                await lift_curtain(pilot, screen)
                continue
            game = game_screen(app, ThisIsMineScreen)
            state = match.state
            if state.phase in ("split", "negotiate", "balance"):
                # public decisions: the table view; nobody's collected cards on screen
                assert game.viewer is None
                text = screen_text(app)
                assert "'S CARDS" not in text
                for lot in game._view["lots"]:
                    if lot["owner"] is not None:
                        assert lot["cards"] is None
            else:
                # the end choices: only the chooser's own cards
                assert game.viewer in match.to_act()
                assert game._view["hand"] == sorted(state.hands[game.viewer])
            if game._legal:
                acted += 1
                await decide(pilot, game, step)
            await until_idle(pilot)  # (the loop looks again at whatever the keys led to)
        assert match.is_over()
        assert acted > 20
        ends = sum(1 for s in range(2) if match.state.discards[s] or match.state.copies[s])
        assert curtains >= ends


async def test_split_needs_every_lot_letters_only_and_clicks_claim():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 1)
    match.state.round_leader = match.state.leader = 0  # Ann splits
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        assert match.state.phase == "split" and game._legal
        k = len(match.state.revealed)
        before = match.to_json()
        # the keys are on screen
        assert "A–C its lot" in screen_text(app)
        # every card into lot A, one by one: the cursor stays on the card placed, → moves on
        for i in range(k):
            await pilot.press("a")
            assert game.cursor == i and game.split[i] == 0
            await pilot.press("right")
        assert game.cursor == k - 1  # it stops at the last card
        await pilot.press("enter")
        await wait_until(pilot, lambda: told(app, "every lot needs"), "the split refused")
        assert match.to_json() == before
        # digits are not lots: explained, nothing moves
        await pilot.press("2")
        await wait_until(pilot, lambda: told(app, "Lots are letters"), "the digit explained")
        assert game.split == [0] * k and match.to_json() == before
        # a valid split: cards 2 and 3 to B and C
        await pilot.press(*["left"] * (k + 2))
        assert game.cursor == 0
        await pilot.press("right", "b", "right", "c")
        assert game.split[:3] == [0, 1, 2]
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.phase != "split", "the split made")
        await until_idle(pilot)  # the bots' answers
        assert match.state.phase == "negotiate"
        assert [len(lot["cards"]) for lot in match.state.lots] == [k - 2, 1, 1]
        # Ann claims by clicking the line of lot C
        assert match.to_act() == [0]
        moves = len(match.log)
        await pilot.click(LotsPanel, offset=(3, 2))
        await wait_until(pilot, lambda: len(match.log) > moves, "Ann's claim")
        assert match.log[moves] == (0, Action("claim", (2,)))


async def test_peek_shows_only_the_chosen_players_cards_and_blocks_other_decisions():
    from allmine_tui.ui.screens.choose_player import ChoosePlayerScreen

    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 6)
    # play to a point where Bob holds cards and a public decision is pending
    while not (match.state.hands[1] and match.state.phase in ("negotiate", "split")
               and match.human_seats_to_act()):
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        assert game.viewer is None and game._legal  # a public decision on the table view
        assert "'S CARDS" not in screen_text(app)
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoosePlayerScreen), "the chooser")
        await pilot.click("#seat-1")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        assert app.screen.player == "Bob"
        await pilot.press("enter")
        await wait_until(pilot, lambda: game.viewer == 1 and app.screen is game, "Bob's peek")
        await until_idle(pilot)  # his board drawn
        text = screen_text(app)
        assert "BOB'S CARDS" in text and "ANN'S CARDS" not in text
        if 1 not in match.to_act():
            assert game._legal == []  # nobody else decides while Bob's cards are on screen
        before = match.to_json()
        await pilot.press("p")
        await wait_until(pilot, lambda: game.viewer is None, "the peek ended")
        await until_idle(pilot)
        assert "'S CARDS" not in screen_text(app)
        assert match.to_json() == before


# -- what things are worth ---------------------------------------------------------------------
def cards_of(*types: str) -> list[int]:
    """Distinct card numbers of the given types (from the 3-player deck)."""
    from allmine_tui.games.this_is_mine.data import load, type_of

    free = list(load().cards_for(3))
    out = []
    for t in types:
        c = next(c for c in free if type_of(c) == t)
        free.remove(c)
        out.append(c)
    return out


def set_up(match: Match, phase: str, hand: list[int], **fields) -> None:
    st = match.state
    st.phase, st.deck, st.revealed, st.assign = phase, [], [], []
    st.hands = [hand, [], []]
    st.discards, st.copies = [[], [], []], [[], [], []]
    st.to_discard, st.copies_owed = [0, 0, 0], [0, 0, 0]
    for name, value in fields.items():
        setattr(st, name, value)


def test_worth_helpers_follow_the_scoring():
    from collections import Counter

    from allmine_tui.games.this_is_mine import worth

    hand = cards_of("bibelot", "bibelot", "record", "record", "turntable", "bottle", "suitcase",
                    "relative")
    mine = worth.counts(hand)
    assert mine["suitcase"] == 0 and mine["relative"] == 1
    now = worth.worth(mine)
    assert now == worth.Worth(3 + 8, 1) and now.text() == "$11 + 1 Bottle"
    after, extra = worth.with_lot(mine, cards_of("bibelot", "relative"))
    assert after.money == 7 + 8 and extra == "+1 Relative"
    assert worth.difference(after, now) == "+$4"
    assert worth.difference(now, now) == "±$0"
    assert worth.difference(worth.Worth(9, 2), now) == "−$2, +1 Bottle"
    # a Suitcase's copy counts as its type; a Relative's choice leaves the hand
    assert worth.worth(worth.counts(hand, copies=["record"])).money == 3 + 12
    assert worth.worth(worth.counts(hand, discards=["bibelot"])).money == 0 + 8
    assert worth.worth(Counter()).money == -3  # no Bibelot at all costs money
    assert worth.worth(Counter()).text() == "−$3"
    assert worth.Worth(-3, 2).text() == "−$3 + 2 Bottles"


async def test_the_key_and_the_prompt_fit_beside_each_other_at_100_columns():
    """Nothing cut, no prompt wrapped onto a second line: the key's rules wrap under themselves
    in its own column, the prompt stays one line even with long names."""
    from allmine_tui.games.this_is_mine.widgets import ScoringKey

    names = ["Annabelle Smithy", "Bartholomew Ray", "Cleo"]
    match = Match("this-is-mine", [Seat(names[0]), Seat(names[1], "random"),
                                   Seat(names[2], "random")], 2)
    set_up(match, "negotiate", cards_of("bibelot", "bottle", "relative", "suitcase"),
           lots=[{"cards": cards_of("bibelot", "record"), "money": 1, "owner": None},
                 {"cards": cards_of("skates"), "money": 0, "owner": None},
                 {"cards": cards_of("tv"), "money": 0, "owner": None}],
           claim=1, leader=1, round_leader=1, asked=[0])
    assert match.to_act() == [0]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        prompt = game.query_one("#prompt")
        assert "claims lot B" in prompt.content.plain and prompt.size.height == 1
        key = game.query_one(ScoringKey)
        lines = key.content.plain.splitlines()
        assert key.size.height == len(lines)  # every line of the key is on screen
        assert all(len(line) <= key.content_size.width for line in lines)
        assert "most $12, 2nd $6, 3rd $3" in key.content.plain


async def test_table_shows_the_key_and_your_worth_with_each_lot():
    from allmine_tui.games.this_is_mine.data import load

    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 2)
    lots = [cards_of("bibelot"), cards_of("skates"), cards_of("relative")]
    set_up(match, "negotiate", cards_of("bibelot", "bibelot", "turntable"),
           lots=[{"cards": c, "money": 0, "owner": None} for c in lots],
           claim=None, leader=0, round_leader=0, asked=[])
    assert match.to_act() == [0]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        text = screen_text(app)
        assert "worth now: $3" in text
        assert "you: $7 (+$4)" in text  # a third Bibelot
        assert "you: $3 (±$0)" in text  # one Skate is no pair
        assert "you: $3 (+1 Relative)" in text
        values = load().values
        assert "WORTH AT THE END" in text
        assert f"${values['skates_pair']} a pair" in text
        assert f"${values['instruments_trio']} a set of 3" in text
        assert "most $12, 2nd $6, 3rd $3" in text


async def test_lot_worth_is_only_for_the_owner_of_the_cards():
    """Two people at the keyboard: the negotiation is on the table view, which shows nobody's
    worth (it would tell the others what the cards are)."""
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 2)
    set_up(match, "negotiate", cards_of("bibelot", "bibelot"),
           lots=[{"cards": cards_of("bibelot"), "money": 0, "owner": None},
                 {"cards": cards_of("skates"), "money": 0, "owner": None},
                 {"cards": cards_of("bottle"), "money": 0, "owner": None}],
           claim=None, leader=0, round_leader=0, asked=[])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        text = screen_text(app)
        assert game_screen(app, ThisIsMineScreen).viewer is None
        assert "worth now" not in text and "you: $" not in text


async def test_suitcase_and_relative_choices_show_the_money_they_give():
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 3)
    set_up(match, "copy", cards_of("suitcase", "record", "record", "turntable", "bottle",
                                   "bottle"), copies_owed=[1, 0, 0])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        text = screen_text(app)
        # (no Bibelot: −$3) + 2 Records on the Turntable
        assert "worth now: $5 + 2 Bottles · 1 Suitcase to copy" in text
        assert "Suitcase copies Record: $9 + 2 Bottles (+$4)" in text
        assert "Suitcase copies Bottle: $5 + 3 Bottles (+1 Bottle)" in text
        assert "Suitcase copies Turntable: $5 + 2 Bottles (±$0)" in text
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 3)
    set_up(match, "discard", cards_of("relative", "bibelot", "bibelot", "skates", "skates",
                                      "bottle"), to_discard=[1, 0, 0])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        text = screen_text(app)
        assert "worth now: $8 + 1 Bottle" in text
        assert "Relative takes Bibelot: $5 + 1 Bottle (−$3)" in text
        assert "Relative takes Skates: $3 + 1 Bottle (−$5)" in text
        assert "Relative takes Bottle: $8 (−1 Bottle)" in text


async def test_split_by_mouse_card_then_lot_and_others_see_no_draft(monkeypatch):
    from allmine_tui.games.this_is_mine.widgets import SplitPanel

    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 1)
    match.state.round_leader = match.state.leader = 0
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        panel = game.query_one(SplitPanel)
        x0, x1, index = panel._cards[0][2]  # the third card
        await pilot.click(SplitPanel, offset=(x0 + 2, 0))
        assert game.cursor == index == 2
        lot_a = next(y for y, lot in panel._lot_lines.items() if lot == 0)
        await pilot.click(SplitPanel, offset=(3, lot_a))
        assert game.split[2] == 0 and game.cursor == 2
    # when a bot splits, the table shows the opened cards and the cards it has put so far,
    # never a made-up split
    match = Match("this-is-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 1)
    match.state.round_leader = match.state.leader = 1
    match.apply(1, match.legal_actions(1)[-1])  # Bob has put one card
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "30")  # and thinks about the next
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_screen(app, ThisIsMineScreen)
        view = match.view(0)
        assert len(view["assign"]) == 1 and view["phase"] == "split"
        game.show(view, 0, [])
        panel = game.query_one(SplitPanel).content.plain
        assert "Bob splits them into lots" in panel and "CARDS" not in panel
        labels = panel.splitlines()[0].split()[1:]
        assert labels[0].endswith(f"→{'ABC'[view['assign'][0]]}")
        assert all("→" not in label for label in labels[1:])  # not put yet: no lot
        assert "Confirm" not in panel


def test_help_counts_the_cards_played():
    from allmine_tui.games.this_is_mine.data import load
    from allmine_tui.paths import asset

    data = load()
    played = len(data.cards_for(2)) - data.removed[2]
    assert played == data.rounds * data.reveal[2]
    text = " ".join(asset("this-is-mine", "rules.md").read_text(encoding="utf-8").split())
    assert f"{len(data.cards_for(2))} one-dot cards, of which {data.removed[2]} are put away " \
        f"unseen, so {played} are played" in text


def test_a_refusal_with_one_place_for_the_money_is_one_short_line():
    from allmine_tui.engine import Action
    from allmine_tui.games.this_is_mine.texts import menu_path

    def lots(k: int) -> list[dict]:
        return [{"name": "ABCD"[i], "cards": cards_of("bottle"), "money": 0, "owner": None}
                for i in range(k)]

    two = {"lots": lots(2), "claim": 0, "leader": 1}
    path = menu_path(two, Action("refuse", (1,)), ["Ann", "Bob"])
    assert path == ["Refuse and claim lot A; your $1 goes on lot B"]
    three = {"lots": lots(3), "claim": 0, "leader": 1}
    path = menu_path(three, Action("refuse", (2,)), ["Ann", "Bob", "Cleo"])
    assert path == ["Refuse and claim lot A (costs $1)", "put the $1 on lot C (1 card)"]
