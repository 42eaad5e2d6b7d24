"""All Mine!: predict the treasure you will collect most and least of, then take tricks.

The game's one declaration: ``GAME`` below, registered with ``allmine_tui.games``.
"""
from __future__ import annotations

from ...engine.contract import GameInfo
from ...engine.game import BenchTargets, Game, Lazy
from .. import register

INFO = GameInfo(
    id="all-mine", title="All Mine!", min_players=3, max_players=4,
    blurb="Trick-taking with a twist: before each hand, secretly predict which treasure "
          "you will collect most of and which least. Every hand's card backs show their suit.",
    minutes="30–40 min",
)

GAME = register(Game(
    info=INFO,
    rules=Lazy(f"{__name__}.rules", "RULES"),
    bots=Lazy(f"{__name__}.bots", "BOTS"),
    default_bot="normal",
    screen=Lazy(f"{__name__}.screen", "AllMineScreen"),
    history=Lazy(f"{__name__}.history", "HOOKS"),
    search_plan=Lazy(f"{__name__}.expert", "AllMinePlan"),
    bench=BenchTargets(),
    tutorial=Lazy(f"{__name__}.tutorial", "TUTORIAL"),
))
