"""Bot-only games, run as fast as the rules allow: the engine behind ``allmine simulate`` and
``allmine bench``.

Plain Python: no Textual and no Rich here (the command line draws the progress bar and table).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .engine import Match, Seat
from .games import Game

#: A game that has not ended after this many actions is taken to be stuck (a rules bug).
MAX_ACTIONS_PER_GAME = 100_000


class SimulationError(Exception):
    """A bot-only game could not be played to its end; ``str()`` says why."""


def resolve_bots(spec: Game, given: str | None, n_players: int) -> list[str]:
    """The bot name for each seat: one name for every seat, or a comma list with one per seat.

    ``None`` or an empty string means the game's default bot. Raises ``ValueError`` with a
    message for a player on an unknown bot or a list of the wrong length.
    """
    if not given or not given.strip():
        return [spec.default_bot] * n_players
    names = [part.strip() for part in given.split(",")]
    if len(names) == 1:
        names = names * n_players
    elif len(names) != n_players:
        raise ValueError(f"--bots lists {len(names)} bots for {n_players} players; give one "
                         f"name for every seat or exactly one per seat.")
    known = spec.bots()
    for name in names:
        if name not in known:
            raise ValueError(f"No bot named '{name}' for {spec.title} "
                             f"(bots: {', '.join(known)}).")
    return names


def bot_seats(bots: list[str]) -> list[Seat]:
    return [Seat(f"{bot} {i + 1}", bot) for i, bot in enumerate(bots)]


def game_seed(seed: int | str, index: int) -> str:
    """The seed of the ``index``-th game of a run: distinct per game, reproducible from ``seed``."""
    return f"{seed}/{index}"


def play_out(match: Match, max_actions: int = MAX_ACTIONS_PER_GAME) -> int:
    """Play bot turns until the game ends; returns the number of actions applied."""
    count = 0
    while not match.is_over():
        seats = match.bot_seats_to_act()
        if not seats:
            raise SimulationError(f"{match.rules.info.title}: nobody can act but the game is "
                                  f"not over (after {count} actions).")
        match.apply(seats[0], match.bot_choice(seats[0]))
        count += 1
        if count >= max_actions:
            raise SimulationError(f"{match.rules.info.title}: no end after {count} actions.")
    return count


def play_out_timed(match: Match, seat: int, cpu: list[float] | None = None) -> list[float]:
    """Play bot turns until the game ends; returns the wall time of each of ``seat``'s decisions
    (``Match.bot_choice``: legal moves and view included, as in the app). With ``cpu``, the CPU
    time of the same decisions (this thread's, so what an idle core would take) is appended to it."""
    times: list[float] = []
    while not match.is_over():
        s = match.bot_seats_to_act()[0]
        started, cpu_started = time.perf_counter(), time.thread_time()
        action = match.bot_choice(s)
        if s == seat:
            times.append(time.perf_counter() - started)
            if cpu is not None:
                cpu.append(time.thread_time() - cpu_started)
        match.apply(s, action)
    return times


@dataclass
class SimulationResult:
    game: str
    players: int
    seed: int | str
    bots: list[str]
    options: dict[str, str]
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    score_totals: list[float] = field(default_factory=list)
    #: True: the bots moved one seat along each game; wins and scores are per entry of ``bots``
    rotate: bool = False

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def mean_scores(self) -> list[float]:
        return [total / self.games if self.games else 0.0 for total in self.score_totals]

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "seconds": round(self.seconds, 4),
            "actions": self.actions,
            "actions_per_second": round(self.actions_per_second, 1),
            "rotate": self.rotate,
            "seats": [
                {"seat": i, "bot": bot, "wins": self.wins[i],
                 "mean_score": round(mean, 3)}
                for i, (bot, mean) in enumerate(zip(self.bots, self.mean_scores()))
            ],
        }


def rotated(bots: list[str], game: int) -> list[str]:
    """The bot in each seat for game ``game`` of a rotated run: entry ``k`` of ``bots`` sits in
    seat ``(k + game) % n``, so over ``n`` games every bot has played from every seat."""
    n = len(bots)
    return [bots[(s - game) % n] for s in range(n)]


def simulate(game_id: str, bots: list[str], games: int, seed: int | str,
             options: dict[str, str] | None = None,
             on_game: Callable[[int], None] | None = None,
             rotate: bool = False) -> SimulationResult:
    """Play ``games`` bot-only games; wins are shared (every tied winner counts one win).

    With ``rotate`` the bots move one seat along each game (see ``rotated``) and the wins and
    scores are counted per entry of ``bots``, wherever it sat. ``on_game(i)`` is called after
    each finished game (for a progress bar). Raises ``ValueError`` on a bad game, player count,
    bot or option, and ``SimulationError`` if a game gets stuck.
    """
    n = len(bots)
    started = time.perf_counter()
    # validates everything up front
    first = Match(game_id, bot_seats(bots), game_seed(seed, 0), options)
    elapsed = time.perf_counter() - started
    result = SimulationResult(game_id, n, seed, list(bots), dict(first.options),
                              wins=[0] * n, score_totals=[0.0] * n, rotate=rotate)
    for i in range(games):
        started = time.perf_counter()
        shift = i % n if rotate else 0
        if i == 0:
            match = first
        else:
            match = Match(game_id, bot_seats(rotated(bots, shift)), game_seed(seed, i), options)
        result.actions += play_out(match)
        outcome = match.rules.result(match.state)
        elapsed += time.perf_counter() - started
        for w in outcome.winners:
            result.wins[(w - shift) % n] += 1
        for s, score in enumerate(outcome.scores):
            result.score_totals[(s - shift) % n] += score
        result.games += 1
        if on_game is not None:
            on_game(i)
    result.seconds = elapsed
    return result
