"""All In after the last round: every player's sheet, opened one at a time before the results."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from ...ui.screens.play import PlayScreen
from ...ui.widgets.keybar import ScreenKeys
from ...ui.widgets.lines import TextLines
from .panels import HandsPanel, TablePanel, best_hands
from .sheet_widget import SheetMarks, SheetWidget, fitting_kind, geometry

CHROME_H = 3  # the title, the button and the keys line


class FinalSheetsScreen(ModalScreen[None]):
    """Every player's sheet after the last round: 1–6 or ←/→ switch, Enter goes on to the results.
    The card each player wrote last says "new" on their sheet."""

    DEFAULT_CSS = """
    FinalSheetsScreen { align: center middle; }
    FinalSheetsScreen #final { width: 100%; height: 100%; background: $surface; }
    FinalSheetsScreen #final-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    FinalSheetsScreen #final-middle { height: 1fr; }
    FinalSheetsScreen #final-right { width: 1fr; height: 1fr; overflow: hidden hidden; }
    FinalSheetsScreen Button { width: 100%; }
    """
    MIN_SIZE = PlayScreen.MIN_SIZE
    BINDINGS = [
        Binding("enter,escape", "close", "Results"),
        Binding("left", "step(-1)", "Previous player", priority=True),
        Binding("right,tab", "step(1)", "Next player", priority=True),
        *[Binding(str(i + 1), f"seat({i})", f"Sheet {i + 1}", show=False) for i in range(6)],
    ]

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.seat = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="final"):
            yield TextLines(id="final-title")
            with Horizontal(id="final-middle"):
                yield SheetWidget(id="final-sheet")
                with Vertical(id="final-right"):
                    yield HandsPanel(id="final-hands")
                    yield TablePanel(id="final-table")
            yield Button("See the results  (Enter)", id="final-ok", variant="primary",
                         compact=True)
        yield ScreenKeys()

    def legend(self) -> list[tuple[str, str]]:
        """The table's marks: the mouse over one on these sheets says what it means too."""
        from .screen import LEGEND

        return list(LEGEND)

    def on_mount(self) -> None:
        self._fit()
        self._draw()

    def on_resize(self, _event) -> None:
        self._fit()
        self._draw()

    def _fit(self) -> None:
        view = self.session.match.view(None)
        ids = [p["sheet"] for p in view["players"]]
        height = self.app.size.height - CHROME_H
        self.query_one(SheetWidget).set_table(ids, fitting_kind(ids, height))
        sheet_w = max(geometry(s, "tall").width for s in ids) + 1
        self._panel_w = max(20, self.app.size.width - sheet_w - 2)

    def _draw(self) -> None:
        match = self.session.match
        view = match.view(None)
        names = self.session.names
        p = view["players"][self.seat]
        title = Text("All In · final sheets · ", style="bold")
        title.append(names[self.seat], style="bold reverse")
        title.append(f" ({self.seat + 1} of {view['n']}; "
                     f"1–{view['n']} or ←/→ switch, Enter: results)")
        self.query_one("#final-title", TextLines).set_text(title)
        last = match.view(self.seat).get("last_written")  # every sheet is open now
        self.query_one("#final-sheet", SheetWidget).show_sheet(
            p["sheet"], p["written"], SheetMarks(last=last))
        self.query_one("#final-hands", HandsPanel).show(
            p["sheet"], p["written"], p["completed"], view["first_round"],
            best_hands(view)[self.seat], width=self._panel_w)
        self.query_one("#final-table", TablePanel).show(view, names, None, self.seat,
                                                        width=self._panel_w)

    def action_step(self, delta: int) -> None:
        n = self.session.match.view(None)["n"]
        self.seat = (self.seat + delta) % n
        self._draw()

    def action_seat(self, index: int) -> None:
        if index < self.session.match.view(None)["n"]:
            self.seat = index
            self._draw()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
