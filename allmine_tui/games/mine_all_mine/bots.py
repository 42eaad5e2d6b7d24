"""Mine, All Mine! bots. ``random`` assembles any legal fleet step by step; ``normal`` (the
default) plans the best fleet for the round from its view (see ``normal_bot``)."""
from __future__ import annotations

from ...engine import RandomBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot}
DEFAULT_BOT = "normal"
