"""Mine, All Mine! bots. ``random`` assembles any legal fleet step by step; ``normal`` (the
default) plans the best fleet for the round from its view (see ``normal_bot``); ``expert``
compares the normal bot's best fleets in sampled worlds against the fleets normal players would
launch there (``expert``)."""
from __future__ import annotations

from ...engine import RandomBot
from .expert import ExpertBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot, "expert": ExpertBot}
