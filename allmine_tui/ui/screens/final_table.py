"""The final table of a finished game: the game's own screen, drawn once from the end position.

Opened with **f** from the results. Unlike the replay viewer it replays nothing: the finished match
is drawn as it stands, so it opens at once. Every hand is open (the game is over); **Tab** or
**1–6** choose whose cards the board shows, **v** replays the game from the deal, **q** or **Esc**
go back to the results.
"""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from ...engine import Action, IllegalAction, Match
from ..flow import ReplayFlow
from ..session import GameSession
from .play import PlayScreen, V

FINAL_CONTROLS = """\
**The final table of a finished game**

- *Tab* / *Shift+Tab* or *1*–*6* choose whose cards the board shows (the game is over: every
  hand is open).
- *v* replays the game from the deal; *q* or *Esc* go back to the results.

"""


class FinalSession(GameSession):
    """A finished match seen as it ended: nothing can be played, nothing is saved."""

    def __init__(self, match: Match) -> None:
        if not match.is_over():
            raise ValueError("Only a finished game has a final table.")
        super().__init__(match, None)
        self.seat = 0
        self.flow = ReplayFlow(lambda: self.seat)

    def choose_seat(self, seat: int) -> None:
        self.seat = seat % len(self.match.seats)

    def apply(self, seat: int, action: Action):
        raise IllegalAction("The game is over: nothing can be played.")

    def undo(self) -> str | None:
        return "The game is over: its moves stand."

    def autosave(self, at_once: bool = False) -> None:
        pass


class FinalControls(PlayScreen[V]):
    """The final table's part of the screen, placed before the game's own screen class (generic:
    any game's view type)."""

    BINDINGS = [
        Binding("tab", "final_seat(1)", "Whose cards", priority=True),
        Binding("shift+tab", "final_seat(-1)", "Whose cards", show=False, priority=True),
        *[Binding(str(i + 1), f"final_pick({i})", str(i + 1), show=False, priority=True)
          for i in range(6)],
        Binding("v", "final_replay", "Replay", priority=True),
        Binding("q,escape", "menu", "Back", priority=True),
        Binding("u", "undo", "", show=False, priority=True),
        Binding("p", "peek", "", show=False, priority=True),
        Binding("h", "hint", "", show=False, priority=True),  # no decision here: not offered
        Binding("enter,space", "no_decision", "", show=False, priority=True),
    ]
    session: FinalSession

    def status_prefix(self) -> Text:
        return Text(" FINAL TABLE ", style="bold reverse")

    def action_final_seat(self, delta: int) -> None:
        self.session.choose_seat(self.session.seat + delta)
        self.render_flow()

    def action_final_pick(self, seat: int) -> None:
        if seat < len(self.session.names):
            self.session.choose_seat(seat)
            self.render_flow()

    def action_final_replay(self) -> None:
        from .replay import open_replay

        app, match = self.app, self.match
        app.pop_screen()
        open_replay(app, match, 0)

    def submit(self, action: Action) -> bool:
        self.notify("The game is over: nothing can be played.", severity="information",
                    timeout=2)
        return False

    def action_undo(self) -> None:
        self.notify(self.session.undo() or "", severity="information", timeout=2)

    def action_peek(self) -> None:
        self.notify("Every hand is open: Tab chooses whose the board shows.",
                    severity="information", timeout=3)

    def action_menu(self) -> None:
        self.app.pop_screen()


_classes: dict[type, type] = {}


def final_table_screen(match: Match) -> Screen:
    """The game's own screen class with the final table's keys, on ``match`` as it ended."""
    base = match.game.screen()
    cls = _classes.get(base)
    if cls is None:
        cls = _classes[base] = type(f"Final{base.__name__}", (FinalControls, base), {
            "CONTROLS": FINAL_CONTROLS + getattr(base, "CONTROLS", "")})
    return cls(FinalSession(match))
