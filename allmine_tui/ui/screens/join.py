"""Joining a shared game from the app (``j`` on the game list): the same as ``allmine join CODE``,
for a browser through ``allmine serve`` or anyone already in the app."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

ABOUT = ("Type the join code the host gave you (allmine host prints one per player). Several "
         "codes of one game, separated by spaces, put those seats on this screen, taking turns "
         "behind the curtain. A code works until its game is over.")


class JoinScreen(Screen):
    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    #join-box { width: 72; height: auto; border: round $primary; padding: 1 2; }
    #join-title { text-style: bold; padding-bottom: 1; }
    #join-about { padding-bottom: 1; }
    #join-codes { margin-bottom: 1; }
    #join-error { color: $error; text-style: bold; height: auto; padding-bottom: 1; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [Binding("escape", "back", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static("Join a shared game", id="join-title")
            yield Static(ABOUT, id="join-about")
            yield Input(placeholder="e.g. k7qm-3xzd-p9fa", id="join-codes")
            yield Static("", id="join-error", markup=False)
            yield Button("Join (Enter)", id="join-go", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-codes", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.join()

    def join(self) -> None:
        """Open the game as the codes' seats, or say in one line why not (nothing opens)."""
        from ... import shared
        from ..shared_session import SharedSession
        from .picker import open_game

        codes = self.query_one("#join-codes", Input).value.replace(",", " ").split()
        try:
            play = shared.join(codes)
        except shared.SharedError as exc:
            self.query_one("#join-error", Static).update(str(exc))
            return
        app = self.app
        app.pop_screen()
        if not open_game(app, SharedSession(play)):
            play.close()

    def action_back(self) -> None:
        self.app.pop_screen()
