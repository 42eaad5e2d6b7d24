"""The end of a game: who won, the score breakdown the rules give (one column per player) and,
beside it (below it on a narrow terminal), the game round by round. From here: the final table or
a replay of the whole game (the replay viewer), the same game again with a new seed, or a new one."""
from __future__ import annotations

import secrets
import threading
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from ...engine.names import with_names
from ...engine.verdicts import verdict_parts
from ..text import safe

if TYPE_CHECKING:
    from ...engine.review import Review
from ..widgets.keybar import ScreenKeys

STAR = "★"


def winners_line(names: list[str], winners: list[int]) -> str:
    """'Ann wins!', 'Ann and Bob share the win!', 'Ann, Bob and Cleo share the win!'."""
    won = [names[i] for i in winners]
    if not won:
        return "Nobody wins."
    if len(won) == 1:
        return with_names("{0} wins!", won)  # (the learner of a guided game: "You win!")
    return f"{', '.join(won[:-1])} and {won[-1]} share the win!"


def note_text(note: str, names: list[str]) -> str:
    """A result note with ``{0}``-style seat placeholders filled in with the players' names."""
    try:
        return with_names(note, names)
    except (IndexError, KeyError, ValueError):
        return note


#: said on the progress line while the coach reviews
STOP_HINT = "(r: stop)"

class ResultsScreen(Screen):
    DEFAULT_CSS = """
    #results-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #results-winners {
        height: auto;
        margin: 1 1 0 1;
        padding: 0 2;
        border: double $warning;
        text-align: center;
        text-style: bold;
        color: $warning;
    }
    #results-body { height: 1fr; layout: horizontal; }
    #results-body > VerticalScroll { width: auto; height: 1fr; margin-right: 1; }
    #results-body.-narrow > VerticalScroll { width: 100%; margin-right: 0; }
    #results-body.-narrow.-breakdown #history-pane { display: none; }
    #results-body.-narrow.-rounds #breakdown-pane { display: none; }
    #results-table, #history-table {
        width: auto;
        height: auto;
        margin-top: 1;
        border: round $primary;
    }
    /* the breakdown is shown whole (DataTable caps itself at its container's height): the
       pane around it scrolls, one scroll bar, and the keys the table does not use reach it */
    #results-table { max-height: 999; }
    /* (the round by round scrolls inside, under its fixed header, in the room its title and
       notes leave: ``_cap_history`` sets its height) */
    #results-body.-narrow DataTable { width: 100%; margin-top: 0; }
    #results-switch { height: 1; padding: 0 1; margin-top: 1; color: $text-muted; }
    #results-review { height: auto; max-height: 12; padding: 0 1; margin-top: 1; }
    #results-coach { height: auto; max-height: 8; margin: 1 1 0 1; padding: 0 1;
                     border: thick $warning; }
    #history-title { height: 1; padding: 0 1; margin-top: 1; text-style: bold; }
    #results-notes, #history-notes { height: auto; padding: 0 2; color: $text-muted; }
    #results-buttons { height: auto; padding: 1 1 0 1; }
    /* (every side given: in Textual a padding-top rule would zero the other three) */
    ResultsScreen.-short #results-buttons { padding: 0 1 0 1; }
    #results-buttons Button { margin-right: 2; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("enter", "enter", "Games list", priority=True),
        Binding("escape,m", "menu", "Back to the games", show=False),
        Binding("p", "play_again", "Play again"),
        Binding("f", "final_table", "Final table"),
        Binding("v", "replay", "Replay"),
        Binding("n", "new_game", "New game"),
        Binding("tab", "switch_table", "Breakdown / rounds", show=False),
        Binding("r", "review", "Review"),
        *[Binding(str(i + 1), f"costly({i})", str(i + 1), show=False) for i in range(9)],
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.result = self.match.rules.result(self.match.state)
        self.history, self.history_problem = game_history(self.match)
        # the coach's review of every decision, when it is kept or made
        self.review: "Review | None" = None
        self._costly: list = []  # the judgements listed, in the order of their keys 1-9
        self._reviewing = False
        self._stop_review = threading.Event()
        # a shared game goes back to the join screen, never to this account's games (issue 20)
        self._shared = not getattr(session, "can_rematch", True)

    def compose(self) -> ComposeResult:
        names = self.session.names
        result = self.result
        title = self.match.rules.info.title
        yield Static(f"[b]{safe(title)}[/b] · game over", id="results-title")
        totals = "   ".join(f"{safe(name)} {score}" for name, score in zip(names, result.scores))
        yield Static(f"{STAR} {safe(winners_line(names, result.winners))} {STAR}\n"
                     f"[not bold]{totals}[/not bold]", id="results-winners")
        # side by side when both fit; else one at a time (Tab shows the other)
        if hasattr(self.session, "ending_text"):  # a guided game: the coach explains the result
            yield Static(Text(self.session.ending_text()), id="results-coach")
        yield Static(id="results-review")
        yield Static(id="results-switch")
        with Horizontal(id="results-body", classes="-breakdown"):
            with VerticalScroll(id="breakdown-pane", can_focus=False):
                yield DataTable(id="results-table", cursor_type="none", zebra_stripes=True)
                notes = "\n".join(safe(note_text(n, names)) for n in result.notes)
                yield Static(notes, id="results-notes")
            with VerticalScroll(id="history-pane", can_focus=False):
                yield Static("Round by round", id="history-title")
                yield DataTable(id="history-table", cursor_type="none", zebra_stripes=True)
                yield Static(id="history-notes")
        with Horizontal(id="results-buttons"):
            back = "Join screen" if self._shared else "Games list"  # issue 20
            yield Button(f"{back}  (enter)", id="menu", variant="primary", compact=True)
            yield Button("Play again  (p)", id="play-again", variant="success", compact=True)
            yield Button("Final table  (f)", id="final-table", compact=True)
            yield Button("Replay  (v)", id="replay", compact=True)
            yield Button("New game  (n)", id="new-game", compact=True)
        yield ScreenKeys()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        winners = set(self.result.winners)
        table.add_column("", key="label")
        for seat, name in enumerate(self.session.names):
            label = Text(f"{STAR} {name}", style="bold") if seat in winners else Text(name)
            table.add_column(label, key=f"seat-{seat}")
        # the totals row in bold, the winners' totals marked (Mine All Mines lists its
        # tie-breaks after it); with no row named so, the last
        labels = [str(label) for label, _ in self.result.table]
        totals = max((i for i, label in enumerate(labels) if label.startswith("Total")),
                     default=len(labels) - 1)
        for i, (label, values) in enumerate(self.result.table):
            bold = "bold" if i == totals else ""
            cells = [Text(str(label), style=bold)]
            for seat, value in enumerate(values):
                style = bold
                if i == totals and seat in winners:
                    style = "bold reverse"
                cells.append(Text(str(value), style=style, justify="right"))
            table.add_row(*cells)
        notes = self.query_one("#results-notes", Static)
        notes.display = bool(self.result.notes)
        self._fill_history()
        self.call_after_refresh(self._fit)
        table.focus()
        if self.session.save_path is not None and any(s.human for s in self.match.seats):
            from ...reviews import load_review

            self.review = load_review(self.session.save_path, self.match)
        self._show_review()

    # -- the coach's review ------------------------------------------------------------------------
    def _show_review(self, progress: str = "") -> None:
        """Each person's three costliest decisions (a key opens the replay there), or how to
        ask for the review."""
        line = self.query_one("#results-review", Static)
        humans = [i for i, s in enumerate(self.match.seats) if s.human]
        if not humans or self.session.save_path is None:
            line.display = False
            return
        if progress:
            line.update(Text(progress, style="italic"))
            return
        review = self.review
        if review is None:
            line.update(Text.assemble(("r", "bold"), ": the coach reviews every decision "
                                      "(a minute or two); then the costliest show here"))
            return
        names = self.session.names
        out = Text()
        self._costly = []
        for seat in humans:
            worst = review.costliest(seat)
            if out:
                out.append("\n")
            out.append(f"{names[seat]}: ", style="bold")
            if not worst:
                out.append("no decision lost any chance to win or points, by the coach's count")
                continue
            for j in worst:
                self._costly.append(j)
                key = len(self._costly)
                out.append(f"\n  {key}. " if key <= 9 else "\n     ", style="bold")
                said, mark = verdict_parts(j)
                out.append(f"step {j.position}: {said}")
                if mark:
                    out.append(f" {mark}", style="bold")
        out.append("\n1–9: replay at that decision, its move next", style="dim")
        line.update(out)

    def action_review(self) -> None:
        """r: the coach reviews every decision (in worker processes); r again stops it."""
        if self._reviewing:
            self._stop_review.set()
            self._show_review("Stopping the review…")
            return
        if self.review is not None:
            return
        if self.session.save_path is None:
            self.notify("Only a saved game can be reviewed.", severity="information")
            return
        self._reviewing = True
        self._stop_review = threading.Event()
        self._show_review(f"The coach is reviewing every decision… {STOP_HINT}")
        self.run_worker(partial(self._compute_review, self._stop_review), thread=True,
                        group="review", exit_on_error=False)

    def _compute_review(self, stop: threading.Event) -> None:
        from ...reviews import Cancelled, review_save

        def progress(done: int, total: int) -> None:
            if not stop.is_set():
                self.app.call_from_thread(
                    self._show_review,
                    f"The coach is reviewing every decision… {done}/{total} {STOP_HINT}")
        try:
            done = review_save(self.session.save_path, progress, cancel=stop)
            review, problem = done.review, done.problem
        except Cancelled:
            review, problem = None, None
        except Exception as exc:  # a review is a bonus: the results stay
            review, problem = None, str(exc)
        if self.is_attached:
            self.app.call_from_thread(self._review_done, review, problem)

    def _review_done(self, review, problem) -> None:
        self._reviewing = False
        if review is None and problem is not None:
            self.notify(f"No review: {problem}", severity="warning")
        self.review = review
        self._show_review()

    def on_unmount(self) -> None:
        self._stop_review.set()  # leaving the results: a review under way stops

    def action_costly(self, index: int) -> None:
        if index >= len(self._costly):
            return
        from .replay import open_replay

        judged = self._costly[index]
        # at the decision itself (its move is the next step), the board on that person's cards
        open_replay(self.app, self.match, judged.position, review=self.review, seat=judged.seat)

    def _fill_history(self, room: int | None = None) -> None:
        """The round-by-round table, each player's column fitted to ``room`` cells (by default
        the screen's width: what they took wraps inside the column)."""
        table = self.query_one("#history-table", DataTable)
        table.clear(columns=True)
        notes = self.query_one("#history-notes", Static)
        history = self.history
        if history is None:
            table.display = False
            notes.update(safe(self.history_problem or "No history for this game."))
            return
        label = Text(f"after · {history.score_label}")
        table.add_column(label, key="label")
        names = self.session.names
        # each player's column is as wide as the screen allows (what they took wraps inside it),
        # so every player stays in view at 100 columns
        label_w = max([label.cell_len] + [len(row.label) for row in history.rows])
        room = self.app.size.width - 6 if room is None else room
        width = max(7, min(28, (room - label_w - 6) // max(1, len(names)) - 2))
        for seat, name in enumerate(names):
            table.add_column(Text(name), key=f"seat-{seat}", width=max(width, min(len(name), 16)))
        for row in history.rows:
            cells = [Text(row.label, style="bold")]
            for score, gained in zip(row.scores, row.gained):
                cell = Text(str(score), style="bold")
                cell.append(f"\n{gained}", style="")
                cells.append(cell)
            table.add_row(*cells, height=None)
        notes.update(safe(" ".join(history.notes)))

    _history_cap = 0  # the round by round's height as last fitted
    _narrow_width: int | None = None  # the width the round by round was fitted to, shown alone
    #: a screen less tall than this has no blank row above the buttons
    SHORT = 34
    #: the narrowest a player's round-by-round column may be, beside the breakdown
    MIN_COLUMN = 9

    def _fit(self) -> None:
        """The two tables side by side when they fit (the round by round fitted to the room
        the breakdown leaves), else one at a time, the breakdown first (Tab switches)."""
        self.set_class(self.size.height < self.SHORT, "-short")  # (a row more for the tables)
        body = self.query_one("#results-body")
        breakdown = self.query_one("#results-table", DataTable).virtual_size.width + 4
        room = self.size.width - breakdown - 4
        names = len(self.session.names)
        label = max([10] + [len(r.label) for r in self.history.rows]) if self.history else 10
        side = self.history is not None and room >= label + 6 + names * (self.MIN_COLUMN + 2)
        if side:
            self._fill_history(room)
        elif body.has_class("-narrow") is False or self._narrow_width != self.app.size.width:
            self._fill_history()  # (fitted to the screen's width: again when that changes)
        self._narrow_width = None if side else self.app.size.width
        body.set_class(not side, "-narrow")
        self._show_switch()
        self.call_after_refresh(self._cap_history)

    def _cap_history(self) -> None:
        """The round by round's table at most as tall as the room its title and notes leave in
        its pane: it scrolls inside, under its header, and the pane has nothing to scroll."""
        pane = self.query_one("#history-pane")
        table = self.query_one("#history-table", DataTable)
        if not pane.display or not pane.size.height or not table.region.height:
            return  # (not on show: done when it is)
        notes = self.query_one("#history-notes")
        room = pane.content_region.bottom - (table.region.y + int(pane.scroll_y)) - \
            notes.outer_size.height
        room = max(5, room)
        if room != self._history_cap:
            self._history_cap = room
            table.styles.max_height = room

    def _show_switch(self) -> None:
        body = self.query_one("#results-body")
        switch = self.query_one("#results-switch", Static)
        switch.display = body.has_class("-narrow")
        rounds = body.has_class("-rounds")
        switch.update("[b]Tab[/b]: " + ("back to the score breakdown" if rounds
                                         else "the game round by round"))

    def action_switch_table(self) -> None:
        body = self.query_one("#results-body")
        if not body.has_class("-narrow"):
            # side by side: the keys go to the other table
            history = self.query_one("#history-table", DataTable)
            if self.history is not None:
                (self.query_one("#results-table", DataTable) if self.focused is history
                 else history).focus()
            return
        rounds = body.has_class("-rounds")
        body.set_class(not rounds, "-rounds")
        body.set_class(rounds, "-breakdown")
        self._show_switch()
        self.call_after_refresh(self._cap_history)
        # the table on show has the keys (those it does not use scroll its pane)
        self.query_one("#results-table" if rounds else "#history-table", DataTable).focus()

    def on_resize(self, event) -> None:
        self._fit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "menu":
            self.action_menu()
        elif event.button.id == "new-game":
            self.action_new_game()
        elif event.button.id == "play-again":
            self.action_play_again()
        elif event.button.id == "final-table":
            self.action_final_table()
        elif event.button.id == "replay":
            self.action_replay()

    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):  # Enter on a focused button presses that button
            focused.press()
        else:
            self.action_menu()

    def action_menu(self) -> None:
        from .picker import back_to_picker

        if self._shared:
            from .join import back_to_join

            back_to_join(self.app)
            return
        back_to_picker(self.app)

    def action_new_game(self) -> None:
        from .picker import back_to_picker
        from .setup import SetupScreen

        if self._shared:
            self.notify("This was a shared game: host a new one to play again "
                        "(allmine host).", severity="information")
            return
        app = self.app
        back_to_picker(app)
        table = ([(s.name, s.bot) for s in self.match.seats], dict(self.match.options))
        app.push_screen(SetupScreen(self.match.game_id, table))  # this table, to change

    def action_play_again(self) -> None:
        """The same game, seats and options with a new seed (a fresh save)."""
        from ... import storage
        from ...engine import Match
        from ..session import GameSession
        from .picker import back_to_picker, open_game

        if not getattr(self.session, "can_rematch", True):
            self.notify("This was a shared game: host a new one to play again "
                        "(allmine host).", severity="information")
            return
        old = self.match
        seed = old.seed
        while seed == old.seed:
            seed = secrets.randbelow(2**31)
        session = GameSession(Match(old.game_id, old.seats, seed, old.options),
                              storage.new_save_path(old.game_id))
        session.autosave(at_once=True)  # (a new game is on disk before its first move)
        app = self.app
        back_to_picker(app)
        open_game(app, session)

    def action_final_table(self) -> None:
        from .final_table import final_table_screen

        self.app.push_screen(final_table_screen(self.match))

    def action_replay(self) -> None:
        from .replay import open_replay

        open_replay(self.app, self.match, 0, review=self.review)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.match.game_id, RESULTS_CONTROLS))


def game_history(match):
    """The game's round-by-round history, or (None, why) when it cannot be made."""
    from ...engine.history import Timeline

    try:
        timeline = Timeline(match)
        return timeline.hooks.history(timeline), None
    except Exception as exc:  # a history is a bonus: the results must show regardless
        return None, f"The round-by-round history is not available ({exc})."


RESULTS_CONTROLS = """\
**Results**

- The winner's column is marked with ★; equal totals share the win.
- Beside the scores (below them on a narrow terminal): the game round by round, each player's
  score after every round or hand and what they collected in it.
- *Tab* goes from one table to the other (on a narrow terminal it shows the other); the arrow
  and page keys scroll the table you are on, or the mouse wheel over it.
- The winners' totals are shown in reverse; rows listed after the totals (Mine All Mines'
  tie-breaks) only count when totals are equal.
- *p* plays again: the same game, players and options with a new shuffle.
- *f* shows the final table (every hand and sheet open); *v* replays the game from the deal.
- *Enter*, *Esc* or *m* (or the button) go back to the list of games; *n* sets up a new game of
  the same game. The finished game stays in the saves list.
"""
