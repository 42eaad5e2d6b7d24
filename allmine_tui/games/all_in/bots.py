"""All In bots. ``random`` writes any legal card on any legal space; ``normal`` (the default)
writes the card and space that most improve its sheet (see ``normal_bot``)."""
from __future__ import annotations

from ...engine import RandomBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot}
DEFAULT_BOT = "normal"
