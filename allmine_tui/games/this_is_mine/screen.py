"""The This is Mine! table: the revealed cards and the Leader's split, the lots with their money and
claims, every player's money and Character Tile, and a menu of the decisions to make.

Collected cards are secret: they are shown only to their owner, when one person plays alone, when
a person peeks (p, behind the curtain), and for the end-game choices (behind the curtain)."""
from __future__ import annotations

from typing import TypeGuard

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...engine import Action
from ...engine.names import short_names, with_names
from ...engine.views import own
from ...ui.screens.play import PlayScreen
from ...ui.screens.public_changes import PublicChanges
from ...ui.text import hang
from ...ui.widgets.choicetree import ChoiceTree
from ...ui.widgets.draw import set_content
from ...ui.widgets.keybar import ScreenKeys
from ...ui.widgets.lines import TextLines
from ...ui.widgets.log import GameLog
from . import worth
from .data import name_of
from .rules import lot_name
from .widgets import (BottomArea, HandLines, LotsPanel, MovesMenu, PlayersPanel, PromptLines,
                      RightPane, ScoringKey, SidePane, SplitPanel, TableArea, changes, grouped,
                      public_part, short_name, wrapped)
from .texts import CONTROLS, LEGEND, menu_path, says
from .views import ThisIsMineView


class ThisIsMineScreen(PlayScreen[ThisIsMineView]):
    CONTROLS = CONTROLS
    BINDINGS = [
        Binding("left", "cursor(-1)", "←", show=False, priority=True),
        Binding("right", "cursor(1)", "→", show=False, priority=True),
        Binding("up", "move(-1)", "↑", show=False, priority=True),
        Binding("down", "move(1)", "↓", show=False, priority=True),
        Binding("enter,space", "choose", "Choose", priority=True),
        Binding("escape,backspace", "back", "Back", show=False, priority=True),
        *[Binding(str(i), f"pick({i - 1})", str(i), show=False, priority=True)
          for i in range(1, 10)],
        *[Binding(f"{letter},{letter.upper()}", f"to_lot({i})", letter.upper(), show=False,
                  priority=True)
          for i, letter in enumerate("abcd")],
    ]

    LEGEND = LEGEND

    # the viewer's screen state (VIEWER_STATE: set afresh for each viewer)
    _view: ThisIsMineView  # None only before the first drawing
    _legal: list[Action]
    _key: tuple | None  # what the moves menu was last filled from
    split: list[int]  # the draft of a split: each revealed card's lot
    cursor: int  # the revealed card under the cursor while splitting
    _split_for: tuple | None  # the split the draft is for
    _split_history: list[list[int]]  # the drafts before each change (u takes one back)

    VIEWER_STATE = {"_view": None, "_legal": [], "_key": None, "split": [], "cursor": 0,
                    "_split_for": None, "_split_history": []}
    SIDE = 37 + 1 + 2  # the right pane, its border, the side's padding

    def __init__(self, session) -> None:
        super().__init__(session)
        # what the last public move changed (the same for every viewer: kept across them)
        self._public_changes = PublicChanges(public_part, changes)

    def compose(self) -> ComposeResult:
        yield TextLines(id="status-bar")
        with TableArea(id="table"):
            yield SplitPanel(id="split")
            yield LotsPanel(id="lots")
            yield PlayersPanel(id="players")
        with BottomArea(id="bottom"):
            with SidePane(id="side"):
                yield HandLines(id="hand")
                yield PromptLines(id="prompt")
                yield MovesMenu(max_lines=8, id="moves")
            with RightPane(id="right"):
                yield ScoringKey(id="key")
                yield GameLog(id="game-log")
        yield ScreenKeys()

    def board_mounted(self) -> None:
        self.query_one(GameLog).styles.height = "1fr"  # the rest of the right pane
        self._split_w = self.query_one(SplitPanel)
        self._lots_w = self.query_one(LotsPanel)
        self._players_w = self.query_one(PlayersPanel)
        self._hand_w = self.query_one(HandLines)
        self._prompt_w = self.query_one(PromptLines)
        self._menu = self.query_one(MovesMenu)
        self._key_w = self.query_one(ScoringKey)

    # -- drawing -------------------------------------------------------------------------------
    def status_text(self, view: ThisIsMineView, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        t.append("This is Mine! ", style="bold")
        replay = getattr(self.session, "timeline", None) is not None  # (its line names the round)
        if not replay:
            t.append(f"· Round {min(view['round'], view['rounds_total'])}/"
                     f"{view['rounds_total']} ")
        phase = view["phase"]
        if phase == "split":
            t.append(f"· {says(names[view['round_leader']], 'splits')} the cards into lots ")
        elif phase == "negotiate":
            if view["claim"] is None:
                t.append(f"· {says(names[view['leader']], 'claims')} a lot ")
            else:
                answers = says(names[view['to_act'][0]], "accepts or refuses")
                t.append(f"· {says(names[view['leader']], 'claims')} lot "
                         f"{lot_name(view['claim'])}; {answers} ")
        elif phase == "balance":
            t.append("· Balance Card? ")
        elif phase in ("discard", "copy"):
            t.append("· final secret choices ")
        else:
            t.append("· game over ")
        if not replay:
            t.append(f"· deck {view['deck_count']} ", style="dim")
        if viewer is not None and len(self.match.humans) > 1 and self.flow.private_views:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        return t

    def cursor_keys(self) -> tuple[str, str]:
        """Along the revealed cards when splitting, else along the menu."""
        if self._view is not None and self._view["phase"] == "split":
            return ("right", "left")
        return ("down", "up")

    def changed(self, view: ThisIsMineView) -> dict:
        """What the last public move changed, from the public part of the views only (in a
        replay: against the position before)."""
        return self._public_changes.of(self, view)

    def last_takes(self) -> list[str]:
        """How the last round's lots went: the log's public lines of their taking."""
        events = self.match.events
        end = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "take"), None)
        if end is None:
            return []
        start = end
        while start > 0 and events[start - 1].kind not in ("split", "reveal"):
            start -= 1
        return [with_names(e.text_for(None), self.names) for e in events[start:end + 1]
                if e.kind == "take"]

    def show(self, view: ThisIsMineView, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        names = self.names
        changed = self.changed(view)
        splitting = view["phase"] == "split"
        if self._split_w.display != splitting:
            self._split_w.display = splitting
            self._lots_w.display = not splitting
        mine = worth.own(view)
        if splitting:
            if legal:
                self._start_split(view)
                put = view["assign"]  # cards already put (moves made): the draft follows them
                self.split[:len(put)] = put
            self._draw_split()
        else:
            self._lots_w.show(view, names, worth=self._lot_worth(view, mine), changed=changed,
                              last_takes=self.last_takes() if not view["lots"] else None)
        self._players_w.show(view, names, changed)
        self._key_w.show(view["n"])
        width = max(20, self.app.size.width - self.SIDE)
        set_content(self._hand_w, wrapped(self.app, self._hand_text(view, viewer, mine), width))
        self._draw_prompt()
        key = (tuple(legal), view["phase"], view["claim"], view["leader"],
               len(view.get("my_discards") or ()), len(view.get("my_copies") or ()))
        if key != self._key:
            self._key = key
            items = [(menu_path(view, a, names), a) for a in legal if a.kind != "put"]
            self._menu.set_items(items, title="")
            if self._menu.display != bool(items):
                self._menu.display = bool(items)

    def _draw_split(self) -> None:
        """The split panel: the draft of the person splitting, or the cards put so far."""
        view = self._view
        revealed = view["revealed"]
        leader = self.names[view["round_leader"]]
        if self._splitting():
            self._split_w.show(revealed, self.split, view["n"], self.cursor, leader,
                               deciding=True, just_put=self.changed(view).get("put"))
            return
        lots = list(view["assign"]) + [None] * (len(revealed) - len(view["assign"]))
        self._split_w.show(revealed, lots, view["n"], None, leader,
                           just_put=self.changed(view).get("put"))

    def _draw_prompt(self) -> None:
        width = max(20, self.app.size.width - self.SIDE)
        set_content(self._prompt_w, wrapped(self.app, self._prompt(self._view, self._legal),
                                            width))

    @staticmethod
    def _lot_worth(view: ThisIsMineView, mine) -> dict[int, Text]:
        """Per lot on the table, what the viewer's collection would be worth with it."""
        if mine is None or view["phase"] != "negotiate":
            return {}
        now = worth.worth(mine)
        out = {}
        for i, lot in enumerate(view["lots"]):
            if lot["owner"] is None and lot["cards"]:
                after, extra = worth.with_lot(mine, lot["cards"])
                change = worth.difference(after, now)
                if extra:
                    change = extra if change == "±$0" else f"{change}, {extra}"
                out[i] = Text(f"you: {after.text()} ({change})", style="italic")
        return out

    def _hand_text(self, view: ThisIsMineView, viewer: int | None, mine) -> Text:
        t = Text()
        if viewer is None or mine is None:
            t.append("Collected cards are secret. ", style="italic dim")
            t.append("p: peek at yours.", style="dim")
            return t
        name = short_names(self.names, 12)[viewer]
        t.append("YOUR CARDS: " if name == "You" else f"{name.upper()}'S CARDS: ", style="bold")
        t.append_text(grouped(own(view["hand"])))
        t.append("\n  worth now: ", style="bold")
        t.append(worth.worth(mine).text(), style="bold yellow")
        later = worth.pending(view)
        if later:
            # on the same line when it fits beside the key, else on its own
            room = self.app.size.width - self.SIDE
            joint = len(t.plain.rsplit("\n", 1)[-1]) + len(later) + 3 <= room
            t.append(" · " if joint else "\n  to come: ")
            t.append(later, style="italic")
        best, copies = worth.outlook(view)
        if copies:
            what = " and ".join(short_name(c) for c in copies)
            t.append(f"\n  best with your Suitcase{'s' if len(copies) > 1 else ''} copying "
                     f"{what}: ", style="bold")
            t.append(best.text(), style="bold yellow")
        discards, copied = view.get("my_discards"), view.get("my_copies")
        room = max(20, self.app.size.width - self.SIDE)
        if discards:
            t.append("\n" + hang("  Relatives take: ", _counted(discards), room), style="red")
        if copied:
            t.append("\n" + hang("  Suitcases copy: ", _counted(copied), room), style="yellow")
        return t

    def _prompt(self, view: ThisIsMineView, legal: list[Action]) -> Text:
        """One line at 100 columns (names are shortened): what to decide now."""
        names = short_names(self.names, 8)
        phase = view["phase"]
        if phase == "over":
            if not self.flow.private_views and getattr(self.session, "timeline", None) is None:
                # the final table
                return Text(f"Game over · Tab or 1–{view['n']}: another player's cards · "
                            f"v: replay")
            if not self.flow.private_views:  # a replay, at its end
                return Text("The game is over.")
            return Text("The game is over. The results follow.")
        if not legal:
            waiting = ", ".join(names[s] for s in view["to_act"])
            dots = "" if waiting.endswith("…") else "…"  # (a shortened name ends with one)
            return Text(f"Waiting for {waiting}{dots}", style="italic")
        actor = self.actor
        assert actor is not None  # (legal moves are someone's: the person acting)
        who = names[actor]
        if phase == "split":
            empty = [lot_name(i) for i in range(view["n"]) if i not in self.split]
            if empty:
                return Text(f"{who}, split the cards: lot {', '.join(empty)} is still empty.")
            return Text(f"{who}, split the cards into lots, then Enter to confirm.")
        if phase == "negotiate":
            claim = view["claim"]
            if claim is None:
                return Text(f"{who}, claim a lot.")
            lot = view["lots"][claim]
            # (whose answer it is matters only when several people share the keyboard)
            to = f"{who}: " if len(self.match.humans) > 1 else ""
            return Text(f"{to}{names[view['leader']]} claims lot {lot['name']}: accept, or refuse "
                        f"($1 of your ${view['money'][actor]}).")
        if phase == "balance":
            # everyone's Money Cards are on the table just above
            return Text(f"{who}: ask for the Balance Card, or pass?")
        counted = ""
        if worth.outlook(view)[1]:
            counted = " The money counts the best copies of your Suitcases after it."
        if phase == "discard":
            return Text(f"{who}: your Relatives each take one Object ("
                        f"{own(view['to_discard'])[actor]} more).{counted}")
        if phase == "copy":
            return Text(f"{who}: each Suitcase copies a type ({own(view['copies_owed'])[actor]}"
                        f" more).{counted}")
        return Text("")

    def on_resize(self, event) -> None:
        """Lines that fit the width are laid out again for the new one."""
        if self._view is not None:
            self.redraw()

    # -- split ---------------------------------------------------------------------------------
    def _splitting(self) -> bool:
        return bool(self._view and self._view["phase"] == "split" and self._legal)

    def _start_split(self, view: ThisIsMineView) -> None:
        """The draft of the person splitting: the one kept with the save for this very split
        (a half-made split survives quitting, and a peek), else every card in turn to A, B, C..."""
        key = (view["round"], tuple(view["revealed"]), self.actor)
        if self._split_for == key:
            return
        self._split_for = key
        n, k = view["n"], len(view["revealed"])
        draft = self.session.table_draft
        if self._draft_fits(draft, view):
            self.split = list(draft["split"])
            self.cursor = draft["cursor"]
            self._split_history = [list(h) for h in draft["history"]]
        else:
            self.split = [i % n for i in range(k)]
            self.cursor = 0
            self._split_history = []

    def _draft_fits(self, draft: object, view: ThisIsMineView) -> TypeGuard[dict]:
        """A kept draft is used only for the same decision: the same position, the same person
        splitting, the same cards, and lots that exist."""
        if not isinstance(draft, dict):
            return False
        n, k = view["n"], len(view["revealed"])

        def split_ok(split) -> bool:
            return isinstance(split, list) and len(split) == k and \
                all(isinstance(x, int) and 0 <= x < n for x in split)

        history = draft.get("history")
        cursor = draft.get("cursor")
        return (draft.get("at") == len(self.match.log) and draft.get("seat") == self.actor
                and draft.get("revealed") == list(view["revealed"])
                and split_ok(draft.get("split")) and isinstance(cursor, int)
                and 0 <= cursor < k and isinstance(history, list)
                and all(split_ok(h) for h in history))

    def _keep_draft(self) -> None:
        """The half-made split goes with the save (it is made in front of everyone; only this
        decision of this person takes it up again)."""
        session, view = self.session, self._view
        if not self._split_history:
            draft = None
        else:
            draft = {"at": len(self.match.log), "seat": self.actor,
                     "revealed": list(view["revealed"]), "split": list(self.split),
                     "cursor": self.cursor, "history": [list(h) for h in self._split_history]}
        if draft != session.table_draft:
            session.table_draft = draft
            session.autosave()

    def _assign(self, lot: int) -> None:
        if lot >= self._view["n"]:
            self.notify(f"There are only {self._view['n']} lots.", severity="warning", timeout=2)
            return
        if self.cursor < len(self._view["assign"]):
            self.notify(f"This card is already in lot {lot_name(self.split[self.cursor])} (a move "
                        f"made): u takes the last card put back.", severity="information",
                        timeout=3)
            return
        if self.split[self.cursor] == lot:
            return
        self._split_history.append(list(self.split))
        self.split[self.cursor] = lot  # the cursor stays on the card just placed
        self._keep_draft()
        self._draw_split()
        self._draw_prompt()

    def _confirm_split(self) -> None:
        n = self._view["n"]
        empty = [lot_name(i) for i in range(n) if i not in self.split]
        if empty:
            self.notify(f"Lot {', '.join(empty)} has no card: every lot needs at least one.",
                        title="Not yet", severity="warning")
            return
        self.session.table_draft = None
        for lot in list(self.split[len(self._view["assign"]):]):
            if not self.submit(Action("put", (lot,))):
                return

    def action_undo(self) -> None:
        """While splitting, u takes back the last card moved to another lot (the split is one
        decision, confirmed with Enter); else the last move, as everywhere."""
        if not self._splitting():
            super().action_undo()
            return
        if not self._split_history:
            if self._view["assign"]:  # cards already put one by one: the last one comes back
                super().action_undo()
                return
            self.notify("Nothing to take back in this split yet: A–D put the card under the "
                        "cursor in a lot, Enter confirms the lots.", title="Cannot take back",
                        severity="information", timeout=4)
            return
        before = self._split_history.pop()
        changed = [i for i, (a, b) in enumerate(zip(before, self.split)) if a != b]
        self.split = before
        if changed:
            self.cursor = changed[0]
        self._keep_draft()
        self._draw_split()
        self._draw_prompt()

    # -- input ---------------------------------------------------------------------------------
    def _acting(self) -> bool:
        if self._legal:
            return True
        if self._view is not None and self._view["phase"] != "over":
            self.notify("It is not your decision now.", severity="information", timeout=2)
        return False

    def action_cursor(self, delta: int) -> None:
        if self._splitting():  # along the row of cards; it stops at either end
            cursor = max(0, min(len(self.split) - 1, self.cursor + delta))
            if cursor != self.cursor:
                self.cursor = cursor
                self._draw_split()

    def action_move(self, delta: int) -> None:
        if self._splitting():
            return  # the cards are one row: ←/→ move along it
        if self._acting():
            self._menu.move(delta)

    def action_choose(self) -> None:
        if not self._acting():
            return
        if self._splitting():
            self._confirm_split()
        else:
            self._menu.choose()

    def action_pick(self, index: int) -> None:
        if not self._acting():
            return
        if self._splitting():
            last = lot_name(self._view["n"] - 1)
            self.notify(f"Lots are letters: press A–{last} to put the card in a lot.",
                        severity="information", timeout=3)
        else:
            self._menu.choose(index)

    def action_to_lot(self, lot: int) -> None:
        if not self._acting():
            return
        if self._splitting():
            self._assign(lot)
            return
        self._lot_chosen(lot)

    def action_back(self) -> None:
        if self._acting():
            self._menu.back()

    def _lot_chosen(self, lot: int) -> None:
        """A lot picked by letter or click: claim it, or put the refusal's money on it."""
        for a in self._legal:
            if a.kind in ("claim", "refuse") and a.args == (lot,):
                self.submit(a)
                return
        self.notify(f"Lot {lot_name(lot)} cannot be chosen now.", severity="information",
                    timeout=2)

    def on_choice_tree_chosen(self, message: ChoiceTree.Chosen) -> None:
        message.stop()
        self.submit(message.value)

    def on_choice_tree_highlighted(self, message: ChoiceTree.Highlighted) -> None:
        message.stop()

    def on_lots_panel_lot_clicked(self, message: LotsPanel.LotClicked) -> None:
        message.stop()
        if self._acting():
            self._lot_chosen(message.lot)

    def on_split_panel_card_clicked(self, message: SplitPanel.CardClicked) -> None:
        message.stop()
        if self._splitting():
            self.cursor = message.index
            self._draw_split()

    def on_split_panel_lot_clicked(self, message: SplitPanel.LotClicked) -> None:
        message.stop()
        if self._splitting():
            self._assign(message.lot)

    def on_split_panel_confirm(self, message: SplitPanel.Confirm) -> None:
        message.stop()
        if self._splitting():
            self._confirm_split()


def _counted(types: list[str]) -> list[str]:
    """['2× Bibelot', 'Bottle']: the types named once each, counted."""
    counts: dict[str, int] = {}
    for t in types:
        counts[t] = counts.get(t, 0) + 1
    return [f"{k}× {name_of(t)}" if k > 1 else name_of(t) for t, k in counts.items()]
