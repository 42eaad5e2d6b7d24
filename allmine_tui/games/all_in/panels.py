"""The text panels beside the All In sheet: the hands of one sheet and the public table.

``HandsPanel`` lists every hand of a sheet the viewer may see (their own, or anyone's once the
game is over): its chip icon, bonus, cards so far and best combination. The hands through the
space under the cursor are marked, with what each would become with the card being written.
``TablePanel`` is what everyone at the table knows about every player. Both are line widgets of
a fixed number of lines, drawn to the width the screen gives them: the same columns in every
step of a turn (nothing jumps when the card is taken).
"""
from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ...engine.names import short_names
from ...engine.views import own as own_part
from .poker import CATEGORY_NAMES, SHORT_NAMES, evaluate
from .sheets import get_sheet
from .views import AllInView
from .widgets import MemoLines, card_text, hand_cards, icon_text

FOCUS = "bold reverse"
NARROW = 60  # below this width the panels use their short columns


def _row(cells: Sequence[tuple[Text | str, int]]) -> Text:
    """One line of a text table: each cell padded (or cut) to its width."""
    out = Text(no_wrap=True, overflow="crop")
    for cell, width in cells:
        t = Text(cell) if isinstance(cell, str) else cell.copy()
        t.truncate(width, pad=True)
        out.append_text(t)
    return out


def best_hands(view: AllInView) -> list[dict[str, bool]]:
    """At the end: per player, which hand letters win the Best Scoring Hand (ties share)."""
    keys: list[dict[str, tuple]] = []
    for p in view["players"]:
        sheet = get_sheet(p["sheet"])
        mine = {}
        for hand in sheet.hands:
            ev = evaluate(hand_cards(sheet, own_part(p["written"]), hand))  # (the end: open)
            if ev.points:
                mine[hand.letter] = ev.key
        keys.append(mine)
    out: list[dict[str, bool]] = [{} for _ in keys]
    for letter in {k for mine in keys for k in mine}:
        top = max(mine[letter] for mine in keys if letter in mine)
        for s, mine in enumerate(keys):
            out[s][letter] = mine.get(letter) == top
    return out


def hands_through(sheet_id: str, cell: int | None) -> frozenset[str]:
    """The letters of the hands that pass through ``cell``."""
    if cell is None:
        return frozenset()
    sheet = get_sheet(sheet_id)
    return frozenset(sheet.hands[h].letter for h in sheet.hands_of_cell[cell])


class HandsPanel(MemoLines):
    """Each hand of a sheet: letter, chip icon, bonus, its cards so far and its best category
    (``cursor``/``preview``: the space under the cursor and the card that would go there)."""

    DEFAULT_CSS = """
    HandsPanel { height: auto; padding: 0 1; }
    """

    def show(self, sheet_id: str, written: list, completed: list[str], first_round: dict,
             best: dict[str, bool] | None = None, cursor: int | None = None,
             preview: int | None = None, width: int = 64) -> None:
        key = (sheet_id, tuple(written), tuple(completed), tuple(sorted(first_round.items())),
               tuple(sorted(best.items())) if best is not None else None, cursor, preview, width)
        self.memo_lines(key, lambda: self._build(sheet_id, written, completed, first_round,
                                                 best, cursor, preview, width))

    def _build(self, sheet_id: str, written: list, completed: list[str], first_round: dict,
               best: dict[str, bool] | None, cursor: int | None, preview: int | None,
               width: int) -> list[Text]:
        sheet = get_sheet(sheet_id)
        short = width < NARROW
        widths: tuple[int, ...] = (4, 6, 4, 20) if short else (5, 7, 6, 21)
        widths += (max(8, width - sum(widths)),)
        focus = hands_through(sheet_id, cursor)
        if cursor is None or preview is None or written[cursor] is not None:
            preview = None
        head = ("" if short else "hand", "chips", "bon" if short else "bonus", "cards",
                "best so far" if best is None else "scores")
        lines = [_row([(Text(h, style="bold"), w) for h, w in zip(head, widths)])]
        for i, hand in enumerate(sheet.hands):
            lit = hand.letter in focus
            key = (sheet_id, i, tuple(written[c] for c in hand.cells),
                   hand.letter in completed, hand.letter in first_round, lit,
                   (cursor, preview) if lit and preview is not None else None,
                   None if best is None else best.get(hand.letter, False), widths)
            line = _HAND_ROWS.get(key)
            if line is None:
                if len(_HAND_ROWS) > 4096:
                    _HAND_ROWS.clear()
                line = _HAND_ROWS[key] = self._hand_row(sheet, hand, written, key[3], key[4],
                                                        lit, cursor, preview, key[7], widths)
            lines.append(line)
        return lines

    @staticmethod
    def _hand_row(sheet, hand, written: list, done: bool, taken: bool, lit: bool,
                  cursor: int | None, preview: int | None, best: bool | None,
                  widths: tuple) -> Text:
        short = widths[0] == 4
        names = SHORT_NAMES if short else CATEGORY_NAMES
        sep = "" if short else " "
        letter = Text("▶" if lit else " ", style="bold")
        letter.append(hand.letter, style=FOCUS if lit else "bold")
        letter.append(sep + "✓" if done else "", style="bold green")
        icon = Text(icon_text(hand.icon))
        if taken and not done:  # (styles as spans: the padding after it is not struck)
            left = 1 if hand.icon == 2 else 0
            icon = Text.assemble((icon_text(hand.icon), "dim strike"), (f"→{left}", "dim"))
        cards = Text()
        for cell in hand.cells:
            if cell == sheet.golden_cell:
                cards.append_text(card_text(sheet.golden, "★"))
            elif written[cell] is not None:
                cards.append_text(card_text(written[cell]))
            elif lit and preview is not None and cell == cursor:
                shown = card_text(preview)
                shown.stylize("reverse")
                cards.append_text(shown)
            else:
                cards.append("·", style="dim")
            cards.append(" ")
        ev = evaluate(hand_cards(sheet, written, hand))
        cat = Text(f"{names[ev.category]} {ev.points}" if ev.points else "—",
                   style="bold" if ev.points else "dim")
        if lit and preview is not None and cursor is not None:
            then = list(written)
            then[cursor] = preview
            after = evaluate(hand_cards(sheet, then, hand))
            if after.points > ev.points:
                cat = Text(f"▲{sep}{names[after.category]} {after.points}", style="bold green")
            else:
                cat = Text(f"={sep}{names[ev.category]} {ev.points}" if ev.points else "= —",
                           style="bold")
        bonus = Text(f"{sep}+{hand.bonus}")
        if best:
            bonus = Text(f"★+{hand.bonus}", style="bold yellow")
            cat.append(f"{sep}★", style="bold yellow")
        return _row([(letter, widths[0]), (icon, widths[1]), (bonus, widths[2]),
                     (cards, widths[3]), (cat, widths[4])])


_HAND_ROWS: dict[tuple, Text] = {}
_TABLE_ROWS: dict[tuple, Text] = {}


class TablePanel(MemoLines):
    """Every player's public information: sheet, hands completed, chips won (and, for the
    viewer and once the game is over, chips left), writing or done.

    One line per player, or two players a line (``columns=2``) where the height is short. Chips
    are counted in words ("12 won", "2 left"): the chips a player won are public, what is left
    of them after spending is not (until the end, when the results count them as unused)."""

    DEFAULT_CSS = """
    TablePanel { height: auto; padding: 0 1; }
    """
    WIDE = (6, 11, 4, 5, 10)  # sheet, hands done, won, left, status
    NARROW = (4, 7, 2)  # hands done, won, status

    def show(self, view: AllInView, names: list[str], viewer: int | None,
             shown_seat: int | None = None, columns: int = 1, width: int = 60,
             views: list[AllInView] | None = None) -> None:
        """``views``: every seat's own view, when all of them may be shown (a replay): the
        chips left and the card being written are then shown for everyone."""
        width = width // columns
        fixed = self.WIDE if columns == 1 else self.NARROW
        label_w = max(5, min(width - sum(fixed), 2 + max(len(n) for n in names) + 7))
        short = short_names(names, max(3, label_w - 3))  # room for "▶ " or "▶", a mark, a space
        if columns == 1:
            head = [(Text.assemble(("TABLE", "bold reverse")), label_w)] + [
                (Text(h, style="bold"), w) for h, w in zip(("sheet", "hands", "won", "left", ""),
                                                           fixed)]
            lines = [_row(head)]
        else:
            lines = [Text.assemble(("TABLE", "bold reverse"),
                                   ("  hands completed · chips won", "bold"))]
        entries = []
        for seat in range(view["n"]):
            own = views[seat] if views else None
            p = view["players"][seat]
            mine = own["players"][seat] if own is not None else p
            key = (short[seat], label_w, fixed, width, seat == viewer, seat == shown_seat,
                   seat, seat in view["to_act"], view["phase"], seat in view["pickers"],
                   tuple(p["completed"]), p["chips_won"], p["sheet"], mine["chips_spent"],
                   own.get("choice") if own is not None else None, own is None)
            entry = _TABLE_ROWS.get(key)
            if entry is None:
                if len(_TABLE_ROWS) > 4096:
                    _TABLE_ROWS.clear()
                entry = self._entry(view, short, viewer, shown_seat, seat, label_w, fixed, own)
                entry.truncate(width, pad=True)
                _TABLE_ROWS[key] = entry
            entries.append(entry)
        for i in range(0, len(entries), columns):
            line = Text(no_wrap=True)
            for entry in entries[i:i + columns]:
                line.append_text(entry)
            line.rstrip()
            lines.append(line)
        self.set_lines(lines)

    @staticmethod
    def _entry(view: AllInView, short: list[str], viewer: int | None, shown_seat: int | None,
               seat: int, label_w: int, fixed: tuple, own: AllInView | None) -> Text:
        p = view["players"][seat]
        phase = view["phase"]
        acting = seat in view["to_act"]
        wide = fixed == TablePanel.WIDE
        label = Text(("▶ " if wide else "▶") if acting else ("  " if wide else " "),
                     style="bold")
        label.append(short[seat], style="bold")
        if seat == viewer and phase != "over" and own is None:
            you = " (you)" if wide and len(label) + 6 < label_w else "*"
            label.append(you, style="italic")
        if seat == shown_seat:
            label.append("◀", style="bold reverse")
        done = p["completed"]
        if wide:
            hands = Text("".join(done) or "—", style="bold" if done else "dim")
        else:
            hands = Text(f"{len(done)}✓", style="bold" if done else "dim")
        mine = own["players"][seat] if own is not None else p
        spent = mine["chips_spent"]
        left = Text("?", style="dim") if spent is None else Text(str(p["chips_won"] - spent))
        choice = own.get("choice") if own is not None else None
        if phase == "over":
            status = Text(f"key {seat + 1}" if wide else str(seat + 1), style="dim") \
                if own is None else Text("")
        elif choice is not None:
            status = card_text(choice, "…" if wide else "")
        elif phase == "golden":
            if seat in view["pickers"]:
                status = Text(("picking ★" if wide else "★") if acting else
                              ("★ done" if wide else "✓"), style="italic" if acting else "")
            else:
                status = Text("waiting" if wide else "", style="dim")
        elif acting:
            status = Text("writing…" if wide else "…", style="italic")
        else:
            status = Text("✓ written" if wide else "✓")
        if wide:
            sheet = get_sheet(p["sheet"])
            return _row([(label, label_w), (card_text(sheet.golden), fixed[0]),
                         (hands, fixed[1]), (str(p["chips_won"]), fixed[2]), (left, fixed[3]),
                         (status, fixed[4])])
        return _row([(label, label_w), (hands, fixed[0]), (f"{p['chips_won']} won", fixed[1]),
                     (status, fixed[2])])
