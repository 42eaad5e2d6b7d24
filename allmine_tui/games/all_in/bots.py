"""All In bots. ``random`` writes any legal card on any legal space."""
from __future__ import annotations

from ...engine import RandomBot

BOTS = {"random": RandomBot}
DEFAULT_BOT = "random"
