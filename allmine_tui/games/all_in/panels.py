"""The text panels beside the All In sheet: the hands of one sheet and the public table.

``HandsPanel`` lists every hand of a sheet the viewer may see (their own, or anyone's once the
game is over): its chip icon, bonus, cards so far and best combination. The hands through the
space under the cursor are marked, with what each would become with the card being written.
``TablePanel`` is what everyone at the table knows about every player.
"""
from __future__ import annotations

from rich.text import Text

from ...engine.names import short_names
from .poker import CATEGORY_NAMES, evaluate
from .sheets import get_sheet
from .widgets import QuietStatic, card_text, hand_cards, icon_text

SHORT_NAMES = ("—", "Pair", "Two Pair", "Trips", "Straight", "Full House", "Quads", "Str.Flush")
FOCUS = "bold reverse"


def _row(cells: list[tuple[Text | str, int]]) -> Text:
    """One line of a text table: each cell padded (or cut) to its width."""
    out = Text(no_wrap=True, overflow="crop")
    for cell, width in cells:
        t = Text(cell) if isinstance(cell, str) else cell.copy()
        t.truncate(width, pad=True)
        out.append_text(t)
    return out


def best_hands(view: dict) -> list[dict[str, bool]]:
    """At the end: per player, which hand letters win the Best Scoring Hand (ties share)."""
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


def hands_through(sheet_id: str, cell: int | None) -> frozenset[str]:
    """The letters of the hands that pass through ``cell``."""
    if cell is None:
        return frozenset()
    sheet = get_sheet(sheet_id)
    return frozenset(sheet.hands[h].letter for h in sheet.hands_of_cell[cell])


class HandsPanel(QuietStatic):
    """Each hand of a sheet: letter, chip icon, bonus, its cards so far and its best category
    (``cursor``/``preview``: the space under the cursor and the card that would go there)."""

    DEFAULT_CSS = """
    HandsPanel { height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """

    def show(self, sheet_id: str, written: list, completed: list[str], first_round: dict,
             best: dict[str, bool] | None = None, title: str = "cards",
             cursor: int | None = None, preview: int | None = None) -> None:
        sheet = get_sheet(sheet_id)
        width = self.size.width or 80
        short = width < 60
        names = SHORT_NAMES if short else CATEGORY_NAMES
        widths = [5, 6, 5, 18] if short else [5, 7, 6, max(len(title) + 1, 21)]
        widths.append(max(12, width - sum(widths)))
        if short:
            title = "cards"
        focus = hands_through(sheet_id, cursor)
        then = list(written)
        if cursor is not None and preview is not None and then[cursor] is None:
            then[cursor] = preview
        else:
            then = None
        lines = [_row([(Text(h, style="bold"), w) for h, w in zip(
            ("hand", "chips", "bon." if short else "bonus", title,
             "best so far" if best is None else "scores"), widths)])]
        for hand in sheet.hands:
            done = hand.letter in completed
            lit = hand.letter in focus
            letter = Text("▶" if lit else " ", style="bold")
            letter.append(hand.letter, style=FOCUS if lit else "bold")
            letter.append(" ✓" if done else "", style="bold green")
            icon = Text(icon_text(hand.icon))
            if hand.letter in first_round and not done:
                left = 1 if hand.icon == 2 else 0
                icon = Text(icon_text(hand.icon), style="dim strike")
                icon.append(f"→{left}", style="dim")
            cards = Text()
            for cell in hand.cells:
                if cell == sheet.golden_cell:
                    cards.append_text(card_text(sheet.golden, "★"))
                elif written[cell] is not None:
                    cards.append_text(card_text(written[cell]))
                elif lit and then is not None and cell == cursor:
                    cards.append_text(card_text(preview))
                    cards.stylize("reverse", len(cards) - len(card_text(preview)), len(cards))
                else:
                    cards.append("·", style="dim")
                cards.append(" ")
            ev = evaluate(hand_cards(sheet, written, hand))
            cat = Text(f"{names[ev.category]} {ev.points}" if ev.points else "—",
                       style="bold" if ev.points else "dim")
            if lit and then is not None:
                after = evaluate(hand_cards(sheet, then, hand))
                if after.points > ev.points:
                    cat = Text(f"▲ {names[after.category]} {after.points}", style="bold green")
                else:
                    cat = Text(f"= {names[ev.category]} {ev.points}" if ev.points else "= —",
                               style="bold")
            bonus = Text(f" +{hand.bonus}")
            if best is not None and best.get(hand.letter):
                bonus = Text(f"★+{hand.bonus}", style="bold yellow")
                cat.append(" ★", style="bold yellow")
            lines.append(_row([(letter, widths[0]), (icon, widths[1]), (bonus, widths[2]),
                               (cards, widths[3]), (cat, widths[4])]))
        self.put(Text("\n", no_wrap=True).join(lines))


class TablePanel(QuietStatic):
    """Every player's public information: sheet, declared hands, chips won, writing or done.

    One line per player, or two players a line (``columns=2``) where the height is short."""

    DEFAULT_CSS = """
    TablePanel { height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """
    WIDE = (6, 11, 6, 10)  # sheet, hands done, chips won, status
    NARROW = (4, 4, 4, 2)

    def show(self, view: dict, names: list[str], viewer: int | None,
             shown_seat: int | None = None, columns: int = 1) -> None:
        width = (self.size.width or 60) // columns
        fixed = self.WIDE if columns == 1 else self.NARROW
        label_w = min(width - sum(fixed), 2 + max(len(n) for n in names) + 7)  # one space after
        short = short_names(names, max(4, label_w - 4))  # room for "▶ ", a mark and a space
        if columns == 1:
            head = [(Text("TABLE", style="bold reverse"), label_w)] + [
                (Text(h, style="bold"), w) for h, w in zip(("sheet", "hands", "chips", ""),
                                                           fixed)]
            lines = [_row(head)]
        else:
            lines = [Text.assemble(("TABLE", "bold reverse"),
                                   ("  sheet · hands done · ● chips won", "bold"))]
        entries = [self._entry(view, short, viewer, shown_seat, seat, label_w, fixed)
                   for seat in range(view["n"])]
        for i in range(0, len(entries), columns):
            line = Text(no_wrap=True)
            for entry in entries[i:i + columns]:
                entry.truncate(width, pad=True)
                line.append_text(entry)
            line.rstrip()
            lines.append(line)
        self.put(Text("\n", no_wrap=True).join(lines))

    @staticmethod
    def _entry(view: dict, short: list[str], viewer: int | None, shown_seat: int | None,
               seat: int, label_w: int, fixed: tuple) -> Text:
        p = view["players"][seat]
        phase = view["phase"]
        acting = seat in view["to_act"]
        wide = fixed == TablePanel.WIDE
        label = Text("▶ " if acting else "  ", style="bold")
        label.append(short[seat], style="bold")
        if seat == viewer:
            you = " (you)" if wide and len(label) + 6 < label_w else "*"
            label.append(you, style="italic")
        if phase == "over" and seat == shown_seat:
            label.append("◀", style="bold reverse")
        done = p["completed"]
        if wide:
            hands = Text("".join(done) or "—", style="bold" if done else "dim")
        else:
            hands = Text(f"{len(done)}✓", style="bold" if done else "dim")
        if phase == "over":
            status = Text(f"key {seat + 1}" if wide else str(seat + 1), style="dim")
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
        sheet = get_sheet(p["sheet"])
        return _row([(label, label_w), (card_text(sheet.golden), fixed[0]), (hands, fixed[1]),
                     (f"●{p['chips_won']}", fixed[2]), (status, fixed[3])])
