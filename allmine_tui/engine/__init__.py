"""Game-independent machinery: the rules contract, the ``Game`` object, matches, bots and seeded
randomness. It never imports a game: games are handed to it (see ``game.py``).

This package never imports Textual or Rich (a test checks it)."""
from .bots import Bot, RandomBot, pick_near_best
from .contract import Action, Event, GameInfo, IllegalAction, OptionSpec, Result, Rules
from .game import BenchTargets, Game, Lazy
from .match import Match, Seat
from .rng import stream

__all__ = ["Action", "BenchTargets", "Bot", "Event", "Game", "GameInfo", "IllegalAction", "Lazy",
           "Match", "OptionSpec", "RandomBot", "Result", "Rules", "Seat", "pick_near_best",
           "stream"]
