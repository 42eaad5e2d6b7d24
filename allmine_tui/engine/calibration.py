"""How far the coach's chances to win can be trusted, and the correction that makes them honest.

The search's raw chance of a move is the share of its playouts won in worlds drawn from the
seat's view, with every seat played by the ``normal`` bot after the move. Real games are played
on by other people (or the expert), and the sampled worlds are not exactly the ones a real game
reaches, so the raw figure says too much or too little. Here it is mapped through a curve fitted
per game from self-play: games whose every decision was the coach's own first move (the expert
at a hint's budget, at every seat), each hint's raw chance of its first move paired with whether
that seat went on to win (``selfplay``). The curve is an isotonic fit (the win rate never falls
as the raw chance rises; ``fit``), shrunk a little towards the base rate where it rests on few
hints, or a logistic one in the raw chance's log-odds (``fit_logistic``), whichever does better
on games it was not fitted on. So a calibrated chance says: against opponents who play like the
expert, a seat told this figure won about this share of its games.

The curves live in ``assets/<game>/coach-calibration.json`` (written by ``tools/calibrate.py``,
read by ``load``); a game without one shows its raw chances. The self-play records are kept
beside it (``assets/<game>/coach-selfplay.jsonl``), and ``allmine bench`` scores the curve's
claims on games it was not fitted on: three folds, each scored by a curve fitted on the other
two (``crossfit``). Pure Python, no Textual.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..paths import asset

CURVE_FILE = "coach-calibration.json"
CHECK_FILE = "coach-selfplay.jsonl"
#: the folds of ``crossfit``
FOLDS = 3
#: a game's modules that never change a chance (its screens, texts and test hooks)
NOT_IN_CHANCES = {"screen", "widgets", "tutorial", "probes", "texts", "panels", "sheet_widget",
                  "history", "table_input", "labels", "__init__"}
#: the weight of the base rate in each block of the fitted curve (in hints)
PRIOR = 4.0


@dataclass(frozen=True)
class Curve:
    """A monotone map from a raw chance to a calibrated one: ``xs`` rising, ``ys`` the win rate
    at each; linear between them, flat beyond the ends."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def __call__(self, raw: float) -> float:
        xs, ys = self.xs, self.ys
        if not xs:
            return raw
        if raw <= xs[0]:
            return ys[0]
        if raw >= xs[-1]:
            return ys[-1]
        i = bisect_right(xs, raw) - 1
        t = (raw - xs[i]) / (xs[i + 1] - xs[i])
        return ys[i] + t * (ys[i + 1] - ys[i])

    def to_json(self) -> dict:
        return {"xs": [round(x, 4) for x in self.xs], "ys": [round(y, 4) for y in self.ys]}


def fit(raw: Sequence[float], won: Sequence[float], base: float) -> Curve:
    """The isotonic (pool adjacent violators) fit of ``won`` on ``raw``; each block's win rate is
    shrunk towards ``base`` by ``PRIOR`` hints, and the blocks become the curve's points (at the
    mean raw chance of each)."""
    groups: dict[float, list[float]] = {}  # raw chance -> [sum of won, count]: ties as one
    for x, y in zip(raw, won):
        group = groups.setdefault(x, [0.0, 0.0])
        group[0] += y
        group[1] += 1
    blocks: list[list[float]] = []  # [sum of raw, sum of won, count]
    for x in sorted(groups):
        sy, n = groups[x]
        blocks.append([x * n, sy, n])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            x2, y2, n2 = blocks.pop()
            blocks[-1][0] += x2
            blocks[-1][1] += y2
            blocks[-1][2] += n2
    xs: list[float] = []
    ys: list[float] = []
    for sx, sy, n in blocks:
        x, y = sx / n, (sy + PRIOR * base) / (n + PRIOR)
        if xs and x <= xs[-1]:  # (rounding): the later block is the higher one
            ys[-1] = max(ys[-1], y)
            continue
        xs.append(x)
        ys.append(max(y, ys[-1]) if ys else y)
    return Curve(tuple(xs), tuple(ys))


# -- the curves the app reads ------------------------------------------------------------------------
@functools.cache
def load(game_id: str) -> Curve | None:
    """The game's fitted curve (None: no file, or a file that cannot be read: raw chances)."""
    try:
        data = json.loads(asset(game_id, CURVE_FILE).read_text())
        xs, ys = tuple(float(x) for x in data["xs"]), tuple(float(y) for y in data["ys"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if len(xs) != len(ys) or any(b <= a for a, b in zip(xs, xs[1:])) \
            or not all(0.0 <= y <= 1.0 for y in ys):
        return None
    return Curve(xs, ys)


def kind_of(game_id: str) -> str:
    """The kind of curve the game's file holds (``KINDS``; isotonic when it does not say)."""
    try:
        kind = json.loads(asset(game_id, CURVE_FILE).read_text())["about"]["kind"]
    except (OSError, ValueError, KeyError, TypeError):
        return KINDS[0]
    return kind if kind in KINDS else KINDS[0]


def calibrated(game_id: str, raw: float | None) -> float | None:
    """``raw`` through the game's curve (unchanged when it has none)."""
    if raw is None:
        return None
    curve = load(game_id)
    return raw if curve is None else min(1.0, max(0.0, curve(raw)))


def fingerprint(game_id: str) -> str:
    """A short hash of the sources the raw chances come from (the engine's search, the game's
    rules, bots, sampler and plans; not its screens): a curve fitted on records with another
    fingerprint may be stale."""
    from ..games import GAMES

    root = Path(__file__).resolve().parent
    package = Path(__import__(type(GAMES[game_id].rules()).__module__, fromlist=["_"]).__file__
                   or "").parent
    digest = hashlib.sha256()
    for path in [root / "search.py", *sorted(package.glob("*.py"))]:
        if path.stem in NOT_IN_CHANCES:
            continue
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:12]


# -- scoring claims -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """One hint of a self-play game: the raw chance of its first move, the calibrated one
    (filled in when scored), whether the seat won, how many players sat."""

    game: str
    index: int  # the self-play game it comes from
    n: int
    seat: int
    raw: float
    won: float
    #: the hint's mean margin and share of playouts that reached the end, and how far into
    #: the game it came (its place among the game's hints, 0 to 1)
    margin: float | None = None
    ended: float = 0.0
    progress: float = 0.0

    def to_json(self) -> dict:
        return {"game": self.game, "index": self.index, "n": self.n, "seat": self.seat,
                "raw": round(self.raw, 4), "won": self.won,
                "margin": None if self.margin is None else round(self.margin, 3),
                "ended": round(self.ended, 3), "progress": round(self.progress, 3)}

    @staticmethod
    def from_json(data: dict) -> "Record":
        margin = data.get("margin")
        return Record(str(data["game"]), int(data["index"]), int(data["n"]), int(data["seat"]),
                      float(data["raw"]), float(data["won"]),
                      None if margin is None else float(margin), float(data.get("ended", 0.0)),
                      float(data.get("progress", 0.0)))


def score(records: Sequence[Record], curve: Curve | None) -> dict[str, Any]:
    """How the claims (``curve`` of the raw chances; raw if None) fare against what happened
    (``score_claims``)."""
    return score_claims(records, [curve(r.raw) if curve is not None else r.raw for r in records])


def fit_logistic(raw: Sequence[float], won: Sequence[float]) -> Curve:
    """A smoother curve for few games: the win rate as a logistic function of the raw chance's
    log-odds (two numbers, fitted by Newton's method with a light pull towards 0), its slope
    kept at 0 or above; drawn as a curve of 41 points."""
    zs = [_logit(x) for x in raw]
    a, b = 1.0, 0.0
    for _ in range(30):
        ga = gb = haa = hab = hbb = 0.0
        for z, y in zip(zs, won):
            p = _sigmoid(a * z + b)
            w = p * (1 - p)
            ga += (p - y) * z
            gb += p - y
            haa += w * z * z
            hab += w * z
            hbb += w
        ga, haa = ga + 0.01 * a, haa + 0.01
        gb, hbb = gb + 0.01 * b, hbb + 0.01
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    a = max(0.0, a)
    xs = tuple(k / 40 for k in range(41))
    return Curve(xs, tuple(_sigmoid(a * _logit(x) + b) for x in xs))


def _logit(x: float) -> float:
    x = min(0.99, max(0.01, x))
    return math.log(x / (1 - x))


def _sigmoid(t: float) -> float:
    return 1 / (1 + math.exp(-max(-40.0, min(40.0, t))))


#: the kinds of curve ``fit_records`` can fit
KINDS = ("isotonic", "logistic")


def fit_records(records: Sequence[Record], kind: str = "isotonic") -> Curve:
    """The curve of ``kind`` fitted on ``records`` (an isotonic one shrunk towards their own
    share of wins)."""
    raw, won = [r.raw for r in records], [r.won for r in records]
    if kind == "logistic":
        return fit_logistic(raw, won)
    return fit(raw, won, sum(won) / len(won))


def crossfit(records: Sequence[Record], folds: int = FOLDS, kind: str = "isotonic"
             ) -> dict[str, Any]:
    """The claims of every record made by a curve fitted without its game: the games are dealt
    into ``folds`` by their index, each fold's claims come from a curve fitted on the others
    (``score_claims`` of them all). So every game counts, and none is scored by a fit it
    shaped."""
    claims: list[float] = []
    kept: list[Record] = []
    for k in range(folds):
        held = [r for r in records if r.index % folds == k]
        rest = [r for r in records if r.index % folds != k]
        if not held or not rest:
            continue
        curve = fit_records(rest, kind)
        kept += held
        claims += [curve(r.raw) for r in held]
    return score_claims(kept, claims)


def score_claims(records: Sequence[Record], claims: Sequence[float]) -> dict[str, Any]:
    """The Brier score of ``claims`` (one per record) against whether each seat won, that of
    always claiming 1/players, their ratio, and per tercile of the claims (lowest third first)
    the mean claim, the share won and the gap between them."""
    if not records:
        return {"hints": 0}
    won = [r.won for r in records]
    brier = sum((c - w) ** 2 for c, w in zip(claims, won)) / len(won)
    constant = sum((1.0 / r.n - w) ** 2 for r, w in zip(records, won)) / len(won)
    order = sorted(range(len(claims)), key=lambda i: (claims[i], i))
    thirds = []
    for k in range(3):
        part = order[k * len(order) // 3:(k + 1) * len(order) // 3]
        if not part:
            continue
        claimed = sum(claims[i] for i in part) / len(part)
        share = sum(won[i] for i in part) / len(part)
        thirds.append({"hints": len(part), "claimed": round(claimed, 3),
                       "won": round(share, 3), "gap": round(claimed - share, 3)})
    return {"hints": len(records), "games": len({r.index for r in records}),
            "brier": round(brier, 4), "constant": round(constant, 4),
            "ratio": round(brier / constant, 3) if constant else None, "terciles": thirds,
            "worst_gap": max((t["gap"] for t in thirds), key=abs) if thirds else None}


def read_records(path: Path) -> list[Record]:
    if not path.is_file():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(Record.from_json(json.loads(line)))
    return out


def header(path: Path) -> dict:
    """The first line of a records file (``# {...}``: what produced it), or {}."""
    if not path.is_file():
        return {}
    with path.open() as f:
        first = f.readline()
    try:
        return json.loads(first[1:]) if first.startswith("#") else {}
    except ValueError:
        return {}


# -- self-play ----------------------------------------------------------------------------------------
def selfplay(game_id: str, n: int, index: int, budget_scale: float = 1.0) -> list[Record]:
    """One game of ``game_id`` for ``n`` seats where every seat plays the coach's first move (a
    hint at the hint's budget, its time cap counted in CPU time so a busy machine changes
    nothing); each searched hint gives a record of its first move's raw chance, labelled with
    whether that seat won (a shared win counts). Deterministic for its arguments."""
    from . import coach
    from .match import Match, Seat
    from ..games import GAMES

    spec = GAMES[game_id]
    bot = "normal" if "normal" in spec.bots() else spec.default_bot
    match = Match(game_id, [Seat(f"S{i}", bot) for i in range(n)], f"calibrate/{index}")
    planned: dict[int, list] = {}
    claims: list[tuple[int, Any]] = []
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        queue = planned.get(seat) or []
        if queue and queue[0] in legal:
            match.apply(seat, queue.pop(0))
            continue
        planned.pop(seat, None)
        if len(legal) == 1:
            match.apply(seat, legal[0])
            continue
        view = match.view(seat)
        budget = coach.scaled(coach.hint_budget(spec, view), budget_scale, coach.HINT_SECONDS)
        found = coach.hint(spec, view, seat, legal, budget=dataclasses.replace(budget,
                                                                               cpu_time=True))
        best = found.best
        if found.searched and best.raw_chance is not None:
            claims.append((seat, best))
        actions = list(best.actions)
        if actions[0] not in legal:
            match.step_bot(seat)
            continue
        match.apply(seat, actions.pop(0))
        planned[seat] = actions
    winners = set(match.rules.result(match.state).winners)
    return [Record(game_id, index, n, seat, best.raw_chance, 1.0 if seat in winners else 0.0,
                   best.margin, best.ended, k / max(1, len(claims) - 1))
            for k, (seat, best) in enumerate(claims)]
