"""The registry of games: game id -> ``Game`` (see ``engine/game.py``), in the picker's order.

Each game package declares its one ``Game`` in its ``__init__.py`` and registers it with
``register``; this module imports the built-in packages listed in ``BUILT_IN``, which is what
runs their registration. A ``Game`` holds its metadata as data and loads its rules, bots and
screen only when asked, so importing the registry imports no rules module and no Textual.

Everything that lists games (the picker, the command line, ``allmine bench``, the tests' per-game
tables) reads ``GAMES``; nothing else names the games.
"""
from __future__ import annotations

import importlib

from ..engine.game import Game, install_lookup

#: The packages of the games that ship with the app, in the order the picker lists them.
BUILT_IN = ("all_mine", "all_in", "mine_all_mine", "mine_all_mines", "this_is_mine")

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (after the games already there); returns it. Registering
    the same object again changes nothing; another game with a taken id is an error."""
    known = GAMES.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"a game with the id '{game.id}' is already registered")
    GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Take a game out of the registry (for tests that register a game of their own)."""
    GAMES.pop(game_id, None)


def get_game(game_id: str) -> Game:
    """The registered game with that id; ``ValueError`` with the known ids if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"Unknown game '{game_id}'. Known games: {known}.") from None


for _package in BUILT_IN:
    importlib.import_module(f"{__name__}.{_package}")
install_lookup(get_game)
