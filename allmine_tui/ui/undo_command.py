"""The command palette's entries of a game screen: take back a move (key u), ask the coach for a
hint (key h)."""
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


HINT_TITLE = "Hint: the coach's best moves (h)"
HINT_HELP = "The expert's search from your own view: the best few moves and their chances"


class HintCommand(Provider):
    """Offered on game screens only (their ``COMMANDS``), which all have ``action_hint``."""

    def _hint(self) -> None:
        getattr(self.screen, "action_hint")()

    def _offered(self) -> bool:
        """Not offered where the screen does not list h (hints off, a finished game)."""
        return self.screen.check_action("hint", ()) is not False

    async def discover(self) -> Hits:
        if self._offered():
            yield DiscoveryHit(HINT_TITLE, self._hint, help=HINT_HELP)

    async def search(self, query: str) -> Hits:
        if not self._offered():
            return
        matcher = self.matcher(query)
        score = matcher.match(HINT_TITLE)
        if score > 0:
            yield Hit(score, matcher.highlight(HINT_TITLE), self._hint, help=HINT_HELP)
