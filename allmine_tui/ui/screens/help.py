"""Help: a game's rules (from ``assets/<game>/rules.md``) or, without a game, what the app is and how
to use it; followed by the controls of the screen that asked for help."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from ..text import safe

from ... import storage
from ...games import GAMES
from ...paths import asset


def app_help() -> str:
    games = "\n".join(
        f"- **{spec.title}** ({spec.min_players}–{spec.max_players} players, {spec.minutes}): "
        f"{spec.blurb}"
        for spec in GAMES.values()
    )
    return f"""\
# ALL MINE!

Small tabletop card games for one terminal. Play against bots, or with friends around one
keyboard (hot seat), or just watch the bots play each other.

## The games

{games}

Each game's full rules are one key away: highlight it in the list and press **r**, or press **?**
while playing.

## Keys on the games list

| Key | What it does |
| --- | --- |
| ↑ / ↓ | choose a game |
| n | set up a new game of the highlighted game |
| c | the saved games of the highlighted game |
| r | the rules of the highlighted game |
| Enter | continue the newest unfinished game (shown on the bottom line) |
| s | every saved game, including unreadable files |
| j | join a shared game with the code its host gave you |
| ? | this help |
| q | quit (ctrl+q quits from anywhere) |

Everything also works with the mouse: click a game, a button, the *Continue* line, or a key in the
footer at the bottom of each screen. *Esc* goes back one screen.

## Hot seat and the curtain

When two or more people play at one terminal, each player's cards must stay private. Before a
player's turn the app shows a **curtain**: an empty screen that says whose turn it is. Hand the
keyboard over, and that player presses Enter when nobody else can see the screen. With one human
and bots there is no curtain: the screen is always yours.

## Shared games

A shared game is played on several screens at once, each showing only its own seat: other
terminals of this account, or browsers through `allmine serve`. The host creates it with
`allmine host GAME --players ...`, which prints one join code per person; each player opens their
seat with `allmine join CODE` or with **j** here. Moves made on one screen appear on the others at
once, and bots are played by whichever screen is open. A code opens its seat again after you leave,
until the game is over.

## Saves

Every game saves itself after every move; there is nothing to remember. Quit whenever you like and
pick the game up again with **Enter** on the games list, or choose any save with **s**. Finished
games stay in the list and show their final scores. A file that cannot be read (damaged, from
another program or from a newer version) is listed with the reason and is never changed or deleted.
They are kept in `{storage.saves_dir()}`
(set `ALLMINE_DATA_DIR` to use another folder).

## Symbols

Colours never carry meaning alone: every suit has a symbol *and* a letter, so a monochrome
terminal or colour-blind eyes lose nothing.
"""


def rules_text(game_id: str) -> str:
    path = asset(GAMES[game_id].asset_dir if game_id in GAMES else game_id, "rules.md")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        title = GAMES[game_id].title if game_id in GAMES else game_id
        return f"# {title}\n\nThe rules help for this game is missing ({path.name} not found)."


class HelpScreen(Screen):
    DEFAULT_CSS = """
    #help-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #help-scroll { height: 1fr; padding: 0 2; }
    #help-scroll:focus { background-tint: $foreground 3%; }
    #help-text { margin: 0; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
        Binding("home", "top", "Top", show=False),
        Binding("end", "bottom", "End", show=False),
    ]

    def __init__(self, game_id: str | None = None, controls: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.controls = controls

    def markdown(self) -> str:
        text = app_help() if self.game_id is None else rules_text(self.game_id)
        if self.controls.strip():
            text = text.rstrip() + "\n\n## Controls\n\n" + self.controls.strip() + "\n"
        return text

    def compose(self) -> ComposeResult:
        if self.game_id is None:
            title = "Help: ALL MINE!"
        else:
            spec = GAMES.get(self.game_id)
            title = f"Rules: {spec.title if spec else self.game_id}"
        yield Static(f"[b]{safe(title)}[/b]   ↑/↓ PgUp/PgDn scroll · Esc closes", id="help-title")
        with VerticalScroll(id="help-scroll"):
            yield Markdown(self.markdown(), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home()

    def action_bottom(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_end()
