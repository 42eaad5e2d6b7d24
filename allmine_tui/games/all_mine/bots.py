"""All Mine! bots. ``random`` plays any legal move; ``normal`` is in normal_bot.py."""
from __future__ import annotations

from ...engine import RandomBot

BOTS = {"random": RandomBot}
DEFAULT_BOT = "random"
