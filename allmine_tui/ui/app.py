"""The Textual application: routes between the picker, setup, saves, help, games and results."""
from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App
from textual.notifications import Notification, Notify
from textual.binding import Binding

from .gc_pacing import GcPacer
from .screens.too_small import TooSmallScreen
from .textual_internals import forget_closed_widgets, replace_same_notifications


@replace_same_notifications
class AllMineApp(App):
    """Five small games for one terminal."""

    CSS_PATH = ["app.tcss", "menus.tcss"]
    TITLE = "ALL MINE!"
    SUB_TITLE = "five small games for one terminal"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, session=None) -> None:
        super().__init__()
        self._start_session = session
        self._too_small: TooSmallScreen | None = None
        self.gc_pacer = GcPacer()

    def on_mount(self) -> None:
        from .screens.picker import PickerScreen

        if self.gc_pacer.start():  # full garbage collections in quiet moments (gc_pacing.py)
            self.set_interval(0.25, self.gc_pacer.tick)

        self.push_screen(PickerScreen())
        if self._start_session is not None:
            self.open_session(self._start_session)
        self.call_after_refresh(self.check_size)

    # -- input --------------------------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """A screen may refuse keys and clicks (``accepts_input``): the curtain and the game screens
        drop input typed ahead by the previous person at every change of who is looking."""
        if isinstance(event, events.Key) and event.key == "escape" and not event.is_forwarded \
                and self._has_screen() and self.screen.query("HelpPanel"):
            self.action_hide_help_panel()  # Esc closes the Keys panel first
            return
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Click)) \
                and not event.is_forwarded:
            self.gc_pacer.input_seen()
            try:
                gate = getattr(self.screen, "accepts_input", None)
            except Exception:  # no screen yet
                gate = None
            if gate is not None and not gate(event):
                return
        await super().on_event(event)

    def on_unmount(self) -> None:
        self.gc_pacer.stop()

    def _has_screen(self) -> bool:
        try:
            return bool(self.screen_stack)
        except Exception:  # no screen stack yet
            return False

    def get_system_commands(self, screen):
        """The palette: Textual's own commands and the app's (new game, saves, rules...)."""
        from .palette import app_commands

        yield from super().get_system_commands(screen)
        yield from app_commands(self, screen)

    #: grows each time the screen passes to another person (``forget_notices``)
    notices_epoch = 0

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Notifications are always plain text: they often carry names (``Widget.notify`` asks for
        markup by default, so the flag is ignored). Each is stamped with the person it was
        raised for (``notices_epoch``): Textual shows it only when its message is handled, and a
        key typed just before the curtain came up must not leave its answer on the next person's
        screen."""
        if timeout is None:
            timeout = self.NOTIFICATION_TIMEOUT
        note = Notify(Notification(message, title, severity, timeout, markup=False))
        note.allmine_epoch = self.notices_epoch  # type: ignore[attr-defined]
        self.post_message(note)

    def stale_notice(self, event: Notify) -> bool:
        """Whether a notification was raised for somebody who has left the screen since: it is
        dropped before Textual's own handler would show it (see replace_same_notifications)."""
        return getattr(event, "allmine_epoch", self.notices_epoch) != self.notices_epoch

    def forget_notices(self) -> None:
        """The screen passes to another person: every notification up now, and every one raised
        before now and not yet shown, goes."""
        self.notices_epoch += 1
        self.clear_notifications()

    # -- navigation ----------------------------------------------------------------------------
    def open_session(self, session) -> None:
        """Show a game (from a new setup, a save, or the command line); the picker comes back
        on that game."""
        screen_class = session.match.game.screen()
        self.push_screen(screen_class(session))
        from .. import prefs

        prefs.remember_game(session.match.game_id)

    def show_results(self, session) -> None:
        from .screens.results import ResultsScreen

        self.switch_screen(ResultsScreen(session))

    # -- screens that open over others ----------------------------------------------------------
    def push_screen(self, screen, *args, **kwargs):
        """As Textual's, but the "please enlarge" message stays the top screen: it is taken off
        first, and put back over the new screen if that one does not fit either."""
        self._drop_too_small()
        result = super().push_screen(screen, *args, **kwargs)
        self.call_after_refresh(self.check_size)
        return result

    def pop_screen(self):
        """As Textual's; a screen under the "please enlarge" message that closes itself (a
        dismissed dialog, a game leaving) takes its own place in the stack, not the message's."""
        self._drop_too_small()
        result = super().pop_screen()
        forget_closed_widgets()
        self.call_after_refresh(self.check_size)
        return result

    def action_command_palette(self) -> None:
        """Open the command palette, unless one is already open (or still opening) anywhere in
        the stack (two would clash: Textual gives each the same id), or the curtain is up."""
        from textual.command import CommandPalette

        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        top = next((s for s in reversed(self.screen_stack) if not isinstance(s, TooSmallScreen)),
                   None)
        if getattr(top, "OWN_KEYS", None) is not None:
            return  # nothing opens over the curtain
        super().action_command_palette()

    # -- too small -----------------------------------------------------------------------------
    def on_resize(self, event) -> None:
        self.call_after_refresh(self.check_size)

    def needed_size(self) -> tuple[int, int]:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TooSmallScreen):
                continue
            return getattr(screen, "MIN_SIZE", (80, 24))
        return (80, 24)

    def _drop_too_small(self) -> None:
        """Take the "please enlarge" message off the stack (it is only ever the top screen)."""
        screen, self._too_small = self._too_small, None
        if screen is not None and self.screen_stack and self.screen is screen:
            super().pop_screen()

    def check_size(self) -> None:
        if not self.is_running or not self.screen_stack:
            return
        if self._too_small is not None and self._too_small not in self.screen_stack:
            self._too_small = None  # replaced by another screen (switch_screen)
        width, height = self.size
        need_w, need_h = self.needed_size()
        small = width < need_w or height < need_h
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(need_w, need_h)
            super().push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.update_size(need_w, need_h)
        elif not small and self._too_small is not None:
            self._drop_too_small()


def run_app(match=None, save_path: Path | None = None, created: float | None = None,
            draft: dict | None = None, unsaved: str | None = None, say=None) -> None:
    """Start the app at the picker, or straight into ``match`` (autosaving to ``save_path``;
    ``draft``: the save's decision half made in front of everyone, see GameSession).
    ``unsaved``: why the game cannot be saved (its first save failed), if so; ``say(line)``
    prints the one line of a game going on unsaved before the app takes the terminal."""
    session = None
    if match is not None:
        from .session import GameSession

        session = GameSession(match, save_path, created)
        if unsaved:
            session.play_unsaved(unsaved)
        session.table_draft = draft if isinstance(draft, dict) else None
        if session.unsaved and say is not None:
            say(session.unsaved)
    AllMineApp(session).run()
