"""The plain search of issue 13, kept as a yardstick for the ``expert`` (not a bot of the app).

For every legal move (one action, no grouping or pruning), play the game out to its end with the
game's ``normal`` bot in every seat, from worlds drawn from the deciding seat's view; sequential
halving spreads the playouts; 0.25 s of this thread's CPU time a decision. It is what the issue
measured before the ``normal`` bots were improved, so running it against today's ``normal`` bots
tells how much of the expert's figure is the opponents and how much the search.

    python tools/measure_vs_normal.py this-is-mine --players 3 --games 100 --bot plain
"""
from __future__ import annotations

from allmine_tui.engine.search import Budget, Plan, SearchBot
from allmine_tui.games import GAMES

SECONDS = 0.25


def plain_bot(game_id: str) -> SearchBot:
    spec = GAMES[game_id]

    class PlainPlan(Plan):
        rules = spec.rules()
        normal = spec.bots()[spec.default_bot]

    class PlainBot(SearchBot):
        name = "plain"
        plan_class = PlainPlan
        budget = Budget(playouts=10 ** 6, steps=10 ** 8, seconds=SECONDS, cpu_time=True)

    return PlainBot()
