"""Mine All Mines: dwarves dig in five mines for gems, then buy jewelry and support cards.

The game's one declaration: ``GAME`` below, registered with ``allmine_tui.games``.
"""
from __future__ import annotations

from ...engine.contract import GameInfo
from ...engine.game import BenchTargets, Game, Lazy
from .. import register

INFO = GameInfo(
    id="mine-all-mines", title="Mine All Mines", min_players=2, max_players=5,
    blurb="Dwarves dig for gems: play each dwarf into one of five mines as a friend or a foe "
          "of the dwarves already there, then turn gems into jewelry, helpers, tools and "
          "achievements.",
    minutes="30–45 min",
)

GAME = register(Game(
    info=INFO,
    rules=Lazy(f"{__name__}.rules", "RULES"),
    bots=Lazy(f"{__name__}.bots", "BOTS"),
    default_bot="normal",
    screen=Lazy(f"{__name__}.screen", "MineAllMinesScreen"),
    history=Lazy(f"{__name__}.history", "HOOKS"),
    search_plan=Lazy(f"{__name__}.expert", "MineAllMinesPlan"),
    bench=BenchTargets(actions_per_second=20_000),
    tutorial=Lazy(f"{__name__}.tutorial", "TUTORIAL"),
))
