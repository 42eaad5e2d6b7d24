"""The privacy curtain: hides everything until the named player says nobody else is looking.

It is a screen of its own (the game's board is never drawn behind it, notifications are not shown
on it, the command palette does not open over it) and answers only its own keys, and only keys
pressed after it appeared: a key typed ahead by the previous player is dropped.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from .grace import GraceGate


class CurtainScreen(GraceGate, Screen[str]):
    """Dismisses with "ready" (the player is at the keyboard), "peek" (someone wants to look at
    their own cards first) or "menu" (back to the menu; the game is saved)."""

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen ToastRack { display: none; }
    #curtain-box { width: 64; height: auto; border: double $accent; padding: 1 3; background: $panel; }
    #curtain-title { text-align: center; text-style: bold; padding-bottom: 1; }
    #curtain-text { text-align: center; padding-bottom: 1; }
    #curtain-ready { width: 100%; }
    #curtain-keys { text-align: center; padding-top: 1; color: $text-muted; }
    """

    MIN_SIZE = (40, 10)
    #: Only these keys work here (the app refuses its palette over a curtain).
    BINDINGS = [
        Binding("enter", "ready", "I am ready", priority=True),
        Binding("p", "peek", "Peek", priority=True),
        Binding("escape,q", "menu", "Menu", priority=True),
    ]
    OWN_KEYS = frozenset({"enter", "p", "escape", "q", "ctrl+q"})

    def __init__(self, name: str, reason: str = "", peek: bool = False, decide=None) -> None:
        """``decide(answer)``, when given, is told the answer instead of the curtain dismissing
        itself: the game screen then takes the curtain down and draws the next view in the same
        moment, so the first frame after the curtain is that view (not the table first)."""
        super().__init__()
        self.player = name
        self.reason = reason
        self.for_peek = peek
        self.decide = decide

    def compose(self) -> ComposeResult:
        name = self.player
        with Middle():
            with Center():
                with Vertical(id="curtain-box"):
                    title = Text("Pass the keyboard to  ")
                    title.append(name, style="bold reverse")
                    yield Static(title, id="curtain-title")
                    text = Text(name)
                    text.append(", press Enter when nobody else can see the screen.")
                    if self.reason:
                        text.append("\n" + self.reason)
                    yield Static(text, id="curtain-text")
                    yield Button(Text(f"I am {name}, show me"), id="curtain-ready",
                                 variant="primary")
                    keys = Text.assemble(("Enter", "bold"), f": I am {name}, show me")
                    if not self.for_peek:
                        keys.append("\n")
                        keys.append("p", style="bold")
                        keys.append(": peek at my own cards")
                    keys.append("\n")
                    keys.append("Esc or q", style="bold")
                    keys.append(": back to the menu, the game is saved")
                    yield Static(keys, id="curtain-keys")

    def accepts_input(self, event) -> bool:
        """Its own keys, once it has been on view for a moment (GraceGate)."""
        if getattr(event, "key", None) not in (None, *self.OWN_KEYS):
            return False  # nothing but the curtain's own keys (Tab, palette...) works here
        return super().accepts_input(event)

    def answer(self, answer: str) -> None:
        if self.decide is not None:
            self.decide(answer)
        else:
            self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer("ready")

    def action_ready(self) -> None:
        self.answer("ready")

    def action_peek(self) -> None:
        if not self.for_peek:
            self.answer("peek")

    def action_menu(self) -> None:
        self.answer("menu")
