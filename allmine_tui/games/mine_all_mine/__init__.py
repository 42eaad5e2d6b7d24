"""Mine, All Mine!: assemble a secret fleet, race to the planet, chase rivals off and mine the most.

The game's one declaration: ``GAME`` below, registered with ``allmine_tui.games``.
"""
from __future__ import annotations

from ...engine.contract import GameInfo, OptionSpec
from ...engine.game import BenchTargets, Game, Lazy
from .. import register

INFO = GameInfo(
    id="mine-all-mine", title="Mine, All Mine!", min_players=2, max_players=4,
    blurb="Space mining: each round everyone secretly builds a fleet from ship cards; the "
          "fastest fleets reach the planet's richest spots first, and fights decide who gets "
          "to mine.",
    minutes="15–20 min",
    options=(OptionSpec("mode", "Card sides", ("standard", "beginner"), "standard",
                        "standard: 3 ships and an action a card; beginner: 2 ships"),),
)

GAME = register(Game(
    info=INFO,
    rules=Lazy(f"{__name__}.rules", "RULES"),
    bots=Lazy(f"{__name__}.bots", "BOTS"),
    default_bot="normal",
    screen=Lazy(f"{__name__}.screen", "MineAllMineScreen"),
    history=Lazy(f"{__name__}.history", "HOOKS"),
    search_plan=Lazy(f"{__name__}.expert", "MineAllMinePlan"),
    coach_plan=Lazy(f"{__name__}.coach", "MineAllMineCoachPlan"),
    bench=BenchTargets(),
    tutorial=Lazy(f"{__name__}.tutorial", "TUTORIAL"),
))
