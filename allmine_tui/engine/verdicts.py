"""The review's verdicts: what one judged decision holds (``Judgement``), the whole review of a
game (``Review``) with its JSON form, when a decision is costly, and the verdict in words.

When a decision is costly. Two figures judge it, both from the playouts of the move made and of
the expert's choice in the same worlds (``engine.review.judge``):

- ``loss``, the chance to win lost: the expert's choice's chance minus the move made's. 10
  points of chance or more (``COSTLY``) is costly.
- ``points_lost``, the points lost against the table: the seat's score minus the mean of the
  other seats' scores (at the game's end; where a playout stopped earlier, each seat's worth in
  the plan's own measure, ``Plan.worth``), the expert's choice's mean minus the move made's. A
  fifth (``COSTLY_SHARE``) of the game's ``scale`` or more is costly.

The chance alone cannot rank weak play: once a seat is far behind (or far ahead) every move
leaves its chance at about 0 (or 1), and no move loses ten points of it, however bad. Points
still tell a move that gives them away from one that does not, so a weak seat out of the
running keeps getting marks. They are counted against the mean of the others rather than
against the best of them (the margin the hints show): a seat far behind moves its lead over the
leader only through the leader, while what it does to itself and to the rest of the table shows
in its standing against all of them.

``scale`` is the game's typical score spread: the standard deviation of a seat's final score in
games of three ``normal`` bots (``SCORE_SPREAD``, measured with ``tools/measure_review.py
--spread``), so a costly move is one that gives away a fifth of what usually separates a good
game from a poor one (All Mine! 2.1 points, All In 2.0, Mine, All Mine! 1.1, Mine All Mines
1.2, This is Mine! 1.7). A game not measured there uses its plan's ``margin_scale``. A decision's
``cost`` puts both figures on one footing (1 or more: costly); the costliest decisions of a
person are those of the highest costs. ``margin_loss`` (the margin lost, as the hints count a
margin) is kept and shown, but does not make a decision costly.

Pure, like the rest of the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .contract import Action

#: the review's format: a review of another version is computed again (2: points lost count)
VERSION = 2
FORMAT = "allmine-review"
#: a decision that costs this much chance to win (0.10: 10 points) or more is marked costly
COSTLY = 0.10
#: ... and so is one that loses this share of the game's scale in points against the table
COSTLY_SHARE = 0.2
#: per game, the standard deviation of a seat's final score in games of three normal bots (the
#: review's scale; tools/measure_review.py --spread measures it)
SCORE_SPREAD: dict[str, float] = {
    "all-mine": 10.5, "all-in": 10.1, "mine-all-mine": 5.5, "mine-all-mines": 6.2,
    "this-is-mine": 8.5,
}


def costly_rule() -> str:
    """The rule in words, for the commands' footnotes."""
    return ("costly: 10 points of chance or more lost, or a fifth of the game's usual score "
            "spread lost in points against the table")


@dataclass(frozen=True)
class Judgement:
    """The expert's verdict on one decision of ``seat``.

    ``position``: the replay position where the person had to decide (the state before the
    move); ``indices``: the log entries of the move made (position ``indices[-1] + 1`` follows
    it). ``chance_best`` / ``chance_made``: the share of playouts won with the expert's choice
    and with the move made, in the worlds both were played in (``playouts`` of them each);
    ``margin_*`` the mean final margins there (points; None when the plan cannot tell);
    ``loss`` = chance_best - chance_made; ``margin_loss`` = margin_best - margin_made (None
    when a margin is missing); ``points_lost``: the points against the table lost (see the
    module's docstring; None when the plan cannot tell); ``scale`` the game's score spread;
    ``costly`` when ``cost`` >= 1; ``added``: the move made was not among the expert's own
    candidates (it was added to be judged)."""

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
    points_lost: float | None = None
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
        """The chance lost against ``COSTLY``, or the points lost against ``COSTLY_SHARE`` of
        ``scale``, whichever is more: 1 or more is costly, 0 or less lost nothing."""
        return cost_of(self.loss, self.points_lost, self.scale)

    def to_json(self) -> dict:
        return {"seat": self.seat, "position": self.position, "indices": list(self.indices),
                "made": [a.to_json() for a in self.made], "made_text": self.made_text,
                "best": [a.to_json() for a in self.best], "best_text": self.best_text,
                "chance_made": round(self.chance_made, 4),
                "chance_best": round(self.chance_best, 4),
                "margin_made": _round(self.margin_made), "margin_best": _round(self.margin_best),
                "playouts": self.playouts, "loss": round(self.loss, 4),
                "margin_loss": _round(self.margin_loss),
                "points_lost": _round(self.points_lost), "scale": _round(self.scale),
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
            margin_loss=_opt_num(data, "margin_loss"), points_lost=_opt_num(data, "points_lost"),
            scale=scale)


def cost_of(loss: float, points_lost: float | None, scale: float | None) -> float:
    cost = loss / COSTLY
    if points_lost is not None and scale:
        cost = max(cost, points_lost / (COSTLY_SHARE * scale))
    return cost


def is_costly(loss: float, points_lost: float | None, scale: float | None) -> bool:
    return cost_of(loss, points_lost, scale) >= 1 - 1e-9


# -- in words ----------------------------------------------------------------------------------------
def _figures(chance: float, margin: float | None, to_win: bool) -> str:
    text = f"{chance:.0%}" + (" to win" if to_win else "")
    return text if margin is None else f"{text}, margin {margin:+.1f}"


def verdict(j: Judgement) -> str:
    """The verdict on one decision, as the results screen, the replay and ``allmine replay``
    word it: the move made with its chance to win (and mean margin), then, when the coach would
    have played another, that move with its own, and a mark when it was costly, saying by what
    (``costly_mark``)."""
    text, mark = verdict_parts(j)
    return f"{text} {mark}" if mark else text


def verdict_parts(j: Judgement) -> tuple[str, str]:
    """``verdict`` as (the moves and their figures, the costly mark or "")."""
    made = _figures(j.chance_made, j.margin_made, True)
    if j.same:
        return f"{j.made_text}, the coach's choice ({made})", ""
    return (f"{j.made_text} ({made}) · the coach: {j.best_text} "
            f"({_figures(j.chance_best, j.margin_best, False)})", costly_mark(j))


def costly_mark(j: Judgement) -> str:
    """'▼ costly (12 points of chance)' or '▼ costly (3.5 points)', by whichever figure made it
    costly (the chance when both did); "" for a decision that is not costly."""
    if not j.costly:
        return ""
    if j.loss >= COSTLY - 1e-9 or j.points_lost is None:
        return f"▼ costly ({j.loss * 100:.0f} points of chance)"
    return f"▼ costly ({j.points_lost:.1f} points)"


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
        lost some chance or points), for the results screen: each has its replay
        ``position``."""
        lost = [j for j in self.of_seat(seat) if j.cost > 0]
        return sorted(lost, key=lambda j: (-j.cost, j.position))[:n]

    def summary(self, seat: int) -> dict:
        """Per person: decisions judged, the expert's choice made, costly ones, chance and
        points lost."""
        mine = self.of_seat(seat)
        return {"seat": seat, "name": self.seats[seat], "decisions": len(mine),
                "same": sum(j.same for j in mine), "costly": sum(j.costly for j in mine),
                "chance_lost": round(sum(max(0.0, j.loss) for j in mine), 4),
                "points_lost": round(sum(max(0.0, j.points_lost or 0.0) for j in mine), 3)}

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": self.version, "game": self.game, "key": self.key,
                "seats": list(self.seats), "humans": list(self.humans), "costly": COSTLY,
                "costly_share": round(COSTLY_SHARE, 4),
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
