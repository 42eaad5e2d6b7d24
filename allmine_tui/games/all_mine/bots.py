"""All Mine! bots. ``random`` plays any legal move; ``normal`` is in normal_bot.py; ``expert``
searches with the normal bot's help (expert.py)."""
from __future__ import annotations

from ...engine import RandomBot
from .expert import ExpertBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot, "expert": ExpertBot}
