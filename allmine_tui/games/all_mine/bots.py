"""All Mine! bots. ``random`` plays any legal move; ``normal`` is in normal_bot.py."""
from __future__ import annotations

from ...engine import RandomBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot}
DEFAULT_BOT = "normal"
