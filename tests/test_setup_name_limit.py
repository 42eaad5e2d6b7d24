"""The setup screen's name fields: a name that reaches the limit says so (a longer paste or
typing on was cut there without a word)."""
from __future__ import annotations

from textual.widgets import Input

from helpers import until_idle, wait_until
from screen_text import screen_text

from allmine_tui.engine.names import MAX_NAME
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.setup import SetupScreen


async def test_typing_past_the_limit_says_the_field_is_full():
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("all-mine"))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup")
        await until_idle(pilot)
        field = app.screen.query_one("#name-0", Input)
        assert "at most" not in screen_text(app)  # (nothing said on opening)
        field.focus()
        await pilot.pause()
        field.value = ""
        await pilot.press(*"Maximilian-Alexander-of-Somewhere")  # 33 letters typed
        await until_idle(pilot)
        assert field.value == "Maximilian-Alexander-of-Somewhere"[:MAX_NAME]
        said = [str(n.message) for n in app._notifications]
        assert said == [f"Names have at most {MAX_NAME} characters: this one is full."]
        await pilot.press("x", "y")  # typing on: no second notice
        await until_idle(pilot)
        assert [str(n.message) for n in app._notifications] == said
        assert field.value == "Maximilian-Alexander-of-Somewhere"[:MAX_NAME]
