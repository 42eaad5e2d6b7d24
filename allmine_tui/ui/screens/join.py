"""Joining a shared game from the app (``j`` on the game list): the same as ``allmine join CODE``,
for a browser through ``allmine serve`` or anyone already in the app. It is also the first and
only screen of the join-only app (``JoinApp``: ``allmine join`` and ``allmine serve
--join-only``), where the game list, saves and records do not exist.

A game joined here opens over this screen, and leaving it, or the end of the game, comes back
here. In a browser the page's address carries the codes while the game is open (``?code=…``), so
that reloading the page opens the same seat again."""
from __future__ import annotations

from urllib.parse import quote

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

ABOUT = ("Type the join code the host gave you (allmine host prints one per player). Several "
         "codes of one game, separated by spaces, put those seats on this screen, taking turns "
         "behind the curtain. A code works until its game is over.")
ROOT_ABOUT = "Ctrl+Q closes this screen; your code opens your seat again later."


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

    def __init__(self, root: bool = False, codes: list[str] | None = None,
                 wait: float = 0.0) -> None:
        """``root``: the bottom screen of the join-only app (Esc goes nowhere). ``codes``: join
        these at once (the page's address carried them), waiting up to ``wait`` seconds for a
        seat still held by the page's previous app."""
        super().__init__()
        self.root = root
        self._codes = codes
        self._wait = wait

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static("Join a shared game", id="join-title")
            yield Static(ABOUT + (" " + ROOT_ABOUT if self.root else ""), id="join-about")
            yield Input(placeholder="e.g. k7qm-3xzd-p9fa", id="join-codes")
            yield Static("", id="join-error", markup=False)
            yield Button("Join (Enter)", id="join-go", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-codes", Input).focus()
        if self._codes:
            codes, self._codes = self._codes, None
            self.query_one("#join-error", Static).update("Opening your seat…")
            self.run_worker(lambda: self._join_waiting(codes), thread=True, group="join")

    def _join_waiting(self, codes: list[str]) -> None:
        from ... import shared

        try:
            play = shared.join_waiting(codes, self._wait)
        except shared.SharedError as exc:
            self.app.call_from_thread(self._failed, str(exc))
            return
        self.app.call_from_thread(self._open, play, codes)

    def on_screen_resume(self) -> None:
        """Back from a game: the address no longer opens it."""
        self.query_one("#join-error", Static).update("")
        self.query_one("#join-codes", Input).focus()
        show_in_address(self.app, None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.join()

    def join(self) -> None:
        """Open the game as the codes' seats, or say in one line why not (nothing opens)."""
        from ... import shared

        field = self.query_one("#join-codes", Input)
        codes = shared.split_codes(field.value)
        try:
            play = shared.join(codes)
        except shared.SharedError as exc:
            self._failed(str(exc))
            return
        field.value = ""
        self._open(play, codes)

    def _failed(self, reason: str) -> None:
        if self.is_attached:
            self.query_one("#join-error", Static).update(reason)
        show_in_address(self.app, None)

    def _open(self, play, codes: list[str]) -> None:
        from ..shared_session import SharedSession
        from .picker import open_game

        if not self.is_attached or not open_game(self.app, SharedSession(play)):
            play.close()
            return
        show_in_address(self.app, codes)

    def check_action(self, action: str, parameters) -> bool | None:
        return not (action == "back" and self.root)  # nothing under the join-only app's own

    def action_back(self) -> None:
        self.app.pop_screen()


def show_in_address(app, codes: list[str] | None) -> None:
    """In a browser (``allmine serve``), put the codes of the open game in the page's address
    (``/?code=…``), or take them out. The page of ``allmine serve`` turns this request into a
    change of the address only (no new page, see serve_page.py); in a terminal it does
    nothing."""
    if not getattr(app, "is_web", False):
        return
    address = "/" if not codes else "/?code=" + quote(" ".join(codes), safe="-")
    if getattr(app, "_shown_address", "/") != address:
        app._shown_address = address
        app.open_url(address, new_tab=False)


def back_to_join(app) -> None:
    """After a shared game: back to the join screen under it, never into a local game (a fresh
    join screen over the game list when the game was not opened from one)."""
    while len(app.screen_stack) > 1 and not isinstance(app.screen, JoinScreen) \
            and type(app.screen).__name__ != "PickerScreen":
        app.pop_screen()
    if not isinstance(app.screen, JoinScreen):
        app.push_screen(JoinScreen())
