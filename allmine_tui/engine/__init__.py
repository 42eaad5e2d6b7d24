"""Game-independent machinery: the rules contract, matches, bots and seeded randomness.

This package never imports Textual or Rich (a test checks it)."""
from .bots import Bot, RandomBot, pick_near_best
from .contract import Action, Event, GameInfo, IllegalAction, OptionSpec, Result, Rules
from .match import Match, Seat
from .rng import stream

__all__ = ["Action", "Bot", "Event", "GameInfo", "IllegalAction", "Match", "OptionSpec",
           "RandomBot", "Result", "Rules", "Seat", "pick_near_best", "stream"]
