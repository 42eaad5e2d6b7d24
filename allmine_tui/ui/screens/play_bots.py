"""The play screen's bots and other screens: a bot's move worked out in a worker (with a pause so
people can follow it, none for a secret decision), "NAME is thinking…" when it takes a while, and a
shared game's file watched for other screens' moves (a mixin of PlayScreen)."""
from __future__ import annotations

import asyncio
import os
from functools import partial

from ...engine import Action
from ..widgets.log import GameLog
from .play_host import PlayHost

THINKING_AFTER = 0.3  # seconds a bot may take before the log says it is thinking


def bot_delay(secret: bool = False) -> float:
    """The pause before a bot's move, so people can follow it (ALLMINE_BOT_DELAY). A secret move
    needs none (ALLMINE_SECRET_BOT_DELAY, 0: only ``allmine bench`` sets it, to keep the bots'
    secret moves out of the frame it times for a person's move)."""
    name, default = ("ALLMINE_SECRET_BOT_DELAY", 0.0) if secret else ("ALLMINE_BOT_DELAY", 0.7)
    try:
        return max(0.0, float(os.environ.get(name, default)))
    except ValueError:
        return default


class BotTurns(PlayHost):
    def _start_bot(self) -> None:
        seats = self.match.bot_seats_to_act()
        if not seats or self._bot_seat is not None:
            return
        self._bot_seat = seats[0]
        # a partial, not a coroutine: a worker cancelled before it starts leaves no
        # never-awaited coroutine behind (and Textual sees that the function is async)
        self.run_worker(partial(self._bot_turn, seats[0]),  # type: ignore[arg-type]
                        exclusive=True, group="bots")

    async def _bot_turn(self, seat: int) -> None:
        """``seat``'s move, drawn. In a simultaneous secret phase the other bots' secret moves
        follow at once, in seat order as ever, and the table is drawn once after the last: nobody
        could see them one by one, and a draw per bot made a person's move slow to answer."""
        while True:
            try:
                action = await self._bot_choose(seat)
            finally:
                self._bot_seat = None
            if action is None or not self._alive():
                return
            if not self.flow.bots_may_act() or self.match.bot_seats_to_act()[:1] != [seat]:
                self.render_flow()  # a peek or a take-back came first: think again later
                return
            secret = self._secret_decision(seat)
            self._queue_interludes(self.session.apply_bot(seat, action))
            following = self.match.bot_seats_to_act()[:1]
            if not (secret and following and self.flow.bots_may_act()
                    and self._secret_decision(following[0])):
                break
            seat = self._bot_seat = following[0]
        self.render_flow()

    async def _bot_choose(self, seat: int) -> Action | None:
        delay = bot_delay(secret=self._secret_decision(seat))
        if delay:
            await asyncio.sleep(delay)
        while self._alive() and self._coach_up():  # the game waits while the coach speaks
            await asyncio.sleep(0.05)
        if not self._alive():
            return None
        self._thinking = seat
        shown = self.set_timer(THINKING_AFTER, self._show_thinking)  # quick moves never flash it
        try:
            return await asyncio.to_thread(self.session.bot_choice, seat)
        finally:
            self._thinking = None
            shown.stop()
            self._show_thinking()

    def _show_thinking(self) -> None:
        """Under the log's last line, "Cleo is thinking…" while a bot takes its time."""
        if self._rebuilding or not self.is_attached:
            return
        line = "" if self._thinking is None else f"{self.names[self._thinking]} is thinking…"
        for log in self.query(GameLog):  # none while the screen is closing
            log.set_pending(line)

    def _secret_decision(self, seat: int) -> bool:
        """A bot's part of a simultaneous secret phase (several seats to act at once): nobody can
        watch it, so it needs no pause."""
        return len(self.match.to_act()) > 1

    def _poll(self) -> None:
        """Moves made elsewhere (``session.poll()``: None when nothing changed, else the new
        events) are drawn, and the game goes on from them."""
        events = getattr(self.session, "poll")()
        if events is None or not self.is_attached:
            return
        self._queue_interludes(events)
        self.render_flow()

