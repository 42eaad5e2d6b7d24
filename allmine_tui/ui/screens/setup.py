"""Setting up a new game: player count, one row per seat (name, human or bot, bot level), the game's
options and an optional seed. Start checks everything and explains problems next to the fields;
nothing is created until the set-up is valid."""
from __future__ import annotations

import secrets

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ..text import safe

from ... import storage
from ...engine import Match, Seat
from ...engine.names import MAX_NAME, name_problem
from ...games import get_game

DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay")

NAME_LIMIT = MAX_NAME
HUMAN, BOT = "human", "bot"


def parse_seed(text: str) -> int | str:
    """Blank: a fresh random int. Something that reads as an integer: that int. Else the text."""
    text = text.strip()
    if not text:
        return secrets.randbelow(2**31)
    return storage.seed_from_text(text)


def check_names(names: list[str]) -> list[str | None]:
    """One problem (or None) per name: names must be non-empty and distinct (ignoring case)."""
    problems: list[str | None] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        problem = name_problem(name.strip()) if key else None
        if not key:
            problems.append(f"Seat {i + 1} needs a name.")
        elif problem:
            problems.append(f"Seat {i + 1}: {problem}")
        elif key in seen:
            problems.append(f"Seat {i + 1}: '{name.strip()}' is already the name of seat "
                            f"{seen[key] + 1}; names must differ.")
        else:
            problems.append(None)
            seen[key] = i
    return problems


class SetupScreen(Screen):
    DEFAULT_CSS = """
    #setup-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #setup-body { height: 1fr; padding: 0 1; }
    .setup-row { height: auto; margin-top: 1; }
    .setup-label { width: 15; text-style: bold; }
    .count-select { width: 18; }
    .setup-panel { height: auto; border: round $primary; padding: 0 1; margin-top: 1; }
    .setup-panel .panel-title { padding-bottom: 1; }
    .seat-row { height: auto; }
    .seat-number { width: 4; }
    .seat-name { width: 20; margin-right: 2; }
    .seat-name.-invalid { background: $error 40%; text-style: bold; }
    .seat-kind { width: 12; margin-right: 2; }
    .seat-level { width: 20; }
    .seat-level.-human { visibility: hidden; }
    .option-select { width: 24; }
    .option-help { width: 1fr; padding-left: 2; }
    #seed { width: 24; }
    .seed-help { width: 1fr; padding-left: 2; }
    #setup-error { height: auto; padding: 0 2; color: $error; text-style: bold; display: none; }
    #setup-error.-shown { display: block; }
    #setup-buttons { height: auto; padding: 0 1; }
    #setup-buttons Button { margin-right: 2; }
    #start { text-style: bold; min-width: 20; }
    /* the field with the focus stands out, on every terminal (not by colour alone) */
    SetupScreen Input:focus, SetupScreen Select:focus > SelectCurrent {
        background: $accent 45%; text-style: bold; }
    SetupScreen Select:focus > SelectCurrent .arrow { color: $text; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, game_id: str, table=None) -> None:
        """``table``: (seats as (name, bot or None), options) to start from, instead of the
        last table set up for this game."""
        super().__init__()
        self.spec = get_game(game_id)
        self.game_id = game_id
        self.info = self.spec.rules().info
        self.bot_names = list(self.spec.bots())
        self.default_bot = self.spec.default_bot
        self.remembered = self._remembered(table)

    def _remembered(self, table=None):
        """The last table set up for this game (or ``table``), when it still fits the game
        (count, bots, options)."""
        from ... import prefs

        found = table if table is not None else prefs.last_table(self.game_id)
        if found is None:
            return None
        seats, options = found
        info = self.info
        if not info.min_players <= len(seats) <= info.max_players:
            return None
        if any(bot is not None and bot not in self.bot_names for _name, bot in seats):
            return None
        known = {o.key: o.choices for o in info.options}
        options = {k: v for k, v in options.items() if k in known and v in known[k]}
        return seats, options

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        info = self.info
        yield Static(f"[b]New game: {safe(info.title)}[/b]   "
                     f"{info.min_players}–{info.max_players} players", id="setup-title")
        with VerticalScroll(id="setup-body", can_focus=False):  # Tab goes field to field
            with Horizontal(id="count-row", classes="setup-row"):
                yield Label("Players", classes="setup-label")
                counts = [(f"{n} player{'s' if n != 1 else ''}", n)
                          for n in range(info.min_players, info.max_players + 1)]
                seats = self.remembered[0] if self.remembered else None
                yield Select(counts, value=len(seats) if seats else info.min_players,
                             allow_blank=False, id="player-count", classes="count-select",
                             compact=True)
            with Vertical(id="seats", classes="setup-panel"):
                yield Static("Seats (in playing order, clockwise)", classes="panel-title")
                for i in range(info.max_players):
                    name, bot = DEFAULT_NAMES[i % len(DEFAULT_NAMES)], (None if i == 0 else
                                                                        self.default_bot)
                    if seats and i < len(seats):
                        name, bot = seats[i]
                    with Horizontal(id=f"seat-{i}", classes="seat-row"):
                        yield Label(f"{i + 1}.", classes="seat-number")
                        yield Input(name, id=f"name-{i}", placeholder="name",
                                    max_length=NAME_LIMIT, classes="seat-name", compact=True)
                        yield Select([("Human", HUMAN), ("Bot", BOT)], allow_blank=False,
                                     value=HUMAN if bot is None else BOT, id=f"kind-{i}",
                                     classes="seat-kind", compact=True)
                        yield Select([(f"{level} bot", level) for level in self.bot_names],
                                     allow_blank=False, value=bot or self.default_bot,
                                     id=f"level-{i}", classes="seat-level", compact=True)
            with Vertical(id="options", classes="setup-panel"):
                yield Static("Options", classes="panel-title")
                with Horizontal(classes="setup-row"):
                    yield Label("Hints", classes="setup-label")
                    yield Select([("on", "on"), ("off", "off")], value="on", allow_blank=False,
                                 id="hints", classes="option-select", compact=True)
                    yield Static("h asks the coach for the best moves", classes="option-help dim")
                chosen = self.remembered[1] if self.remembered else {}
                for opt in info.options:
                    with Horizontal(classes="setup-row"):
                        yield Label(opt.label, classes="setup-label")
                        yield Select([(c, c) for c in opt.choices],
                                     value=chosen.get(opt.key, opt.default),
                                     allow_blank=False, id=f"opt-{opt.key}",
                                     classes="option-select", compact=True)
                        if opt.help:
                            yield Static(safe(opt.help), classes="option-help dim")
            with Horizontal(id="seed-row", classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(id="seed", placeholder="blank = random", compact=True)
                yield Static("Same seed, same deal.", classes="dim seed-help")
        yield Static(id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button("Start  (ctrl+s)", id="start", variant="success")
            # not a Tab stop: Tab from Start goes round to the first field, so an Enter meant for
            # a field never leaves the setup (Esc or a click still goes back)
            back = Button("Back  (esc)", id="back")
            back.can_focus = False
            yield back
        yield Footer()

    def on_mount(self) -> None:
        self._sync_rows()
        # Enter starts with the table as it is (the last one set up for this game, if any);
        # Tab and shift+Tab reach every field
        self.query_one("#start", Button).focus()

    # -- reading the form ----------------------------------------------------------------------
    @property
    def player_count(self) -> int:
        value = self.query_one("#player-count", Select).value
        return value if isinstance(value, int) else self.info.min_players

    def seat_rows(self) -> list[tuple[str, bool, str]]:
        """(name, is_bot, bot level) for each seat in play."""
        rows = []
        for i in range(self.player_count):
            name = self.query_one(f"#name-{i}", Input).value
            is_bot = self.query_one(f"#kind-{i}", Select).value == BOT
            level = self.query_one(f"#level-{i}", Select).value
            rows.append((name, is_bot, level if isinstance(level, str) else self.default_bot))
        return rows

    def options(self) -> dict[str, str]:
        out = {}
        for opt in self.info.options:
            value = self.query_one(f"#opt-{opt.key}", Select).value
            out[opt.key] = value if isinstance(value, str) else opt.default
        return out

    # -- keeping the form consistent ------------------------------------------------------------
    def _sync_rows(self) -> None:
        count = self.player_count
        for i in range(self.info.max_players):
            row = self.query_one(f"#seat-{i}")
            row.display = i < count
            is_bot = self.query_one(f"#kind-{i}", Select).value == BOT
            level = self.query_one(f"#level-{i}", Select)
            level.disabled = not is_bot
            level.set_class(not is_bot, "-human")

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._sync_rows()
        self._clear_error()

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.query_one("#setup-error", Static).has_class("-shown"):
            self.validate()  # live feedback once a problem has been shown
        field = event.input
        if field.has_class("seat-name"):
            full = len(event.value) >= NAME_LIMIT
            if full and field.has_focus and not field.has_class("-full"):
                # the field takes no more (a longer paste is cut there): say so, once it fills
                self.notify(f"Names have at most {NAME_LIMIT} characters: this one is full.",
                            severity="information", timeout=4)
            field.set_class(full, "-full")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()

    # -- validation ----------------------------------------------------------------------------
    def validate(self) -> list[str]:
        """Mark invalid fields and show every problem; returns the problems (empty: all good)."""
        rows = self.seat_rows()
        problems = check_names([name for name, _bot, _level in rows])
        for i in range(self.info.max_players):
            bad = i < len(problems) and problems[i] is not None
            self.query_one(f"#name-{i}", Input).set_class(bad, "-invalid")
        messages = [p for p in problems if p]
        self._show_error(messages)
        return messages

    def _show_error(self, messages: list[str]) -> None:
        error = self.query_one("#setup-error", Static)
        error.update("\n".join(f"⚠ {safe(m)}" for m in messages))
        error.set_class(bool(messages), "-shown")

    def _clear_error(self) -> None:
        if self.query_one("#setup-error", Static).has_class("-shown"):
            self.validate()

    # -- actions -------------------------------------------------------------------------------
    def action_start(self) -> None:
        if self.validate():
            return  # nothing is created; the problems are shown above the buttons
        from ..session import GameSession
        from .picker import open_game

        seats = [Seat(name.strip(), level if is_bot else None)
                 for name, is_bot, level in self.seat_rows()]
        seed = parse_seed(self.query_one("#seed", Input).value)
        try:
            match = Match(self.game_id, seats, seed, self.options())
        except ValueError as exc:  # player count, options or bot names the game rejects
            self._show_error([str(exc)])
            return
        match.hints_allowed = self.query_one("#hints", Select).value != "off"
        from ... import prefs

        prefs.remember_table(self.game_id, [(s.name, s.bot) for s in seats], self.options())
        session = GameSession(match, storage.new_save_path(self.game_id))
        session.autosave(at_once=True)  # (a new game is on disk before its first move)
        if session.save_error and not session.unsaved:  # (unsaved: its game screen says so)
            self.notify(f"{session.save_error}. The game will not be saved.",
                        severity="warning", timeout=8)
        app = self.app
        app.pop_screen()
        open_game(app, session)

    def action_back(self) -> None:
        """Back to the games; a table that could start is kept for next time (it is what the
        player was setting up), so leaving never loses it."""
        if not any(check_names([name for name, _bot, _level in self.seat_rows()])):
            from ... import prefs

            seats = [(name.strip(), level if is_bot else None)
                     for name, is_bot, level in self.seat_rows()]
            prefs.remember_table(self.game_id, seats, self.options(), last_game=False)
        self.app.pop_screen()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None, SETUP_CONTROLS))


SETUP_CONTROLS = """\
**Setting up a game**

- *Tab* / *shift+tab* move between fields; click any field with the mouse.
- *Players*: open the list with *Enter* or a click and pick how many play.
- Each seat has a **name** (different for every seat), **Human** or **Bot**, and for bots a level.
  All seats may be bots: then you watch the bots play.
- Bot levels: **random** plays any legal move; **normal** plays a sound rule of thumb and answers
  at once; **expert** looks ahead, trying its best few moves in many deals that fit what it can
  see, and takes up to about a second a move (the log says it is thinking). No bot sees a card
  that a person in its seat could not.
- **Seed**: leave blank for a fresh deal; type a number or any text to get the same deal again.
- *ctrl+s* or the **Start** button starts; *Esc* goes back to the games.
"""
