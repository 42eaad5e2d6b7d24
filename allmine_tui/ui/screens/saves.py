"""Every saved game, readable or not, newest first. Enter (or a click on the highlighted row, or the
Open button) resumes a game, or shows the results of a finished one; v replays a finished one.
Unreadable files are listed with their reason and are never changed or deleted."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

from ..text import safe

from ... import storage
from ...guard import clean
from ...games import GAMES


class SavesScreen(Screen):
    DEFAULT_CSS = """
    #saves-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #saves-folder { height: auto; padding: 0 1; color: $text-muted; }
    #saves-table { height: 1fr; margin: 1 1 0 1; border: round $primary; }
    #saves-table:focus { border: round $accent; }
    #saves-empty { height: 1fr; margin: 1 1 0 1; border: round $primary; padding: 1 2; content-align: center middle; }
    #saves-detail { height: auto; padding: 0 2; }
    #saves-buttons { height: auto; padding: 0 1; }
    #saves-buttons Button { margin-right: 2; }
    """
    MIN_SIZE = (80, 24)
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "open", "Open", show=True),
        Binding("v", "replay", "Replay"),
        Binding("d,delete", "delete", "Delete"),
        Binding("f5", "reload", "Reload"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.infos: dict[str, storage.SaveInfo] = {}

    def compose(self) -> ComposeResult:
        title = "Saved games"
        if self.game_id is not None:
            title += f": {GAMES[self.game_id].title}"
        yield Static(f"[b]{safe(title)}[/b]", id="saves-title")
        yield Static(f"Saves folder: {safe(str(storage.saves_dir()))}", id="saves-folder")
        table: DataTable = DataTable(id="saves-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static(id="saves-empty")
        yield Static(id="saves-detail")
        with Horizontal(id="saves-buttons"):
            yield Button("Open  (enter)", id="open", variant="primary")
            yield Button("Delete  (d)", id="delete")
            yield Button("Back  (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game / file", "Last played", "Progress", "Players / problem")
        self.action_reload()
        table.focus()

    # -- data ----------------------------------------------------------------------------------
    def _wanted(self, info: storage.SaveInfo) -> bool:
        if self.game_id is None:
            return True
        if info.ok:
            return info.game == self.game_id
        return info.path.name.startswith(f"{self.game_id}-")

    def action_reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.infos = {}
        for info in storage.list_saves():
            if not self._wanted(info):
                continue
            key = str(info.path)
            self.infos[key] = info
            if info.ok:
                progress = Text(clean(info.progress or ""))
                if info.over:
                    progress = Text("finished ✓", style="green")
                table.add_row(Text(clean(info.title)), Text(info.when()), progress,
                              Text(clean(info.players)), key=key)
            else:  # (file names and reasons come from outside: cleaned of control characters)
                table.add_row(Text(f"⚠ {clean(info.path.name)}", style="bold"), Text(info.when()),
                              Text("unreadable", style="red"),
                              Text(f"UNREADABLE: {clean(info.reason)}", style="red"), key=key)
        empty = self.query_one("#saves-empty", Static)
        if self.infos:
            empty.display = False
            table.display = True
        else:
            table.display = False
            empty.display = True
            which = f" of {GAMES[self.game_id].title}" if self.game_id else ""
            empty.update(f"No saved games{safe(which)} yet.\n\nStart one from the games list "
                         f"with [b]n[/b]; every game saves itself after every move.")
        self.query_one("#open", Button).disabled = not self.infos
        self._show_detail()

    def current(self) -> storage.SaveInfo | None:
        table = self.query_one(DataTable)
        if not self.infos or table.row_count == 0:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except Exception:
            return None
        return self.infos.get(key or "")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Only what works for the highlighted save is offered (keys line and buttons): an
        unreadable save can be neither opened nor deleted. (v on an unfinished game still
        says why it cannot be replayed.)"""
        info = self.current()
        if action in ("open", "delete"):
            return info is not None and info.ok
        return True

    def _offer(self) -> None:
        info = self.current()
        usable = info is not None and info.ok
        for button in ("#open", "#delete"):
            self.query_one(button, Button).disabled = not usable
        self.refresh_bindings()

    def _show_detail(self) -> None:
        detail = self.query_one("#saves-detail", Static)
        info = self.current()
        self._offer()
        if info is None:
            detail.update("")
            return
        if info.ok:
            state = "finished: Enter shows the results, v replays it" if info.over \
                else "Enter resumes it"
            detail.update(f"{safe(info.players)}\nFile: {safe(info.path.name)}  ·  {state}")
        else:
            detail.update(f"File: {safe(info.path.name)}  ·  [b]cannot be opened[/b]: "
                          f"{safe(info.reason)} (the file is left untouched)")

    # -- events --------------------------------------------------------------------------------
    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_key(event.row_key.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "open":
            self.action_open()
        elif event.button.id == "delete":
            self.action_delete()
        elif event.button.id == "back":
            self.action_back()

    # -- actions -------------------------------------------------------------------------------
    def action_open(self) -> None:
        info = self.current()
        if info is not None:
            self.open_key(str(info.path))

    def open_key(self, key: str | None) -> None:
        info = self.infos.get(key or "")
        if info is None:
            return
        if not info.ok:
            self.notify(f"{clean(info.path.name)}: {clean(info.reason)}. The file is left as "
                        f"it is.",
                        title="Unreadable save", severity="error", timeout=8)
            return
        from .picker import resume_save

        if not resume_save(self, info.path):
            self.action_reload()  # it may have changed on disk since it was listed

    def action_replay(self) -> None:
        """The replay viewer for the highlighted save, if it is a finished game."""
        info = self.current()
        if info is None:
            return
        if not info.ok:
            self.notify(f"{clean(info.path.name)}: {clean(info.reason)}.", title="Unreadable save",
                        severity="error", timeout=8)
            return
        if not info.over:
            from .replay import NOT_FINISHED

            self.notify(f"{clean(info.path.name)} {NOT_FINISHED}", title="No replay yet",
                        severity="warning", timeout=6)
            return
        try:
            match, _doc = storage.load_match(info.path)
        except storage.SaveError as exc:
            self.notify(f"{clean(info.path.name)}: {clean(exc)}", title="Cannot open this save",
                        severity="error", timeout=8)
            self.action_reload()
            return
        from .replay import open_replay

        open_replay(self.app, match, 0)

    def action_delete(self) -> None:
        """Delete the highlighted save after a yes (records of finished games stay)."""
        info = self.current()
        if info is None:
            return
        if not info.ok:
            self.notify(f"The app never changes or deletes a save it cannot read; remove "
                        f"{clean(info.path)} yourself if you no longer want it.",
                        title="Unreadable save", severity="warning", timeout=8)
            return
        from .confirm import ConfirmScreen

        question = Text("Delete this saved game for good?\n\n", style="bold")
        question.append(clean(f"{info.title} · {info.players}") + "\n" +
                        clean(f"{info.progress} · {info.when()}") + "\n" + clean(info.path.name))

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            from ... import locks

            busy = locks.save_is_open(info.path)  # issue 20: never under another app's feet
            if busy is not None:
                self.notify(f"{clean(info.path.name)} is not deleted: {busy}.", severity="warning",
                            timeout=8)
                return
            try:
                info.path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.notify(f"Could not delete {clean(info.path.name)}: {exc.strerror or exc}",
                            severity="error", timeout=8)
            else:
                self.notify(f"Deleted {clean(info.path.name)}.", timeout=3)
            self.action_reload()

        self.app.push_screen(ConfirmScreen(question, "Delete  (y)", "Keep  (n)"), answered)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(None, SAVES_CONTROLS))


SAVES_CONTROLS = """\
**Saved games**

- *↑*/*↓* (or the mouse wheel) choose a save; *Enter*, the **Open** button, or a click on the
  highlighted row opens it. A finished game shows its results; *v* replays it move by move.
- Files marked **UNREADABLE** are damaged, from another program, or from a newer version of the
  app. They are listed with the reason and are never changed or deleted by the app.
- *d* (or *Delete*) deletes the highlighted save, after you say yes; the lifetime records of a
  finished game stay.
- *F5* reloads the list; *Esc* goes back.
"""
