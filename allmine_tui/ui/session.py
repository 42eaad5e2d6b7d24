"""A game being played in the app: the match, where it autosaves, and who is looking at the screen.

Kept free of Textual so the curtain rules can be tested directly. The screen asks ``next_step()``
what to do and reports what happened; the session autosaves after every action.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import Action, Event, Match
from .. import locks, records, storage


@dataclass
class Step:
    """What the screen should do next.

    kind: "bots" (a bot must act; ``seat``), "human" (``seat`` acts; ``curtain`` says whether to
    show the curtain first), "wait" (only people at other screens act; ``seat`` is one of them)
    or "over".
    """

    kind: str
    seat: int | None = None
    curtain: bool = False


class GameSession:
    leave_note = "Game saved. Pick it up again with Continue."  # shown on leaving the game
    one_writer = True  # issue 20: hold the save's lock while open (a shared game locks per move)
    def __init__(self, match: Match, save_path: Path | None, ui_state: dict | None = None,
                 created: float | None = None) -> None:
        self.match = match
        self.save_path = Path(save_path) if save_path else None
        self.created = created if created is not None else time.time()
        # The human whose private view was last on screen. On resume with several humans nobody's
        # is, so the curtain comes up first.
        self.viewer: int | None = None
        if len(self.humans) == 1:
            self.viewer = self.humans[0]
        self.curtain_up = self.needs_curtain()
        self.save_error: str | None = None
        self.peeking = False
        self._saver: storage.AutoSaver | None = None
        # issue 20: one writer per save. locks.SaveBusy (a SaveError, one line) when another app
        # has this save open; the saver then checks the file is still ours before each write.
        self._hold = None
        self._expected = storage.UNCHECKED
        if self.save_path is not None and self.one_writer and not match.is_over():
            self._hold = locks.hold_save(self.save_path)
            self._expected = storage.file_stamp(self.save_path)

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this screen: every human seat (hot seat), unless the game
        is shared with other screens (see shared_session.py)."""
        return self.match.humans

    def needs_curtain(self) -> bool:
        """Several people share this screen, so private views go behind the curtain."""
        return len(self.humans) >= 2

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def format(self, event: Event, viewer: int | None) -> str:
        return event.text_for(viewer).format(*self.names)

    def log_lines(self, viewer: int | None) -> list[str]:
        return [self.format(e, viewer) for e in self.match.events]

    # -- the flow of play ----------------------------------------------------------------------
    def next_step(self) -> Step:
        match = self.match
        if match.is_over():
            return Step("over")
        bots = match.bot_seats_to_act()
        if bots:
            return Step("bots", bots[0])
        acting = match.human_seats_to_act()
        humans = [s for s in acting if s in self.humans]
        if not humans:
            if acting:  # only people at other screens are to act
                return Step("wait", acting[0])
            return Step("over")  # cannot happen in a well-formed game; over rather than hang
        seat = humans[0]
        if not match.rules.private_seats(match.state, seat):
            # a public decision (everything it needs is on the table): no curtain, table view
            return Step("human", seat, False)
        curtain = self.needs_curtain() and (self.curtain_up or seat != self.viewer)
        return Step("human", seat, curtain)

    def screen_viewer(self) -> int | None:
        """Whose view the board shows now: the acting human (once past the curtain), the only
        human, or nobody (table view) while bots play among several humans."""
        match = self.match
        if not self.needs_curtain():
            return self.viewer
        if self.curtain_up:
            return None
        if self.peeking:
            return self.viewer
        step = self.next_step()
        if step.kind == "human" and step.seat == self.viewer \
                and match.rules.private_seats(match.state, step.seat):
            return self.viewer
        return None

    def actor(self) -> int | None:
        """The human who may act on the screen now: the viewer when it is their turn, else the
        seat of a public decision (made on the table view, no curtain)."""
        viewer = self.screen_viewer()
        match = self.match
        if viewer is not None and viewer in match.to_act() and viewer not in match.bot_seats_to_act():
            return viewer
        if self.peeking:  # nobody else acts while one person's hand is on screen
            return None
        step = self.next_step()
        if step.kind == "human" and not match.rules.private_seats(match.state, step.seat):
            return step.seat
        return None

    def curtain_passed(self, seat: int) -> None:
        self.viewer = seat
        self.curtain_up = False
        self.autosave()

    def end_peek(self) -> None:
        """A peek is over: nobody's view is on screen any more, and whoever holds the keyboard
        now is unknown, so the next private decision comes behind the curtain."""
        if self.peeking:
            self.peeking = False
            self.forget_viewer()

    def forget_viewer(self) -> None:
        """Nobody in particular is at the keyboard now (after a peek, or a public decision made
        on the table view in front of everyone): the next private view needs the curtain."""
        if self.needs_curtain():
            self.viewer = None

    def raise_curtain(self) -> None:
        self.curtain_up = True
        self.autosave()

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply and autosave. ``IllegalAction`` propagates and nothing changes."""
        public = not self.match.rules.private_seats(self.match.state, seat)
        events = self.match.apply(seat, action)
        self.peeking = False
        if public:
            self.forget_viewer()
        self.autosave()
        if self.match.is_over():  # a finished game with a human in it joins the records, once
            problem = records.add(self.match, self.created)[1]
            self.save_error = self.save_error or problem
        return events

    def undo(self) -> str | None:
        """Take back the last move of the player whose view is on screen; with several people at
        the keyboard, only while it still is. Returns None when done, else why not (one line)."""
        seat = self.screen_viewer()
        if seat is None:
            return "Take back a move while your own view is on screen, before the next player."
        reason = self.match.undo_refusal(seat)
        if reason is not None:
            return reason
        self.match.undo(seat)
        self.peeking = False
        self.autosave()
        return None

    def bot_choice(self, seat: int) -> Action:
        return self.match.bot_choice(seat)

    # -- saving --------------------------------------------------------------------------------
    def ui_state(self) -> dict:
        return {"viewer": self.viewer, "curtain": self.curtain_up}

    def autosave(self) -> None:
        """Hand the game to its background writer (see storage.AutoSaver); a failed write is
        reported on the next save, and play goes on."""
        if self.save_path is None:
            return
        if self._saver is None:
            self._saver = storage.AutoSaver(self.save_path, self._expected)
        self.save_error = self._saver.save(self.match, self.ui_state(), self.created)

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
        session = cls(match, path, storage.ui_state(doc), created)
        if session._hold is not None:
            session._expected = stamp  # changed between reading and locking: never overwritten
        return session
