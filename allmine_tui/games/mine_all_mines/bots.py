"""Mine All Mines bots. ``random`` picks any legal action; ``normal`` (the default) plans its turn
greedily from its view (see ``normal_bot``); ``expert`` compares the normal bot's best dwarf
plays by playing on in sampled worlds (``expert``)."""
from __future__ import annotations

from ...engine import RandomBot
from .expert import ExpertBot
from .normal_bot import NormalBot

BOTS = {"random": RandomBot, "normal": NormalBot, "expert": ExpertBot}
