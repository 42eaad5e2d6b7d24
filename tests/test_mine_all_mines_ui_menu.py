"""Mine All Mines on screen, the menu of moves (issue 11): a Foe line says who has nothing to
steal, long lines go compact at 100 columns and are rewritten on a resize, a dwarf with no
place is listed dim with its reason, helpers and claims sit beside the discard, lines never
wrap, and no count of one reads as a plural."""
from __future__ import annotations

import pytest
from helpers import on_screen, wait_until
from mam_positions import (NAMES, buy_line_first_with_cards, diamond_plays, find_position,
                           foe_lines_with_and_without_loot, long_dwarf_line, one_long_diamond_place,
                           ruby_without_a_place)
from mine_all_mines_ui_helpers import menu_lines, notices
from screen_text import screen_lines, screen_text

from allmine_tui.engine import Match, Seat
from allmine_tui.games.mine_all_mines.choices import SHORT
from allmine_tui.games.mine_all_mines.screen import MineAllMinesScreen
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from allmine_tui.ui.widgets.choicetree import ChoiceTree


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
