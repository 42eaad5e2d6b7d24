"""All In: a flip-and-write poker game on personal sheets.

The game's one declaration: ``GAME`` below, registered with ``allmine_tui.games``.
"""
from __future__ import annotations

from ...engine.contract import GameInfo, OptionSpec
from ...engine.game import BenchTargets, Game, Lazy
from .. import register

INFO = GameInfo(
    id="all-in", title="All In", min_players=1, max_players=6,
    blurb="Flip and write: two cards are revealed each round and everyone secretly writes "
          "one on their own sheet, building poker hands in its rows and columns.",
    minutes="20–30 min",
    options=(OptionSpec("sheets", "Player sheets", ("basic", "advanced", "shared"), "basic",
                        "basic: everyone plays the Q♦ sheet; advanced: a random sheet each; "
                        "shared: one random sheet for everyone"),),
)

GAME = register(Game(
    info=INFO,
    rules=Lazy(f"{__name__}.rules", "RULES"),
    bots=Lazy(f"{__name__}.bots", "BOTS"),
    default_bot="normal",
    screen=Lazy(f"{__name__}.screen", "AllInScreen"),
    history=Lazy(f"{__name__}.history", "HOOKS"),
    search_plan=Lazy(f"{__name__}.expert", "AllInPlan"),
    coach_plan=Lazy(f"{__name__}.coach", "AllInCoachPlan"),
    bench=BenchTargets(),
    tutorial=Lazy(f"{__name__}.tutorial", "TUTORIAL"),
))
