"""The replay viewer: a finished game seen again, move by move, with every hand open.

The game's own screen draws it: a ``ReplaySession`` stands in for the ``GameSession`` (the screen
asks it the same questions), over a match moved to any position of the game's timeline, where
nobody may act and nothing is saved. ``replay_screen`` adds the replay keys and a line per seat
with the cards the others could not see. Only finished games can be opened: an unfinished one
would show secrets still in play.
"""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...engine.names import with_names
from ...engine import Action, IllegalAction, Match
from ...engine.history import Timeline
from ...engine.verdicts import verdict
from .. import app as app_module
from ..app import AllMineApp
from ..flow import ReplayFlow
from ..session import GameSession
from ..widgets.keybar import ScreenKeys
from .play import PlayScreen, V

NOT_FINISHED = "is not finished: a replay would show cards still secret. Finish it first."


class ReplaySession(GameSession):
    """A finished game at a chosen position; ``seat`` is whose hidden cards the board shows."""

    def __init__(self, match: Match, position: int | None = None, review=None,
                 seat: int = 0) -> None:
        if not match.is_over():
            raise ValueError(f"This game {NOT_FINISHED}")
        self.timeline = Timeline(match)
        shown = Match(match.game_id, match.seats, match.seed, match.options)
        super().__init__(shown, None)
        self.seat = seat % len(match.seats)
        self.flow = ReplayFlow(lambda: self.seat)
        self.review = review  # the coach's judgement of each decision, when there is one
        self.position = 0
        self.goto(self.timeline.last if position is None else position)

    # -- moving around -------------------------------------------------------------------------
    def goto(self, k: int) -> None:
        self.position = max(0, min(k, self.timeline.last))
        self.timeline.move_match(self.match, self.position)

    def step(self, delta: int) -> None:
        self.goto(self.position + delta)

    def by_round(self, delta: int) -> None:
        t = self.timeline
        self.goto(t.next_round(self.position) if delta > 0 else t.previous_round(self.position))

    def choose_seat(self, seat: int) -> None:
        self.seat = seat % len(self.match.seats)

    @property
    def round_label(self) -> str:
        t = self.timeline
        return t.hooks.round_label(t.rounds[self.position])

    def hidden_lines(self) -> list[str]:
        names = self.names
        lines = self.timeline.hooks.hidden_cards(self.match.state)
        return [with_names(line, names) for line in lines]

    def judgement_lines(self) -> list[str]:
        """The coach's word (when the game was reviewed) on the decision about to be made here,
        and on the move just replayed when it ended a person's decision: the verdict as the
        results screen words it (``engine.verdicts.verdict``)."""
        review, k = self.review, self.position
        if review is None:
            return []
        lines = []
        if k > 0:
            j = review.of_action(k - 1)
            if j is not None and j.indices[-1] == k - 1:
                lines.append(f"Coach: {self.names[j.seat]} played {verdict(j)}.")
        j = review.at(k)
        if j is not None and k < self.timeline.last:
            lines.append(f"Coach, on {self.names[j.seat]}'s move next: {verdict(j)}.")
        return lines

    def judgement_line(self) -> str | None:
        """The coach's lines at this position as one (None: nothing to say)."""
        return "\n".join(self.judgement_lines()) or None

    def next_move(self) -> str | None:
        """In a reviewed game, the step that comes next from here (None at the end, and without
        a review): a person's judged decision as the whole move it is, with how many steps it
        takes."""
        k = self.position
        if self.review is None or k >= self.timeline.last:
            return None
        seat, action = self.timeline.log[k]
        j = self.review.at(k)
        if j is not None:
            steps = f" ({len(j.indices)} steps)" if len(j.indices) > 1 else ""
            return f"Next: {self.names[seat]}: {j.made_text}{steps}"
        return f"Next: {self.names[seat]}: {self.match.rules.describe_action(action)}"

    def step_events(self) -> list:
        """The events of the move that led to this position (none at the deal)."""
        k = self.position
        if k == 0:
            return []
        marks = self.timeline.marks
        return self.timeline.events[marks[k - 1]:marks[k]]

    def last_move(self) -> str:
        if self.position == 0:
            return "the deal"
        seat, action = self.timeline.log[self.position - 1]
        return f"{self.names[seat]}: {self.match.rules.describe_action(action)}"

    # -- what the game screen asks -------------------------------------------------------------
    def apply(self, seat: int, action: Action):
        raise IllegalAction("This is a replay of a finished game: nothing can be played.")

    def undo(self) -> str | None:
        return "This is a replay of a finished game: its moves stand."

    def autosave(self, at_once: bool = False) -> None:
        pass


REPLAY_CONTROLS = """\
**Replay of a finished game**

- *←*/*→* one move back or on; *Home*/*End* the deal or the end; *PgUp*/*PgDn* a round back or on.
- *Tab* / *Shift+Tab* or *1*–*6* choose whose cards the board shows; the line under the board
  lists every seat's hidden cards at this point (the game is over, so nothing is secret).
- In a game the coach reviewed, that line also says what comes next and gives the coach's
  verdict on each person's decision: where it is about to be made, and once it is made.
- *q* or *Esc* leave the replay.

"""

class ReplayControls(PlayScreen[V]):
    """The replay's part of the screen: placed before the game's own screen class (which is also
    a PlayScreen), so its keys and drawing come first. Generic: any game's view type."""

    DEFAULT_CSS = """
    ReplayControls #replay-hidden { height: auto; max-height: 11; padding: 0 1; background: $boost; }
    """
    BINDINGS = [
        Binding("left", "replay_step(-1)", "Back", priority=True),
        Binding("right", "replay_step(1)", "On", priority=True),
        Binding("home", "replay_goto('start')", "Deal", priority=True),
        Binding("end", "replay_goto('end')", "End", priority=True),
        Binding("pageup", "replay_round(-1)", "Round back", priority=True),
        Binding("pagedown", "replay_round(1)", "Round on", priority=True),
        Binding("tab", "replay_seat(1)", "Whose cards", priority=True),
        Binding("shift+tab", "replay_seat(-1)", "Whose cards", show=False, priority=True),
        *[Binding(str(i + 1), f"replay_pick({i})", str(i + 1), show=False, priority=True)
          for i in range(6)],
        Binding("q,escape", "menu", "Leave", priority=True),
        Binding("u", "undo", "", show=False, priority=True),
        Binding("p", "peek", "", show=False, priority=True),
        Binding("h", "hint", "", show=False, priority=True),  # no decision here: not offered
        Binding("enter,space", "no_decision", "", show=False, priority=True),
    ]
    session: ReplaySession

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, ScreenKeys):
                yield Static(id="replay-hidden")
            yield widget

    def status_prefix(self) -> Text:
        s = self.session
        return Text(f" REPLAY {s.position}/{s.timeline.last} ", style="bold reverse")

    def status_text(self, view: V, viewer: int | None) -> Text:
        """The move just replayed above the board, then the game's own line as room allows."""
        s = self.session
        move = Text(f"{s.round_label} · {s.last_move()}")
        base = super().status_text(view, viewer)
        base = base if isinstance(base, Text) else Text(str(base))
        room = self.status_room
        if move.cell_len + 3 + base.cell_len <= room:
            return Text.assemble(move, " · ", base)
        move.truncate(room, overflow="ellipsis")
        return move

    def show(self, view: V, viewer: int | None, legal: list[Action]) -> None:
        super().show(view, viewer, legal)
        s = self.session
        text = Text()
        coming = s.next_move()
        if coming:
            text.append(coming + "\n")
        for said in s.judgement_lines():
            text.append(said + "\n", style="bold")
        for i, line in enumerate(s.hidden_lines()):
            if i:
                text.append("\n")
            text.append(("▶ " if i == s.seat else "  ") + line,
                        style="bold" if i == s.seat else "")
        self.query_one("#replay-hidden", Static).update(text)

    # -- keys ----------------------------------------------------------------------------------
    def action_replay_step(self, delta: int) -> None:
        """One move back or on. A move on that ended a hand or a round shows what the table
        showed then (its last trick and scores, its reveal...) as a step of its own: the news
        first, the next deal once it is closed."""
        before = self.session.position
        self.session.step(delta)
        self.render_flow()
        if delta > 0 and self.session.position == before + 1:
            news = self.interlude(self.session.step_events())
            if news is not None:
                self.app.push_screen(news)

    def action_replay_round(self, delta: int) -> None:
        self.session.by_round(delta)
        self.render_flow()

    def action_replay_goto(self, where: str) -> None:
        self.session.goto(0 if where == "start" else self.session.timeline.last)
        self.render_flow()

    def action_replay_seat(self, delta: int) -> None:
        self.session.choose_seat(self.session.seat + delta)
        self.render_flow()

    def action_replay_pick(self, seat: int) -> None:
        if seat < len(self.session.names):
            self.session.choose_seat(seat)
            self.render_flow()

    def submit(self, action: Action) -> bool:
        self.notify("This is a replay of a finished game: nothing can be played.",
                    severity="information", timeout=2)
        return False

    def action_undo(self) -> None:
        self.notify(self.session.undo() or "", severity="information", timeout=2)

    def action_peek(self) -> None:
        self.notify("Every hand is open in a replay: Tab chooses whose the board shows.",
                    severity="information", timeout=3)

    def action_menu(self) -> None:
        self.app.pop_screen()


_classes: dict[type, type] = {}


def replay_screen(session: ReplaySession) -> Screen:
    """The game's own screen class with the replay's keys and hidden-cards line."""
    base = session.match.game.screen()
    cls = _classes.get(base)
    if cls is None:
        cls = _classes[base] = type(f"Replay{base.__name__}", (ReplayControls, base), {
            "CONTROLS": REPLAY_CONTROLS + getattr(base, "CONTROLS", "")})
    return cls(session)


def open_replay(app, match: Match, position: int | None = None, review=None,
                seat: int = 0) -> bool:
    """Show the replay of a finished ``match`` (at ``position``, by default its end; the board
    showing ``seat``'s cards) with the coach's ``review`` when there is one; an unfinished one
    is refused with a notification. Returns True when shown."""
    if not match.is_over():
        app.notify(f"This game {NOT_FINISHED}", title="No replay yet", severity="warning")
        return False
    app.push_screen(replay_screen(ReplaySession(match, position, review, seat)))
    return True


class ReplayApp(AllMineApp):
    """The app opened straight on a replay (``allmine replay SAVE``); leaving it shows the picker."""

    # the style sheets are found next to the module that names them: point at the app's own
    CSS_PATH = [Path(app_module.__file__).parent / name for name in AllMineApp.CSS_PATH]

    def __init__(self, match: Match, review=None) -> None:
        super().__init__(ReplaySession(match, 0, review))

    def open_session(self, session) -> None:
        if isinstance(session, ReplaySession):
            self.push_screen(replay_screen(session))
        else:
            super().open_session(session)
