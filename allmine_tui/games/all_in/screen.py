"""The All In table: the revealed cards, your sheet, the cards you can write and the public table.

Everything is drawn from the viewer's view (``RULES.view``) and legal moves; with several humans the
table view (viewer None) shows no sheet at all. Writing a card is two actions, sent together when
the player confirms: ("card", c) then ("place", cell); a Golden Deck card is ("golden", c), then
("card", c) only after a Joker, then ("place", cell).
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ...engine import Action, IllegalAction
from ...ui.screens.play import PlayScreen
from .cards import is_joker, suit_of, value_of, write_cost
from .sheets import get_sheet
from .widgets import (ChoicePanel, HandsPanel, PromptBar, SheetMarks, SheetWidget, TablePanel,
                      TopRow, card_label, card_text, chip_track, chips_word)

CONTROLS = """
- **Choosing the card:** *Tab* / *Shift+Tab* step through the cards you can write (cheapest
  first), *PgUp* / *PgDn* move to the suit above or below. The grid shows every card by suit
  (rows) and value (columns) with its chip cost: **0** free, **1**, **2**… chips, **·** out of
  reach. The selected card is in brackets and appears on your sheet at the cursor. Click a card
  to select it.
- **Choosing the space:** the arrow keys move the cursor (▶ ◀) between the spaces where you may
  write (heavy border and **+**). *Enter* (or *Space*) writes the card there. Clicking a
  highlighted space writes the selected card there at once; clicking any other space says why you
  cannot write on it. Moving the mouse over a legal space moves the cursor too.
- **No legal space:** the only move is to skip the round: *Enter* or click the prompt line.
- **Golden Deck:** after you surround your Golden Card, *Tab* / click picks one of its cards and
  *Enter* / a click on any empty space writes it. A Joker: *Enter* takes it, then choose any card
  as above.
- **The sheet:** ★ and a double border mark the printed Golden Card; • a starting space; hand
  letters sit before each row hand and above each column hand. The hands list beside it gives each
  hand's chip icon (♟1 = one chip to the first to complete it, ♟♟2 = two to the first, one later;
  struck through once someone has taken it), its Best-Scoring-Hand bonus, its cards and its best
  combination so far (✓ = you completed it).
- **End of the game:** every sheet is opened: **1**–**6** (or ←/→) show each player's sheet with
  its scoring hands (★ = Best Scoring Hand); *Enter* goes on to the results.
- **p** lets a human peek at their own sheet between turns (behind the curtain), **q** goes back to
  the menu (the game is saved after every move), **?** shows this help.
"""

WRITE, PLACE, GOLDEN, JOKER, SKIP, WAIT, TABLE, OVER = (
    "write", "place", "golden", "joker", "skip", "wait", "table", "over")


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


def best_hands(view: dict) -> list[dict[str, bool]]:
    """At the end: per player, which hand letters win the Best Scoring Hand (ties share)."""
    from .poker import evaluate
    from .widgets import hand_cards

    keys: list[dict[str, tuple]] = []
    for p in view["players"]:
        sheet = get_sheet(p["sheet"])
        mine = {}
        for hand in sheet.hands:
            ev = evaluate(hand_cards(sheet, p["written"], hand))
            if ev.points:
                mine[hand.letter] = ev.key
        keys.append(mine)
    out: list[dict[str, bool]] = [{} for _ in keys]
    for letter in {k for mine in keys for k in mine}:
        top = max(mine[letter] for mine in keys if letter in mine)
        for s, mine in enumerate(keys):
            out[s][letter] = mine.get(letter) == top
    return out


class AllInScreen(PlayScreen):
    CONTROLS = CONTROLS
    DEFAULT_CSS = """
    AllInScreen #board { height: 1fr; }
    AllInScreen #middle { height: 1fr; }
    AllInScreen #sheet { height: 1fr; }
    AllInScreen #right { width: 1fr; height: 1fr; scrollbar-size-vertical: 1; }
    AllInScreen #game-log { height: 3; }
    """
    BINDINGS = [
        Binding("tab", "card(1)", "Next card", priority=True),
        Binding("shift+tab", "card(-1)", "Previous card", show=False, priority=True),
        Binding("pageup", "suit(-1)", "Suit up", show=False, priority=True),
        Binding("pagedown", "suit(1)", "Suit down", show=False, priority=True),
        Binding("left", "space(-1, 0)", "←", show=False, priority=True),
        Binding("right", "space(1, 0)", "→", show=False, priority=True),
        Binding("up", "space(0, -1)", "↑", show=False, priority=True),
        Binding("down", "space(0, 1)", "↓", show=False, priority=True),
        # priority like the arrows, so a fast burst of keys is handled in the order typed
        Binding("enter,space", "confirm", "Write", priority=True),
    ] + [Binding(str(i + 1), f"sheet({i})", f"Sheet {i + 1}", show=False, priority=True)
         for i in range(6)]

    VIEWER_STATE = {
        "_view": None,
        "_legal": [],
        "mode": TABLE,
        "choices": [],  # cards the viewer may pick now, in Tab order
        "costs": {},
        "cells": [],  # spaces where the card may go
        "selected": None,
        "cursor": None,
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

    def _fit(self) -> None:
        """The board keeps what it needs (a tall sheet fits from 30 rows); the log gets the rest."""
        from ...ui.widgets.log import GameLog

        for log in self.query(GameLog):
            log.styles.height = max(3, min(10, self.app.size.height - 32))

    # -- deciding what the viewer may do -------------------------------------------------------
    @property
    def sheet(self):
        view = self._view
        seat = self._sheet_seat()
        return None if seat is None else get_sheet(view["players"][seat]["sheet"])

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
            if self.mode == PLACE:
                self.selected = view.get("choice")
            elif new_turn or self.selected not in self.choices:
                self.selected = self.choices[0] if self.choices else None  # the cheapest
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
    def status_text(self, view: dict, viewer: int | None) -> Text:
        names = self.names
        t = Text()
        t.append("All In ", style="bold")
        phase = view["phase"]
        if phase == "over":
            t.append("· game over · final scoring ")
        else:
            t.append(f"· Round {view['round']}/{view['rounds']} ")
            done = [names[s] for s, p in enumerate(view["players"])
                    if p["done"] and (phase != "golden" or s in view["pickers"])]
            if phase == "golden":
                pickers = ", ".join(names[s] for s in view["pickers"])
                t.append(f"· ★ {pickers} pick from the Golden Deck ")
            else:
                t.append("· writing ")
            if done and len(names) > 1:
                t.append(f"({', '.join(done)} done) ")
        if phase != "golden":
            t.append(f"· Golden Deck {view['golden_size']} ")
        if viewer is not None and len(self.match.humans) > 1:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        return t

    def _draw_all(self) -> None:
        view, viewer = self._view, self.viewer
        if view is None:
            return
        names = self.names
        mode = self.mode
        seat = self._sheet_seat()
        players = view["players"]
        # the top row
        preview = self.selected if mode in (WRITE, PLACE, GOLDEN, JOKER) else None
        self.query_one(TopRow).show(view["revealed"], preview, self._preview_text(),
                                    self._deck_info())
        # the sheet
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
            preview_here = (self.selected if mode in (WRITE, PLACE, JOKER)
                            or (mode == GOLDEN and not is_joker(self.selected or 0)) else None)
            marks = SheetMarks(legal=frozenset(self.cells), cursor=self.cursor,
                               preview=preview_here,
                               last=view.get("last_written") if seat == viewer else None)
            sheet_widget.show_sheet(p["sheet"], p["written"], marks)
            hands.display = True
            sheet = get_sheet(p["sheet"])
            whose = "your" if seat == viewer and mode != OVER else f"{names[seat]}'s"
            best = best_hands(view)[seat] if mode == OVER else None
            hands.show(p["sheet"], p["written"], p["completed"], view["first_round"], best,
                       f"{whose} {card_label(sheet.golden)} sheet")
        self._show_choices()
        self.query_one(TablePanel).show(view, names, viewer, seat if mode == OVER else None)
        self.query_one(PromptBar).update(self._prompt())

    def _deck_info(self) -> Text:
        view = self._view
        t = Text()
        seat = self.viewer
        if seat is not None and view["players"][seat]["chips_spent"] is not None:
            p = view["players"][seat]
            t.append_text(chip_track(p["chips_won"] - p["chips_spent"], p["chips_spent"]))
            t.append("\n")
        t.append("Golden Deck ", style="bold")
        t.append(f"★{view['golden_size']}")
        left = view["deck_size"] // 2
        if view["phase"] != "over":
            t.append(" · last round" if not left else
                     f" · {left} round{'s' if left != 1 else ''} after this")
        return t

    def _preview_text(self) -> Text:
        view, mode = self._view, self.mode
        names = self.names
        if mode == OVER:
            return Text("Game over: every sheet is open.\nKeys 1–%d show each player's sheet."
                        % view["n"])
        if mode == TABLE:
            waiting = ", ".join(names[s] for s in view["to_act"])
            return Text(f"Round {view['round']}/{view['rounds']}\nWaiting for {waiting}…")
        if mode == WAIT:
            return Text("You are done for this round.", style="italic")
        if mode == SKIP:
            return Text("No space you may write on:\nyou skip this round.", style="bold")
        card = self.selected
        t = Text()
        if card is None:
            return t
        if mode == GOLDEN and is_joker(card):
            t.append("Joker", style="bold")
            t.append(" from the Golden Deck:\nit becomes any card you like.")
            return t
        t.append_text(card_text(card))
        if mode == WRITE:
            t.append(f" · {chips_word(self.costs.get(card, 0))}")
        elif mode in (GOLDEN, JOKER):
            t.append(" · Golden Deck")
        sheet = self.sheet
        if self.cursor is not None and sheet is not None:
            t.append("\n→ the ▶ ◀ space")
            extra = self._effects(self.cursor)
            if extra:
                t.append(f"\n{extra}", style="bold")
        return t

    def _effects(self, cell: int) -> str:
        """What writing on ``cell`` would complete (hands, the ring around the Golden Card)."""
        view = self._view
        me = view["players"][self.viewer]
        sheet = get_sheet(me["sheet"])
        written = list(me["written"])
        written[cell] = 0
        done = [h.letter for h in sheet.hands if h.letter not in me["completed"]
                and all(written[c] is not None or c == sheet.golden_cell for c in h.cells)]
        out = []
        if done:
            out.append(f"completes hand{'s' if len(done) > 1 else ''} {' '.join(done)}")
        if (view["phase"] == "write" and not me["golden_used"]
                and cell in sheet.around_golden
                and all(written[c] is not None for c in sheet.around_golden)):
            out.append("surrounds the Golden Card")
        return ", ".join(out)

    def _show_choices(self) -> None:
        panel = self.query_one(ChoicePanel)
        view, mode = self._view, self.mode
        if mode in (WRITE, JOKER):
            title = Text("YOUR CARD", style="bold")
            if mode == WRITE:
                title.append("  cost in chips (· out of reach)", style="dim")
            else:
                title.append("  the Joker becomes any card", style="dim")
            panel.show_matrix(title, self.costs, self.selected)
        elif mode == GOLDEN:
            title = Text("GOLDEN DECK", style="bold")
            title.append("  pick one card (Tab or click); it goes on any empty space",
                         style="dim")
            panel.show_list(title, self.choices, self.selected)
        elif mode == PLACE:
            t = Text("YOUR CARD  ", style="bold")
            t.append_text(card_text(self.selected))
            t.append("  is chosen: pick its space.")
            panel.show_message(t)
        elif mode == SKIP:
            panel.show_message(Text("No empty space is linked to a card you wrote:\n"
                                    "skip this round (Enter).", style="bold"))
        elif mode == WAIT:
            waiting = ", ".join(self.names[s] for s in view["to_act"])
            panel.show_message(Text(f"Waiting for {waiting}…", style="italic"))
        else:
            panel.show_message(Text(""))
        panel.display = mode not in (TABLE, OVER)

    def _prompt(self) -> Text:
        mode = self.mode
        view = self._view
        if mode == WRITE:
            return Text("Your turn: Tab/⇧Tab or click: the card · arrows: the space (+) · "
                        "Enter or a click on the space: write", style="bold")
        if mode == PLACE:
            return Text("Choose the space: arrows + Enter, or click a highlighted space.",
                        style="bold")
        if mode == GOLDEN:
            return Text("Golden Deck: Tab or click picks a card, Enter or a click on any empty "
                        "space writes it.", style="bold")
        if mode == JOKER:
            return Text("Joker: choose any card (Tab, PgUp/PgDn or click), then Enter or click "
                        "a space.", style="bold")
        if mode == SKIP:
            return Text("No legal space: press Enter (or click here) to skip the round.",
                        style="bold reverse")
        if mode == OVER:
            return Text(f"The game is over. Keys 1–{view['n']} show each sheet; the results "
                        f"follow.", style="bold")
        waiting = ", ".join(self.names[s] for s in view["to_act"])
        if mode == TABLE:
            return Text(f"Waiting for {waiting}…  (table view: sheets are private; p lets a "
                        f"player peek at their own sheet)", style="italic")
        return Text(f"Waiting for {waiting}…", style="italic")

    # -- input ---------------------------------------------------------------------------------
    def _choosing(self) -> bool:
        return self.mode in (WRITE, GOLDEN, JOKER)

    def _not_now(self, loud: bool = False) -> None:
        if self.mode == TABLE:
            self.notify("It is not your turn.", severity="information", timeout=2)
        elif self.mode == WAIT and loud:
            waiting = ", ".join(self.names[s] for s in self._view["to_act"])
            self.notify(f"You have played this round; waiting for {waiting}.",
                        severity="information", timeout=2)

    def action_card(self, delta: int) -> None:
        if not self._choosing() or not self.choices:
            return self._not_now()
        i = self.choices.index(self.selected) if self.selected in self.choices else -delta
        self.selected = self.choices[(i + delta) % len(self.choices)]
        self._draw_all()

    def action_suit(self, delta: int) -> None:
        if self.mode not in (WRITE, JOKER) or self.selected is None:
            return self.action_card(delta)
        v, s = value_of(self.selected), suit_of(self.selected)
        for step in range(1, 4):
            row = (s + delta * step) % 4
            options = [c for c in self.choices if suit_of(c) == row]
            if options:
                self.selected = min(options, key=lambda c: (abs(value_of(c) - v),
                                                            self.costs[c]))
                self._draw_all()
                return

    def action_space(self, dx: int, dy: int) -> None:
        if not self.cells or self.mode not in (WRITE, PLACE, GOLDEN, JOKER):
            return self._not_now()
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
            if best is None:  # nothing that way: go round in reading order
                order = sorted(self.cells, key=lambda x: sheet.cells[x])
                i = order.index(self.cursor)
                best = (None, order[(i + (1 if dx + dy > 0 else -1)) % len(order)])
            self.cursor = best[1]
        self._draw_all()

    def action_sheet(self, index: int) -> None:
        view = self._view
        if view is None or view["phase"] != "over":
            return
        if index < view["n"]:
            self.shown_seat = index
            self._draw_all()

    def action_confirm(self) -> None:
        mode = self.mode
        if mode == SKIP:
            self.submit(Action("skip"))
        elif mode in (WRITE, PLACE, GOLDEN, JOKER):
            if self.cursor is None:
                self.notify("Choose a space first.", severity="warning")
                return
            self.write_at(self.cursor)
        else:
            self._not_now()

    def write_at(self, cell: int) -> bool:
        """Write the selected card on ``cell``: every action it takes, sent at once."""
        mode, card, seat = self.mode, self.selected, self.viewer
        if mode == GOLDEN and card is not None and is_joker(card):
            # a Joker from the Golden Deck: take it now, then choose the card it becomes
            self.cursor = cell if cell in self.cells else self.cursor
            ok = self.submit(Action("golden", (card,)))
            if ok:
                self.notify("You took a Joker: now choose any card and its space.", timeout=3)
            return ok
        if cell not in self.cells:
            self.notify(self._why_not(cell), title="Not allowed", severity="warning")
            return False
        if card is None and mode != PLACE:
            self.notify("Choose a card first.", severity="warning")
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

    def _why_not(self, cell: int) -> str:
        view = self._view
        if self.mode not in (WRITE, PLACE, GOLDEN, JOKER):
            return "It is not your turn." if self.mode != WAIT else \
                "You have already played this round."
        sheet = self.sheet
        me = view["players"][self.viewer]
        if cell == sheet.golden_cell:
            return "The Golden Card's space can never be written on."
        if me["written"][cell] is not None:
            return "That space already holds a card."
        if view["round"] <= 2:
            return "In rounds 1 and 2 you write on a starting space (•)."
        return "Write next to a card you have written (linked by a line)."

    def on_sheet_widget_clicked(self, message: SheetWidget.Clicked) -> None:
        if self.mode in (OVER, TABLE):
            return
        if self.mode == SKIP:
            self.notify("No space is legal this round: press Enter or click the prompt to skip.",
                        severity="information")
            return
        if self.mode == WAIT:
            return self._not_now(loud=True)
        self.write_at(message.cell)

    def on_sheet_widget_hovered(self, message: SheetWidget.Hovered) -> None:
        if message.cell in self.cells and message.cell != self.cursor and \
                self.mode in (WRITE, PLACE, GOLDEN, JOKER):
            self.cursor = message.cell
            self._draw_all()

    def on_choice_panel_picked(self, message: ChoicePanel.Picked) -> None:
        card = message.card
        if not self._choosing():
            return self._not_now(loud=True)
        if card in self.choices:
            if card == self.selected and self.mode == GOLDEN and is_joker(card):
                self.write_at(self.cursor if self.cursor is not None else -1)
                return
            self.selected = card
            self._draw_all()
            return
        if self.mode == WRITE:
            cost = write_cost(card, self._view["revealed"])
            me = self._view["players"][self.viewer]
            have = me["chips_won"] - me["chips_spent"]
            self.notify(f"{card_label(card)} costs {chips_word(cost)}; you have "
                        f"{chips_word(have) if have else 'no chips'}.",
                        title="Out of reach", severity="warning")

    def on_prompt_bar_clicked(self, _message: PromptBar.Clicked) -> None:
        if self.mode == SKIP:
            self.submit(Action("skip"))

    # -- the end ---------------------------------------------------------------------------------
    def interlude(self, events: list):
        """When the game ends, open every sheet before the results."""
        if not any(e.kind == "game_over" for e in events):
            return None
        return FinalSheetsScreen(self.session)


class FinalSheetsScreen(ModalScreen[None]):
    """Every player's sheet after the last round: 1–6 or ←/→ switch, Enter goes on to the results."""

    DEFAULT_CSS = """
    FinalSheetsScreen { align: center middle; }
    FinalSheetsScreen #final { width: 100%; height: 100%; background: $surface; }
    FinalSheetsScreen #final-title { height: 1; background: $primary-darken-2; padding: 0 1;
                                     text-style: bold; }
    FinalSheetsScreen #final-middle { height: 1fr; }
    FinalSheetsScreen #final-right { width: 1fr; height: 1fr; }
    FinalSheetsScreen Button { width: 100%; }
    """
    MIN_SIZE = PlayScreen.MIN_SIZE
    BINDINGS = [
        Binding("enter,escape", "close", "Results"),
        Binding("left", "step(-1)", "Previous player", priority=True),
        Binding("right,tab", "step(1)", "Next player", priority=True),
    ] + [Binding(str(i + 1), f"seat({i})", f"Sheet {i + 1}", show=False) for i in range(6)]

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.seat = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="final"):
            yield Static(id="final-title")
            with Horizontal(id="final-middle"):
                yield SheetWidget(id="final-sheet")
                with VerticalScroll(id="final-right", can_focus=False):
                    yield HandsPanel(id="final-hands")
                    yield TablePanel(id="final-table")
            yield Button("See the results  (Enter)", id="final-ok", variant="primary",
                         compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view = self.session.match.view(None)
        names = self.session.names
        p = view["players"][self.seat]
        self.query_one("#final-title", Static).update(Text.assemble(
            ("All In · final sheets · ", "bold"), (f"{names[self.seat]}", "bold reverse"),
            f"  ({self.seat + 1} of {view['n']}; 1–{view['n']} or ←/→ switch, Enter: results)"))
        self.query_one("#final-sheet", SheetWidget).show_sheet(p["sheet"], p["written"])
        sheet = get_sheet(p["sheet"])
        self.query_one("#final-hands", HandsPanel).show(
            p["sheet"], p["written"], p["completed"], view["first_round"],
            best_hands(view)[self.seat], f"{names[self.seat]}'s {card_label(sheet.golden)} sheet")
        self.query_one("#final-table", TablePanel).show(view, names, None, self.seat)

    def action_step(self, delta: int) -> None:
        n = self.session.match.view(None)["n"]
        self.seat = (self.seat + delta) % n
        self._draw()

    def action_seat(self, index: int) -> None:
        if index < self.session.match.view(None)["n"]:
            self.seat = index
            self._draw()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


GAME_SCREEN = AllInScreen
