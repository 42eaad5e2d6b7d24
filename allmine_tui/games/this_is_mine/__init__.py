"""This is Mine!: dividing an inheritance into lots, negotiating, and scoring collections.

The game's one declaration: ``GAME`` below, registered with ``allmine_tui.games``.
"""
from __future__ import annotations

from ...engine.contract import GameInfo
from ...engine.game import BenchTargets, Game, Lazy
from .. import register

INFO = GameInfo(
    id="this-is-mine", title="This is Mine!", min_players=2, max_players=4,
    blurb="Share out Uncle Howard's inheritance: the Leader splits each round's cards into "
          "lots, everyone claims one, and refusing a claim costs a Money Card.",
    minutes="20–30 min",
)

GAME = register(Game(
    info=INFO,
    rules=Lazy(f"{__name__}.rules", "RULES"),
    bots=Lazy(f"{__name__}.bots", "BOTS"),
    default_bot="normal",
    screen=Lazy(f"{__name__}.screen", "ThisIsMineScreen"),
    history=Lazy(f"{__name__}.history", "HOOKS"),
    search_plan=Lazy(f"{__name__}.expert", "ThisIsMinePlan"),
    coach_plan=Lazy(f"{__name__}.coach", "ThisIsMineCoachPlan"),
    bench=BenchTargets(),
    tutorial=Lazy(f"{__name__}.tutorial", "TUTORIAL"),
))
