"""The contract every game's rules object follows.

Nothing in ``allmine_tui.engine`` may import Textual or Rich: the rules layer is plain Python,
deterministic from a seed, and serializable to JSON.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar


class IllegalAction(Exception):
    """Raised by ``apply`` when an action is not allowed; the message is meant for a player."""


class Action(NamedTuple):
    """A small frozen move: a kind ("play", "predict", ...) and its arguments.

    Arguments are plain JSON values (ints and strings), so an action round-trips exactly.
    """

    kind: str
    args: tuple = ()

    def to_json(self) -> list:
        return [self.kind, *self.args]

    @staticmethod
    def from_json(data: list) -> "Action":
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise ValueError(f"not an action: {data!r}")
        return Action(data[0], tuple(data[1:]))


@dataclass(frozen=True)
class OptionSpec:
    """One game option offered on the setup screen and on the command line (``--option key=value``)."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str = ""
    minutes: str = ""
    options: tuple[OptionSpec, ...] = ()

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {n}."
            )

    def resolve_options(self, given: dict[str, str] | None) -> dict[str, str]:
        """Fill in defaults and reject unknown keys or values with a clear message."""
        given = dict(given or {})
        out: dict[str, str] = {}
        known = {o.key: o for o in self.options}
        for key in given:
            if key not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"{self.title} has no option '{key}' (options: {names}).")
        for opt in self.options:
            value = str(given.get(opt.key, opt.default))
            if value not in opt.choices:
                raise ValueError(
                    f"Option '{opt.key}' must be one of {', '.join(opt.choices)}, not '{value}'."
                )
            out[opt.key] = value
        return out


@dataclass
class Event:
    """A line for the log. ``private`` maps a seat to extra text only that seat may read."""

    text: str
    kind: str = "info"
    private: dict[int, str] = field(default_factory=dict)

    def text_for(self, seat: int | None) -> str:
        if seat is not None and seat in self.private:
            return f"{self.text} {self.private[seat]}".strip()
        return self.text


@dataclass
class Result:
    """Final outcome: totals, winners (several on a shared win) and a score table.

    ``table`` rows are ``(label, [value per seat])``; the last row is usually the total.
    """

    scores: list[int]
    winners: list[int]
    table: list[tuple[str, list[Any]]]
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "scores": self.scores,
            "winners": self.winners,
            "table": [[label, values] for label, values in self.table],
            "notes": self.notes,
        }


S = TypeVar("S")  # a game's state class
V = TypeVar("V")  # a game's view (a TypedDict declared in the game's package)


class Rules(Generic[S, V]):
    """The rules of one game: pure functions of a state, which the rules object never keeps.

    A state is the game's own object (a ``JsonState`` dataclass in every game here): everything
    about a game in progress, secrets included. Only the rules change it, only through ``apply``,
    and it round-trips through JSON exactly (``state_to_json`` / ``state_from_json``). The UI
    and the bots never see a state, only views of it (``view``).

    Every method is deterministic: all chance comes from the seed given to ``new_state`` (see
    ``engine.rng.stream``), so the same seed and the same actions always give the same state.
    The tests hold every game to this contract (tests/test_conformance.py); the hooks they use
    to do so are not part of it (see ``engine.probes``).
    """

    info: GameInfo

    # -- a new game -------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed: int | str) -> S:
        """A game about to start: ``n_players`` seats (within ``info``'s range), ``options``
        (``info.resolve_options`` has filled in the defaults) and the cards dealt from ``seed``.
        Raises ``ValueError`` with a sentence for a player on a bad count or option."""
        raise NotImplementedError

    def opening_events(self, state: S) -> list[Event]:
        """Log lines for what happens as a new game is set up (e.g. the first cards revealed)."""
        return []

    # -- whose move, and which moves ---------------------------------------------------------------
    def to_act(self, state: S) -> list[int]:
        """The seats that must act now, in seat order; empty when (and only when) the game is
        over. Several seats means a simultaneous decision: each acts in any order, and each
        choice stays secret (out of every other seat's view and of the table view) until the
        last one is in, when they are revealed together."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, without duplicates, in an order that depends only
        on the state (bots and tests rely on it). Empty for a seat that is not in ``to_act``."""
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Make ``seat``'s ``action``, changing ``state`` in place; returns the log lines it
        causes (public text, plus private notes for the seats that may read more).

        The action is checked first: one that is not in ``legal_actions(state, seat)`` (a seat
        that is not to act, a move of another phase, a malformed value) raises ``IllegalAction``
        with a sentence a player understands, and then the state is exactly as it was. Nothing
        is changed before the check has passed."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    # -- what a seat may know -----------------------------------------------------------------------
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know now, as plain JSON data (dicts, lists, strings, numbers,
        booleans, None): the game's view TypedDict. ``seat=None`` is the table view: what every
        player may know, shown when several people look at one screen.

        Secrets are removed here and nowhere else: other seats' hands, undealt cards, and choices
        made in a simultaneous decision but not yet revealed (a view may say *that* a seat has
        chosen, never *what*). The view hides exactly that: changing only what ``seat`` may not
        know leaves its view equal (``engine.probes`` and the conformance test check it), and
        nothing ``seat`` may know is left out, for the screens and bots have only the view."""
        raise NotImplementedError

    def result(self, state: S) -> Result:
        """The final scores, the winners (several on a shared win, as the game's rulings say)
        and a per-player breakdown. Only called once ``is_over``."""
        raise NotImplementedError

    # -- saving --------------------------------------------------------------------------------------
    def state_to_json(self, state: S) -> dict:
        return state.to_json()  # type: ignore[attr-defined]

    def state_from_json(self, data: dict) -> S:
        raise NotImplementedError

    # -- words for people ----------------------------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        return " ".join(str(a) for a in action.to_json())

    def progress(self, state: S) -> str:
        """Short text such as 'hand 2/3, trick 7' for save listings."""
        return ""

    # -- taking a move back --------------------------------------------------------------------------
    def can_undo(self, before: S, seat: int, action: Action, after: S) -> bool:
        """Whether ``seat`` may take back ``action``, which took the game from ``before`` to
        ``after`` (it is the seat's last action; the Match checks that the seat is a human's and
        that nobody who acted since could tell, see ``engine.undo``). True only when the action
        revealed nothing: no card drawn or turned over, no other seat's secret choice resolved,
        no random outcome. Games that allow no undo keep this default."""
        return False

    def undo_with_previous(self, state: S, seat: int) -> bool:
        """True when ``seat`` is half-way through a move made of several actions (All In: a card
        chosen but not yet written). Taking back the end of such a move takes back its start too,
        so a player never lands in a position the screen would not leave them in."""
        return False

    # -- for the screen and the bots -----------------------------------------------------------------
    def private_seats(self, state: S, seat: int) -> bool:
        """True when acting for ``seat`` now needs that seat's private information on screen."""
        return True

    def sample_state(self, view: V, seat: int, rng) -> S:
        """A whole state that ``seat`` could be in, built from its ``view`` alone.

        ``view`` is ``view(state, seat)``; the result is a new state in which every secret of the
        other seats (their hands, undealt cards, choices made but not yet revealed) is drawn at
        random from ``rng`` among what fits everything the view shows, so that
        ``view(sample_state(v, seat, rng), seat) == v``. The sample also gets a fresh seed from
        ``rng``, so the shuffles still to come are new too. The real state is never consulted:
        a search that plays in sampled states cannot see what its seat may not know.
        """
        raise NotImplementedError
