"""The end of a game: who won, and the score breakdown the rules give (one column per player)."""
from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

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
    #results-body { height: 1fr; }
    #results-table {
        height: auto;
        max-height: 100%;
        margin-top: 1;
        border: round $primary;
        scrollbar-size-vertical: 1;
    }
    #results-notes { height: auto; padding: 0 2; color: $text-muted; }
    #results-buttons { height: auto; padding: 1 1 0 1; }
    #results-buttons Button { margin-right: 2; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("enter", "enter", "Back to the games", priority=True),
        Binding("escape,m", "menu", "Back to the games", show=False),
        Binding("n", "new_game", "New game (same game)"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.result = self.match.rules.result(self.match.state)

    def compose(self) -> ComposeResult:
        names = self.session.names
        result = self.result
        title = self.match.rules.info.title
        yield Static(f"[b]{escape(title)}[/b] · game over", id="results-title")
        totals = "   ".join(f"{escape(name)} {score}" for name, score in zip(names, result.scores))
        yield Static(f"{STAR} {escape(winners_line(names, result.winners))} {STAR}\n"
                     f"[not bold]{totals}[/not bold]", id="results-winners")
        with Vertical(id="results-body"):
            yield DataTable(id="results-table", cursor_type="none", zebra_stripes=True)
            notes = "\n".join(escape(note_text(n, names)) for n in result.notes)
            yield Static(notes, id="results-notes")
        with Horizontal(id="results-buttons"):
            yield Button("Back to the games  (enter)", id="menu", variant="primary", compact=True)
            yield Button("New game  (n)", id="new-game", variant="success", compact=True)
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
        table.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "menu":
            self.action_menu()
        elif event.button.id == "new-game":
            self.action_new_game()

    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):  # Enter on a focused button presses that button
            focused.press()
        else:
            self.action_menu()

    def action_menu(self) -> None:
        from .picker import back_to_picker

        back_to_picker(self.app)

    def action_new_game(self) -> None:
        from .picker import back_to_picker
        from .setup import SetupScreen

        app = self.app
        back_to_picker(app)
        app.push_screen(SetupScreen(self.match.game_id))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game_id, RESULTS_CONTROLS))


RESULTS_CONTROLS = """\
**Results**

- The winner's column is marked with ★; equal totals share the win.
- *Enter*, *Esc* or *m* (or the button) go back to the list of games; *n* sets up a new game of
  the same game. The finished game stays in the saves list.
"""
