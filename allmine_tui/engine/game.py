"""A game as one object: everything the app, the tools and the tests need to know about it.

Each game package declares one ``Game`` (in its ``__init__.py``) and registers it with the
registry, ``allmine_tui.games``. The engine never imports a game: it is handed ``Game`` objects,
or a game id that the registry resolves (the registry installs its lookup here when it is
imported, see ``install_lookup``).

A ``Game`` is cheap to build: its metadata is plain data (``info``), and the heavy parts (rules,
bots, screen, history, search plan) are loaders, called the first time they are needed. Building
every game's ``Game`` therefore imports no rules module and never imports Textual; only calling
``screen()`` does.
"""
from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .contract import GameInfo, Rules

if TYPE_CHECKING:
    from .bots import Bot
    from .history import HistoryHooks
    from .search import Plan

T = TypeVar("T")


class Lazy(Generic[T]):
    """``Lazy("package.module", "NAME")()`` imports the module on the first call and returns its
    attribute ``NAME`` (the same object on every later call)."""

    __slots__ = ("module", "name", "_value", "_lock")
    _UNSET: Any = object()

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self._value: Any = Lazy._UNSET
        self._lock = threading.Lock()  # bots may ask from a worker thread

    def __call__(self) -> T:
        value = self._value
        if value is Lazy._UNSET:
            with self._lock:
                if self._value is Lazy._UNSET:
                    self._value = getattr(importlib.import_module(self.module), self.name)
                value = self._value
        return value

    def __repr__(self) -> str:
        return f"Lazy({self.module}:{self.name})"


@dataclass(frozen=True)
class BenchTargets:
    """What ``allmine bench`` expects of a game on one core: random bot-only games at
    ``actions_per_second`` or more, each named bot's decisions at ``bot_p95_ms`` or less
    (95th percentile), and the coach's hints (``engine.coach.hint``) at ``hint_p95_ms`` or
    less. A bot without an entry is measured but has no target."""

    actions_per_second: int = 30_000
    bot_p95_ms: Mapping[str, float] = field(
        default_factory=lambda: {"normal": 50.0, "expert": 1000.0})
    hint_p95_ms: float = 1500.0


@dataclass(frozen=True, eq=False)
class Game:
    """One game's whole contract with the rest of the program.

    - ``info``: id, title, player range, blurb, playing time and options (plain data);
    - ``rules``: returns the rules object (``engine.contract.Rules``);
    - ``bots``: returns the bot classes by name (every game has ``random``);
    - ``default_bot``: the name of the bot a seat gets when none is named;
    - ``screen``: returns the Textual screen class (the only loader that imports Textual);
    - ``history``: returns the game's ``engine.history.HistoryHooks`` (rounds, summary table,
      hidden cards) for the results screen and the replay viewer;
    - ``search_plan``: returns the ``engine.search.Plan`` subclass its ``expert`` bot searches
      with, or is None for a game without a searching bot;
    - ``coach_plan``: the plan the coach (hints, reviews: ``engine.coach``) searches with, when
      it is not ``search_plan`` itself: a subclass that searches alike but can also say how a
      playout stopped before the end stands for the seat (``Plan.outcome``); None: search_plan;
    - ``bench``: the figures ``allmine bench`` holds it to (a guard test wants one per game);
    - ``tutorial``: returns its guided first game (``engine.tutorial.Tutorial``), or is None;
    - ``assets``: its folder under ``assets/`` (rules help and data); default: the id.

    The loaders are usually ``Lazy`` objects; any function of no arguments will do (a test may
    pass ``lambda: rules``).
    """

    info: GameInfo
    rules: Callable[[], Rules]
    bots: Callable[[], Mapping[str, type[Bot]]]
    default_bot: str
    screen: Callable[[], Any]
    history: Callable[[], HistoryHooks]
    search_plan: Callable[[], type[Plan]] | None = None
    bench: BenchTargets | None = None
    coach_plan: Callable[[], type[Plan]] | None = None
    assets: str = ""
    tutorial: Callable[[], Any] | None = None

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def blurb(self) -> str:
        return self.info.blurb

    @property
    def minutes(self) -> str:
        return self.info.minutes

    @property
    def asset_dir(self) -> str:
        return self.assets or self.info.id

    def __repr__(self) -> str:
        return f"Game({self.info.id!r})"


# -- resolving a game id -------------------------------------------------------------------------
_lookup: Callable[[str], Game] | None = None


def install_lookup(lookup: Callable[[str], Game]) -> None:
    """Called by the registry as it is imported, so that a ``Match`` can be made from a game id
    (saves and the command line name games by id)."""
    global _lookup
    _lookup = lookup


def resolve(game: Game | str) -> Game:
    """``game`` itself, or the registered game with that id (``ValueError`` if none)."""
    if isinstance(game, Game):
        return game
    if _lookup is None:
        raise ValueError(f"no game registry to look '{game}' up in: import allmine_tui.games "
                         f"first, or pass the Game object")
    return _lookup(game)
