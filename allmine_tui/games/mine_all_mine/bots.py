"""Mine, All Mine! bots. ``random`` assembles any legal fleet step by step."""
from __future__ import annotations

from ...engine import RandomBot

BOTS = {"random": RandomBot}
DEFAULT_BOT = "random"
