"""The join-only app: ``allmine join`` and every page of ``allmine serve --join-only``.

Its first and only base screen is the join screen. The game list, the saves, the records and
new games are not part of it: no key, button or palette command reaches them, and a screen of
those kinds is refused even if some code path asked for one (``push_screen``/``switch_screen``
below), so a friend given a join code through a browser sees their own seat of that game and
nothing else of the host's account. A shared game's screens (the game, its curtain, help, the
results, the replay of that game) work as in the full app.
"""
from __future__ import annotations

import asyncio

from textual.app import App

from .app import AllMineApp
from .screens.join import JoinScreen

#: screens that show this account's own games; never opened here (matched by class name, so
#: nothing needs importing to refuse them)
FORBIDDEN = frozenset({"PickerScreen", "SavesScreen", "RecordsScreen", "SetupScreen"})
#: Textual's own palette commands that stay (no screenshots: they would write files)
PALETTE = frozenset({"Theme", "Quit", "Keys"})


class JoinApp(AllMineApp):
    SUB_TITLE = "join a shared game"

    def __init__(self, session=None, codes: list[str] | None = None, wait: float = 0.0) -> None:
        """``session``: a shared game already joined (``allmine join CODE``). ``codes``: join
        these once the screen is up, saying on it why not (a page of ``allmine serve`` whose
        address carries them), waiting up to ``wait`` seconds for a seat still held."""
        super().__init__(session)
        self._codes = codes
        self._wait = wait
        self._root: JoinScreen | None = None

    def on_mount(self, event) -> None:  # type: ignore[override]  # (it stops AllMineApp's)
        event.prevent_default()  # AllMineApp's would put the game list at the bottom
        self._root = JoinScreen(root=True, codes=self._codes, wait=self._wait)
        self.push_screen(self._root)
        if self._start_session is not None:
            self.open_session(self._start_session)
        self.call_after_refresh(self.check_size)

    def get_system_commands(self, screen):
        for command in App.get_system_commands(self, screen):
            if command.title in PALETTE:
                yield command

    def _refused(self, screen) -> bool:
        if type(screen).__name__ not in FORBIDDEN:
            return False
        self.notify("This screen only joins shared games.", severity="warning")
        return True

    def push_screen(self, screen, *args, **kwargs):
        if self._refused(screen):
            return _done()
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):
        if self._refused(screen):
            return _done()
        return super().switch_screen(screen)

    def pop_screen(self):
        if self._root is not None and self.screen is self._root:
            return _done()  # the join screen stays at the bottom
        return super().pop_screen()


def _done() -> asyncio.Future:
    """What a refused screen change returns: something already finished, for any awaiter."""
    future = asyncio.get_running_loop().create_future()
    future.set_result(None)
    return future
