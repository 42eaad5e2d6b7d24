"""The hot-seat flow: who is looking at the screen, and what the screen is waiting for.

One explicit state machine, free of Textual, owned by the game session. The play screen renders
its state and gates input; nothing else decides who is looking. Each transition is a method with
its rule; a transition that is not allowed now raises ``Refused`` (with a sentence for players) and
changes nothing.

The states (``Mode``):

- TABLE: the table view (no hand is shown): a public decision made in front of everyone
  (``seat``), or nothing for this screen to do.
- BOTS: bots are to act; the table view, or the only person's own view.
- WAITING: only people at other screens are to act (a shared game).
- CURTAIN: the curtain is up for ``seat``: their turn comes next, or (``peek``) they asked to peek.
- PRIVATE: ``seat``'s own view is on screen, for their decision.
- CHOOSING: somebody wants to peek; the screen asks who.
- PEEK: ``seat`` looks at their own cards; the game waits until the peek ends.
- INTERLUDE: news for everyone (a hand's scores, a round replayed) that waits for a key.
- RESULTS: the game is over.

The rules that make it private:

- Only a person who passed their curtain (the *holder*) sees a private view without a new
  curtain; the holder is forgotten when anyone else's curtain comes up, after a peek, after a
  decision made in front of everyone, and whenever the table view or news for everyone is on
  screen (``TABLE_VIEWS``: bots playing, a public decision, a hand's or a round's end). On resume
  nobody holds the keyboard, so the curtain comes first.
- With one person at this screen there is no curtain: the screen always shows their view.
- A peek, the chooser, the curtain and an interlude halt the game: no bot moves, nobody acts, and
  nothing done during them acts in the game (``actor`` is None, ``undo_seat`` refuses).
- Whenever the screen's *owner* (whose view, or who decides on the table view) changes,
  ``owner_epoch`` grows: the screen then forgets everything it kept for the previous owner.

Taking a move back (``undo_seat``): from one's own view, one's own last move; on the table view,
the last move made there in front of everyone (``public_mover``: This is Mine!'s claims and
answers), by whoever made it, while the rules allow it. A private view or a curtain for a private
turn forgets the public mover; a peek does not (it changes nothing in the game).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol


class Mode(str, Enum):
    TABLE = "table"
    BOTS = "bots"
    WAITING = "waiting"
    CURTAIN = "curtain"
    PRIVATE = "private"
    CHOOSING = "choosing"
    PEEK = "peek"
    INTERLUDE = "interlude"
    RESULTS = "results"


#: States in which a person at this screen is asked something outside the game (the game waits).
HALTING = frozenset({Mode.CURTAIN, Mode.CHOOSING, Mode.PEEK, Mode.INTERLUDE})

#: States that show what the whole table may see (with more than one person at the screen): the
#: keyboard's holder is forgotten on reaching one.
TABLE_VIEWS = frozenset({Mode.TABLE, Mode.BOTS, Mode.WAITING, Mode.INTERLUDE})


class Refused(Exception):
    """A transition that is not allowed in the current state; ``str()`` says why, for players."""


@dataclass(frozen=True)
class State:
    mode: Mode
    seat: int | None = None  # CURTAIN, PRIVATE, PEEK: whose; TABLE: who decides in public
    peek: bool = False  # CURTAIN: raised for a peek
    back: "State | None" = field(default=None, compare=False)  # where CHOOSING / a peek return

    def __str__(self) -> str:
        parts = [self.mode.value]
        if self.seat is not None:
            parts.append(str(self.seat))
        if self.peek:
            parts.append("peek")
        return ":".join(parts)


class Game(Protocol):
    """What the flow needs to know about the game (GameSession provides it)."""

    def is_over(self) -> bool: ...
    def bots_to_act(self) -> list[int]: ...
    def people_to_act(self) -> list[int]: ...  # human seats to act now, in order (any screen)
    def is_private(self, seat: int) -> bool: ...  # seat's decision needs their own view


class Flow:
    """The state machine of one screen's game. ``people``: the seats of the people at this
    screen (every human seat in hot seat; this screen's seats in a shared game)."""

    #: a private view that leaves the screen takes the board's widgets with it (not in a replay,
    #: where every hand is open)
    private_views = True

    def __init__(self, game: Game, people: list[int]) -> None:
        self.game = game
        self.people = list(people)
        self.holder: int | None = self.people[0] if self.solo else None
        self.interludes: list[Any] = []
        self.owner_epoch = 0
        self.public_mover: int | None = None  # who made the last move on the table view
        self.state = State(Mode.TABLE)
        self._owner = self.owner
        self.settle()

    # -- what the state means ------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        """One person at this screen: their view is always on screen, no curtain."""
        return len(self.people) == 1

    @property
    def viewer(self) -> int | None:
        """Whose view the board shows: the only person's, or the seat of a private view or a
        peek; None for the table view (what the whole table may know)."""
        if self.solo:
            return self.people[0]
        if self.state.mode in (Mode.PRIVATE, Mode.PEEK):
            return self.state.seat
        return None

    @property
    def actor(self) -> int | None:
        """The person who may act on the screen now, or None."""
        mode = self.state.mode
        if mode in HALTING or mode is Mode.RESULTS:
            return None
        if mode in (Mode.PRIVATE, Mode.TABLE):
            return self.state.seat
        if self.solo and self.people[0] in self.game.people_to_act():
            return self.people[0]  # in a phase that bots play at the same time
        return None

    @property
    def owner(self) -> tuple:
        """Whose the screen is: the viewer's, or on the table view the public decider's."""
        viewer = self.viewer
        return ("view", viewer) if viewer is not None else ("table", self.actor)

    @property
    def halted(self) -> bool:
        """The game waits for someone at this screen (a curtain, a peek, an interlude...)."""
        return self.state.mode in HALTING

    def bots_may_act(self) -> bool:
        return self.state.mode is Mode.BOTS

    def undo_seat(self) -> int:
        """The person who may take back their last move now: the one whose own view is on
        screen for their decision; on the table view, whoever made the last move there in
        front of everyone (never from a peek or the curtain)."""
        mode = self.state.mode
        if mode is Mode.PEEK:
            raise Refused("A peek only shows your cards: take moves back on your own turn.")
        if mode in HALTING or mode is Mode.RESULTS:
            raise Refused("Take back a move while your own view is on screen, before the "
                          "next player.")
        viewer = self.viewer
        if viewer is not None:
            return viewer
        if self.public_mover is not None:
            return self.public_mover
        raise Refused("No move has been made in front of everyone since the last private turn "
                      "(or since the game was opened): nothing to take back here.")

    # -- the rule for what comes next ------------------------------------------------------------
    def _next(self) -> State:
        """Where the game leads, from the game alone and who holds the keyboard."""
        game = self.game
        if self.interludes:
            return State(Mode.INTERLUDE)
        if game.is_over():
            return State(Mode.RESULTS)
        if game.bots_to_act():
            return State(Mode.BOTS)
        acting = game.people_to_act()
        here = [s for s in acting if s in self.people]
        if not here:
            return State(Mode.WAITING) if acting else State(Mode.TABLE)
        seat = here[0]
        if not game.is_private(seat):
            return State(Mode.TABLE, seat)  # in front of everyone: no curtain
        if self.solo or seat == self.holder:
            return State(Mode.PRIVATE, seat)
        return State(Mode.CURTAIN, seat)

    def _go(self, state: State) -> State:
        if state.mode is Mode.CURTAIN and state.seat != self.holder:
            self.holder = None  # someone else is called to the keyboard
        if state.mode in TABLE_VIEWS and not self.solo:
            # the table view (or news for everyone) is on screen: anyone may have taken the
            # keyboard since, so the next private view comes behind its curtain, even for the
            # person who held it last (a new hand dealt to whoever played the last card)
            self.holder = None
        if state.mode is Mode.PRIVATE or (state.mode is Mode.CURTAIN and not state.peek):
            self.public_mover = None  # a private turn: the public move before it stands
        self.state = state
        owner = self.owner
        if owner != self._owner:
            self._owner = owner
            self.owner_epoch += 1
        return state

    def settle(self) -> State:
        """After the game changed (a move, a bot's move, another screen's move, a take-back):
        go where it leads, unless the screen is waiting for a person (curtain, chooser, peek,
        interlude); a curtain whose person no longer has a private decision comes down."""
        mode = self.state.mode
        if mode in (Mode.CHOOSING, Mode.PEEK, Mode.INTERLUDE):
            return self.state
        if mode is Mode.CURTAIN:
            nxt = self._next()
            if self.state.peek or nxt == self.state:
                return self.state
            return self._go(nxt)
        return self._go(self._next())

    # -- transitions a person makes --------------------------------------------------------------
    def pass_curtain(self) -> State:
        """Enter on the curtain: the person named is at the keyboard (their turn, or a peek)."""
        state = self.state
        if state.mode is not Mode.CURTAIN:
            raise Refused("There is no curtain to pass.")
        self.holder = state.seat
        if state.peek:
            return self._go(State(Mode.PEEK, state.seat, back=state.back))
        return self._go(self._next())

    def ask_peek(self) -> State:
        """Somebody wants to look at their own cards: ask who (from the table view, while bots
        play, while others play elsewhere, or on the curtain of someone's turn)."""
        state = self.state
        if self.solo:
            raise Refused("Your hand is already on screen.")
        if self.game.is_over() or state.mode is Mode.RESULTS:
            raise Refused("The game is over: every hand is open.")
        if state.mode is Mode.PEEK:
            return self.end_peek()
        if state.mode is Mode.PRIVATE:
            raise Refused("Your hand is already on screen.")
        if state.mode in (Mode.CHOOSING, Mode.INTERLUDE) or (state.mode is Mode.CURTAIN
                                                             and state.peek):
            raise Refused("Finish what is on screen first.")
        return self._go(State(Mode.CHOOSING, back=state))

    def choose_peeker(self, seat: int | None) -> State:
        """The chooser's answer: the person who peeks (their own curtain comes first), or None
        (nobody: back to where we were). Choosing the person whose turn's curtain was up is
        simply passing back to that curtain."""
        state = self.state
        if state.mode is not Mode.CHOOSING:
            raise Refused("Nobody was asked who wants to peek.")
        back = state.back or State(Mode.TABLE)
        if seat is None or (back.mode is Mode.CURTAIN and back.seat == seat):
            self._go(back)
            return self.settle()
        if seat not in self.people:
            raise Refused("Only the people at this screen can peek here.")
        return self._go(State(Mode.CURTAIN, seat, peek=True, back=back))

    def end_peek(self) -> State:
        """The peek is over (p, or Esc): back to the state it interrupted. Whoever holds the
        keyboard now is unknown, so the next private view comes behind a curtain."""
        state = self.state
        if state.mode is Mode.CURTAIN and state.peek:
            back = state.back  # the peeker's curtain, left without peeking
        elif state.mode is Mode.PEEK:
            back = state.back
        else:
            raise Refused("Nobody is peeking.")
        self.holder = None
        self._go(back if back is not None else State(Mode.TABLE))
        return self.settle()

    def hide(self) -> State:
        """The person whose view is on screen steps away: their curtain comes up again."""
        state = self.state
        if self.solo or state.mode is not Mode.PRIVATE:
            raise Refused("No hand is on screen.")
        self.holder = None
        return self._go(State(Mode.CURTAIN, state.seat))

    def move_made(self, public: bool) -> State:
        """A person at this screen made a move. One made in front of everyone forgets who holds
        the keyboard."""
        if self.state.mode in HALTING:
            raise Refused("Nothing can be played now.")
        # who made it, when on the table view (the flow's state is still the one it was made in)
        self.public_mover = self.state.seat if public and self.state.mode is Mode.TABLE \
            else None
        if public and not self.solo:
            self.holder = None
        return self.settle()

    # -- interludes ------------------------------------------------------------------------------
    def add_interlude(self, item: Any) -> None:
        """News for everyone (shown when the screen is free: not over a peek or a curtain)."""
        self.interludes.append(item)
        if self.state.mode not in HALTING:
            self._go(State(Mode.INTERLUDE))

    def interlude_done(self) -> State:
        if self.state.mode is not Mode.INTERLUDE or not self.interludes:
            raise Refused("No news is on screen.")
        self.interludes.pop(0)
        if self.interludes:
            return self.state
        return self._go(self._next())

    def current_interlude(self) -> Any:
        return self.interludes[0] if self.state.mode is Mode.INTERLUDE and self.interludes \
            else None

    def describe(self) -> str:
        """One line for logs and test failures."""
        return f"{self.state} holder={self.holder} viewer={self.viewer} actor={self.actor}"



class ReplayFlow(Flow):
    """A finished game seen again: the board shows the seat chosen (every hand is open), nobody
    acts, nothing moves on by itself."""

    private_views = False

    def __init__(self, seat_of) -> None:
        self._seat_of = seat_of
        self.people = []
        self.holder = None
        self.public_mover = None
        self.interludes = []
        self.owner_epoch = 0
        self.state = State(Mode.TABLE)
        self._owner = self.owner

    @property
    def viewer(self) -> int | None:
        return self._seat_of()

    @property
    def actor(self) -> int | None:
        return None

    def settle(self) -> State:
        return self.state
