"""The command palette's entry for taking back a move on a game screen (the same as key u)."""
from __future__ import annotations

from textual.command import DiscoveryHit, Hit, Hits, Provider

TITLE = "Take back my last move (undo)"
HELP = "While nothing has been revealed since and nobody else has played (key u)"


class TakeBackCommand(Provider):
    """Offered on game screens only (their ``COMMANDS``), which all have ``action_undo``."""

    def _undo(self) -> None:
        getattr(self.screen, "action_undo")()

    async def discover(self) -> Hits:
        yield DiscoveryHit(TITLE, self._undo, help=HELP)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        score = matcher.match(TITLE)
        if score > 0:
            yield Hit(score, matcher.highlight(TITLE), self._undo, help=HELP)
