"""This is Mine! bots. ``random`` picks any legal action; ``normal`` (the default) values lots
by the end-game money they add to its collection, from its view (see ``normal_bot``)."""
from __future__ import annotations

from ...engine import RandomBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot}
DEFAULT_BOT = "normal"
