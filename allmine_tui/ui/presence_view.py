"""A shared game's screen says who is connected: one line on the top border of the game log
("Bob left (waiting 0:40) · here: Ann (you), Dan"), and a notice when someone leaves, comes back
or takes a move back on another screen. The border is used so that no game's layout loses a
row. ``watch_presence(screen)`` is called once by the play screen of a shared game."""
from __future__ import annotations

from .widgets.log import GameLog

PRESENCE_SECONDS = 0.5  # how often the seats' locks are looked at (see presence.py)


def watch_presence(screen) -> None:
    """Keep ``screen``'s presence line and notices up to date (nothing for a local game)."""
    session = screen.session
    presence = getattr(session, "presence", None)
    if presence is None:
        return

    def tick() -> None:
        if not screen.is_attached or session.match.is_over():
            return
        take = getattr(session, "take_notices", None)
        for text in presence.check() + (take() if take else []):
            screen.app.notify(text, timeout=6)
        line = presence.line()
        for log in screen.query(GameLog):
            if log.border_title != line:
                log.border_title = line

    tick()
    screen.set_interval(PRESENCE_SECONDS, tick)
