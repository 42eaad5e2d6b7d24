"""The end of a game: who won, the score breakdown the rules give (one column per player) and,
beside it (below it on a narrow terminal), the game round by round. From here: the final table or
a replay of the whole game (the replay viewer), the same game again with a new seed, or a new one."""
from __future__ import annotations

import secrets

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

from ..text import safe

STAR = "★"


def winners_line(names: list[str], winners: list[int]) -> str:
    """'Ann wins!', 'Ann and Bob share the win!', 'Ann, Bob and Cleo share the win!'."""
    won = [names[i] for i in winners]
    if not won:
        return "Nobody wins."
    if len(won) == 1:
        return f"{won[0]} wins!"
    return f"{', '.join(won[:-1])} and {won[-1]} share the win!"


def note_text(note: str, names: list[str]) -> str:
    """A result note with ``{0}``-style seat placeholders filled in with the players' names."""
    try:
        return note.format(*names)
    except (IndexError, KeyError, ValueError):
        return note


class ResultsScreen(Screen):
    DEFAULT_CSS = """
    #results-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #results-winners {
        height: auto;
        margin: 1 1 0 1;
        padding: 0 2;
        border: double $warning;
        text-align: center;
        text-style: bold;
        color: $warning;
    }
    #results-body { height: 1fr; layout: horizontal; }
    #results-body.-narrow { layout: vertical; }
    #results-body > Vertical { width: auto; height: auto; margin-right: 1; }
    #results-body.-narrow > Vertical { width: 100%; margin-right: 0; }
    #results-table, #history-table {
        width: auto;
        height: auto;
        margin-top: 1;
        border: round $primary;
    }
    #results-body.-narrow DataTable { width: 100%; }
    #history-title { height: 1; padding: 0 1; margin-top: 1; text-style: bold; }
    #results-notes, #history-notes { height: auto; padding: 0 2; color: $text-muted; }
    #results-buttons { height: auto; padding: 1 1 0 1; }
    #results-buttons Button { margin-right: 2; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("enter", "enter", "Games list", priority=True),
        Binding("escape,m", "menu", "Back to the games", show=False),
        Binding("p", "play_again", "Play again"),
        Binding("f", "final_table", "Final table"),
        Binding("v", "replay", "Replay"),
        Binding("n", "new_game", "New game"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.result = self.match.rules.result(self.match.state)
        self.history, self.history_problem = game_history(self.match)
        # a shared game goes back to the join screen, never to this account's games (issue 20)
        self._shared = not getattr(session, "can_rematch", True)

    def compose(self) -> ComposeResult:
        names = self.session.names
        result = self.result
        title = self.match.rules.info.title
        yield Static(f"[b]{safe(title)}[/b] · game over", id="results-title")
        totals = "   ".join(f"{safe(name)} {score}" for name, score in zip(names, result.scores))
        yield Static(f"{STAR} {safe(winners_line(names, result.winners))} {STAR}\n"
                     f"[not bold]{totals}[/not bold]", id="results-winners")
        with VerticalScroll(id="results-body"):
            with Vertical():
                yield DataTable(id="results-table", cursor_type="none", zebra_stripes=True)
                notes = "\n".join(safe(note_text(n, names)) for n in result.notes)
                yield Static(notes, id="results-notes")
            with Vertical():
                yield Static("Round by round", id="history-title")
                yield DataTable(id="history-table", cursor_type="none", zebra_stripes=True)
                yield Static(id="history-notes")
        with Horizontal(id="results-buttons"):
            back = "Join screen" if self._shared else "Games list"  # issue 20
            yield Button(f"{back}  (enter)", id="menu", variant="primary", compact=True)
            yield Button("Play again  (p)", id="play-again", variant="success", compact=True)
            yield Button("Final table  (f)", id="final-table", compact=True)
            yield Button("Replay  (v)", id="replay", compact=True)
            yield Button("New game  (n)", id="new-game", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        winners = set(self.result.winners)
        table.add_column("", key="label")
        for seat, name in enumerate(self.session.names):
            label = Text(f"{STAR} {name}", style="bold") if seat in winners else Text(name)
            table.add_column(label, key=f"seat-{seat}")
        last = len(self.result.table) - 1
        for i, (label, values) in enumerate(self.result.table):
            bold = "bold" if i == last else ""
            cells = [Text(str(label), style=bold)]
            for seat, value in enumerate(values):
                style = bold
                if i == last and seat in winners:
                    style = "bold reverse"
                cells.append(Text(str(value), style=style, justify="right"))
            table.add_row(*cells)
        notes = self.query_one("#results-notes", Static)
        notes.display = bool(self.result.notes)
        self._fill_history()
        self.call_after_refresh(self._fit)
        table.focus()

    def _fill_history(self) -> None:
        table = self.query_one("#history-table", DataTable)
        notes = self.query_one("#history-notes", Static)
        history = self.history
        if history is None:
            table.display = False
            notes.update(safe(self.history_problem or "No history for this game."))
            return
        label = Text(f"after · {history.score_label}")
        table.add_column(label, key="label")
        names = self.session.names
        # each player's column is as wide as the screen allows (what they took wraps inside it),
        # so every player stays in view at 100 columns
        label_w = max([label.cell_len] + [len(row.label) for row in history.rows])
        room = (self.app.size.width - 10 - label_w) // max(1, len(names)) - 2
        width = max(10, min(28, room))
        for seat, name in enumerate(names):
            table.add_column(Text(name), key=f"seat-{seat}", width=max(width, min(len(name), 16)))
        for row in history.rows:
            cells = [Text(row.label, style="bold")]
            for score, gained in zip(row.scores, row.gained):
                cell = Text(str(score), style="bold")
                cell.append(f"\n{gained}", style="")
                cells.append(cell)
            table.add_row(*cells, height=None)
        notes.update(safe(" ".join(history.notes)))

    def _fit(self) -> None:
        """The two tables side by side when they fit, else one above the other."""
        tables = self.query(DataTable)
        wanted = sum(t.virtual_size.width for t in tables) + 8  # borders, gaps, scroll bar
        self.query_one("#results-body").set_class(self.size.width < wanted, "-narrow")

    def on_resize(self, event) -> None:
        self._fit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "menu":
            self.action_menu()
        elif event.button.id == "new-game":
            self.action_new_game()
        elif event.button.id == "play-again":
            self.action_play_again()
        elif event.button.id == "final-table":
            self.action_final_table()
        elif event.button.id == "replay":
            self.action_replay()

    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):  # Enter on a focused button presses that button
            focused.press()
        else:
            self.action_menu()

    def action_menu(self) -> None:
        from .picker import back_to_picker

        if self._shared:
            from .join import back_to_join

            back_to_join(self.app)
            return
        back_to_picker(self.app)

    def action_new_game(self) -> None:
        from .picker import back_to_picker
        from .setup import SetupScreen

        if self._shared:
            self.notify("This was a shared game: host a new one to play again "
                        "(allmine host).", severity="information")
            return
        app = self.app
        back_to_picker(app)
        table = ([(s.name, s.bot) for s in self.match.seats], dict(self.match.options))
        app.push_screen(SetupScreen(self.match.game_id, table))  # this table, to change

    def action_play_again(self) -> None:
        """The same game, seats and options with a new seed (a fresh save)."""
        from ... import storage
        from ...engine import Match
        from ..session import GameSession
        from .picker import back_to_picker, open_game

        if not getattr(self.session, "can_rematch", True):
            self.notify("This was a shared game: host a new one to play again "
                        "(allmine host).", severity="information")
            return
        old = self.match
        seed = old.seed
        while seed == old.seed:
            seed = secrets.randbelow(2**31)
        session = GameSession(Match(old.game_id, old.seats, seed, old.options),
                              storage.new_save_path(old.game_id))
        session.autosave()
        app = self.app
        back_to_picker(app)
        open_game(app, session)

    def action_final_table(self) -> None:
        from .final_table import final_table_screen

        self.app.push_screen(final_table_screen(self.match))

    def action_replay(self) -> None:
        from .replay import open_replay

        open_replay(self.app, self.match, 0)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game_id, RESULTS_CONTROLS))


def game_history(match):
    """The game's round-by-round history, or (None, why) when it cannot be made."""
    from ...engine.history import Timeline

    try:
        timeline = Timeline(match)
        return timeline.hooks.history(timeline), None
    except Exception as exc:  # a history is a bonus: the results must show regardless
        return None, f"The round-by-round history is not available ({exc})."


RESULTS_CONTROLS = """\
**Results**

- The winner's column is marked with ★; equal totals share the win.
- Beside the scores (below them on a narrow terminal): the game round by round, each player's
  score after every round or hand and what they collected in it.
- *p* plays again: the same game, players and options with a new shuffle.
- *f* shows the final table (every hand and sheet open); *v* replays the game from the deal.
- *Enter*, *Esc* or *m* (or the button) go back to the list of games; *n* sets up a new game of
  the same game. The finished game stays in the saves list.
"""
