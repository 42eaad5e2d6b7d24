"""The All In table's keys and clicks: the card step (the grid of cards, the Golden Deck list), the
space step (the sheet's cursor), and writing the card with every action it takes, sent at once.
A mixin of ``AllInScreen``."""
from __future__ import annotations

from ...engine import Action, IllegalAction
from .cards import is_joker, suit_of, value_of
from .sheet_widget import SheetWidget
from .table_state import (CARD_STEP, CHOOSING, GOLDEN, JOKER, NO_CARD, OVER, PLACE, REVIEW, SKIP,
                          SPACE_STEP, TABLE, WAIT, WRITE)
from .texts import TableTexts
from .widgets import ChoicePanel, PromptBar, card_label


class TableInput(TableTexts):
    """What the viewer's keys and clicks do on the All In table (mixed into ``AllInScreen``)."""

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
        self._draw_choice()

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
        self._draw_choice()

    def _move_cursor(self, dx: int, dy: int) -> None:
        sheet = self.sheet
        assert sheet is not None  # (choosing: the viewer's sheet is on show)
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
        self._draw_choice()

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
            self._draw_choice()

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
        self._draw_choice()

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
        if self.mode in (OVER, TABLE, REVIEW):
            return
        if self.mode in (SKIP, WAIT):
            return self._not_now()
        self.write_at(message.cell)

    def on_sheet_widget_hovered(self, message: SheetWidget.Hovered) -> None:
        if message.cell in self.cells and message.cell != self.cursor and \
                self.mode in CHOOSING:
            self.cursor = message.cell
            self._draw_choice()

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
        self._draw_choice()

    def on_prompt_bar_clicked(self, _message: PromptBar.Clicked) -> None:
        if self.mode == SKIP:
            self.submit(Action("skip"))
