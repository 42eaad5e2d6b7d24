"""Learn to play: the coach of a guided game.

A ``GuidedSession`` is a game session that carries a game's ``Tutorial`` and a ``Coach`` (which
lessons were given). The game screen asks ``lesson_due()`` after each draw; a due lesson is shown
in a ``CoachScreen``: a box beside the board, the part of the screen it speaks of outlined, that
waits for its own key, **o** (Esc hides the coach for the rest of the game). Enter and Space play
moves on the board, so on a lesson they only say which key goes on: a double Enter never both
closes a lesson and plays the highlighted move, and keys typed in the moment after a lesson
appears are dropped (nobody reads a lesson that fast). The learner's own result is
explained on the results screen (``ending_text``).
"""
from __future__ import annotations


from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import Match, Seat
from ...engine.tutorial import Coach, Lesson, Tutorial
from ... import storage
from ..session import GameSession
from .grace import GraceGate


class GuidedSession(GameSession):
    """A guided first game: an ordinary game (saved, resumable) with a coach."""

    leave_note = "Game saved. Continue it from the saves to keep the coach's last lessons."

    def __init__(self, match: Match, save_path, tutorial: Tutorial) -> None:
        super().__init__(match, save_path)
        self.tutorial = tutorial
        self.coach = Coach(tutorial)
        self.coach_on = True

    @classmethod
    def start(cls, game) -> "GuidedSession":
        tutorial: Tutorial = game.tutorial()
        seats = [Seat(name, bot) for name, bot in tutorial.seats]
        match = Match(game, seats, tutorial.seed, dict(tutorial.options))
        session = cls(match, storage.new_save_path(game.id), tutorial)
        session.autosave(at_once=True)  # (a new game is on disk before its first move)
        return session

    def lesson_due(self, view, to_act: bool) -> Lesson | None:
        if not self.coach_on:
            return None
        return self.coach.next_lesson(view, to_act)

    def ending_text(self) -> str:
        result = self.match.rules.result(self.match.state)
        return self.tutorial.ending(result, 0, self.names)


class CoachScreen(GraceGate, ModalScreen[bool]):
    """One lesson. Dismisses with True (go on) or False (no more lessons)."""

    #: the lesson's own key: one no game uses, so a key meant for a move never closes a lesson
    #: unread, and a key meant for the lesson never plays a move
    GO_ON = "o"
    BINDINGS = [
        Binding(GO_ON, "go_on", "Go on", priority=True),
        Binding("escape", "stop", "Hide the coach", priority=True),
        # the keys that play moves: here they only point at the lesson's own key
        Binding("enter,space", "remind", "", show=False, priority=True),
    ]
    DEFAULT_CSS = """
    CoachScreen { background: $background 0%; align: right bottom; }
    CoachScreen.-top { align: right top; }
    CoachScreen #coach { width: 58; height: auto; max-height: 16; margin: 1 1 3 1;
                         border: thick $warning; background: $panel; padding: 0 1; }
    CoachScreen #coach-title { text-style: bold; color: $warning; }
    CoachScreen #coach-keys { color: $text-muted; padding-top: 1; }
    """

    def __init__(self, title: str, text: str, target=None) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.target = target  # the widget spoken of (outlined while the lesson is up)
        self.reminded = 0  # how often Enter or Space was pressed here

    def compose(self) -> ComposeResult:
        with Vertical(id="coach"):
            yield Static(Text(self.title_text), id="coach-title")
            yield Static(Text(self.text), id="coach-text")
            yield Static(self.keys_text(), id="coach-keys")

    def keys_text(self, remind: bool = False) -> Text:
        keys = Text.assemble((self.GO_ON, "bold"), ": go on · ", ("Esc", "bold"),
                             ": no more lessons in this game")
        if remind:  # (Enter was pressed: it plays moves, so it is not the lesson's key)
            keys = Text.assemble(("Press ", "bold reverse"), (self.GO_ON, "bold reverse"),
                                 (" to go on", "bold reverse"),
                                 " (Enter plays moves) · ", ("Esc", "bold"),
                                 ": no more lessons")
        return keys

    def action_remind(self) -> None:
        self.reminded += 1
        self.query_one("#coach-keys", Static).update(self.keys_text(remind=True))

    def on_mount(self) -> None:
        target = self.target
        if target is not None:
            target.add_class("-coach-target")
            # keep the box clear of what it points at: near the top when that is low
            if target.region.y > self.app.size.height // 2:
                self.add_class("-top")

    def _done(self, go_on: bool) -> None:
        if self.target is not None:
            self.target.remove_class("-coach-target")
        self.dismiss(go_on)

    def action_go_on(self) -> None:
        self._done(True)

    def action_stop(self) -> None:
        self._done(False)


COACH_CSS = """
.-coach-target { outline: heavy $warning; }
"""
