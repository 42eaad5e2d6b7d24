"""Shared games: one save that several screens play at the same time, each as its own seat(s).

A shared game is an ordinary save file (``DATA/shared/NAME.json``, the format of every save) with
one more key, ``shared``, holding a hash of each human seat's join code. Nothing here imports
Textual: the app's side is ``ui/shared_session.py``.

- Every change is made under an exclusive lock on ``NAME.lock`` (``fcntl.flock``): re-read the
  file, bring the match up to it, check the move is still legal, apply it, write the file
  (atomically, at once), release. Two screens acting at the same moment therefore never lose or
  double a move.
- A bot's move is decided on the file as it was read (``bot_move``) and applied only if nobody
  changed the file since (``act(..., base=...)``), so a bot found to act by two screens plays
  exactly once.
- A screen holds a lock on ``NAME.seatN.lock`` for each of its seats for as long as it is open:
  a second screen asking for the same seat is told it is taken. The system drops the lock when
  the process ends, however it ends.
- A join code stays valid for its seat until the game is over; then it is used up.

Other screens notice a change by the file's identity (inode, size, modification time): a save is
always replaced by a rename, so every write gives a new one.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import locks, storage
from .engine import Action, Event, IllegalAction, Match
from .save_format import SaveError, one_line

KEY = "shared"  # the save document's key for what only a shared game has
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: codes are read aloud
CODE_GROUPS, CODE_GROUP = 3, 4
LOCK_WAIT = 5.0  # seconds a change waits for another screen's change to finish


SEAT_WAIT = 0.3  # seconds a join waits for a seat's lock (another screen may be looking at it)


class SharedError(Exception):
    """Something a shared game cannot do now; ``str()`` is one line for a player."""


class SeatTaken(SharedError):
    """The seat is open on another screen (which may be closing: a reloaded browser page)."""


def shared_dir() -> Path:
    return storage.data_dir() / "shared"


# -- join codes ----------------------------------------------------------------------------------
def new_code() -> str:
    """A fresh secret such as ``k7qm-3xzd-p9fa`` (about 59 bits)."""
    groups = ("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUP))
              for _ in range(CODE_GROUPS))
    return "-".join(groups)


def normal_code(code: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return "".join(ch for ch in code.lower() if ch.isalnum())


def code_hash(code: str) -> str:
    return hashlib.sha256(f"allmine-join:{normal_code(code)}".encode()).hexdigest()


CODE_LENGTH = CODE_GROUPS * CODE_GROUP


def split_codes(text: str) -> list[str]:
    """The codes in what a person typed or pasted: ``k7qm 3xzd p9fa`` is one code (its groups
    separated by spaces), ``k7qm-3xzd-p9fa h2wc-8rtn-e5vb`` two. When the letters and digits
    make whole codes, they are read as such; otherwise every word is one code."""
    letters = normal_code(text)
    if letters and len(letters) % CODE_LENGTH == 0:
        chunks = [letters[i:i + CODE_LENGTH] for i in range(0, len(letters), CODE_LENGTH)]
        return ["-".join(c[g:g + CODE_GROUP] for g in range(0, CODE_LENGTH, CODE_GROUP))
                for c in chunks]
    return [word for word in text.replace(",", " ").split() if normal_code(word)]


SHOWN = 4  # a wrong code is echoed by at most this many of its first characters


def shown_code(code: str) -> str:
    """A wrong code as it may be echoed: printable, and at most its first four characters (a code
    with a typo in it is nearly the right one: echoed whole, it would show in a log, on a shared
    screen or in a terminal's scrollback)."""
    text = "".join(ch for ch in code.strip() if ch.isprintable())
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


# -- the file ------------------------------------------------------------------------------------
def _stamp(path: Path) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


_flock = locks.open_lock  # the tests lock by hand under this name


class SharedGame:
    """One shared game's files: the save, its change lock and its seat locks."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    @property
    def lock_path(self) -> Path:
        return self.path.with_suffix(".lock")

    def seat_lock_path(self, seat: int) -> Path:
        return self.path.with_suffix(f".seat{seat}.lock")

    def stamp(self) -> tuple | None:
        return _stamp(self.path)

    @contextlib.contextmanager
    def locked(self, wait: float = LOCK_WAIT):
        """Hold the change lock (waiting up to ``wait`` seconds for another screen's change)."""
        try:
            fd = _flock(self.lock_path, wait)
        except OSError as exc:
            raise SharedError(f"The shared game cannot be locked ({exc.strerror or exc}).") \
                from None
        if fd is None:
            raise SharedError("Another screen is changing the shared game; try again.")
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def read(self) -> dict:
        """The save document; SaveError with the reason when it cannot be used."""
        doc = storage.read_document(self.path)
        if not isinstance(doc.get(KEY), dict) or not isinstance(doc[KEY].get("codes"), list):
            raise SaveError(f"{self.path.name} is not a shared game")
        return doc

    def load(self) -> tuple[Match, dict]:
        doc = self.read()
        return load_document(doc), doc

    def write(self, match: Match, doc: dict) -> None:
        """Write ``match`` keeping the document's join codes and creation time (call it under
        the lock). OSError when the disk refuses."""
        created = doc.get("created") if isinstance(doc.get("created"), (int, float)) else None
        new = storage.save_document(match, created)
        new[KEY] = doc[KEY]
        storage.write_atomic(self.path, storage.encode_document(new))


def load_document(doc: dict) -> Match:
    """A match from a read document (the log replayed, the snapshot checked)."""
    from .games import GAMES

    if doc["game"] not in GAMES:
        raise SaveError(f"unknown game '{doc['game']}'")
    try:
        return Match.from_json(doc)
    except Exception as exc:
        raise SaveError(f"damaged save: {one_line(str(exc)) or type(exc).__name__}") from None


def host(match: Match, folder: Path | None = None) -> tuple[Path, dict[int, str]]:
    """Create a shared game of ``match``; returns its file and a code per human seat. Only the
    codes' hashes are stored: the codes themselves exist only in what this returns."""
    if not match.humans:
        raise SharedError("A shared game needs at least one person (all seats are bots).")
    codes = {seat: new_code() for seat in match.humans}
    folder = Path(folder) if folder else shared_dir()
    name = storage.new_save_path(match.game_id).name
    path = folder / name
    doc = {"created": time.time(), KEY: {
        "codes": [code_hash(codes[s]) if s in codes else None for s in range(len(match.seats))]}}
    game = SharedGame(path)
    with game.locked():
        game.write(match, doc)
    return path, codes


# -- joining -------------------------------------------------------------------------------------
def find_code(code: str, folder: Path | None = None) -> tuple[Path, int] | None:
    """The shared game and seat a code opens, or None. Files that cannot be read are skipped."""
    digest = code_hash(code)
    folder = Path(folder) if folder else shared_dir()
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return None
    for path in paths:
        try:
            codes = SharedGame(path).read()[KEY]["codes"]
        except SaveError:
            continue
        for seat, stored in enumerate(codes):
            if isinstance(stored, str) and hmac.compare_digest(stored, digest):
                return path, seat
    return None


@dataclass
class SeatHold:
    """The seat locks one screen holds (each noting where and since when it is open);
    ``release()``, or the process ending, frees them."""

    holds: list[locks.Hold] = field(default_factory=list)

    def release(self) -> None:
        for hold in self.holds:
            hold.release()
        self.holds.clear()


def join(codes: list[str], folder: Path | None = None) -> "SharedPlay":
    """Open a shared game as the seats of ``codes`` (as typed: see ``split_codes``): SharedError
    (one line) for a wrong code, codes of different games or a finished game; SeatTaken for a
    seat already open on another screen."""
    codes = split_codes(" ".join(codes))
    if not codes:
        raise SharedError("Give at least one join code.")
    found: dict[int, str] = {}
    path = None
    for code in codes:
        hit = find_code(code, folder)
        if hit is None:
            raise SharedError(f"No shared game has the join code '{shown_code(code)}'.")
        if path is not None and hit[0] != path:
            raise SharedError("Those join codes belong to different games; join one game at a "
                              "time.")
        path = hit[0]
        found.setdefault(hit[1], code)
    assert path is not None
    game = SharedGame(path)
    try:
        match, doc = game.load()
    except SaveError as exc:
        raise SharedError(f"The shared game cannot be opened: {exc}.") from None
    if match.is_over():
        raise SharedError("That game is over: its join codes are used up (see it with "
                          f"allmine replay {path}).")
    seats = sorted(found)
    hold = SeatHold()
    for seat in seats:
        try:
            taken = locks.Hold.take(game.seat_lock_path(seat), SEAT_WAIT)
        except OSError as exc:
            hold.release()
            raise SharedError(f"The seat cannot be locked ({exc.strerror or exc}).") from None
        if taken is None:
            hold.release()
            raise SeatTaken(f"{match.seats[seat].name}'s seat is already open on another "
                            "screen; close it there first.")
        hold.holds.append(taken)
    return SharedPlay(game, match, doc, seats, hold)


def join_waiting(codes: list[str], wait: float, folder: Path | None = None) -> "SharedPlay":
    """``join``, waiting up to ``wait`` seconds for a seat still open on a screen that is closing
    (a browser page being reloaded: its old app is quitting as the new one starts)."""
    end = time.monotonic() + wait
    while True:
        try:
            return join(codes, folder)
        except SeatTaken:
            if time.monotonic() >= end:
                raise
            time.sleep(0.1)


# -- playing -------------------------------------------------------------------------------------
def sync(match: Match, doc: dict) -> list[Event]:
    """Bring ``match`` (in place: screens hold on to it) to the document's position. Returns the
    events of the moves ``match`` did not have. A log that continues ours is applied move by
    move; anything else (a move taken back elsewhere) reloads the whole match, and then there is
    no news to tell (the log on screen is rebuilt)."""
    log = doc["log"]
    ours = [[seat, action.to_json()] for seat, action in match.log]
    start = len(match.events)
    if len(log) >= len(ours) and log[:len(ours)] == ours:
        if len(log) == len(ours):
            return []
        try:
            for seat, action in log[len(ours):]:
                match.apply(seat, Action.from_json(action))
            if match.rules.state_to_json(match.state) == doc["state"]:
                return match.events[start:]
        except Exception:  # the file disagrees with itself: the full load says why
            pass
    fresh = load_document(doc)
    match.__dict__.clear()  # the same object, so every screen holding it sees the new game
    match.__dict__.update(fresh.__dict__)
    undone = doc[KEY].get("undone") if isinstance(doc.get(KEY), dict) else None
    if isinstance(undone, dict) and isinstance(undone.get("seat"), int) and \
            0 <= undone["seat"] < len(match.seats) and isinstance(undone.get("log"), int) and \
            undone["log"] <= len(log):  # (only a take-back makes the file's log leave ours)
        # the log on screen is rebuilt from the file: say why the end of it went away
        event = Event(f"{{{undone['seat']}}} took back a move.", "undo")
        match.events.append(event)
        return [event]
    return []


class SharedPlay:
    """A shared game as one screen plays it: its match kept up to date with the file, and every
    change made under the lock."""

    def __init__(self, game: SharedGame, match: Match, doc: dict, seats: list[int],
                 hold: SeatHold | None = None) -> None:
        self.game = game
        self.match = match
        self.seats = list(seats)
        self.hold = hold or SeatHold()
        self.created = doc.get("created") if isinstance(doc.get("created"), (int, float)) \
            else None
        self._seen = game.stamp()
        self._news: list[Event] = []  # events synced in but not yet handed to the screen

    def _sync_locked(self) -> dict:
        """Under the lock: read the file and bring the match up to it."""
        try:
            doc = self.game.read()
            self._news += sync(self.match, doc)
        except SaveError as exc:
            raise SharedError(f"The shared game cannot be read: {exc}.") from None
        self._seen = self.game.stamp()
        return doc

    def take_news(self) -> list[Event]:
        news, self._news = self._news, []
        return news

    def poll(self) -> list[Event] | None:
        """Catch up with moves made on other screens. None when nothing changed, else the new
        events (possibly none). SharedError when the file cannot be read."""
        stamp = self.game.stamp()
        if stamp == self._seen and not self._news:
            return None
        if stamp != self._seen:
            try:
                doc = self.game.read()
                self._news += sync(self.match, doc)
            except SaveError as exc:
                self._seen = stamp  # say it once, not at every poll
                raise SharedError(f"The shared game cannot be read: {exc}.") from None
            self._seen = stamp
        return self.take_news()

    def act(self, seat: int, action: Action, base: int | None = None) -> tuple[bool, list[Event]]:
        """Apply ``seat``'s move under the lock and write it. ``base``: the log length the move
        was decided at; when the file has moved on since, the move is dropped (a bot's move
        made by another screen). Returns whether it was applied, and every event new to this
        screen. ``IllegalAction`` when the move is no longer legal; SharedError when it could
        not be written (then it was not made)."""
        self._check_own(seat)
        with self.game.locked():
            doc = self._sync_locked()
            if base is not None and len(self.match.log) != base:
                return False, self.take_news()
            self._news += self.match.apply(seat, action)  # IllegalAction: nothing changed
            self._write(doc)
        return True, self.take_news()

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last move under the lock; the reason when it may not."""
        self._check_own(seat)
        with self.game.locked():
            doc = self._sync_locked()
            reason = self.match.undo_refusal(seat)
            if reason is not None:
                return reason
            self.match.undo(seat)
            # a note for the other screens, which reload the game and announce the take-back
            doc[KEY] = {**doc[KEY], "undone": {"seat": seat, "log": len(self.match.log)}}
            self._write(doc)
        return None

    def _check_own(self, seat: int) -> None:
        """A person's seat is played only on the screen that joined it (bots on any)."""
        seats = self.match.seats
        if 0 <= seat < len(seats) and seats[seat].human and seat not in self.seats:
            raise IllegalAction(f"{seats[seat].name} plays at another screen.")

    def _write(self, doc: dict) -> None:
        try:
            self.game.write(self.match, doc)
        except (OSError, ValueError) as exc:
            # the file still holds the game without this change: go back to it
            with contextlib.suppress(SharedError):
                self._sync_locked()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise SharedError(f"The move could not be saved ({reason}).") from None
        self._seen = self.game.stamp()

    def bot_move(self, seat: int) -> tuple[Action, int] | None:
        """A bot's move decided on the file as it is now (not on this screen's match, which the
        screen may change meanwhile), with the log length it was decided at; None when that bot
        is not to act in the file. Safe to call from a worker thread."""
        try:
            match, _doc = self.game.load()
        except SaveError as exc:
            raise SharedError(f"The shared game cannot be read: {exc}.") from None
        if seat not in match.bot_seats_to_act():
            return None
        return match.bot_choice(seat), len(match.log)

    def close(self) -> None:
        self.hold.release()
