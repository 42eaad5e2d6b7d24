"""The Mine All Mines table: five mines, the Marketplace and cards for sale, every player's gems
and cards, your dwarves, and a menu of the moves you may make now."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from ...engine import Action
from ...ui.screens.play import PlayScreen
from ...ui.widgets.choicetree import ChoiceTree
from ...ui.widgets.log import GameLog
from .choices import path, targets
from .data import GEM_NAMES
from .widgets import MarketPanel, MinesPanel, PlayersPanel


def short_dwarf(d) -> str:
    return {"dealer": "Dealer", "blacksmith": "Blacksmith"}.get(d) or GEM_NAMES[d]

CONTROLS = """
- **Your turn is a menu of moves.** ↑/↓ choose a line, **Enter** (or Space, or a click) takes it;
  a line with "› N choices" opens the next level (which mine and place, which gem, which payment),
  **Esc** goes back up. **1–9** pick a line by number.
- First play one dwarf: the menu lists your dwarves, then where each may go and what it would
  yield. The places it may go are marked **[ ++ ]** on the mines, the one under the cursor
  **[ ▶▶ ]**; clicking a marked place also plays there.
- Then, in any order: swap with the Marketplace (after the Dealer), one trade with the supply, the
  Goldsmith or Traders, buy one card, claim one achievement, and **End your turn**.
- **p** lets a person peek at their own dwarves between turns (behind the curtain), **q** returns
  to the menu (the game is saved after every move), **?** shows this help.
"""

PHASE_TEXT = {"play": "plays a dwarf", "steal": "chooses what to steal",
              "lamp": "fills the Lamp", "act": "may trade, buy and claim"}


class MineAllMinesScreen(PlayScreen):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    MineAllMinesScreen #board { height: auto; }
    MineAllMinesScreen #bottom { height: 1fr; }
    MineAllMinesScreen #side { width: 66; height: 1fr; border-right: solid $primary-darken-2; }
    MineAllMinesScreen #hand { height: auto; padding: 0 1; background: $boost; }
    MineAllMinesScreen #moves { height: 1fr; }
    MineAllMinesScreen #game-log { width: 1fr; height: 1fr; }
    """
    # all priority, so that a fast burst of keys is handled in the order typed
    BINDINGS = [
        Binding("up", "move(-1)", "↑", show=False, priority=True),
        Binding("down", "move(1)", "↓", show=False, priority=True),
        Binding("enter,space", "choose", "Choose", priority=True),
        Binding("escape,backspace", "back", "Back", priority=True),
    ] + [Binding(str(i), f"pick({i - 1})", str(i), show=False, priority=True)
         for i in range(1, 10)]

    VIEWER_STATE = {"_view": None, "_legal": [], "_key": None, "_filtered": False}

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        with Vertical(id="board"):
            yield MinesPanel(id="mines")
            yield MarketPanel(id="market")
            yield PlayersPanel(id="players")
        with Horizontal(id="bottom"):
            with Vertical(id="side"):
                yield Static(id="hand")
                yield ChoiceTree(max_lines=10, id="moves")
            yield GameLog(id="game-log")
        yield Footer()

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: dict, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        t.append("Mine All Mines ", style="bold")
        t.append(f"· Round {view['round']}/{view['rounds_total']} ")
        if view["phase"] == "over":
            t.append("· game over ")
        else:
            t.append(f"· turn {view['turn'] + 1}/{view['turns_total']} · ")
            t.append(f"{names[view['seat']]} {PHASE_TEXT.get(view['phase'], '')} ")
        if viewer is not None and len(self.match.humans) > 1:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        return t

    def show(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        self.query_one(MarketPanel).show(view, names)
        self.query_one(PlayersPanel).show(view, names)
        self.query_one("#hand", Static).update(self._hand_text(view, viewer))
        menu = self.query_one(ChoiceTree)
        key = (tuple(legal), view["seat"], view["phase"])
        if key != self._key:
            self._key = key
            self._filtered = False
            if legal:
                items = [(path(view, a, names), a) for a in legal]
                menu.set_items(items, title=self._menu_title(view), keep=True)
            else:
                menu.set_items([], title="")
                menu.update(self._waiting_text(view, viewer))
        self._draw_mines([])

    def _menu_title(self, view: dict) -> str:
        return {"play": "Play one dwarf:", "steal": "Steal:", "lamp": "Your new Lamp:",
                "act": "Now, if you like (then End your turn):"}.get(view["phase"], "")

    def _waiting_text(self, view: dict, viewer: int | None) -> Text:
        if view["phase"] == "over":
            return Text("The game is over. The results follow.", style="bold")
        who = self.names[view["seat"]]
        if viewer is None:
            return Text(f"Waiting for {who}…  (table view: no hands are shown; p lets a player "
                        f"peek at their own dwarves)", style="italic")
        return Text(f"Waiting for {who}…", style="italic")

    def _hand_text(self, view: dict, viewer: int | None) -> Text:
        t = Text()
        if viewer is None or view["hand"] is None:
            t.append("Hands are secret. ", style="italic dim")
            t.append("Dwarves left: " + ", ".join(
                f"{n} {c}" for n, c in zip(self.names, view["hand_counts"])), style="dim")
            return t
        t.append(f"{self.names[viewer][:10].upper()}: ", style="bold")
        t.append(", ".join(short_dwarf(d) for d in view["hand"]) or "no dwarves left")
        if view["discards"]:
            t.append("  (set aside: " + ", ".join(short_dwarf(d) for d in view["discards"]) + ")",
                     style="dim")
        return t

    def _draw_mines(self, under_cursor: list) -> None:
        if self._view is None:
            return
        legal_places = targets(self._view, self._legal)
        chosen = targets(self._view, [a for a in under_cursor if isinstance(a, Action)])
        self.query_one(MinesPanel).show(self._view["mines"], self.names, legal_places, chosen)

    def on_choice_tree_highlighted(self, message: ChoiceTree.Highlighted) -> None:
        message.stop()
        self._draw_mines(message.values)

    def on_choice_tree_chosen(self, message: ChoiceTree.Chosen) -> None:
        message.stop()
        self._filtered = False
        self.submit(message.value)

    def on_mines_panel_place_clicked(self, message: MinesPanel.PlaceClicked) -> None:
        message.stop()
        here = [a for a in self._legal if (m := targets(self._view, [a])) and
                (message.mine, message.place) in m]
        if not here:
            self.notify("No move of yours can use that place now.", severity="information",
                        timeout=2)
            return
        if len(here) == 1:
            self.submit(here[0])
            return
        menu = self.query_one(ChoiceTree)
        menu.set_items([(path(self._view, a, self.names)[1:], a) for a in here],
                       title="Choose how to play there (Esc: all moves):")
        self._filtered = True

    # -- keys ----------------------------------------------------------------------------------
    def _acting(self) -> bool:
        if self._legal:
            return True
        if self._view is not None and self._view["phase"] != "over":
            self.notify("It is not your turn.", severity="information", timeout=2)
        return False

    def action_move(self, delta: int) -> None:
        if self._acting():
            self.query_one(ChoiceTree).move(delta)

    def action_choose(self) -> None:
        if self._acting():
            self.query_one(ChoiceTree).choose()

    def action_pick(self, index: int) -> None:
        if self._acting():
            self.query_one(ChoiceTree).choose(index)

    def action_back(self) -> None:
        if not self._acting():
            return
        menu = self.query_one(ChoiceTree)
        if menu.back():
            return
        if self._filtered:
            self._key = None
            self.redraw()


GAME_SCREEN = MineAllMinesScreen
