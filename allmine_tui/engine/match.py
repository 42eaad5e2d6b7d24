"""A Match: one game in progress with its seats, seed, options and action log.

The app, the ``simulate`` command and the tests all drive games through a Match. It applies actions,
asks bots for theirs (from their seat's view only), replays its log from the seed, and takes back
a human's last move when the rules allow it. Who looks at the screen, and when the curtain goes
up, is the UI session's business (``ui/session.py``), not the Match's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .contract import Action, Event, IllegalAction, Rules
from .game import Game, resolve
from .rng import stream
from .undo import UndoPlan, copy_state, plan_undo


@dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None = None  # None: a human at the keyboard; else the bot's name ("random", "normal")

    @property
    def human(self) -> bool:
        return self.bot is None

    def to_json(self) -> dict:
        return {"name": self.name, "bot": self.bot}

    @staticmethod
    def from_json(data: dict) -> "Seat":
        name, bot = data.get("name"), data.get("bot")
        if not isinstance(name, str) or not (bot is None or isinstance(bot, str)):
            raise ValueError("a seat needs a name and an optional bot name")
        return Seat(name, bot)

    def label(self) -> str:
        return self.name if self.human else f"{self.name} ({self.bot} bot)"


#: why nothing of a finished game can be taken back
MOVES_STAND = "The game is over: its moves stand."


class Match:
    def __init__(self, game: Game | str, seats: list[Seat], seed: int | str,
                 options: dict[str, str] | None = None, *, _state: Any = None) -> None:
        """A new game of ``game`` (a ``Game``, or a registered game's id) for ``seats``."""
        self.game: Game = resolve(game)
        self.rules: Rules = self.game.rules()
        self.game_id: str = self.game.id
        self.seats = list(seats)
        self.seed = seed
        self.rules.info.check_players(len(self.seats))
        self.options = self.rules.info.resolve_options(options)
        bot_classes = self.game.bots()
        self._bots: dict[int, Any] = {}
        for i, seat in enumerate(self.seats):
            if seat.bot is not None:
                if seat.bot not in bot_classes:
                    raise ValueError(
                        f"No bot named '{seat.bot}' for {self.rules.info.title} "
                        f"(bots: {', '.join(bot_classes)})."
                    )
                self._bots[i] = bot_classes[seat.bot]()
        self.state = _state if _state is not None else self.rules.new_state(
            len(self.seats), self.options, seed)
        self.log: list[tuple[int, Action]] = []
        self.events: list[Event] = [] if _state is not None else \
            list(self.rules.opening_events(self.state))
        self._bot_rng = stream(seed, "bots", 0)
        # For taking moves back: the length of ``events`` before each logged action; the bot RNG
        # state before each action of the human who acted last; and the last plan worked out
        # (``(seat, plan or reason)``, until the log changes).
        self._marks: list[int] = []
        self._rng_marks: dict[int, tuple] = {}
        self._plan: tuple[int, UndoPlan | str] | None = None
        #: the game as it was before the last action of a human (its log index and entry, and a
        #: copy of the state): taking that action back starts from it instead of replaying the
        #: whole log (a move's "u: take back" line asks after every move)
        self._before: tuple[int, tuple, Any] | None = None
        self._keep_before = True
        #: hints the coach showed each seat (``count_hint``); saved, and recorded at the end
        self.hints: list[int] = [0] * len(self.seats)
        #: the table's option: may the people at it ask the coach for hints (saved when off)
        self.hints_allowed = True

    # -- playing -------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return self.rules.to_act(self.state)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a seat's action; on ``IllegalAction`` nothing changes, not even the log."""
        human = seat not in self._bots
        before = copy_state(self.rules, self.state) if human and self._keep_before else None
        events = self.rules.apply(self.state, seat, action)
        entry = (seat, action)
        if before is not None:
            self._before = (len(self.log), entry, before)
        if human:
            if self.log and self.log[-1][0] != seat:
                self._rng_marks.clear()
            self._rng_marks[len(self.log)] = self._bot_rng.getstate()
        self._marks.append(len(self.events))
        self.log.append(entry)
        self.events.extend(events)
        self._plan = None
        return events

    def view(self, seat: int | None) -> dict:
        return self.rules.view(self.state, seat)

    def bot_seats_to_act(self) -> list[int]:
        return [s for s in self.to_act() if s in self._bots]

    def human_seats_to_act(self) -> list[int]:
        return [s for s in self.to_act() if s not in self._bots]

    def bot_choice(self, seat: int) -> Action:
        bot = self._bots[seat]
        legal = self.rules.legal_actions(self.state, seat)
        view = self.rules.view(self.state, seat) if bot.needs_view else None
        action = bot.choose(view, legal, self._bot_rng)
        if action not in legal:
            raise IllegalAction(f"bot {self.seats[seat].bot} chose an illegal action {action}")
        return action

    def step_bot(self, seat: int | None = None) -> list[Event]:
        """Let one bot that must act now play; returns the events of its action."""
        seats = self.bot_seats_to_act()
        if not seats:
            return []
        seat = seats[0] if seat is None else seat
        return self.apply(seat, self.bot_choice(seat))

    def run_bots(self) -> int:
        """Play bot turns until a human must act or the game ends. Returns actions applied."""
        count = 0
        while not self.rules.is_over(self.state):
            seats = self.bot_seats_to_act()
            if not seats:
                break
            self.apply(seats[0], self.bot_choice(seats[0]))
            count += 1
        return count

    # -- taking a move back ----------------------------------------------------------------------
    def state_before(self, index: int):
        """A fresh copy of the game as it was before ``log[index]``, when that is the last action
        of a human and was made here (not replayed); else None."""
        kept = self._before
        if kept is None or kept[0] != index or index >= len(self.log) or \
                self.log[index] is not kept[1]:
            return None
        return copy_state(self.rules, kept[2])

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last move now (one line for a player), or None."""
        plan = self._undo_plan(seat)
        return plan if isinstance(plan, str) else None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last move (with the start of a move made of several actions) by
        replaying the log without it, so everything saved is as if it had never been made.
        Raises ``IllegalAction`` with the reason when it may not. Returns the actions removed."""
        plan = self._undo_plan(seat)
        if isinstance(plan, str):
            raise IllegalAction(plan)
        taken = 0
        while not isinstance(plan, str):
            self._take_back(plan)
            taken += 1
            if not self.rules.undo_with_previous(self.state, seat):
                break
            plan = self._undo_plan(seat)
        self.events.append(Event(f"{{{seat}}} took back a move.", "undo"))
        return taken

    def _undo_plan(self, seat: int):
        """An ``UndoPlan`` for ``seat``'s last action, or the reason it cannot be taken back."""
        if not 0 <= seat < len(self.seats):
            return "There is no such player."
        if seat in self._bots:
            return "Bots never take back their moves."
        if self.is_over():
            return MOVES_STAND
        index = next((i for i in range(len(self.log) - 1, -1, -1) if self.log[i][0] == seat),
                     None)
        if index is None:
            return "You have not made a move yet."
        plan = self._plan
        if plan is None or plan[0] != seat:
            plan = self._plan = (seat, plan_undo(self, seat, index))
        return plan[1]

    def _take_back(self, plan: UndoPlan) -> None:
        i = plan.index
        last = i == len(self.log) - 1
        self.state = plan.state
        del self.log[i]
        start = self._marks[i]
        end = self._marks[i + 1] if not last else len(self.events)
        del self.events[start:end]
        self._marks = self._marks[:i] + [m - (end - start) for m in self._marks[i + 1:]]
        self._before = None  # (what it was kept for is gone, or has moved in the log)
        rng_state = self._rng_marks.pop(i, None)
        self._rng_marks = {k - (k > i): v for k, v in self._rng_marks.items()}
        if last:  # nobody drew from the bots' RNG since: put it back where it was
            if rng_state is not None:
                self._bot_rng.setstate(rng_state)
            else:  # the move was made before this match was loaded: as a fresh load would be
                self._bot_rng = stream(self.seed, "bots", i)
        self._plan = None

    # -- hints -------------------------------------------------------------------------------------
    def count_hint(self, seat: int) -> int:
        """One more hint shown to ``seat``; returns its count so far."""
        if not 0 <= seat < len(self.seats):
            raise ValueError("there is no such player")
        self.hints[seat] += 1
        return self.hints[seat]

    # -- seats ---------------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    # -- persistence ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        data: dict[str, Any] = {
            "game": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "options": self.options,
            "log": [[seat, action.to_json()] for seat, action in self.log],
            "state": self.rules.state_to_json(self.state),
        }
        if any(self.hints):  # optional: saves without it (and older ones) count no hints
            data["hints"] = list(self.hints)
        if not self.hints_allowed:  # optional too: a save without it allows hints
            data["hints_allowed"] = False
        return data

    @classmethod
    def replay(cls, game: Game | str, seats: list[Seat], seed: int | str, options: dict[str, str],
               log: list[tuple[int, Action]]) -> "Match":
        match = cls(game, seats, seed, options)
        match._keep_before = False  # (a copy a human action would be wasted here)
        for seat, action in log:
            match.apply(seat, action)
        match._keep_before = True
        match._bot_rng = stream(seed, "bots", len(match.log))
        match._rng_marks.clear()  # taken before the RNG above: not this match's
        return match

    @classmethod
    def from_json(cls, data: dict, game: Game | None = None) -> "Match":
        """Rebuild by replaying the log from the seed; the snapshot must match exactly. The game
        is ``game`` if given (its id must be the document's), else the one registered under the
        document's id."""
        if game is not None and game.id != data["game"]:
            raise ValueError(f"this is a save of '{data['game']}', not of '{game.id}'")
        seats = [Seat.from_json(s) for s in data["seats"]]
        log = []
        for entry in data["log"]:
            if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int):
                raise ValueError(f"bad log entry {entry!r}")
            log.append((entry[0], Action.from_json(entry[1])))
        try:
            match = cls.replay(game or data["game"], seats, data["seed"], data.get("options") or {}, log)
        except IllegalAction as exc:
            raise ValueError(f"the move log does not replay: {exc}") from exc
        snapshot = data.get("state")
        if snapshot is not None and match.rules.state_to_json(match.state) != snapshot:
            raise ValueError("the saved position does not match its move log")
        match.hints = read_hints(data.get("hints"), len(seats))
        match.hints_allowed = data.get("hints_allowed") is not False
        return match


def read_hints(value: Any, n: int) -> list[int]:
    """The hint counts of a save's optional "hints" (one count per seat); anything else, or
    nothing, counts none (a bad count never makes a save unreadable)."""
    if isinstance(value, list) and len(value) == n and all(
            type(v) is int and 0 <= v < 10 ** 9 for v in value):
        return list(value)
    return [0] * n
