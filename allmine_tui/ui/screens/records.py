"""Lifetime records: per game, a table of every human player's games, wins, scores and results
against each bot level. Read from the records file (see ``allmine_tui.records``) when opened."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Static

from ..text import safe

from ... import records
from ...games import GAMES

COLUMNS = (("Player", "left"), ("Games", "right"), ("Wins", "right"), ("Win rate", "right"),
           ("Mean score", "right"), ("Best", "right"))


class RecordsScreen(Screen):
    DEFAULT_CSS = """
    #records-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #records-problem { height: auto; padding: 0 1; color: $warning; }
    #records-body { height: 1fr; padding: 0 1; }
    .records-game { height: 1; margin-top: 1; text-style: bold; }
    .records-table { height: auto; border: round $primary; }
    #records-empty { padding: 1 2; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("f5", "reload", "Reload"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("[b]Records[/b] · every finished game with at least one person playing",
                     id="records-title")
        yield Static(id="records-problem")
        yield VerticalScroll(id="records-body")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        found = records.load()
        lines = [found.problem] if found.problem else []
        aside = records.set_aside_files()
        if aside:
            lines.append("Set aside as damaged (not counted): "
                         + ", ".join(p.name for p in aside) + ".")
        problem = self.query_one("#records-problem", Static)
        problem.update(safe("\n".join(lines)))
        problem.display = bool(lines)
        body = self.query_one("#records-body", VerticalScroll)
        body.remove_children()
        tables = records.stats(found.valid)
        widgets: list[Widget] = []
        for game_id, game in sorted(tables.items(), key=lambda kv: list(GAMES).index(kv[0])
                                    if kv[0] in GAMES else len(GAMES)):
            title = GAMES[game_id].title if game_id in GAMES else game_id
            widgets.append(Static(f"{safe(title)} · {game['games']} "
                                  f"game{'s' if game['games'] != 1 else ''}",
                                  classes="records-game"))
            widgets.append(self._table(game))
        if not widgets:
            widgets.append(Static("No finished games yet. Every game that ends with at least one "
                                  "person at the table is recorded here, and stays recorded "
                                  "when its save is deleted.", id="records-empty"))
        body.mount_all(widgets)

    @staticmethod
    def _table(game: dict) -> DataTable:
        table: DataTable = DataTable(cursor_type="none", zebra_stripes=True,
                                     classes="records-table")
        levels = records.bot_levels(game)
        for name, _justify in COLUMNS:
            table.add_column(name)
        for level in levels:
            table.add_column(f"vs {level} bots")
        for row in game["players"]:
            values = [str(row["games"]), str(row["wins"]), f"{row['win_rate']:.0%}",
                      f"{row['mean_score']:.1f}", f"{row['best_score']:g}"]
            values += [records.versus_text(row["vs_bots"].get(lv)) for lv in levels]
            table.add_row(Text(row["name"]), *(Text(v, justify="right") for v in values))
        return table

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None, RECORDS_CONTROLS))


RECORDS_CONTROLS = """\
**Records**

- One table per game: each person's games, wins (a shared first place counts for everyone in
  it), win rate, mean and best score.
- *vs random bots*, *vs normal bots*...: won–lost–tied against each bot of that level met at the
  table (a game with two such bots counts twice); ahead means a win the bot did not share, or a
  higher score.
- Games played by bots alone are not recorded. Deleting saves keeps the records.
- *F5* reloads; *Esc* goes back.
"""
