"""The app's own commands in the command palette (Ctrl+P): a new game of any game, the saves,
the rules, continuing the latest game, the records; from a game screen they first go back to the
games list (the game is saved after every move, so nothing is lost)."""
from __future__ import annotations

from typing import Callable, Iterable

from textual.app import SystemCommand


def app_commands(app, screen) -> Iterable[SystemCommand]:
    from ..games import GAMES

    def from_picker(then: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            picker = picker_screen(app)
            if picker is None:
                return
            if app.screen is not picker:
                picker.pop_until_active()  # leaves the game (already saved) or the dialog
            app.call_after_refresh(then)
        return run

    def push(factory) -> Callable[[], None]:
        return from_picker(lambda: app.push_screen(factory()))

    yield SystemCommand("Continue the latest game", "Resume the most recently played "
                        "unfinished game", from_picker(lambda: picker_screen(app)
                                                       .action_resume_newest()))
    for spec in GAMES.values():
        yield SystemCommand(f"New game: {spec.title}", f"Set up a game of {spec.title}",
                            push(lambda gid=spec.id: _setup(gid)))
    for spec in GAMES.values():
        yield SystemCommand(f"Rules: {spec.title}", f"How to play {spec.title}, and its keys",
                            push(lambda gid=spec.id: _rules(gid)))
    yield SystemCommand("Saved games", "Every save, to continue, replay or delete",
                        push(_saves))
    yield SystemCommand("Records", "Lifetime wins and scores per game and player",
                        push(_records))


def picker_screen(app):
    from .screens.picker import PickerScreen

    return next((s for s in app.screen_stack if isinstance(s, PickerScreen)), None)


def _setup(game_id: str):
    from .screens.setup import SetupScreen

    return SetupScreen(game_id)


def _rules(game_id: str):
    from .screens.help import HelpScreen
    from .screens.picker import game_controls

    return HelpScreen(game_id, game_controls(game_id))


def _saves():
    from .screens.saves import SavesScreen

    return SavesScreen()


def _records():
    from .screens.records import RecordsScreen

    return RecordsScreen()
