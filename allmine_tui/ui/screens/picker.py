"""The game picker: the list of games, the highlighted game's details, and the newest save to resume.

Keys: up/down choose a game; n new game, c continue (that game's saves), r rules, s all saves,
t records, j join a shared game, enter resumes the newest unfinished save (or starts a new game when there is none),
? help, q quit.
Everything is also reachable with the mouse (the list, the buttons, the continue line, the footer).
"""
from __future__ import annotations

import re
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.message import Message
from textual.widgets import Static

from ..text import safe
from ...guard import clean

from ... import records, storage
from ...games import GAMES, Game
from ..widgets.keybar import KeyBar
from ..widgets.keybutton import KeyButton

HEADER = "ALL MINE!  five small games for one terminal"


def players_range(spec: Game) -> str:
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
        app.notify(clean(f"{path.name}: {exc}"), title="Cannot open this save", severity="error",
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
        app.open_session(session)  # (which also makes the picker come back on that game)
    except Exception as exc:  # e.g. a game whose screen is not written yet
        where = f" It is saved as {clean(session.save_path.name)}." if session.save_path else ""
        app.notify(f"Cannot show this game: {exc}.{where}", title="Game screen missing",
                   severity="error", timeout=10)
        return False
    return True


class ContinueLine(Static):
    """The bottom line naming the newest unfinished save; clicking it resumes that save."""

    def on_click(self, event) -> None:
        event.stop()
        self.screen.action_resume_newest()  # type: ignore[attr-defined]


class GameList(Static):
    """The games, one per line, the chosen one highlighted. Up/down (on the screen) or a click
    choose; a plain Static rather than an OptionList keeps the picker quick to open."""

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def show(self, chosen: int) -> None:
        text = Text()
        for i, spec in enumerate(GAMES.values()):
            line = Text(f" {'▶' if i == chosen else ' '} {spec.title:<17}", no_wrap=True)
            line.append(f"{players_range(spec):>4} ", style="dim")
            if i == chosen:
                line.stylize("bold reverse")
            text.append_text(line)
            text.append("\n")
        self.update(text)

    def on_click(self, event) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(GAMES):
            self.post_message(self.Chosen(offset.y))


class PickerScreen(Screen):
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("enter", "enter", "Resume", priority=True),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("n", "new_game", "New"),
        Binding("c", "continue_game", "Continue"),
        Binding("r", "rules", "Rules"),
        Binding("s", "saves", "Saves"),
        Binding("t", "records", "Records"),
        Binding("j", "join", "Join"),
        Binding("l", "learn", "Learn to play"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saves: list[storage.SaveInfo] = []
        self._newest: storage.SaveInfo | None = None
        self._chosen = 0
        self._records: dict = {}  # per game id, from records.stats

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        title = Text(HEADER, style="bold")
        title.append("    [?] help  [q] quit", style="dim")
        yield Static(title, id="picker-title")
        with Horizontal(id="picker-main"):
            yield GameList(id="game-list")
            with Vertical(id="game-detail"):
                yield Static(id="detail-title")
                yield Static(id="detail-blurb")
                yield Static(id="detail-saves")
                with Horizontal(id="detail-buttons"):
                    yield KeyButton(Text("[n] New game"), id="new-game", classes="-primary")
                    yield KeyButton(Text("[c] Continue"), id="continue-game")
                    yield KeyButton(Text("[r] Rules"), id="rules")
                    yield KeyButton(Text("[l] Learn to play"), id="learn")
        yield ContinueLine(id="continue-line")
        yield KeyBar(self._keys(resume=False))

    def on_mount(self) -> None:
        self._choose_last_played()

    def on_screen_resume(self) -> None:
        self._choose_last_played()
        self.refresh_saves()

    def _choose_last_played(self) -> None:
        """The picker opens (and comes back) on the game played last."""
        from ... import prefs

        last = prefs.last_game()
        # only when a game was played since the picker last looked: a choice made here (say,
        # reading another game's rules) is not undone under the cursor
        if last in GAMES and last != getattr(self, "_last_seen", None):
            self._chosen = list(GAMES).index(last)
        self._last_seen = last
        self.query_one(GameList).show(self._chosen)
        self._show_detail()

    # -- data ----------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return list(GAMES)[self._chosen]

    def saves_of(self, game_id: str) -> list[storage.SaveInfo]:
        return [s for s in self._saves if s.ok and s.game == game_id]

    def refresh_saves(self) -> None:
        """Re-read the saves folder (in a thread, after the picker is drawn: every save is
        replayed to check it), then update the continue line and the per-game counts."""
        self.run_worker(self._read_saves, thread=True, exclusive=True, group="saves",
                        exit_on_error=False)

    def _read_saves(self) -> None:
        saves = storage.list_saves()
        found = records.load()
        self.app.call_from_thread(self._show_saves, saves, found)

    def _show_saves(self, saves: list[storage.SaveInfo], found=None) -> None:
        if not self.is_attached:
            return
        if found is not None:
            self._records = records.stats(found.valid)
            if found.problem:
                self.notify(found.problem, title="Records", severity="warning", timeout=8)
        self._saves = saves
        self._newest = next((s for s in self._saves if s.ok and not s.over), None)
        line = self.query_one("#continue-line", ContinueLine)
        keys = self.query_one(KeyBar)
        if self._newest is None:
            line.update("No game in progress: choose a game and press [b]n[/b] for a new one.")
            line.set_class(False, "-available")
            keys.set_keys(self._keys(resume=False))
        else:
            info = self._newest
            line.update(f"[b]Continue:[/b] {safe(info.title)} · "
                        f"{safe(short_players(info.players))} · "
                        f"{safe(info.progress)} · {safe(info.when())}  [b]\\[enter][/b]")
            line.set_class(True, "-available")
            keys.set_keys(self._keys(resume=True))
        self._show_detail()

    @staticmethod
    def _keys(resume: bool) -> list[tuple[str, str, str]]:
        """The keys line: Enter resumes the newest game, or starts a new one when there is
        none (it never offers what it cannot do)."""
        return [("⏎", "Resume" if resume else "New game", "enter"), ("n", "New", "new_game"),
                ("l", "Learn", "learn"), ("c", "Continue", "continue_game"),
                ("r", "Rules", "rules"), ("s", "Saves", "saves"), ("t", "Records", "records"),
                ("j", "Join", "join"), ("?", "Help", "help"), ("q", "Quit", "app.quit")]

    def _show_detail(self) -> None:
        spec = GAMES[self.game_id]
        self.query_one("#detail-title", Static).update(f"[b]{safe(spec.title)}[/b]")
        self.query_one("#detail-blurb", Static).update(
            f"{safe(spec.blurb)}\n\nPlayers: {players_range(spec)}    "
            f"Time: {safe(spec.minutes)}")
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
        summary = records.summary_line(self._records.get(spec.id))
        self.query_one("#detail-saves", Static).update(f"{saves}\n{safe(summary)}")
        self.query_one("#continue-game", KeyButton).update(Text(f"[c] Continue ({going})"))

    # -- events --------------------------------------------------------------------------------
    def on_game_list_chosen(self, event: GameList.Chosen) -> None:
        event.stop()
        self._choose(event.index)

    def action_move(self, delta: int) -> None:
        self._choose((self._chosen + delta) % len(GAMES))

    def _choose(self, index: int) -> None:
        self._chosen = index
        self.query_one(GameList).show(index)
        self._show_detail()

    def on_key_button_pressed(self, event: KeyButton.Pressed) -> None:
        event.stop()
        actions = {"new-game": self.action_new_game, "continue-game": self.action_continue_game,
                   "rules": self.action_rules, "learn": self.action_learn}
        action = actions.get(event.button.id or "")
        if action is not None:
            action()

    # -- actions -------------------------------------------------------------------------------
    def action_enter(self) -> None:
        if self._newest is not None:
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

    def action_records(self) -> None:
        from .records import RecordsScreen

        self.app.push_screen(RecordsScreen())

    def action_learn(self) -> None:
        """A guided first game of the highlighted game: the real game, a fixed deal, bots, and
        a coach who explains each part the first time it comes up."""
        from .coach import GuidedSession

        game = GAMES[self.game_id]
        if game.tutorial is None:
            self.notify(f"{game.title} has no guided game yet.", severity="information")
            return
        open_game(self.app, GuidedSession.start(game))

    def action_join(self) -> None:
        from .join import JoinScreen

        self.app.push_screen(JoinScreen())

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None))
