"""The hot-seat privacy audit: read everything the app holds on screen and check that nothing private
of a seat other than the person at the keyboard is there.

The audit keeps track of who holds the keyboard the way people at a table would: the person named
by the curtain once they pass it; the person making a public decision on the table view; nobody
after a peek ends, and nobody once the table view or news for everyone has been on screen (anyone
may have stepped up to the keyboard since). At every check it reads every widget of every screen on the stack (hidden ones
too), their tooltips, the whole log with its scrollback, the status bar, every live notification
and the painted frame, and fails (``Leak``) when it finds:

- a game screen showing the view of a seat that is not at the keyboard (also read off the screen:
  "viewing as NAME");
- a private log note of another seat;
- a notification raised while somebody else had the keyboard;
- anything a game lists as private for another seat (``GAME_MARKS``: e.g. All Mine! hand cards).

A second check (``screens_equal``) compares what the next player sees after two different private
choices of the previous player: with no leak they are identical, styles included.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.widgets import Button, RichLog, Static

from allmine_tui.ui.screens.curtain import CurtainScreen
from allmine_tui.ui.screens.help import HelpScreen
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.widgets.lines import TextLines
from allmine_tui.ui.widgets.log import GameLog
from helpers import game_screen, wait_until  # (tests import game_screen from here too)


class Leak(AssertionError):
    """Something private reached the wrong person's eyes."""


# -- reading the screen ------------------------------------------------------------------------
def as_text(obj, width: int = 200) -> str:
    if obj is None:
        return ""
    if isinstance(obj, str):
        return obj
    if isinstance(obj, (Text, Content)):
        return obj.plain
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(obj)
    return console.export_text()


def widget_texts(widget) -> list[str]:
    out: list[str] = []
    if isinstance(widget, RichLog):
        out.extend(strip.text for strip in widget.lines)  # the whole scrollback
    elif isinstance(widget, GameLog):
        out.append(widget.text.plain)  # the whole scrollback
        out.append(widget.pending)
    elif isinstance(widget, Button):
        out.append(as_text(widget.label))
    elif isinstance(widget, Static):
        out.append(as_text(widget.content, max(20, widget.size.width or 200)))
    elif isinstance(widget, TextLines):
        out.append(widget.content.plain)
    if widget.tooltip is not None:
        out.append(as_text(widget.tooltip))
    return out


def painted_text(app) -> str:
    """The top screen as painted, as plain text (what export_screenshot draws, without the SVG)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


@dataclass
class Frame:
    """Everything on screen, by where it came from."""

    board: list[str] = field(default_factory=list)   # shown widgets (not the log), tooltips
    hidden: list[str] = field(default_factory=list)  # what hidden widgets still hold
    log: list[str] = field(default_factory=list)     # every log line, scrollback included
    notes: list[tuple[str, str]] = field(default_factory=list)  # (identity, text) of notifications
    painted: str = ""  # the frame as painted (the top screen, log included)
    rules: list[str] = field(default_factory=list)  # the help screen: the same for everyone

    def all(self) -> str:
        return "\n".join(self.board + self.hidden + self.log + [t for _i, t in self.notes]
                         + self.rules + [self.painted])


def shown(widget) -> bool:
    node = widget
    while node is not None and not hasattr(node, "screen_stack"):
        if not getattr(node, "display", True):
            return False
        node = node.parent
    return True


def read_frame(app) -> Frame:
    frame = Frame()
    for screen in app.screen_stack:
        for widget in screen.walk_children(with_self=False):
            texts = widget_texts(widget)
            if isinstance(widget, (RichLog, GameLog)):
                frame.log.extend(texts)
            elif isinstance(screen, HelpScreen):
                # the rules' own examples name cards (All Mine!'s "◆C6 beats ◆C4"): not a hand
                frame.rules.extend(texts)
            elif shown(widget):
                frame.board.extend(texts)
            else:
                frame.hidden.extend(texts)
    frame.painted = painted_text(app)
    for note in app._notifications:
        frame.notes.append((note.identity, f"{note.title} {note.message}"))
    return frame



# -- what is private to whom -------------------------------------------------------------------
def all_mine_marks(match, seat: int) -> list[re.Pattern]:
    """Cards in ``seat``'s hand, as the game labels them, except those whose identity is public
    (the trump display, the tricks on the table)."""
    from allmine_tui.games.all_mine.cards import card_name, is_super_trump

    state = match.state
    public = {c for _s, c in state.last_trick + state.prev_trick + state.trick}
    return [re.compile(re.escape(card_name(c)) + r"(?!\d)") for c in state.hands[seat]
            if c not in public and not is_super_trump(c, state.display)]


GAME_MARKS = {"all-mine": all_mine_marks}


class Audit:
    """Follows one app through a game and checks every frame it is shown."""

    def __init__(self, app, match, people: list[int] | None = None) -> None:
        """``people``: the seats of the people at this screen (default: every human seat; a
        shared game's screen has only its own)."""
        self.app = app
        self.match = match
        self.holder: int | None = None  # the seat at the keyboard, or None (nobody known)
        self.note_owner: dict[str, int | None] = {}
        self.checks = 0
        self.people = list(match.humans if people is None else people)
        if len(self.people) == 1:
            self.holder = self.people[0]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def passed_curtain(self, name: str) -> None:
        seat = self.names.index(name)
        if seat not in self.people:  # the keyboard would go to someone at another screen
            raise Leak(f"the curtain hands this screen to {name}, who plays elsewhere")
        self.holder = seat

    def check(self, where: str = "") -> Frame:
        self.checks += 1
        frame = read_frame(self.app)
        holder = self.holder
        game = game_screen(self.app)
        here = f" ({where})" if where else ""
        if game is not None and not isinstance(self.app.screen, CurtainScreen):
            if game.viewer is not None and game.viewer != holder and not game.match.is_over():
                raise Leak(f"{self.names[game.viewer]}'s view is on screen while "
                           f"{self._who(holder)} has the keyboard{here}")
        if isinstance(self.app.screen, CurtainScreen) and game is not None \
                and game.viewer is not None:
            raise Leak(f"{self.names[game.viewer]}'s view is drawn under the curtain{here}")
        for identity, text in frame.notes:
            owner = self.note_owner.setdefault(identity, holder)
            if owner != holder:
                raise Leak(f"a notification raised while {self._who(owner)} had the keyboard "
                           f"is still up for {self._who(holder)}: {text!r}{here}")
        if self.match.is_over():
            return frame  # everything is open at the end
        board = "\n".join(frame.board)
        everything = frame.all()
        marks = GAME_MARKS.get(self.match.game_id)
        # a note of the holder's own may read exactly like someone else's ("(you chose ...)")
        own_notes = {e.private[holder] for e in self.match.events if holder in e.private}
        for seat, name in enumerate(self.names):
            if seat == holder:
                continue
            if f"viewing as {name}" in everything:
                raise Leak(f"'viewing as {name}' is on screen for {self._who(holder)}{here}")
            for event in self.match.events:
                note = event.private.get(seat)
                if note and note.format(*self.names) in everything \
                        and note not in own_notes:
                    raise Leak(f"{name}'s private note {note!r} is on screen for "
                               f"{self._who(holder)}{here}")
            if marks is not None:
                for pattern in marks(self.match, seat):
                    hit = pattern.search(board)
                    if hit:
                        line = board[board.rfind("\n", 0, hit.start()) + 1:
                                     board.find("\n", hit.end())]
                        raise Leak(f"{name}'s secret {pattern.pattern!r} is on screen for "
                                   f"{self._who(holder)}{here}: {line.strip()!r}")
        self._forget_on_table_view(game)
        return frame

    def _forget_on_table_view(self, game) -> None:
        """What everyone may see is on screen (the table view: bots playing, a public decision,
        news of a hand's or round's end): anyone may step up to the keyboard now, so the next
        private view is only allowed after its own curtain."""
        if len(self.people) > 1 and game is not None and game.viewer is None \
                and not isinstance(self.app.screen, CurtainScreen):
            self.holder = None

    def _who(self, seat: int | None) -> str:
        return "nobody in particular" if seat is None else self.names[seat]


# -- driving the app ---------------------------------------------------------------------------
async def burst(app, pilot, keys: list[str]) -> None:
    """Send keys the way a terminal delivers one fast write: all of them queued before the first
    is handled (``pilot.press`` waits for the app between keys)."""
    from textual import events

    driver = app._driver
    for key in keys:
        char = key if len(key) == 1 else {"space": " ", "enter": "\r"}.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
    await pilot.pause()


def screens_equal(first: tuple[str, str], second: tuple[str, str]) -> str | None:
    """Compare two captures (svg, all text); None when identical, else what differs."""
    if first == second:
        return None
    import difflib

    a, b = first[1].splitlines(), second[1].splitlines()
    diff = "\n".join(list(difflib.unified_diff(a, b, lineterm="", n=0))[:20])
    return diff or "the screens differ in style only (colours, highlights or cursor)"


async def capture(app, pilot) -> tuple[str, str]:
    await pilot.pause()
    return app.export_screenshot(title="audit"), read_frame(app).all()


async def settle(app, pilot) -> None:
    """Wait until a screen being composed afresh for a new viewer is drawn."""
    def drawn() -> bool:
        game = game_screen(app)
        return game is None or not game._rebuilding
    await wait_until(pilot, drawn, "the game screen rebuilt")


async def play_by_keys(app, pilot, audit: Audit, drive, rng, *, bursts: bool = True,
                       max_steps: int = 4000, stop=None, wait: float = 0.01) -> None:
    """Play the app's game to its results by keys (``drive(game, rng)`` gives the keys of one
    decision), checking every frame with ``audit``. ``stop(match)`` ends it early; ``wait`` is
    the pause while nobody at this screen may act (bots, or people at other screens)."""
    match = audit.match
    for step in range(max_steps):
        await settle(app, pilot)
        audit.check(f"step {step}")
        if stop is not None and stop(match):
            return
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            break
        if isinstance(screen, CurtainScreen):
            audit.passed_curtain(screen.player)
            await pilot.press("enter")
            continue
        game = game_screen(app)
        if game is None:
            await wait_until(pilot, lambda: game_screen(app) is not None
                             or isinstance(app.screen, ResultsScreen), "a game or its results")
            continue
        if screen is not game:  # news for everyone: a hand's scores, a round replayed...
            await pilot.press("enter")
            continue
        if game.actor is None:
            # (bots, or people at other screens: a poll, not a wait for one state, so that
            # every frame on the way is audited too)
            await pilot.pause(wait)
            continue
        if game.viewer is None and len(game.session.humans) > 1:
            audit.holder = None  # a public decision, made in front of everybody
        if rng.random() < 0.03:  # now and then the help screen, read like every frame
            await pilot.press("question_mark")
            await pilot.pause()
            audit.check(f"step {step}, help")
            await pilot.press("escape")
            continue
        keys = drive(game, rng)
        if bursts and rng.random() < 0.4:
            # one fast write, with the Enter of an impatient double press at the end
            await burst(app, pilot, keys + ["enter"])
        else:
            # one key at a time; a person stops typing when the curtain comes up or when
            # the decision on the table passes to somebody else
            actor = game.actor
            for key in keys:
                await pilot.press(key)
                if app.screen is not game or game.actor != actor:
                    break
    else:
        raise AssertionError(f"{match.game_id}: the game did not finish in {max_steps} steps")
    assert match.is_over()
    audit.check("results")
