"""A shared game as one screen plays it: a GameSession whose people are only this screen's seats.

The other human seats are played on other screens (the flow WAITS while only they are to act).
One seat here: that seat's view is always on screen, with no curtain. Several seats here: they play
hot seat among themselves, with the curtain. Every move is made under the shared game's lock and
written at once (``SharedPlay.act``); ``poll()`` catches up with moves made elsewhere. The
screen-only state (who is looking, the curtain) is never written to the shared file.
"""
from __future__ import annotations

from ..engine import Action, Event
from .. import records
from ..shared import SharedError, SharedPlay
from .flow import Refused
from .session import GameSession


class SharedSession(GameSession):
    can_rematch = False  # playing again is hosting a new shared game
    one_writer = False  # every move is written under the game's own lock (shared.py)
    leave_note = "You left the shared game; your join code opens your seat again."

    def __init__(self, play: SharedPlay) -> None:
        from ..presence import Presence

        self.play = play
        super().__init__(play.match, play.game.path, created=play.created)
        self._bot_bases: dict[int, int] = {}
        self.presence = Presence(play.game, self.names, play.match.humans, play.seats)
        self._notices: list[str] = []  # news for this screen's people (a take-back elsewhere)

    def _noticed(self, events: list[Event] | None) -> list[Event] | None:
        """Take-backs made on other screens are announced here (see ui/presence_view.py)."""
        for event in events or ():
            if event.kind == "undo":
                self._notices.append(self.format(event, None))
        return events

    def take_notices(self) -> list[str]:
        notices, self._notices = self._notices, []
        return notices

    @property
    def humans(self) -> list[int]:
        return self.play.seats

    def autosave(self, at_once: bool = False) -> None:
        """Nothing to do: every move is already written, under the lock, as it is made."""

    def poll(self) -> list[Event] | None:
        """None when the game did not change elsewhere, else the events that are new here
        (the flow has moved on with them)."""
        try:
            events = self._noticed(self.play.poll())
        except SharedError as exc:
            self.save_error = str(exc)
            events = []
        if events is not None:
            self.flow.settle()
        return events

    def apply(self, seat: int, action: Action) -> list[Event]:
        """A person's move, under the lock. ``IllegalAction`` propagates and nothing changes; a
        move that could not be written is reported (``save_error``) and did not happen."""
        public = not self.is_private(seat)
        events, applied = self._act(seat, action, None)
        if applied:
            self.flow.move_made(public)
        else:
            self.flow.settle()
        return events

    def apply_bot(self, seat: int, action: Action) -> list[Event]:
        """A bot's move, played only if it was decided by ``bot_choice`` on the game as it still
        is (never applied blind)."""
        base = self._bot_bases.pop(seat, None)
        if base is None:
            return []
        events, _applied = self._act(seat, action, base)
        self.flow.settle()
        return events

    def _act(self, seat: int, action: Action, base: int | None) -> tuple[list[Event], bool]:
        try:
            applied, events = self.play.act(seat, action, base)
        except SharedError as exc:
            self.save_error = str(exc)
            return self._noticed(self.play.take_news()) or [], False
        self._noticed(events)
        if applied and self.match.is_over():  # this screen made the last move: it records it
            problem = records.add(self.match, self.created)[1]
            self.save_error = self.save_error or problem
        return events, applied

    def bot_choice(self, seat: int) -> Action:
        """Decided on the file as it is now (see SharedPlay.bot_move); ``apply`` then plays it
        only if nobody has changed the game since."""
        try:
            move = self.play.bot_move(seat)
        except SharedError as exc:
            self.save_error = str(exc)
            move = None
        if move is None:  # that bot has already played elsewhere: an empty pick, never applied
            self._bot_bases.pop(seat, None)
            return Action("none")
        action, base = move
        self._bot_bases[seat] = base
        return action

    def undo(self) -> str | None:
        try:
            seat = self.flow.undo_seat()
            reason = self.play.undo(seat)
        except (Refused, SharedError) as exc:
            return str(exc)
        self.flow.settle()
        return reason

    def close(self) -> None:
        self.play.close()
