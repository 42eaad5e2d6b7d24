"""The game picker: the list of games, the highlighted game's details, and the newest save to resume.

Keys: up/down choose a game; n new game, c continue (that game's saves), r rules, s all saves,
enter resumes the newest unfinished save (or starts a new game when there is none), ? help, q quit.
Everything is also reachable with the mouse (the list, the buttons, the continue line, the footer).
"""
from __future__ import annotations

import re
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from ... import storage
from ...games import GAMES, GameSpec

HEADER = "ALL MINE!  five small games for one terminal"


def players_range(spec: GameSpec) -> str:
    if spec.min_players == spec.max_players:
        return str(spec.min_players)
    return f"{spec.min_players}–{spec.max_players}"


def short_players(players: str) -> str:
    """'Ann, Bob (normal bot)' -> 'Ann, Bob(bot)': the continue line has little room."""
    return re.sub(r" \([^()]* bot\)", "(bot)", players)


def back_to_picker(app: App) -> None:
    """Pop screens until the picker is on top (pushing one if it is somehow not on the stack)."""
    while len(app.screen_stack) > 1 and not isinstance(app.screen, PickerScreen):
        app.pop_screen()
    if not isinstance(app.screen, PickerScreen):
        app.push_screen(PickerScreen())


def game_controls(game_id: str) -> str:
    """The game screen's controls help, or "" while that screen cannot be imported."""
    try:
        return getattr(GAMES[game_id].screen(), "CONTROLS", "") or ""
    except Exception:  # a game without a screen yet must not break the rules help
        return ""


def resume_save(screen: Screen, path: Path) -> bool:
    """Load the save at ``path`` and show it: the game, or its results when it is finished.

    Problems are explained with a notification; the file is never changed. ``screen`` (a menu
    screen) is popped first, so leaving the game comes back to the picker. Returns True on success.
    """
    from ..session import GameSession
    from .results import ResultsScreen

    app = screen.app
    try:
        session = GameSession.load(path)
    except storage.SaveError as exc:
        app.notify(f"{path.name}: {exc}", title="Cannot open this save", severity="error",
                   timeout=8)
        return False
    if not isinstance(screen, PickerScreen):
        app.pop_screen()
    if session.match.is_over():
        app.push_screen(ResultsScreen(session))
        return True
    return open_game(app, session)


def open_game(app, session) -> bool:
    """Ask the app to show ``session``'s game screen; explain (not crash) if it cannot."""
    try:
        app.open_session(session)
    except Exception as exc:  # e.g. a game whose screen is not written yet
        where = f" It is saved as {session.save_path.name}." if session.save_path else ""
        app.notify(f"Cannot show this game: {exc}.{where}", title="Game screen missing",
                   severity="error", timeout=10)
        return False
    return True


class ContinueLine(Static):
    """The bottom line naming the newest unfinished save; clicking it resumes that save."""

    def on_click(self, event) -> None:
        event.stop()
        self.screen.action_resume_newest()  # type: ignore[attr-defined]


class PickerScreen(Screen):
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("enter", "enter", "Resume", priority=True),
        Binding("n", "new_game", "New"),
        Binding("c", "continue_game", "Continue"),
        Binding("r", "rules", "Rules"),
        Binding("s", "saves", "Saves"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saves: list[storage.SaveInfo] = []
        self._newest: storage.SaveInfo | None = None

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="picker-header"):
            yield Static(f"[b]{HEADER}[/b]", id="picker-title")
            yield Static("[?] help  [q] quit", id="picker-keys", markup=False)
        with Horizontal(id="picker-main"):
            yield OptionList(*[self._game_option(spec) for spec in GAMES.values()],
                             id="game-list")
            with Vertical(id="game-detail"):
                yield Static(id="detail-title")
                yield Static(id="detail-blurb")
                yield Static(id="detail-meta")
                yield Static(id="detail-saves")
                with Horizontal(id="detail-buttons"):
                    yield Button(Text("[n] New game"), id="new-game", variant="success",
                                 compact=True)
                    yield Button(Text("[c] Continue"), id="continue-game", compact=True)
                    yield Button(Text("[r] Rules"), id="rules", compact=True)
        yield ContinueLine(id="continue-line")
        yield Static(id="picker-spacer")
        yield Footer()

    @staticmethod
    def _game_option(spec: GameSpec) -> Option:
        text = Text(f" {spec.title:<18}", no_wrap=True)
        text.append(f"{players_range(spec):>4}", style="dim")
        return Option(text, id=spec.id)

    def on_mount(self) -> None:
        games = self.query_one("#game-list", OptionList)
        games.highlighted = 0
        games.focus()
        self._show_detail()

    def on_screen_resume(self) -> None:
        self.refresh_saves()

    # -- data ----------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        games = self.query_one("#game-list", OptionList)
        index = games.highlighted if games.highlighted is not None else 0
        option_id = games.get_option_at_index(index).id
        return option_id or next(iter(GAMES))

    def saves_of(self, game_id: str) -> list[storage.SaveInfo]:
        return [s for s in self._saves if s.ok and s.game == game_id]

    def refresh_saves(self) -> None:
        """Re-read the saves folder (in a thread, after the picker is drawn: every save is
        replayed to check it), then update the continue line and the per-game counts."""
        self.run_worker(self._read_saves, thread=True, exclusive=True, group="saves")

    def _read_saves(self) -> None:
        saves = storage.list_saves()
        self.app.call_from_thread(self._show_saves, saves)

    def _show_saves(self, saves: list[storage.SaveInfo]) -> None:
        if not self.is_attached:
            return
        self._saves = saves
        self._newest = next((s for s in self._saves if s.ok and not s.over), None)
        line = self.query_one("#continue-line", ContinueLine)
        if self._newest is None:
            line.update("No game in progress: choose a game and press [b]n[/b] for a new one.")
            line.set_class(False, "-available")
        else:
            info = self._newest
            line.update(f"[b]Continue:[/b] {escape(info.title)} · "
                        f"{escape(short_players(info.players))} · "
                        f"{escape(info.progress)} · {escape(info.when())}  [b]\\[enter][/b]")
            line.set_class(True, "-available")
        self._show_detail()

    def _show_detail(self) -> None:
        spec = GAMES[self.game_id]
        self.query_one("#detail-title", Static).update(f"[b]{escape(spec.title)}[/b]")
        self.query_one("#detail-blurb", Static).update(escape(spec.blurb))
        self.query_one("#detail-meta", Static).update(
            f"Players: {players_range(spec)}    Time: {escape(spec.minutes)}")
        mine = self.saves_of(spec.id)
        going = sum(1 for s in mine if not s.over)
        finished = len(mine) - going
        if not mine:
            saves = "No saved games yet."
        else:
            parts = []
            if going:
                parts.append(f"{going} in progress")
            if finished:
                parts.append(f"{finished} finished")
            saves = f"Saved games: {', '.join(parts)}."
        self.query_one("#detail-saves", Static).update(saves)
        self.query_one("#continue-game", Button).label = Text(f"[c] Continue ({going})")

    # -- events --------------------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # A click on a game highlights it (done by the list); Enter is the screen's own key.
        event.stop()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {"new-game": self.action_new_game, "continue-game": self.action_continue_game,
                   "rules": self.action_rules}
        action = actions.get(event.button.id or "")
        if action is not None:
            action()

    # -- actions -------------------------------------------------------------------------------
    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):  # Enter on a focused button presses it
            focused.press()
        elif self._newest is not None:
            self.action_resume_newest()
        else:
            self.action_new_game()

    def action_resume_newest(self) -> None:
        if self._newest is None:
            self.notify("There is no game in progress. Press n to start one.")
            return
        resume_save(self, self._newest.path)

    def action_new_game(self) -> None:
        from .setup import SetupScreen

        self.app.push_screen(SetupScreen(self.game_id))

    def action_continue_game(self) -> None:
        from .saves import SavesScreen

        game_id = self.game_id
        if not self.saves_of(game_id):
            self.notify(f"No saved games of {GAMES[game_id].title} yet. Press n to start one.")
            return
        self.app.push_screen(SavesScreen(game_id))

    def action_rules(self) -> None:
        from .help import HelpScreen

        game_id = self.game_id
        self.app.push_screen(HelpScreen(game_id, game_controls(game_id)))

    def action_saves(self) -> None:
        from .saves import SavesScreen

        self.app.push_screen(SavesScreen())

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None))
