"""The menu of choices in levels (ChoiceTree): the line that heads a deeper level says how to
go back, in full where it fits and shorter where it does not, never cut off, and again after a
resize."""
from __future__ import annotations

from textual.app import App, ComposeResult

from allmine_tui.ui.widgets.choicetree import ChoiceTree

LONG = "Swap 1 for 1 with the Marketplace (Dealer)"
ITEMS = [([LONG, "give Gold", "get Diamond"], 1), ([LONG, "give Gold", "get Ruby"], 2),
         ([LONG, "give Ruby", "get Gold"], 3), (["End your turn"], 4)]


class Menu(App):
    def compose(self) -> ComposeResult:
        yield ChoiceTree(id="menu")


def head(app) -> str:
    return str(app.query_one(ChoiceTree).render()).splitlines()[0]


async def test_the_way_back_is_said_in_full_shorter_or_not_at_all_as_the_width_allows():
    app = Menu()
    async with app.run_test(size=(80, 10)) as pilot:
        menu = app.query_one(ChoiceTree)
        menu.set_items(ITEMS)
        assert not menu.prefix and "Esc" not in head(app)  # the top level has no way back
        menu.choose(0)
        menu.choose(0)  # two levels down: the head is the whole way there
        await pilot.pause()
        assert menu.prefix == [LONG, "give Gold"]
        assert head(app) == f"{LONG} › give Gold   (Esc: back)"
        for width, hint in ((69, " (Esc: back)"), (64, " (Esc)"), (60, "")):  # (padding 1+1)
            await pilot.resize_terminal(width, 10)
            await pilot.pause()
            line = head(app)
            assert line == f"{LONG} › give Gold{hint}", width
            assert len(line) <= menu.content_size.width
        await pilot.resize_terminal(80, 10)
        await pilot.pause()
        assert head(app).endswith("   (Esc: back)")
