"""A hint on screen: the coach's best few moves for the person deciding, each with its chance to
win and its mean final margin. The chance assumes opponents who play like the expert (the
search's playouts, corrected by how self-play games of the expert really ended), and the box says
so; moves the search cannot tell apart from the first are marked about equal (≈), not ranked. A box beside the
board, like the coach of a guided game; where the game's board can mark it, the first move is
also marked there while the decision lasts (the game screen's ``mark_hint``), and only then does
the box say so."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


def hint_text(hint) -> Text:
    """The moves of a hint, best first, in the game's own words with their figures."""
    t = Text()
    if not hint.searched:
        t.append("This is not a decision the coach thinks over: it would play ", style="")
        t.append(hint.moves[0].text if hint.moves else "any move", style="bold")
        t.append(".")
        return t
    equal = getattr(hint, "equal", 0)
    for i, move in enumerate(hint.moves):
        if i:
            t.append("\n")
        t.append("≈  " if 0 < i <= equal else f"{i + 1}. ", style="bold")
        t.append(move.text, style="bold" if i <= equal else "")
        if move.chance is not None:
            t.append(f"\n   {move.chance:.0%} to win", style="")
        if move.margin is not None:
            t.append(f", margin {move.margin:+.1f}")
        t.append(f"  ({move.playouts} games played out)", style="dim")
    if equal:
        shown = min(equal, len(hint.moves) - 1)
        more = equal - shown
        what = "the first two" if shown == 1 else f"the first {shown + 1}"
        if more:
            what += f" (and {more} more move{'s' if more > 1 else ''})"
        t.append(f"\n≈ about equal: the coach cannot tell {what} apart", style="italic")
    t.append("\nChances assume opponents who play like the expert.", style="dim")
    if hint.cut_short:
        t.append("\n(cut short: the coach had less time than it wanted)", style="dim italic")
    return t


class HintScreen(ModalScreen[None]):
    BINDINGS = [("escape,enter,h,space", "close", "Close")]
    DEFAULT_CSS = """
    HintScreen { background: $background 0%; align: right bottom; }
    HintScreen #hint { width: 60; height: auto; max-height: 24; margin: 1 1 3 1;
                       border: thick $success; background: $panel; padding: 0 1; }
    HintScreen #hint-title { text-style: bold; color: $success; }
    HintScreen #hint-moves { height: auto; }
    /* the way back stays in the box however long the moves are */
    HintScreen #hint-keys { dock: bottom; height: auto; color: $text-muted; padding-top: 1; }
    """

    def __init__(self, name: str, hint, marked: bool = False, public: bool = False) -> None:
        """``marked``: the board marks the first move; ``public``: the decision is made in
        front of everyone, so the hint is shown behind the decider's curtain and closing it
        brings the table view back."""
        super().__init__()
        self.player = name
        self.hint = hint
        self.marked = marked
        self.public = public

    def compose(self) -> ComposeResult:
        with Vertical(id="hint"):
            yield Static(Text(f"The coach's best moves for {self.player}"), id="hint-title")
            yield Static(hint_text(self.hint), id="hint-moves")
            yield Static(self.keys_text(), id="hint-keys")

    def keys_text(self) -> str:
        mark = "The first is marked on the table. " if self.marked else ""
        if self.public:
            return mark + "Enter or Esc: back to the table (your cards are hidden again)"
        return mark + "Enter or Esc: back to your move"

    def action_close(self) -> None:
        self.dismiss(None)
