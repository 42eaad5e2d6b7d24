"""The contract every game's rules object follows.

Nothing in ``allmine_tui.engine`` may import Textual or Rich: the rules layer is plain Python,
deterministic from a seed, and serializable to JSON.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


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


class Rules:
    """Base class for a game's rules. Subclasses implement every method; state objects are
    game-specific but must provide ``to_json()`` and be rebuilt by ``state_from_json``."""

    info: GameInfo

    def new_state(self, n_players: int, options: dict[str, str], seed: int | str) -> Any:
        raise NotImplementedError

    def opening_events(self, state: Any) -> list[Event]:
        """Log lines for what happens as a new game is set up (e.g. the first cards revealed)."""
        return []

    def to_act(self, state: Any) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def result(self, state: Any) -> Result:
        raise NotImplementedError

    def state_to_json(self, state: Any) -> dict:
        return state.to_json()

    def state_from_json(self, data: dict) -> Any:
        raise NotImplementedError

    def describe_action(self, action: Action) -> str:
        return " ".join(str(a) for a in action.to_json())

    def progress(self, state: Any) -> str:
        """Short text such as 'hand 2/3, trick 7' for save listings."""
        return ""

    def can_undo(self, before: Any, seat: int, action: Action, after: Any) -> bool:
        """Whether ``seat`` may take back ``action``, which took the game from ``before`` to
        ``after`` (it is the seat's last action; the Match checks that the seat is a human's and
        that nobody who acted since could tell, see ``engine.undo``). True only when the action
        revealed nothing: no card drawn or turned over, no other seat's secret choice resolved,
        no random outcome. Games that allow no undo keep this default."""
        return False

    def undo_with_previous(self, state: Any, seat: int) -> bool:
        """True when ``seat`` is half-way through a move made of several actions (All In: a card
        chosen but not yet written). Taking back the end of such a move takes back its start too,
        so a player never lands in a position the screen would not leave them in."""
        return False

    def private_seats(self, state: Any, seat: int) -> bool:
        """True when acting for ``seat`` now needs that seat's private information on screen."""
        return True

    def sample_state(self, view: dict, seat: int, rng) -> Any:
        """A whole state that ``seat`` could be in, built from its ``view`` alone.

        ``view`` is ``view(state, seat)``; the result is a new state in which every secret of the
        other seats (their hands, undealt cards, choices made but not yet revealed) is drawn at
        random from ``rng`` among what fits everything the view shows, so that
        ``view(sample_state(v, seat, rng), seat) == v``. The sample also gets a fresh seed from
        ``rng``, so the shuffles still to come are new too. The real state is never consulted:
        a search that plays in sampled states cannot see what its seat may not know.
        """
        raise NotImplementedError

    # For tests: change only what ``viewer`` may not know. Returns a new state.
    def perturb_secrets(self, state: Any, viewer: int | None, rng) -> Any:
        raise NotImplementedError

    def conserved(self, state: Any) -> dict[str, int]:
        """Totals that never change during a game (cards in play, money...), for tests."""
        return {}
