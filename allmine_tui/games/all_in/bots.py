"""All In bots. ``random`` writes any legal card on any legal space; ``normal`` (the default)
writes the card and space that most improve its sheet (see ``normal_bot``); ``expert`` compares
the normal bot's best few writes by playing the game out in sampled worlds (``expert``)."""
from __future__ import annotations

from ...engine import RandomBot
from .expert import ExpertBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot, "expert": ExpertBot}
