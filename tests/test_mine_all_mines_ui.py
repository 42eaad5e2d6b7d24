"""Mine All Mines on screen: a whole game by key presses, hot-seat privacy, the mouse, bad input."""
from __future__ import annotations

import pytest
from mam_positions import (NAMES, achievements_and_jewels_on_show, buy_line_first_with_cards,
                           diamond_plays, dwarf_played_trade_open, dwarf_to_play, find_position,
                           foe_lines_with_and_without_loot, helpers_used_and_an_achievement,
                           jewelry_pile_empty, long_dwarf_line, one_card_to_buy, one_long_diamond_place,
                           ruby_without_a_place)
from screen_text import screen_lines, screen_text

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.mine_all_mines.choices import SHORT
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen, RoundNotice, short_dwarf
from allmine_tui.games.mine_all_mines.widgets import MinesGeometry, MinesPanel
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree
from helpers import game_screen, on_screen, until_idle, wait_until





def refused(app) -> bool:
    """u was pressed and told why nothing can be taken back."""
    return any(n.title == "Cannot take back" for n in app._notifications)


async def take_a_turn_step(pilot, game: MineAllMinesScreen, step: int) -> None:
    """One key decision for the seat on screen: play the first dwarf line (digits or arrows),
    steal / fill the Lamp with the first line, otherwise buy when possible, else end the turn."""
    state = game.match.state
    menu = game.query_one(ChoiceTree)
    labels = [label for label, _v in menu.entries()]
    if state.phase == "act":
        buy = next((i for i, label in enumerate(labels) if label.startswith("Buy")), None)
        if buy is not None and step % 3 == 0:
            await pilot.press(str(buy + 1))
            # a level deeper: the first card, then the first payment
            await pilot.press("enter", "enter")
            return
        # End your turn is always the last line: ↑ wraps round to it
        await pilot.press("up", "enter")
        return
    if step % 2:
        await pilot.press("down", "up", "enter")
    else:
        await pilot.press("1")


async def test_one_human_plays_a_whole_game_by_keys():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 5)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, MineAllMinesScreen), "the game screen")
        decisions = 0  # Ann's, counted (the loop's steps depend on how long the bots take)
        for _step in range(1500):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, RoundNotice):  # a new round: Enter goes on
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen, "the notice closed")
                continue
            game = game_screen(app, MineAllMinesScreen)
            if game is screen and 0 in match.to_act():
                before = len(match.log)
                await take_a_turn_step(pilot, game, decisions)
                decisions += 1
                await until_idle(pilot)
                if match.state.phase != "over" and 0 in match.to_act():
                    # still Ann's turn: either a move was made or the menu went a level deeper
                    # (which of the two depends on the key, not on timing)
                    assert len(match.log) > before or game.query_one(ChoiceTree).prefix
            else:  # a bot's turn, or another screen on top: wait until that changes
                await wait_until(pilot, lambda: app.screen is not screen
                                 or (game is screen and 0 in match.to_act()),
                                 "Ann's turn or the next screen")
        else:
            raise AssertionError("the game did not finish")
        assert match.is_over()
        bought = match.state.owned[0]["jewelry"] + match.state.owned[0]["support"]
        assert bought, "Ann bought nothing in a whole game"
        await wait_until(pilot, lambda: "Total VP" in screen_text(app), "the results")
        text = screen_text(app)
        assert "Total VP" in text and "Gems left" in text


async def test_hot_seat_keeps_dwarves_private():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 8)
    app = AllMineApp(GameSession(match, None))
    curtains = 0
    viewers = set()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: game_screen(app, MineAllMinesScreen), "the game screen")
        await until_idle(pilot)
        for step in range(400):
            if match.state.round_no >= 1 or match.is_over():
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains += 1
                text = screen_text(app)
                assert "set aside" not in text and "ANN:" not in text and "BOB:" not in text
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen, "the curtain lifted")
                continue
            game = game_screen(app, MineAllMinesScreen)
            viewer = game.viewer

            def moved_on() -> bool:
                return (app.screen is not screen or game.viewer != viewer
                        or (viewer is not None and viewer in match.to_act())
                        or match.state.round_no >= 1 or match.is_over())

            text = screen_text(app)
            if viewer is None:
                assert "set aside" not in text and "Hands are secret" in text
                await wait_until(pilot, moved_on, "a seat's turn after the table view")
                continue
            viewers.add(viewer)
            state = match.state
            mine = f"{match.seats[viewer].name.upper()}: "
            other = match.seats[1 - viewer].name.upper() + ": "
            assert other not in text
            if state.hands[viewer]:
                hand_line = next(line for line in text.splitlines() if mine in line)
                for d in state.hands[viewer]:
                    # a mining dwarf by its gem's name, or its two letters when the line is full
                    forms = [short_dwarf(d)] + ([SHORT[d]] if isinstance(d, int) else [])
                    assert any(f in hand_line for f in forms)
            if viewer in match.to_act():
                await take_a_turn_step(pilot, game, step)
                await until_idle(pilot)  # (a key may have been dropped: the loop looks again)
            else:
                await wait_until(pilot, moved_on, "the viewer's turn or the next viewer")
        assert viewers == {0, 1}
        assert curtains >= 2


def place_offset(mine: int, place: int, width: int = 100) -> tuple[int, int]:
    geometry = MinesGeometry(width)
    return geometry.x(mine, place) + 2, geometry.at[place][0]


async def test_mouse_plays_a_dwarf_on_a_marked_place_and_menu_lines():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 12)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        assert match.to_act() == [0]
        # an empty entrance whose dwarf Ann holds: click it
        gem = next(d for d in match.state.hands[0]
                   if isinstance(d, int) and match.state.mines[d][0] is None)
        x, y = place_offset(gem, 0)
        await pilot.click(MinesPanel, offset=(x, y))
        await wait_until(pilot, lambda: match.state.mines[gem][0] is not None, "the dwarf placed")
        if match.state.phase == "play":  # Tools would add a second way: none at the start
            raise AssertionError("the click did not play")
        assert match.state.mines[gem][0] == [gem, 0]
        # a click on the End line of the menu ends the turn
        menu = app.screen.query_one(ChoiceTree)
        labels = [label for label, _v in menu.entries()]
        end = labels.index("End your turn")
        head = 1
        await pilot.click(ChoiceTree, offset=(4, head + end))
        await wait_until(pilot, lambda: any(seat == 0 and a.kind == "end" for seat, a in match.log),
                         "the end of the turn")


async def test_clicking_an_unusable_place_or_keys_out_of_turn_change_nothing():
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 12)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        before = match.to_json()
        # the bottom row of an empty mine can never be used at the start
        x, y = place_offset(0, 4)
        await pilot.click(MinesPanel, offset=(x, y))
        await wait_until(pilot, lambda: notices(app, "No move of yours"), "the click explained")
        assert match.to_json() == before


# -- the table tells what the physical table would (issue 11) ---------------------------------------
def notices(app, words: str) -> int:
    return sum(1 for n in app._notifications if words in str(n.message))


def menu_lines(game) -> list[str]:
    return game.query_one(ChoiceTree).content.plain.splitlines()


async def test_end_has_its_own_key_and_no_number_ends_the_turn():
    """The issue's accident: with one card affordable, line 1 was a complete purchase and End
    was line 2; now End is 'e.', a digit never ends the turn, and key e does."""
    match = find_position(3, one_card_to_buy)
    assert {a.kind for a in match.legal_actions(0)} == {"buy", "end"}
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        lines = menu_lines(game)
        assert lines[1].startswith("▶1. Buy a card") and lines[2].startswith(" e. End your turn")
        before = match.to_json()
        await pilot.press("2", "2")
        await wait_until(pilot, lambda: notices(app, "key of its own: e"), "the digit explained")
        assert match.to_json() == before
        assert notices(app, "key of its own: e") == 1  # said once, not stacked
        moves = len(match.log)
        await pilot.press("e")
        await wait_until(pilot, lambda: len(match.log) > moves, "a move after e")
        assert match.log[moves] == (0, Action("end"))


async def test_e_before_the_dwarf_explains_and_waits():
    match = find_position(3, dwarf_to_play)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        assert match.state.seat == 0 and match.state.phase == "play"
        before = match.to_json()
        await pilot.press("e", "e")
        await wait_until(pilot, lambda: notices(app, "Play a dwarf first"), "e explained")
        assert match.to_json() == before
        assert notices(app, "Play a dwarf first") == 1


async def test_the_hint_line_says_what_u_takes_back_and_u_does_it():
    match = find_position(3, dwarf_played_trade_open)
    assert match.state.phase == "act" and match.to_act() == [0]
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        hint = game.query_one("#hint").content.plain
        assert "e: end your turn" in hint and "u: take back your dwarf" in hint
        trade = next(a for a in match.legal_actions(0) if a.kind == "trade")
        assert game.submit(trade)
        await wait_until(pilot, lambda: "u: take back your trade"
                         in game.query_one("#hint").content.plain, "the hint for the trade")
        gems = list(match.state.gems[0])
        await pilot.press("u")
        await wait_until(pilot, lambda: match.log[-1][1] != trade, "the trade taken back")
        assert match.log[-1][1] != trade and match.state.gems[0] != gems
        assert "u: take back your dwarf" in game.query_one("#hint").content.plain


async def test_a_purchase_that_turned_a_card_is_said_to_stand():
    match = find_position(3, one_card_to_buy)
    buy = next(a for a in match.legal_actions(0) if a.kind == "buy")
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        assert "cannot be taken back" in game.query_one("#hint").content.plain  # on the Buy line
        assert game.submit(buy)
        await wait_until(pilot, lambda: "your purchase stands"
                         in game.query_one("#hint").content.plain, "the hint after the purchase")
        await pilot.press("u")
        await wait_until(pilot, lambda: refused(app), "u refused")
        assert match.log[-1] == (0, buy)


def test_owner_tags_are_unique_on_the_mines_and_explained_on_the_player_lines():
    from allmine_tui.games.mine_all_mines.widgets import owner_tags

    assert owner_tags(["Ann", "Abe", "Bob"]) == ["An", "Ab", "Bo"]
    assert len(set(owner_tags(["Ann", "Anna", "Bob"]))) == 3
    assert owner_tags(["Ann", "Bob", "Cleo"]) == ["A", "B", "C"]


async def test_table_marks_have_a_legend_and_used_cards_a_mark():
    match = find_position(3, helpers_used_and_an_achievement)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, MineAllMinesScreen)
        text = screen_text(app)
        assert "first player" in text and "cards (✗ used)" in text and "Ri Ne Cr Ea Br" in text
        assert "Jeweler✗" in text and "Tools✗" in text  # a mark, not only a strike-through
        from allmine_tui.games.mine_all_mines.data import load

        ach = load().achievements[match.state.owned[0]["ach"][0]].name
        assert f"★{ach} An" in text  # who holds which achievement
        gem = next(p[0] for mine in match.state.mines for p in mine if p and p[1] == 0)
        assert f"[{SHORT[gem]}An]" in text  # Ann's dwarf: "An", not "A" (Abe is "Ab")


def test_mine_cards_show_their_set_scoring():
    from allmine_tui.games.mine_all_mines.choices import card_label
    from allmine_tui.games.mine_all_mines.labels import support_card_text

    assert card_label("mine-e") == "Mine (1/3/6 VP for 1/2/3 Mines)"
    assert "1/3/6 VP" in support_card_text("mine-r").plain
    assert "+0" not in support_card_text("mine-r").plain and "0 VP" not in card_label("mine-g")
    assert card_label("trader-d") == "Diamond Trader (+1 VP)"


def test_a_foe_line_says_who_has_nothing_to_steal():
    """The menu promised 'steal 1 from Abe' when Abe held no gem: now the line says 'no steal'
    and the line above the menu names who has nothing."""
    from allmine_tui.games.mine_all_mines.choices import dig_yield, move_hint, path

    match = find_position(3, foe_lines_with_and_without_loot)
    view = match.view(0)
    foes = [a for a in match.legal_actions(0) if a.kind == "dig" and dig_yield(view, 0, a)[1]]
    assert foes
    for act in foes:
        label = path(view, act, NAMES)[-1]
        victims = dig_yield(view, 0, act)[1]
        empty = [v for v in victims if sum(view["gems"][v]) == 0]
        assert ("no steal" in label) == (len(empty) == len(victims))
        hint = move_hint(view, [act], NAMES[:3])
        for v in victims:
            assert (f"{NAMES[v]} has nothing you may steal" in hint) == (v in empty)
            assert (NAMES[v] in label) == (v not in empty)


def test_long_menu_lines_go_compact_to_fit_100_columns():
    """Menu lines ran past the side pane at 100 columns (cut with …): a line longer than the
    room is written with gem letters and short rows, whole again at 120 columns."""
    from allmine_tui.games.mine_all_mines.choices import menu_items, path

    match = find_position(3, long_dwarf_line)
    view, legal = match.view(0), match.legal_actions(0)
    full = [path(view, a, NAMES[:3]) for a in legal]
    assert any(len(" · ".join(p)) > 63 for p in full if p[0].endswith("dwarf"))
    narrow = menu_items(view, legal, NAMES[:3], 63)
    wide = menu_items(view, legal, NAMES[:3], 77)
    assert [p for p, _a in wide] == full and [a for _p, a in narrow] == legal
    firsts = [p[0] for p in full]

    def shown(p: list[str]) -> int:  # a lone move is one line, its whole path (ChoiceTree)
        return len(" · ".join(p)) if firsts.count(p[0]) == 1 else max(map(len, p[1:]))

    for (p, _a), long in zip(narrow, full):
        assert p[0] == long[0]  # the first level (the dwarf) reads the same
        assert shown(p) <= 63 and (p == long) == (shown(long) <= 63)


def test_flow_breaks_only_between_items():
    from rich.text import Text

    from allmine_tui.games.mine_all_mines.labels import flow

    parts = [Text(f"[card {i} 3VP: Di Sa]") for i in range(8)]
    lines = flow(parts, 50, indent=2).plain.split("\n")
    assert len(lines) > 1 and all(len(line) <= 50 for line in lines)
    assert all(line.strip().startswith("[") and line.endswith("]") for line in lines)


async def test_a_dwarf_with_no_place_is_listed_dim_with_its_reason():
    match = find_position(5, ruby_without_a_place)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        lines = menu_lines(game)
        blocked = next(i for i, line in enumerate(lines) if "Ruby dwarf: no place" in line)
        before = match.to_json()
        await pilot.press(str(blocked))  # (line 0 is the title)
        await wait_until(pilot, lambda: "entrance is taken" in game.query_one("#hint").content.plain,
                         "the reason on the hint line")
        await pilot.press("enter", "enter", "enter")
        await wait_until(pilot, lambda: notices(app, "Ruby dwarf cannot be played"),
                         "Enter on the dim line explained")
        assert match.to_json() == before
        assert notices(app, "Ruby dwarf cannot be played") == 1


async def test_no_playable_dwarf_offers_helpers_and_claims_beside_the_discard():
    from allmine_tui.games.mine_all_mines.rules import RULES

    st = RULES.new_state(2, {}, 3)
    st.seat, st.phase = 0, "play"
    for m in range(5):  # every mine full: no mining dwarf can go anywhere
        st.mines[m] = [[m, 1], [m, 1], [m, 1], [m, 1], [m, 1], [m, 1]]
    st.hands[0] = [1, 4]
    st.gems[0] = [0, 0, 0, 0, 1]
    st.owned[0]["support"] = ["goldsmith"]
    match = Match("mine-all-mines", [Seat("Ann"), Seat("Bob", "random")], 3, _state=st)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        text = "\n".join(menu_lines(game))
        assert "No dwarf fits: set one aside" in text
        assert "Goldsmith: turn 1 Gold into another gem" in text
        moves = len(match.log)
        await pilot.press("2", "1")  # the Goldsmith, the first gem
        await wait_until(pilot, lambda: len(match.log) > moves, "the Goldsmith used")
        assert match.state.gems[0][4] == 0 and match.state.phase == "play"
        assert "set one aside" in "\n".join(menu_lines(game))


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_menu_lines_never_wrap_and_the_side_pane_uses_the_width(size):
    match = find_position(3, buy_line_first_with_cards)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        menu = game.query_one(ChoiceTree)
        side = game.query_one("#side")
        assert side.outer_size.width == int(size[0] * 0.7)  # not a fixed 66 columns
        deeper = False
        for _ in range(4):  # a level deeper each time: every line is one screen line
            deeper = deeper or bool(menu.prefix)
            shown = min(len(menu.entries()), menu.max_lines - 1)
            assert len(menu_lines(game)) == 1 + shown
            rendered = [line for line in screen_text(app).splitlines() if "choices" in line]
            assert all("›" in line for line in rendered)
            await pilot.press("enter") if menu.entries()[menu.cursor][1][0].kind == "buy" \
                else None
        assert deeper  # the Buy line's cards were shown as a level of their own
        board = game.query_one("#players")  # the board's last panel
        assert board.region.bottom + 3 <= game.query_one("#bottom").region.bottom


async def test_a_purchase_from_an_empty_pile_is_taken_back_with_u():
    match = find_position(5, jewelry_pile_empty)  # buying from it turns nothing up
    buy = next(a for a in match.legal_actions(0) if a.kind == "buy" and a.args[0][0] == "J")
    card = buy.args[0]
    assert match.state.jewelry_deck == []
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        menu = game.query_one(ChoiceTree)
        for level in range(2):  # "Buy a card", then the card
            line = next(i for i, (_label, values) in enumerate(menu.entries())
                        if buy in values and (level == 0 or all(v.args[0] == card
                                                               for v in values)))
            keys = [str(line + 1)] if level == 0 else ["down"] * (line - menu.cursor)
            await pilot.press(*keys)
            await pilot.pause()
        await wait_until(pilot, lambda: menu.prefix, "the menu a level deeper")
        assert "u could take this purchase back" in game.query_one("#hint").content.plain
        gems, shown = list(match.state.gems[0]), list(match.state.jewelry_shown)
        assert game.submit(buy)
        assert match.log[-1] == (0, buy) and card in match.state.owned[0]["jewelry"]
        await wait_until(pilot, lambda: "u: take back your purchase"
                         in game.query_one("#hint").content.plain, "the hint after the purchase")
        await pilot.press("u")
        await wait_until(pilot, lambda: match.log[-1] != (0, buy), "the purchase taken back")
        assert match.log[-1] != (0, buy) and match.state.owned[0]["jewelry"].count(card) == 0
        assert match.state.gems[0] == gems and match.state.jewelry_shown == shown
        assert match.state.seat == 0 and match.state.phase == "act"  # still Ann's turn


def test_help_says_only_the_dwarves_leave_the_marketplace_and_the_rules_agree():
    from allmine_tui.ui.screens.help import rules_text

    text = " ".join(rules_text("mine-all-mines").split())
    assert "Marketplace are cleared" not in text
    assert "the gems in the Marketplace stay there" in text
    bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:2]], 4)
    while bots.state.round_no == 0:
        seat = bots.to_act()[0]
        before = (list(bots.state.market), list(bots.state.market_dwarves))
        bots.apply(seat, bots.bot_choice(seat))
    assert before[1] and bots.state.market_dwarves == []  # the dwarves went home
    assert bots.state.market == before[0]  # the gems did not


def test_no_count_of_one_reads_as_a_plural():
    """'1 cards' and the like: every menu line, dim line and log line of a whole game."""
    import re

    from allmine_tui.games.mine_all_mines.choices import blocked_dwarves, path

    plural = re.compile(r"\b1 (cards|gems|dwarves|choices|places|turns|rounds|points|players)\b")
    match = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:2]], 0)
    seen = 0
    while not match.is_over():
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        lines = [" ".join(path(view, a, NAMES[:2])) for a in legal]
        lines += [label + " " + why for label, why in blocked_dwarves(view, legal)]
        assert not [x for x in lines if plural.search(x)]
        seen += len(lines)
        match.apply(seat, match.bot_choice(seat))
    assert seen > 100 and not [e.text for e in match.events if plural.search(e.text)]


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_hint_line_keeps_whole_parts_within_its_width(size):
    """At 100 columns the Buy hint and 'e: end…' did not fit: the line was cut mid-word. Now
    the parts that do not fit are left out whole (e and u are on the key line too)."""
    match = find_position(3, one_card_to_buy)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=size) as pilot:
        hint = (await on_screen(pilot, MineAllMinesScreen)).query_one("#hint")
        text = hint.content.plain
        assert text.startswith("A purchase turns up a new card: it cannot be taken back.")
        assert len(text) <= hint.content_size.width and "…" not in text
        assert ("e: end your turn" in text) == (size[0] >= 120)


def test_a_crowded_player_line_stays_one_line_at_100_columns():
    """Abe's line 'Mine Cart✗ Sa Trader Di Trader✗ ★Good Company' wrapped under itself at 100
    columns (the board grew and the menu shrank); now the Traders share one entry."""
    from allmine_tui.games.mine_all_mines.widgets import PlayersPanel

    view = find_position(3, achievements_and_jewels_on_show).view(0)
    view["owned"][1]["support"] = ["cart-1", "trader-s", "trader-d"]
    view["used"][1] = ["cart-1", "trader-d"]
    view["owned"][1]["ach"] = ["two-helpers"]
    row = PlayersPanel._row(view, 1, "Abe", "Ab", 10, 98).plain
    assert "\n" not in row and len(row) <= 98
    assert row.endswith("Cart✗ Trader Sa Di✗ ★1")
    wide = PlayersPanel._row(view, 1, "Abe", "Ab", 16, 118).plain
    assert wide.endswith("Mine Cart✗ Sa Trader Di Trader✗ ★Good Company")


async def test_the_status_line_keeps_a_long_name_whole_in_hot_seat():
    """'… Abelard Smithson plays a dwarf · viewing as Abelard' was cut at 100 columns: the
    game's title gives way first."""
    long = "Abelard Smithson"  # 16 characters, the longest name allowed
    match = Match("mine-all-mines", [Seat("Ann"), Seat(long), Seat("Bob", "normal")], 3)
    match.apply(0, Action("dealer"))
    match.apply(0, Action("end"))
    for size in ((100, 30), (120, 40)):
        app = AllMineApp(GameSession(match, None))
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
            await pilot.press("enter")  # the curtain: "I am Abelard Smithson"
            await on_screen(pilot, MineAllMinesScreen)
            status = screen_lines(app)[0].strip()  # what the terminal shows, not the text
            assert status.endswith(f"{long} plays a dwarf · viewing as {long}")
            assert status.startswith("Mine All Mines") == (size[0] >= 120)


async def test_a_resize_rewrites_the_menu_for_the_new_width_and_keeps_the_cursor():
    from allmine_tui.games.mine_all_mines.data import GEM_NAMES

    match = find_position(3, one_long_diamond_place)
    _gem, mine, place, _side, _cart = diamond_plays(match)[0].args
    row, short_row = {1: ("row 2 left", "row 2 L"), 2: ("row 2 right", "row 2 R"),
                      3: ("row 3 left", "row 3 L"), 4: ("row 3 middle", "row 3 M"),
                      5: ("row 3 right", "row 3 R")}[place]
    wide, narrow = f"{GEM_NAMES[mine]} mine, {row}", f"{SHORT[mine]} mine, {short_row}"
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(120, 40)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        menu = game.query_one(ChoiceTree)

        def diamond() -> str:  # the Diamond dwarf's line as the menu holds it now
            return " · ".join(next(p for p, _a in menu.items if p[0] == "Diamond dwarf"))

        await pilot.press("down")
        assert wide in diamond()
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: narrow in diamond(), "the menu rewritten narrow")
        assert menu.cursor == 1
        assert all("…" not in line for line in screen_lines(app) if "dwarf" in line)
        await pilot.resize_terminal(120, 40)
        await wait_until(pilot, lambda: wide in diamond(), "the menu rewritten wide")
        assert menu.cursor == 1


async def test_the_market_never_shrinks_under_the_menu():
    """A face-up card that needs a line less must not pull the menu up a line (the mouse would
    then point at another move)."""
    from allmine_tui.games.mine_all_mines.widgets import MarketPanel

    match = find_position(3, achievements_and_jewels_on_show)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, MineAllMinesScreen)
        market, menu = game.query_one(MarketPanel), game.query_one(ChoiceTree)
        view = dict(match.view(0))
        tall = market.outer_size.height
        top = menu.region.y
        view["achievements_shown"] = [None] * 5  # every achievement gone: fewer lines to show
        view["owned"] = [dict(o, ach=[]) for o in view["owned"]]
        market.show(view, game.names, 100)
        await until_idle(pilot)  # (the layout after the change)
        assert len([x for x in market.content.plain.splitlines() if x.strip()]) < tall
        assert market.outer_size.height == tall and menu.region.y == top
