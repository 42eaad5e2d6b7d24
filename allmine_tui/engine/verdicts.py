"""The review's verdicts: what one judged decision holds (``Judgement``), the whole review of a
game (``Review``) with its JSON form, when a decision is costly, and the verdict in words.

When a decision is costly. Two figures judge it, both from the playouts of the move made and of
the expert's choice in the same worlds (``engine.review.judge``):

- ``loss``, the chance to win lost: the expert's choice's chance minus the move made's. 10
  points of chance or more (``COSTLY``) is costly.
- ``margin_loss``, the margin lost: the expert's choice's mean margin minus the move made's (the
  margin is the seat's score minus the best other score, at the game's end, or its lead in the
  plan's own measure of standing where a playout stopped earlier: see ``engine.coach``).
  ``MARGIN_COSTLY`` times the game's ``scale`` or more is costly.

The chance alone cannot rank weak play: once a seat is far behind (or far ahead) every move
leaves its chance at about 0 (or 1), and no move loses ten points of it, however bad. The margin
still tells a move that gives points away from one that does not, so a weak seat out of the
running keeps getting marks. ``scale`` is the game's measure of a clear lead in points, the one
its search already uses to weigh margins: the plan's ``margin_scale`` (All Mine! 8, This is
Mine! 6, Mine, All Mine! and Mine All Mines 4, All In 10, the search's default). A decision's
``cost`` puts both on one footing (1 or more: costly); the costliest decisions are the highest
costs.

Pure, like the rest of the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .contract import Action

#: the review's format: a review of another version is computed again (2: the margin lost
#: counts too)
VERSION = 2
FORMAT = "allmine-review"
#: a decision that costs this much chance to win (0.10: 10 points) or more is marked costly
COSTLY = 0.10
#: ... and so is one that costs this many times the game's scale of margin (see the docstring)
MARGIN_COSTLY = 0.5


def costly_rule() -> str:
    """The rule in words, for the commands' footnotes."""
    return (f"costly: {COSTLY * 100:.0f} points of chance or more, or a margin lost of "
            f"{MARGIN_COSTLY:g} times the game's scale (a clear lead in points) or more")


@dataclass(frozen=True)
class Judgement:
    """The expert's verdict on one decision of ``seat``.

    ``position``: the replay position where the person had to decide (the state before the
    move); ``indices``: the log entries of the move made (position ``indices[-1] + 1`` follows
    it). ``chance_best`` / ``chance_made``: the share of playouts won with the expert's choice
    and with the move made, in the worlds both were played in (``playouts`` of them each);
    ``margin_*`` the mean final margins there (points; None when the plan cannot tell);
    ``loss`` = chance_best - chance_made; ``margin_loss`` = margin_best - margin_made (None
    when a margin is missing); ``scale`` the game's clear lead in points; ``costly`` when
    ``cost`` >= 1 (see the module's docstring); ``added``: the move made was not among the
    expert's own candidates (it was added to be judged)."""

    seat: int
    position: int
    indices: tuple[int, ...]
    made: tuple[Action, ...]
    made_text: str
    best: tuple[Action, ...]
    best_text: str
    chance_made: float
    chance_best: float
    margin_made: float | None
    margin_best: float | None
    playouts: int
    loss: float
    costly: bool
    added: bool = False
    margin_loss: float | None = None
    scale: float | None = None

    @property
    def same(self) -> bool:
        """The person made the expert's choice."""
        return self.made == self.best

    @property
    def after(self) -> int:
        """The replay position right after the move."""
        return self.indices[-1] + 1

    @property
    def cost(self) -> float:
        """The chance lost against ``COSTLY``, or the margin lost against ``MARGIN_COSTLY``
        times ``scale``, whichever is more: 1 or more is costly, 0 or less lost nothing."""
        return cost_of(self.loss, self.margin_loss, self.scale)

    def to_json(self) -> dict:
        return {"seat": self.seat, "position": self.position, "indices": list(self.indices),
                "made": [a.to_json() for a in self.made], "made_text": self.made_text,
                "best": [a.to_json() for a in self.best], "best_text": self.best_text,
                "chance_made": round(self.chance_made, 4),
                "chance_best": round(self.chance_best, 4),
                "margin_made": _round(self.margin_made), "margin_best": _round(self.margin_best),
                "playouts": self.playouts, "loss": round(self.loss, 4),
                "margin_loss": _round(self.margin_loss), "scale": _round(self.scale),
                "costly": self.costly, "added": self.added}

    @staticmethod
    def from_json(data: Any) -> "Judgement":
        """ValueError for anything but what ``to_json`` writes."""
        if not isinstance(data, dict):
            raise ValueError("a judgement is not an object")
        indices = data.get("indices")
        if not isinstance(indices, list) or not indices or \
                not all(_is_int(i) and i >= 0 for i in indices):
            raise ValueError("a judgement's moves are malformed")
        scale = _opt_num(data, "scale")
        if scale is not None and scale <= 0:
            raise ValueError("'scale' is not a scale")
        return Judgement(
            seat=_int(data, "seat"), position=_int(data, "position"), indices=tuple(indices),
            made=_actions(data.get("made")), made_text=_str(data, "made_text"),
            best=_actions(data.get("best")), best_text=_str(data, "best_text"),
            chance_made=_chance(data, "chance_made"), chance_best=_chance(data, "chance_best"),
            margin_made=_opt_num(data, "margin_made"), margin_best=_opt_num(data, "margin_best"),
            playouts=_int(data, "playouts"), loss=_num(data, "loss"),
            costly=_bool(data, "costly"), added=_bool(data, "added"),
            margin_loss=_opt_num(data, "margin_loss"), scale=scale)


def cost_of(loss: float, margin_loss: float | None, scale: float | None) -> float:
    cost = loss / COSTLY
    if margin_loss is not None and scale:
        cost = max(cost, margin_loss / (MARGIN_COSTLY * scale))
    return cost


def is_costly(loss: float, margin_loss: float | None, scale: float | None) -> bool:
    return cost_of(loss, margin_loss, scale) >= 1 - 1e-9


# -- in words ----------------------------------------------------------------------------------------
def _figures(chance: float, margin: float | None, to_win: bool) -> str:
    text = f"{chance:.0%}" + (" to win" if to_win else "")
    return text if margin is None else f"{text}, margin {margin:+.1f}"


def verdict(j: Judgement) -> str:
    """The verdict on one decision, as the results screen, the replay and ``allmine replay``
    word it: the move made with its chance to win (and mean margin), then, when the coach would
    have played another, that move with its own, and a mark when it was costly."""
    made = _figures(j.chance_made, j.margin_made, True)
    if j.same:
        return f"{j.made_text}, the coach's choice ({made})"
    mark = " ▼ costly" if j.costly else ""
    return (f"{j.made_text} ({made}) · the coach: {j.best_text} "
            f"({_figures(j.chance_best, j.margin_best, False)}){mark}")


@dataclass
class Review:
    """Every judged decision of a finished game, in the order they were made.

    ``key`` is the game's ``match_key``: a review only fits the game it was made of."""

    game: str
    key: str
    seats: list[str]
    humans: list[int]
    judgements: list[Judgement] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    version: int = VERSION

    def at(self, position: int) -> Judgement | None:
        """The decision a person faced at this replay position (its move is log entry
        ``position``), or None."""
        return next((j for j in self.judgements if j.position == position), None)

    def of_action(self, index: int) -> Judgement | None:
        """The decision that log entry ``index`` was part of (the replay shows that move at
        position ``index + 1``), or None."""
        return next((j for j in self.judgements if index in j.indices), None)

    def of_seat(self, seat: int) -> list[Judgement]:
        return [j for j in self.judgements if j.seat == seat]

    def costliest(self, seat: int, n: int = 3) -> list[Judgement]:
        """``seat``'s ``n`` costliest decisions (the highest ``cost`` first; only those that
        lost some chance or margin), for the results screen: each has its replay
        ``position``."""
        lost = [j for j in self.of_seat(seat) if j.cost > 0]
        return sorted(lost, key=lambda j: (-j.cost, j.position))[:n]

    def summary(self, seat: int) -> dict:
        """Per person: decisions judged, the expert's choice made, costly ones, chance and
        margin lost."""
        mine = self.of_seat(seat)
        return {"seat": seat, "name": self.seats[seat], "decisions": len(mine),
                "same": sum(j.same for j in mine), "costly": sum(j.costly for j in mine),
                "chance_lost": round(sum(max(0.0, j.loss) for j in mine), 4),
                "margin_lost": round(sum(max(0.0, j.margin_loss or 0.0) for j in mine), 3)}

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": self.version, "game": self.game, "key": self.key,
                "seats": list(self.seats), "humans": list(self.humans), "costly": COSTLY,
                "margin_costly": MARGIN_COSTLY,
                "seconds": round(self.seconds, 2), "workers": self.workers,
                "people": [self.summary(s) for s in self.humans],
                "judgements": [j.to_json() for j in self.judgements]}

    @staticmethod
    def from_json(data: Any) -> "Review":
        """ValueError for anything but a review of this version as ``to_json`` writes it."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a review")
        if data.get("version") != VERSION:
            raise ValueError("a review of another version")
        seats, humans, items = data.get("seats"), data.get("humans"), data.get("judgements")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or \
                not isinstance(humans, list) or \
                not all(_is_int(h) and 0 <= h < len(seats) for h in humans) or \
                not isinstance(items, list):
            raise ValueError("a review's seats or judgements are malformed")
        judgements = [Judgement.from_json(j) for j in items]
        if any(j.seat not in humans for j in judgements):
            raise ValueError("a review judges a seat that is not a person")
        return Review(game=_str(data, "game"), key=_str(data, "key"), seats=seats,
                      humans=humans, judgements=judgements, seconds=_num(data, "seconds"),
                      workers=_int(data, "workers"))


# -- reading JSON strictly -------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return type(v) is int


def _int(d: dict, key: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ValueError(f"'{key}' is not a count")
    return v


def _num(d: dict, key: str) -> float:
    v = d.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool) or v != v or abs(v) > 1e9:
        raise ValueError(f"'{key}' is not a number")
    return float(v)


def _opt_num(d: dict, key: str) -> float | None:
    return None if d.get(key) is None else _num(d, key)


def _chance(d: dict, key: str) -> float:
    v = _num(d, key)
    if not 0.0 <= v <= 1.0:
        raise ValueError(f"'{key}' is not a chance")
    return v


def _str(d: dict, key: str) -> str:
    v = d.get(key)
    if not isinstance(v, str):
        raise ValueError(f"'{key}' is not text")
    return v


def _bool(d: dict, key: str) -> bool:
    v = d.get(key)
    if not isinstance(v, bool):
        raise ValueError(f"'{key}' is not true or false")
    return v


def _actions(v: Any) -> tuple[Action, ...]:
    if not isinstance(v, list) or not v:
        raise ValueError("a move is malformed")
    out = []
    for a in v:
        if not isinstance(a, list) or not all(isinstance(x, (str, int)) and
                                              not isinstance(x, bool) for x in a):
            raise ValueError("a move is malformed")
        out.append(Action.from_json(a))
    return tuple(out)


def _round(v: float | None) -> float | None:
    return None if v is None else round(v, 3)
