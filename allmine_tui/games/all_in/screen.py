"""The All In table: the revealed cards, your sheet, the cards you can write and the public table.

Everything is drawn from the viewer's view (``RULES.view``) and legal moves; with several humans the
table view (viewer None) shows no sheet at all. Writing a card takes two steps on screen, the card
then the space, and two actions sent together when the player confirms the space: ("card", c)
then ("place", cell). A Golden Deck card is ("golden", c), then ("card", c) only after a Joker,
then ("place", cell); turning the Golden Deck down is ("decline").
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from ...engine import Action, IllegalAction
from ...ui.screens.play import PlayScreen
from ...ui.widgets.log import GameLog
from .cards import is_joker, suit_of, value_of, write_cost
from .final_sheets import FinalSheetsScreen
from .panels import HandsPanel, TablePanel, best_hands, hands_through
from .sheet_widget import SheetMarks, SheetWidget
from .sheets import get_sheet
from .texts import (CARD_STEP, CHOOSING, CONTROLS, GOLDEN, JOKER, NO_CARD, OVER, PLACE, SKIP,
                    SPACE_STEP, TABLE, WAIT, WRITE, TableTexts)
from .widgets import ChoicePanel, PromptBar, TopRow, card_label, card_text


def legal_cells_from_view(view: dict, any_empty: bool) -> list[int]:
    """The spaces where the viewer may write now, from their own view (the placement rule)."""
    if view.get("legal_cells") is not None:
        return list(view["legal_cells"])
    me = view["players"][view["viewer"]]
    sheet = get_sheet(me["sheet"])
    written = me["written"]
    empty = [c for c in range(len(sheet.cells)) if c != sheet.golden_cell and written[c] is None]
    if any_empty:
        return empty
    if view["round"] <= 2:
        return [c for c in empty if c in sheet.starts]
    return [c for c in empty if any(written[n] is not None for n in sheet.neighbors[c])]


class AllInScreen(TableTexts, PlayScreen):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    AllInScreen #board { height: 1fr; }
    AllInScreen #middle { height: 1fr; }
    AllInScreen #sheet { height: 1fr; }
    AllInScreen #right { width: 1fr; height: 1fr; scrollbar-size-vertical: 1;
                         scrollbar-gutter: stable; }
    AllInScreen #game-log { height: 3; }
    """
    BINDINGS = [
        Binding("tab", "card(1)", "Next card", priority=True),
        Binding("shift+tab", "card(-1)", "Previous card", show=False, priority=True),
        Binding("left", "arrow(-1, 0)", "←", show=False, priority=True),
        Binding("right", "arrow(1, 0)", "→", show=False, priority=True),
        Binding("up", "arrow(0, -1)", "↑", show=False, priority=True),
        Binding("down", "arrow(0, 1)", "↓", show=False, priority=True),
        # priority like the arrows, so a fast burst of keys is handled in the order typed
        Binding("enter,space", "confirm", "Take / write", priority=True),
        Binding("escape,backspace", "back", "Back to the cards", show=False, priority=True),
    ] + [Binding(str(i + 1), f"sheet({i})", f"Sheet {i + 1}", show=False, priority=True)
         for i in range(6)]

    VIEWER_STATE = {
        "_view": None,
        "_legal": [],
        "mode": TABLE,
        "step": CARD_STEP,
        "choices": [],  # cards the viewer may pick now, in Tab order (cheapest first)
        "costs": {},
        "cells": [],  # spaces where the card may go
        "pick": None,  # the card (or NO_CARD) under the cursor of the grid or list
        "cursor": None,  # the space under the sheet cursor
        "shown_seat": 0,  # whose sheet is shown at the end
        "_key": None,
    }

    # -- layout --------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with Vertical(id="board"):
            yield TopRow(id="top")
            with Horizontal(id="middle"):
                yield SheetWidget(id="sheet")
                with VerticalScroll(id="right", can_focus=False):
                    yield ChoicePanel(id="choices")
                    yield HandsPanel(id="hands")
                    yield TablePanel(id="table")
            yield PromptBar(id="prompt")

    def board_mounted(self) -> None:
        self._fit()

    def on_resize(self, _event) -> None:
        self._fit()
        self._draw_all()

    def _fit(self) -> None:
        """The board keeps what it needs (a tall sheet fits from 30 rows); the log gets the rest."""
        for log in self.query(GameLog):
            log.styles.height = self._log_height()
        view = self.match.view(None)
        for sheet in self.query(SheetWidget):
            sheet.set_table(p["sheet"] for p in view["players"])

    def _log_height(self) -> int:
        return max(3, min(10, self.app.size.height - 32))

    def _table_columns(self) -> int:
        """Two players a line when one a line would not fit beside the sheet."""
        view = self._view
        height = self.app.size.height - 1 - 3 - 1 - self._log_height() - 1
        hands = len(get_sheet(view["players"][0]["sheet"]).hands) + 1
        return 1 if 5 + hands + 1 + view["n"] <= height else 2

    # -- deciding what the viewer may do -------------------------------------------------------
    @property
    def sheet(self):
        seat = self._sheet_seat()
        return None if seat is None else get_sheet(self._view["players"][seat]["sheet"])

    @property
    def selected(self) -> int | None:
        """The card the viewer would write now (None: nothing that can be written is chosen)."""
        if self.mode == PLACE:
            return self._view.get("choice")
        if self.mode in (WRITE, JOKER, GOLDEN) and self.pick in self.costs:
            return self.pick
        return None

    def _sheet_seat(self) -> int | None:
        view = self._view
        if view is None:
            return None
        if view["phase"] == "over":
            return min(self.shown_seat, view["n"] - 1)
        return self.viewer

    def show(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        kinds = {a.kind for a in legal}
        phase = view["phase"]
        self.choices, self.costs, self.cells = [], {}, []
        if phase == "over":
            self.mode = OVER
        elif viewer is None:
            self.mode = TABLE
        elif not legal:
            self.mode = WAIT
        elif "skip" in kinds:
            self.mode = SKIP
        elif "golden" in kinds:
            self.mode = GOLDEN
            self.choices = sorted({a.args[0] for a in legal if a.kind == "golden"})
            self.costs = {c: 0 for c in self.choices}
            self.cells = legal_cells_from_view(view, any_empty=True)
        elif "card" in kinds:
            self.choices = [a.args[0] for a in legal if a.kind == "card"]
            if phase == "golden":
                self.mode = JOKER
                self.costs = {c: 0 for c in self.choices}
                self.cells = legal_cells_from_view(view, any_empty=True)
            else:
                self.mode = WRITE
                self.costs = {c: write_cost(c, view["revealed"]) for c in self.choices}
                self.choices.sort(key=lambda c: (self.costs[c], c))
                self.cells = legal_cells_from_view(view, any_empty=False)
        else:
            self.mode = PLACE
            self.cells = [a.args[0] for a in legal if a.kind == "place"]
        turn = (view["round"], phase, viewer, self.mode)
        key = (turn, tuple(self.choices), tuple(self.cells))
        if key != self._key:
            new_turn = self._key is None or self._key[0] != turn
            self._key = key
            if new_turn:
                self.step = SPACE_STEP if self.mode == PLACE else CARD_STEP
            if new_turn or (self.pick not in self.choices and self.pick != NO_CARD):
                self.pick = self.choices[0] if self.choices else None  # the cheapest
            if self.cursor not in self.cells:
                self.cursor = self._first_cell()
        self._draw_all()

    def _first_cell(self) -> int | None:
        """Where the cursor starts: the legal space nearest the card written last."""
        if not self.cells:
            return None
        sheet = self.sheet
        last = self._view.get("last_written")
        if last is None:
            return min(self.cells, key=lambda c: sheet.cells[c])
        r0, c0 = sheet.cells[last]
        return min(self.cells, key=lambda c: (abs(sheet.cells[c][0] - r0)
                                              + abs(sheet.cells[c][1] - c0), sheet.cells[c]))

    # -- drawing -------------------------------------------------------------------------------
    def _draw_all(self) -> None:
        view = self._view
        if view is None or not self.is_attached:
            return
        names, mode = self.names, self.mode
        seat = self._sheet_seat()
        players = view["players"]
        selected = self.selected
        preview = selected if mode in CHOOSING and not is_joker(selected or 0) else None
        self.query_one(TopRow).show(view["revealed"], preview, self._preview_text(),
                                    self._deck_info())
        sheet_widget = self.query_one(SheetWidget)
        hands = self.query_one(HandsPanel)
        if seat is None or players[seat]["written"] is None:
            sheet_widget.show_message(Text.assemble(
                ("SHEETS ARE PRIVATE\n\n", "bold"),
                "Every player writes behind the curtain;\nnobody sees another sheet until the "
                "final scoring.\n\n", ("p", "bold"), " lets a player peek at their own sheet."))
            hands.display = False
        else:
            p = players[seat]
            cursor = self.cursor if mode in CHOOSING else None
            marks = SheetMarks(legal=frozenset(self.cells), cursor=cursor, preview=preview,
                               last=view.get("last_written") if seat == self.viewer else None,
                               hands=hands_through(p["sheet"], cursor))
            sheet_widget.show_sheet(p["sheet"], p["written"], marks)
            hands.display = True
            sheet = get_sheet(p["sheet"])
            whose = "your" if seat == self.viewer and mode != OVER else f"{names[seat]}'s"
            best = best_hands(view)[seat] if mode == OVER else None
            hands.show(p["sheet"], p["written"], p["completed"], view["first_round"], best,
                       f"{whose} {card_label(sheet.golden)} sheet", cursor, preview)
        self._show_choices()
        self.query_one(TablePanel).show(view, names, self.viewer, seat if mode == OVER else None,
                                        self._table_columns())
        self.query_one(PromptBar).put(self._prompt())

    def _show_choices(self) -> None:
        panel = self.query_one(ChoicePanel)
        mode = self.mode
        active = self.step == CARD_STEP
        if mode in (WRITE, JOKER):
            panel.show_matrix(self.costs, self.pick, active, "CARD" if mode == WRITE else "ANY")
        elif mode == GOLDEN:
            items = self.choices + [None]
            title = Text("GOLDEN DECK", style="bold reverse" if active else "bold")
            title.append("  one card, free, on any empty space", style="dim")
            note = Text("Enter or a second click: no Golden Deck card", style="dim") \
                if self.pick == NO_CARD else None
            panel.show_list(title, items, None if self.pick == NO_CARD else self.pick, active,
                            note)
        elif mode == PLACE:
            t = Text("YOUR CARD  ", style="bold")
            t.append_text(card_text(self.selected))
            t.append("  is chosen: pick its space.")
            panel.show_message(t)
        elif mode == SKIP:
            panel.show_message(Text("No empty space is linked to a card you wrote:\n"
                                    "skip this round (Enter).", style="bold"))
        elif mode == WAIT:
            panel.show_message(Text("You have written this round.\nThe next round starts "
                                    "when everyone has written.", style="italic"))
        else:
            panel.show_message(Text(""))
        panel.display = mode not in (TABLE, OVER)

    # -- input ---------------------------------------------------------------------------------
    def _picking(self) -> bool:
        return self.mode in (WRITE, GOLDEN, JOKER)

    def action_card(self, delta: int) -> None:
        """Tab: the next card the viewer can write (cheapest first), in either step."""
        if not self._picking() or not self.choices:
            return self._not_now()
        i = self.choices.index(self.pick) if self.pick in self.choices else -delta
        if self.mode == GOLDEN and self.pick == NO_CARD:
            i = len(self.choices) if delta > 0 else 0
        self.pick = self.choices[(i + delta) % len(self.choices)]
        self._draw_all()

    def action_arrow(self, dx: int, dy: int) -> None:
        if self.step == CARD_STEP and self._picking():
            self._move_pick(dx, dy)
        elif self.mode in CHOOSING and self.cells:
            self._move_cursor(dx, dy)
        else:
            self._not_now()

    def _move_pick(self, dx: int, dy: int) -> None:
        """One step in the grid (values ←/→, suits ↑/↓) or along the Golden Deck list; the cursor
        stops at the ends and passes over cards out of reach (they are explained on screen)."""
        if self.mode == GOLDEN:
            items = self.choices + [NO_CARD]
            i = items.index(self.pick) if self.pick in items else 0
            self.pick = items[max(0, min(len(items) - 1, i + dx + dy))]
        else:
            pick = self.pick if self.pick is not None else 0
            v, s = value_of(pick), suit_of(pick)
            v, s = max(1, min(13, v + dx)), max(0, min(3, s + dy))
            self.pick = s * 13 + v - 1
        self._draw_all()

    def _move_cursor(self, dx: int, dy: int) -> None:
        sheet = self.sheet
        if self.cursor not in self.cells:
            self.cursor = self._first_cell()
        else:
            r0, c0 = sheet.cells[self.cursor]
            best = None
            for cell in self.cells:
                r, c = sheet.cells[cell]
                along = (c - c0) * dx + (r - r0) * dy
                across = abs(r - r0) if dx else abs(c - c0)
                if along > 0:
                    score = (along + 3 * across, across)
                    if best is None or score < best[0]:
                        best = (score, cell)
            if best is not None:  # nothing that way: the cursor stays
                self.cursor = best[1]
        self._draw_all()

    def action_sheet(self, index: int) -> None:
        view = self._view
        if view is None or view["phase"] != "over":
            return
        if index < view["n"]:
            self.shown_seat = index
            self._draw_all()

    def action_back(self) -> None:
        if self.mode == PLACE:
            self.notify("Your card is already chosen: u takes it back.", timeout=3)
        elif self._picking() and self.step == SPACE_STEP:
            self.step = CARD_STEP
            self._draw_all()

    def action_confirm(self) -> None:
        mode = self.mode
        if mode == SKIP:
            self.submit(Action("skip"))
        elif self._picking() and self.step == CARD_STEP:
            self.take(self.pick)
        elif mode in CHOOSING:
            if self.cursor is None:
                self.notify("Choose a space first.", severity="warning")
                return
            self.write_at(self.cursor)
        else:
            self._not_now()

    def take(self, card: int | None) -> None:
        """The card step's Enter: keep the card and go on to the space (a Joker from the Golden
        Deck is taken at once, and "no card" turns the Golden Deck down)."""
        if self.mode == GOLDEN and card == NO_CARD:
            self.submit(Action("decline"))
            return
        if self.mode == GOLDEN and card is not None and is_joker(card):
            if self.submit(Action("golden", (card,))):
                self.notify("You took a Joker: now choose any card and its space.", timeout=3)
            return
        if card not in self.costs:
            if self.mode == WRITE and card is not None:
                self.notify(f"{card_label(card)} is {self._out_of_reach(card)}.",
                            title="Out of reach", severity="warning")
            return
        self.step = SPACE_STEP
        self._draw_all()

    def write_at(self, cell: int) -> bool:
        """Write the selected card on ``cell``: every action it takes, sent at once."""
        mode, card, seat = self.mode, self.selected, self.viewer
        if cell not in self.cells:
            self.notify(self._why_not(cell), title="Not allowed", severity="warning")
            return False
        if card is None or (mode == GOLDEN and is_joker(card)):
            self.notify("Choose a card first (one you can make).", severity="warning")
            return False
        first = {WRITE: "card", JOKER: "card", GOLDEN: "golden"}.get(mode)
        if first is not None:
            if seat is None or seat not in self.match.to_act():
                self.notify("It is not your turn.", severity="warning")
                return False
            try:
                self._queue_interludes(self.session.apply(seat, Action(first, (card,))))
            except IllegalAction as exc:
                self.notify(str(exc), title="Not allowed", severity="warning")
                self.redraw()
                return False
        ok = self.submit(Action("place", (cell,)))
        if not ok:
            self.redraw()
        return ok

    def on_sheet_widget_clicked(self, message: SheetWidget.Clicked) -> None:
        if self.mode in (OVER, TABLE):
            return
        if self.mode in (SKIP, WAIT):
            return self._not_now()
        self.write_at(message.cell)

    def on_sheet_widget_hovered(self, message: SheetWidget.Hovered) -> None:
        if message.cell in self.cells and message.cell != self.cursor and \
                self.mode in CHOOSING:
            self.cursor = message.cell
            self._draw_all()

    def on_choice_panel_picked(self, message: ChoicePanel.Picked) -> None:
        card = NO_CARD if message.card is None else message.card
        if not self._picking():
            return self._not_now()
        again = card == self.pick
        self.pick = card
        if card in self.costs and not (self.mode == GOLDEN and is_joker(card)):
            self.step = SPACE_STEP
        elif again or (self.mode == WRITE and card not in self.costs):
            self.take(card)  # a second click on a Joker or "no card"; a card out of reach
            return
        self._draw_all()

    def on_prompt_bar_clicked(self, _message: PromptBar.Clicked) -> None:
        if self.mode == SKIP:
            self.submit(Action("skip"))

    # -- the end ---------------------------------------------------------------------------------
    def interlude(self, events: list):
        """When the game ends, open every sheet before the results."""
        if not any(e.kind == "game_over" for e in events):
            return None
        return FinalSheetsScreen(self.session)
