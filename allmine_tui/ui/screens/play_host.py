"""What PlayScreen's mixins (bots, overlays, coach) may use of the screen they are mixed into:
declared once, for the type checker only (at run time the mixins derive from ``object``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from ...engine import Match
    from ..flow import Flow, State
    from ..session import GameSession

    class PlayHost(Screen):
        """Provided by PlayScreen and the other mixins."""

        session: GameSession
        match: Match
        flow: Flow
        _rebuilding: bool
        _overlay: Screen | None
        _overlay_for: State | None
        _bot_seat: int | None
        _thinking: int | None

        @property
        def names(self) -> list[str]: ...
        def render_flow(self) -> None: ...
        def dismiss_private_notices(self) -> None: ...
        def dismiss_to_menu(self) -> None: ...
        def _alive(self) -> bool: ...
        def _queue_interludes(self, events: list) -> None: ...
        def _coach_up(self) -> bool: ...
else:
    PlayHost = object
