"""What the All In table says: the help's key list, the status line, the line under the revealed
cards, the prompt and the reasons a key or click is refused. A mixin of ``AllInScreen``: it reads
the screen's viewer state (mode, step, pick, cursor) and the viewer's view, nothing else."""
from __future__ import annotations

from rich.text import Text

from ...engine.views import own
from .cards import is_joker, write_cost
from .sheets import get_sheet, space_names
from .table_state import (CARD_STEP, CHOOSING, GOLDEN, JOKER, NO_CARD, OVER, PLACE, REVIEW, SKIP,
                          TABLE, WAIT, WRITE, TableState)
from .views import AllInView
from .widgets import card_label, card_text, chip_track, chips_word

CONTROLS = """
- **Writing a card** takes two steps. **The card:** the arrow keys move in the grid of cards
  (suits in rows, values in columns); each card you can make shows its cost in chips (**0** free,
  **1**, **2**… chips), a dot one out of reach. *Tab* / *Shift+Tab* jump to the next card you can
  make, cheapest first. *Enter* (or *Space*) takes the card. **The space:** the arrow keys move
  the cursor (▶ ◀) between the spaces where you may write (heavy border and **+**); *Enter*
  writes the card there. *Esc* goes back to the cards; *Tab* changes the card without leaving
  the sheet. Nothing is written before that last *Enter*.
- **The mouse:** click a card, then click a highlighted space (moving the mouse over a legal space
  moves the cursor too). Clicking any other space, or a card out of reach, says why not.
- **What it would do:** the hands through the space under the cursor are marked (their letter
  reversed on the sheet, their lines drawn bold, ▶ in the hands list) with what each would
  become with your card: **▲** a better combination, **=** no change. The line beside the
  revealed cards names the space by its hands (**A×F**: row hand A, column hand F) and says which
  hands it completes and whether it surrounds your Golden Card.
- **What just changed:** the two cards just revealed say **new** in their top edge until you
  write; the card you wrote last says **new** in the top edge of its space (at the end, on every
  sheet).
- **No legal space:** the only move is to skip the round: *Enter* or click the prompt line.
- **Golden Deck:** after you surround your Golden Card, choose one of its cards with ←/→ (or a
  click) and *Enter*, then any empty space. A Joker: *Enter* takes it, then choose any card.
  **✗ no card** turns the Golden Deck down (*Enter*, or a second click).
- **The sheet:** ★ and a double border mark the printed Golden Card; • a starting space. Spaces
  side by side are linked by ──; rows one above the other by │ between them, or (on a shorter
  terminal, boxes stacked) by ┬ ┴ where their edges meet. Where a row holds two hands, the gap
  between them stays empty. Hand letters stand beside their row (left, or right for a second
  hand in the same row) and above their column. The hands list gives each hand's chip icon
  (♟1 = one chip to the first to complete it, ♟♟2 = two to the first, one later; struck through
  once someone has taken it), its Best-Scoring-Hand bonus, its cards and its best combination
  so far (✓ = you completed it).
- **Chips:** beside the revealed cards, **●** a chip you still have, **○** one you spent. The
  table counts the chips each player **won** (public) and, for you, how many are **left**
  (others' are secret: **?**); at the end what is left is what the results count as unused.
- **End of the game:** every sheet is opened: **1**–**6** (or ←/→) show each player's sheet with
  its scoring hands (★ = Best Scoring Hand); *Enter* goes on to the results.
- **u** takes back a card chosen but not written yet, or (a shared game, others still writing)
  the card you wrote; it is listed on the keys line only when that can work: with bots, or in
  hot seat, the last card of a round ends it and stands. **p** lets a human peek at their own
  sheet between turns (behind the curtain), **k** lists what every mark on the table means (the
  mouse over a mark says it too), **q** goes back to the menu (the game is saved after every
  move), **?** shows this help.
- **New to All In?** **l** (Learn to play) on the picker starts a guided game against a bot: a
  coach explains each part of the game the first time it comes up.
"""


def _names_list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


class TableTexts(TableState):
    """The words of the All In table (mixed into ``AllInScreen``)."""

    def status_text(self, view: AllInView, viewer: int | None) -> Text:
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
                t.append("· ★ ")
                t.append(", ".join(names[s] for s in view["pickers"]))
                one = len(view["pickers"]) == 1 and names[view["pickers"][0]] != "You"
                t.append(f" pick{'s' if one else ''} from the Golden Deck ")
            else:
                t.append("· writing ")
            if done and len(names) > 1:  # (who: in the table)
                waiting = len(view["pickers"]) if phase == "golden" else len(names)
                t.append(f"({len(done)} of {waiting} done) ")
        if viewer is not None and len(self.match.humans) > 1 and self.live:
            t.append(f"· viewing as {names[viewer]} ", style="italic")
        return t

    def _deck_info(self) -> Text:
        """Right of the top row: the chips of the sheet shown, the Golden Deck, rounds left."""
        view = self._view
        t = Text()
        seat = self._sheet_seat()
        over = view["phase"] == "over"
        p = view["players"][seat] if seat is not None else None
        spent = p["chips_spent"] if p is not None else None
        if p is not None and spent is not None:
            t.append_text(chip_track(p["chips_won"] - spent, spent, over))
        t.append("\n")
        t.append("Golden Deck ", style="bold")
        t.append(f"★{view['golden_size']}")
        left = view["deck_size"] // 2
        t.append("\n")
        if not over:
            t.append("last round" if not left else
                     f"{left} round{'s' if left != 1 else ''} after this", style="dim")
        return t

    def _space_name(self, cell: int) -> str:
        return space_names(self.sheet)[cell]

    def _preview_text(self) -> Text:
        """Beside the card being written: its cost, its space and what writing it there does
        (or, when nothing is being written, what the board shows)."""
        view, mode = self._view, self.mode
        names = self.names
        if mode == OVER:
            keys = "Tab or 1–%d" % view["n"] if not self.live else "1–%d" % view["n"]
            return Text(f"Game over: every sheet is open.\n{keys}: whose sheet is shown.")
        if mode == REVIEW:
            seat = own(self.viewer)
            t = Text(f"{names[seat]}'s sheet", style="bold")
            last = view.get("last_written")
            written = own(view["players"][seat]["written"])  # (the seat's own view)
            if last is not None and written[last] is not None:
                t.append("\nwrote last: ")
                t.append_text(card_text(written[last]))
                t.append(f" on {self._space_name(last)}")
            t.append("\nTab or 1–%d: another sheet" % view["n"], style="dim")
            return t
        if mode == TABLE:
            return Text(f"Round {view['round']}/{view['rounds']}\nSheets are private.")
        if mode == WAIT:
            me = self._me()
            last = view.get("last_written")
            written = own(me["written"])
            if me["done"] and last is not None and written[last] is not None:
                t = Text("You wrote ")
                t.append_text(card_text(written[last]))
                t.append(f" on {self._space_name(last)}.")
                return t
            return Text("Your sheet, while the others play.", style="italic")
        if mode == SKIP:
            return Text("No space you may write on:\nyou skip this round.", style="bold")
        pick, t = self.pick, Text()
        if mode == GOLDEN and pick == NO_CARD:
            return Text("No card: you take nothing\nfrom the Golden Deck.", style="bold")
        if mode == GOLDEN and pick is not None and is_joker(pick):
            return Text.assemble(("Joker", "bold"), " from the Golden Deck:\n"
                                 "it becomes any card you like.")
        if pick is None and mode != PLACE:
            return t
        card = self.selected if mode == PLACE else pick
        t.append_text(card_text(card))
        if mode == WRITE and pick is not None:  # (the card is the pick)
            if pick not in self.costs:
                cost = write_cost(pick, view["revealed"])
                assert cost is not None  # (a card of the grid: never a Joker)
                me = self._me()
                have = me["chips_won"] - own(me["chips_spent"])
                t.append(" · out of reach", style="bold")
                t.append(f"\nit costs {chips_word(cost)}; you have {have or 'none'} left")
                return t
            t.append(f" · {chips_word(self.costs[pick])}")
        elif mode in (GOLDEN, JOKER):
            t.append(" · Golden Deck, free")
        if self.cursor is not None and self.sheet is not None:
            t.append(f" · on {self._space_name(self.cursor)}")
            for extra in self._effects(self.cursor):
                t.append(f"\n{extra}", style="bold")
        return t

    def _choice_message(self) -> Text:
        """The card chooser's place when there is nothing to choose."""
        view, mode = self._view, self.mode
        names = self.names
        if mode == PLACE:
            t = Text("YOUR CARD  ", style="bold")
            t.append_text(card_text(self.selected))
            t.append("  is chosen: pick its space.\n")
            t.append("u takes the card back.", style="dim")
            return t
        if mode == SKIP:
            return Text("No empty space is linked to a card you wrote:\n"
                        "skip this round (Enter).", style="bold")
        if mode in (WAIT, TABLE):
            if view["phase"] == "golden":
                pickers = [names[s] for s in view["to_act"]]
                return Text(f"Golden Deck: {_names_list(pickers)} "
                            f"pick{'s' if len(pickers) == 1 else ''} a card.", style="italic")
            writing = [names[s] for s in view["to_act"]]
            if not writing:
                return Text("")
            verb = "is" if len(writing) == 1 else "are"
            return Text(f"Still to write: {_names_list(writing)}.\n"
                        f"The next round starts when everyone has.", style="italic") \
                if mode == WAIT else Text(f"{_names_list(writing)} {verb} still to write.",
                                          style="italic")
        return Text("")

    def _out_of_reach(self, card: int) -> str:
        cost = write_cost(card, self._view["revealed"])
        assert cost is not None  # (a card of the grid: never a Joker)
        me = self._me()
        have = me["chips_won"] - own(me["chips_spent"])
        return (f"out of reach: {chips_word(cost)}, you have "
                f"{chips_word(have) if have else 'no chips'}")

    def _effects(self, cell: int) -> list[str]:
        """What writing on ``cell`` would complete (hands, the ring around the Golden Card)."""
        view = self._view
        me = self._me()
        sheet = get_sheet(me["sheet"])
        written = list(own(me["written"]))
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
        return out

    def _prompt(self) -> Text:
        mode, step = self.mode, self.step
        card = card_label(self.selected) or "the card"
        if mode == WRITE and step == CARD_STEP:
            text = ("Your card: arrows move in the grid (chip costs) · Tab: next you can make · "
                    "Enter: take it")
        elif mode == JOKER and step == CARD_STEP:
            text = "Joker: any card you like · arrows move in the grid · Enter: take it"
        elif mode == GOLDEN and step == CARD_STEP:
            text = "Golden Deck: ←/→ choose a card (or ✗ no card) · Enter: take it · or click it"
        elif mode in (WRITE, JOKER, GOLDEN):
            text = (f"Your space: arrows move (+) · Enter: write {card} there · Tab: other card"
                    f" · Esc: back")
        elif mode == PLACE:
            text = f"Choose the space for {card}: arrows + Enter, or click a highlighted space."
        elif mode == SKIP:
            return Text("No legal space: press Enter (or click here) to skip the round.",
                        style="bold reverse")
        elif mode == OVER:
            return Text(f"The game is over. Keys 1–{self._view['n']} show each sheet; the "
                        f"results follow.", style="bold")
        elif mode == TABLE:
            return Text("Table view: every sheet is private · p lets a player peek at their own "
                        "sheet", style="italic")
        elif mode == REVIEW:
            return Text("")
        else:
            return Text("Your card is written: wait for the others (q: menu, the game is saved).",
                        style="italic")
        return Text(text, style="bold")

    def _not_now(self) -> None:
        if self.mode == TABLE:
            self.notify("The table view: no sheet is open, nothing to write.",
                        severity="information", timeout=2)
        elif self.mode == WAIT:
            self.notify("You have written this round; the next round starts when everyone has.",
                        severity="information", timeout=2)
        elif self.mode == SKIP:
            self.notify("No space is legal this round: press Enter or click the prompt to skip.",
                        severity="information", timeout=3)

    def _why_not(self, cell: int) -> str:
        view = self._view
        if self.mode not in CHOOSING:
            return "It is not your turn." if self.mode != WAIT else \
                "You have already played this round."
        me = self._me()
        sheet = get_sheet(me["sheet"])  # (the sheet on show: choosing, the viewer's)
        if cell == sheet.golden_cell:
            return "The Golden Card's space can never be written on."
        if own(me["written"])[cell] is not None:
            return "That space already holds a card."
        if view["round"] <= 2:
            return "In rounds 1 and 2 you write on a starting space (•)."
        return "Write next to a card you have written (linked by a line)."
