"""What the All In screen keeps for the person looking at it (its ``VIEWER_STATE``: what they are
doing, the card and space under their cursors) and what follows from it: whose sheet is on show,
the card being written. The base of the screen's mixins (``TableTexts``, ``TableInput``), so that
each of them, and the type checker, knows the screen they are part of."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...engine import Action
from ...engine.views import own
from .sheets import Sheet, get_sheet
from .views import AllInView, PlayerView

if TYPE_CHECKING:  # the mixins are parts of an All In screen (see AllInScreen)
    from ...ui.screens.play import PlayScreen

    _Host = PlayScreen[AllInView]
else:
    _Host = object

WRITE, PLACE, GOLDEN, JOKER, SKIP, WAIT, TABLE, OVER, REVIEW = (
    "write", "place", "golden", "joker", "skip", "wait", "table", "over", "review")
CARD_STEP, SPACE_STEP = "card", "space"
NO_CARD = -1  # the "no card" choice of the Golden Deck list
CHOOSING = (WRITE, PLACE, GOLDEN, JOKER)


class TableState(_Host):
    """The viewer's state on the All In table (mixed into ``AllInScreen``)."""

    # the viewer's screen state (VIEWER_STATE: set afresh for each viewer)
    _view: AllInView  # None only before the first drawing
    _legal: list[Action]
    mode: str  # what the viewer is doing: WRITE, PLACE, GOLDEN... (see ``AllInScreen.show``)
    step: str  # CARD_STEP or SPACE_STEP
    choices: list[int]
    costs: dict[int, int]  # card -> its cost in chips
    cells: list[int]
    pick: int | None
    cursor: int | None
    shown_seat: int
    _key: tuple | None  # the turn and choices the cursors were placed for
    _offer_undo: bool

    VIEWER_STATE: ClassVar[dict[str, Any]] = {
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
        "_offer_undo": False,  # whether u is listed (a take-back can work now)
    }

    @property
    def live(self) -> bool:
        """A game being played (not a replay or the final table of a finished one)."""
        return self.flow.private_views

    # -- what follows from it -----------------------------------------------------------------
    @property
    def sheet(self) -> Sheet | None:
        """The sheet on show (None: none is, as on the table view)."""
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
        if view["phase"] == "over" and self.live:
            return min(self.shown_seat, view["n"] - 1)
        return self.viewer

    def _me(self) -> PlayerView:
        """The viewer's own sheet in their view (its written cards and chips left are theirs
        to see)."""
        return self._view["players"][own(self.viewer)]

    def _first_cell(self) -> int | None:
        """Where the cursor starts: the legal space nearest the card written last."""
        sheet = self.sheet
        if not self.cells or sheet is None:
            return None
        last = self._view.get("last_written")
        if last is None:
            return min(self.cells, key=lambda c: sheet.cells[c])
        r0, c0 = sheet.cells[last]
        return min(self.cells, key=lambda c: (abs(sheet.cells[c][0] - r0)
                                              + abs(sheet.cells[c][1] - c0), sheet.cells[c]))

    if TYPE_CHECKING:  # drawn by AllInScreen
        def _draw_all(self) -> None: ...
        def _draw_choice(self) -> None: ...
