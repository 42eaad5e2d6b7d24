"""Mine All Mines on screen, the table tells what the physical table would (issue 11): owner
tags, the marks' legend and used cards, Mine cards' set scoring, card lists that break only
between items, a crowded player line and a long name in the status line at 100 columns, a
Marketplace that never shrinks under the menu, and the help on what leaves the Marketplace."""
from __future__ import annotations

from helpers import on_screen, until_idle, wait_until
from mam_positions import (NAMES, achievements_and_jewels_on_show, find_position,
                           helpers_used_and_an_achievement)
from screen_text import screen_lines, screen_text

from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.mine_all_mines.choices import SHORT
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree


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


def test_flow_breaks_only_between_items():
    from rich.text import Text

    from allmine_tui.games.mine_all_mines.labels import flow

    parts = [Text(f"[card {i} 3VP: Di Sa]") for i in range(8)]
    lines = flow(parts, 50, indent=2).plain.split("\n")
    assert len(lines) > 1 and all(len(line) <= 50 for line in lines)
    assert all(line.strip().startswith("[") and line.endswith("]") for line in lines)


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
