"""A game being played in the app: the match, where it autosaves, and its hot-seat flow.

Kept free of Textual so that the flow (who is looking, the curtain, peeks: see flow.py) and the
rules of play are tested directly. The play screen renders ``flow.state`` and reports what the
people at the keyboard do; the session applies moves and autosaves after every one.
"""
from __future__ import annotations

import time
from pathlib import Path

from ..engine.names import with_names
from ..engine import Action, Event, Match
from ..engine.match import MOVES_STAND
from .. import data_folder, locks, records, storage
from .flow import Flow, Refused


class GameSession:
    leave_note = "Game saved. Pick it up again with Continue."  # shown on leaving the game
    one_writer = True  # issue 20: hold the save's lock while open (a shared game locks per move)

    def __init__(self, match: Match, save_path: Path | None, created: float | None = None) -> None:
        self.match = match
        self.save_path = Path(save_path) if save_path else None
        self.created = created if created is not None else time.time()
        self.save_error: str | None = None
        # why this game goes on without being saved (one line naming the folder and why), or
        # None: the screen marks the game as not saved (see ``play_unsaved``)
        self.unsaved: str | None = None
        self._saver: storage.AutoSaver | None = None
        # issue 20: one writer per save. locks.SaveBusy (a SaveError, one line) when another app
        # has this save open; the saver then checks the file is still ours before each write.
        self._hold = None
        self._expected = storage.UNCHECKED
        if self.save_path is not None and self.one_writer and not match.is_over():
            try:
                self._hold = locks.hold_save(self.save_path)
            except data_folder.FolderRefused as exc:  # (SaveBusy still stops the opening)
                self.play_unsaved(str(exc))
            else:
                self._expected = storage.file_stamp(self.save_path)
        # public screen state kept with the save: a decision half made in front of everyone
        # (This is Mine!'s split); the screen checks it still fits the game before using it
        self.table_draft: dict | None = None
        # nobody holds the keyboard yet: with several people, the curtain comes first
        self.flow = Flow(self, self.humans)

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this screen: every human seat (hot seat), unless the game
        is shared with other screens (see shared_session.py)."""
        return self.match.humans

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def format(self, event: Event, viewer: int | None) -> str:
        return with_names(event.text_for(viewer), self.names)

    def log_lines(self, viewer: int | None) -> list[str]:
        return [self.format(e, viewer) for e in self.match.events]

    # -- what the flow asks of the game (flow.Game) ------------------------------------------------
    def is_over(self) -> bool:
        return self.match.is_over()

    def bots_to_act(self) -> list[int]:
        return self.match.bot_seats_to_act()

    def people_to_act(self) -> list[int]:
        return self.match.human_seats_to_act()

    def is_private(self, seat: int) -> bool:
        match = self.match
        return bool(match.rules.private_seats(match.state, seat))

    # -- playing ---------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """A person's move: applied, autosaved, and the flow goes on. ``IllegalAction``
        propagates and nothing changes."""
        public = not self.is_private(seat)
        events = self.match.apply(seat, action)
        self.autosave()
        self._record_if_over()
        self.flow.move_made(public)
        return events

    def apply_bot(self, seat: int, action: Action) -> list[Event]:
        """A bot's move (chosen from its own view while the flow was at BOTS)."""
        events = self.match.apply(seat, action)
        self.autosave()
        self._record_if_over()
        self.flow.settle()
        return events

    def _record_if_over(self) -> None:
        if self.match.is_over():  # a finished game with a human in it joins the records, once
            problem = records.add(self.match, self.created)[1]
            self.save_error = self.save_error or problem

    def undo(self) -> str | None:
        """Take back the last move of the person whose view is on screen for their decision
        (never from a peek or the curtain). Returns None when done, else why not (one line)."""
        if self.match.is_over():
            return MOVES_STAND  # (whoever is looking: the flow's reason would not say so)
        try:
            seat = self.flow.undo_seat()
        except Refused as exc:
            return str(exc)
        reason = self.match.undo_refusal(seat)
        if reason is not None:
            return reason
        self.match.undo(seat)
        self.autosave()
        self.flow.settle()
        return None

    def bot_choice(self, seat: int) -> Action:
        return self.match.bot_choice(seat)

    # -- saving --------------------------------------------------------------------------------
    def autosave(self, at_once: bool = False) -> None:
        """Hand the game to its background writer (see storage.AutoSaver); a failed write is
        reported on the next save, and play goes on. ``at_once``: wait until it is written (a
        new game: on disk, listed, before its first move), and report a failure now."""
        if self.save_path is None:
            return
        if self._saver is None:
            self._saver = storage.AutoSaver(self.save_path, self._expected)
        self.save_error = self._saver.save(self.match, self.created, self.table_draft)
        if at_once and self.save_error is None:
            self._saver.flush()
            self.save_error = self._saver.save_error()
            failure = self._saver.failure
            if failure is not None:  # the folder would not take it (full, read-only...)
                self.play_unsaved(str(data_folder.refused(self.save_path.parent, failure)))

    def play_unsaved(self, reason: str) -> None:
        """Go on without saving, because of ``reason`` (one line: the folder and why). The
        reason is reported once (``save_error``), the game's screen marks it as not saved for
        as long as it is open, and leaving it says the game was not saved. Nothing is written
        and no lock is held from here on."""
        self.unsaved = data_folder.not_saved_line(reason)
        self.save_error = self.unsaved
        self.leave_note = f"This game was {data_folder.NOT_SAVED}: {reason}."
        self.save_path = None
        self._saver = None
        if self._hold is not None:
            self._hold.release()
            self._hold = None

    def close(self) -> None:
        """The game leaves the screen: its last save reaches the disk, then its lock is given
        back (issue 20)."""
        if self._saver is not None:
            self._saver.flush()
        if self._hold is not None:
            self._hold.release()

    @classmethod
    def load(cls, path: Path) -> "GameSession":
        stamp = storage.file_stamp(path)  # issue 20: the file as read, before it is locked
        match, doc = storage.load_match(path)
        created = doc.get("created") if isinstance(doc.get("created"), (int, float)) else None
        session = cls(match, path, created)
        draft = doc.get("draft")
        session.table_draft = draft if isinstance(draft, dict) else None
        if session._hold is not None:
            session._expected = stamp  # changed between reading and locking: never overwritten
        return session
