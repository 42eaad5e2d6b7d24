"""Widgets of the Mine, All Mine! table. They draw views only: no game state lives here.

Each part of the board is one line widget (``TextLines``): the planets, the score track, the hand
(every ship card drawn in one widget, with a click map and a window that follows the cursor) and
the fleet line (its sums at a fixed place, the Launch button drawn in it). A cursor key redraws
the hand and the prompt, nothing else; a move redraws only the parts whose text changed.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.containers import Vertical
from textual.geometry import Region

from ...ui.widgets.cards import Look, boxed
from ...ui.widgets.draw import freeze, set_content, set_tooltip, shows
from ...ui.widgets.lines import TextLines, _line_key
from ...ui.widgets.player_input import PlayerInput
from .data import load_ships, ship_of

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
SEAT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green")
CELL = 12  # width of one location cell
NEW = "•"  # marks what the last move changed (with bold or underline: never colour alone)


def option_label(number: int, option: int, mode: str) -> str:
    """'A S3 A1 C2' for a ship, '✦ Shield Wall' for the action (whole: the card is as wide as
    its longest line)."""
    ship = ship_of(number, option, mode)
    if ship is None:
        return f"✦ {load_ships()[number].action.name}"
    return f"{'ABC'[option]} S{ship.speed} A{ship.attack} C{ship.cargo}"


def plural(n: int, word: str) -> str:
    """'1 resource', '3 resources'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def short_option(number: int, option: int, mode: str, named: bool = True) -> str:
    """'#3A' for ship A of card 3, '#12✦Scavenger' for its action ('#12✦' unnamed)."""
    if mode != "beginner" and option == 3:
        return f"#{number}✦" + (load_ships()[number].action.name if named else "")
    return f"#{number}{'ABC'[option]}"


def fleet_cards(cards: list, mode: str, room: int, sep: str = " ") -> str:
    """A fleet's cards in at most ``room`` columns: the actions named when they all fit, then
    unnamed ('#7✦'), then cut with '…'."""
    for named in (True, False):
        text = sep.join(short_option(c, o, mode, named) for c, o in cards)
        if len(text) <= room:
            return text
    return text[:max(0, room - 1)] + "…"


def fleet_sums(preview: dict | None) -> Text:
    """'Speed  5  Attack 14  Cargo  6': always the same width, so nothing after it moves."""
    s, a, c = ((preview["speed"], preview["attack"], preview["cargo"]) if preview
               else (0, 0, 0))
    return Text(f"Speed {s:>2}  Attack {a:>2}  Cargo {c:>2}",
                style="bold" if preview else "dim")


def fleet_summary(preview: dict | None) -> Text:
    return fleet_sums(preview)


# -- the board's places ----------------------------------------------------------------------------
# (their sizes live with the widgets: a screen's own style sheet is not applied to the final
# table's and the replay's screen classes, which Textual builds with another first base)
class Board(Vertical):
    DEFAULT_CSS = "Board { height: auto; }"


class PromptLines(TextLines):
    """What the option under the cursor is, in three lines that never move the cards."""

    DEFAULT_CSS = "PromptLines { height: 3; padding: 0 1; background: $boost; }"


class KeysLine(TextLines):
    DEFAULT_CSS = "KeysLine { height: 1; padding: 0 1; color: $text-muted; }"


# -- the hand ------------------------------------------------------------------------------------
CARD_H = 6
CARD_MIN_W = 19
CAPTION_W = 8  # the hand's caption column ("ANN", "◀ 2")
MORE_W = 4  # the column after the last card shown when more cards follow (" 3 ▶")


def card_width(number: int, mode: str) -> int:
    """Wide enough for every option's line whole (the mark, the label, the border)."""
    k = 2 if mode == "beginner" else 4
    longest = max(len(option_label(number, o, mode)) for o in range(k))
    return max(CARD_MIN_W, longest + 2 + 2)


def card_look(in_fleet: bool, cursor: bool) -> Look:
    """In the fleet: green, with a heavy border under the cursor; else as any card."""
    if in_fleet:
        if cursor:
            return Look(box="heavy", border=("accent", 1.0), background=("success", 0.35),
                        bold=False)
        return Look(border=("success", 1.0), background=("success", 0.15), bold=False)
    if cursor:
        return Look(box="heavy", border=("accent", 1.0), background=("accent", 0.25),
                    bold=False)
    return Look(bold=False)


_FACES: dict[tuple, list[Text]] = {}


def ship_face(app, number: int, mode: str, chosen: int | None, cursor_option: int | None,
              cursor: bool, hinted: int | None = None) -> list[Text]:
    """One ship card as ``CARD_H`` lines: its number on the top edge (▶ #n ◀ under the cursor),
    an option a line (✔ the one in the fleet, ▶ the cursor's, ☆ the coach's pick after a hint),
    "in fleet" on the bottom edge."""
    key = (number, mode, chosen, cursor_option if cursor else None, cursor, hinted, app.theme)
    lines = _FACES.get(key)
    if lines is not None:
        return lines
    k = 2 if mode == "beginner" else 4
    t = Text()
    for o in range(k):
        style, mark = "", "  "
        if chosen == o:
            style, mark = "bold reverse green", "✔ "
        elif chosen is not None:
            style = "dim"
        if cursor and cursor_option == o:
            style = (style + " underline bold").strip()
            mark = "▶ " if chosen != o else "✔ "
        elif hinted == o and chosen != o:
            mark = "☆ "
        t.append(f"{mark}{option_label(number, o, mode)}", style=style)
        if o < k - 1:
            t.append("\n")
    width = card_width(number, mode)
    face = boxed(app, t, width, CARD_H, card_look(chosen is not None, cursor), align="top",
                 title=f"▶ #{number} ◀" if cursor else f"#{number}",
                 subtitle="in fleet" if chosen is not None else "")
    if len(_FACES) > 512:
        _FACES.clear()
    lines = _FACES[key] = list(face.split("\n"))
    return lines


def card_tooltip(number: int, mode: str) -> str:
    card = load_ships()[number]
    if mode == "beginner":
        return f"Card {number}"
    return f"Card {number}. Action: {card.action.name}: {card.action.text}"


def hand_window(widths: list[int], cursor: int | None, first: int, room: int) -> tuple[int, int]:
    """Which cards to draw, ``[first, end)``, in ``room`` columns: the window moves only when
    the cursor would leave it."""
    n = len(widths)
    if not n:
        return 0, 0
    first = max(0, min(first, n - 1))
    if cursor is not None:
        first = min(first, cursor)

    def end_from(start: int) -> int:
        used, end = 0, start
        while end < n:
            more = MORE_W if end + 1 < n else 0
            if used + widths[end] + more > room and end > start:
                break
            used += widths[end]
            end += 1
        return end

    end = end_from(first)
    while cursor is not None and cursor >= end and first < cursor:
        first += 1
        end = end_from(first)
    # no empty room on the right while cards are hidden on the left
    while first > 0 and sum(widths[first - 1:end]) + (MORE_W if end < n else 0) <= room:
        first -= 1
    return first, end_from(first)


class HandRow(TextLines):
    """The viewer's ship cards, drawn in one widget: the caption, then as many cards as fit,
    from the one the window starts at (◀ and ▶ say how many more there are either side). A
    click on an option of a card posts ``OptionClicked``; the tooltip follows the mouse."""

    # (the coach's outline is drawn over a widget's outer cells: while it points at a part, the
    # part gets a row of room above and below, so nothing of it is hidden under the outline)
    DEFAULT_CSS = """
    HandRow { height: 6; width: 1fr; padding: 0 1; }
    HandRow.-coach-target { height: 8; padding: 1 1; }
    """

    class OptionClicked(PlayerInput):
        def __init__(self, card: int, option: int) -> None:
            super().__init__()
            self.card, self.option = card, option

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.first = 0
        self.spans: list[tuple[int, int, int]] = []  # (x0, x1, card number)
        self.mode = "standard"
        self.cards: list[int] = []
        self._drawn: tuple | None = None  # what each column shows: (caption, faces, more)
        self._joined: Text | None = None

    @property
    def content(self) -> Text:
        """The text shown (joined only when asked: a cursor key sets the lines alone)."""
        if self._joined is None:
            self._joined = Text("\n").join(self._lines)
        return self._joined

    def _put(self, lines: list[Text], drawn: tuple) -> None:
        """Show ``lines`` (``CARD_H`` of them, a fixed height: never a layout pass); only the
        columns of the cards whose face changed are repainted when the window stayed."""
        old = self._drawn
        self._drawn = drawn
        self._lines = lines
        self._keys = [_line_key(line) for line in lines]
        self._joined = None
        width = self.size.width
        if not width:
            self.refresh()
            return
        if old is None or old[0] != drawn[0] or old[2] != drawn[2] or len(old[1]) != len(drawn[1]):
            self.refresh(Region(0, 0, width, CARD_H))
            return
        x, x0, x1 = CAPTION_W, -1, -1
        for (a, wa), (b, _wb) in zip(old[1], drawn[1]):
            if a is not b:
                x0 = x if x0 < 0 else x0
                x1 = x + wa
            x += wa
        if x0 >= 0:
            self.refresh(Region(x0, 0, x1 - x0, CARD_H))

    def room(self) -> int:
        """Columns for the cards: the screen's width (the hand spans it) less the padding and
        the caption (known before the first layout, and at once after a resize)."""
        return max(CARD_MIN_W, self.app.size.width - 2 - CAPTION_W)

    def show(self, hand: list[int], mode: str, chosen: dict[int, int], cursor: int | None,
             cursor_option: int, caption: str, hinted: dict[int, int] | None = None) -> None:
        """``chosen``: card -> option of the cards in the viewer's fleet; ``cursor``: the index
        of the card under the cursor (None: no decision on screen); ``hinted``: card -> option
        of the fleet the coach would launch (after a hint), marked ☆."""
        hinted = hinted or {}
        self.mode, self.cards = mode, list(hand)
        widths = [card_width(c, mode) for c in hand]
        first, end = hand_window(widths, cursor, self.first, self.room())
        self.first = first
        app = self.app
        faces = [ship_face(app, c, mode, chosen.get(c), cursor_option, i == cursor,
                           hinted.get(c))
                 for i, c in enumerate(hand[first:end], start=first)]
        x = CAPTION_W
        self.spans = []
        for c in hand[first:end]:
            w = card_width(c, mode)
            self.spans.append((x, x + w, c))
            x += w
        drawn = ((caption, first, bool(hand)), tuple(zip(faces, widths[first:end])),
                 len(hand) - end)
        old = self._drawn
        if old is not None and old[0] == drawn[0] and old[2] == drawn[2] and \
                len(old[1]) == len(drawn[1]) and all(a is b for (a, _), (b, _) in
                                                      zip(old[1], drawn[1])):
            return  # the same faces (kept: identical when drawn alike) in the same places
        lines = []
        for y in range(CARD_H):
            line = Text()
            if y == 1:
                line.append(f"{caption[:CAPTION_W - 1]:<{CAPTION_W}}", style="bold")
            elif y == 3 and first:
                line.append(f"◀ {first:<{CAPTION_W - 2}}", style="bold")
            else:
                line.append(" " * CAPTION_W)
            for face in faces:
                line.append_text(face[y])
            if y == 2 and end < len(hand):
                line.append(f" {len(hand) - end} ▶", style="bold")
            lines.append(line)
        if not hand:
            lines[1] = Text(f"{caption[:CAPTION_W - 1]:<{CAPTION_W}}", style="bold")
            lines[2] = Text(" " * CAPTION_W + "(no cards)", style="dim")
        self._put(lines, drawn)

    def card_at(self, x: int) -> int | None:
        return next((c for x0, x1, c in self.spans if x0 <= x < x1), None)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        card = self.card_at(offset.x)
        option = offset.y - 1  # the top border
        k = 2 if self.mode == "beginner" else 4
        if card is not None and 0 <= option < k:
            event.stop()
            self.post_message(self.OptionClicked(card, option))

    def hover_tooltip(self, x: int, y: int) -> str | None:
        """A mark's meaning under the mouse (✔, ✦, ▶...), else the ship or action of the option
        line there, else the card's."""
        mark = self.mark_at(x, y)
        if mark is not None:
            return mark
        card = self.card_at(x)
        if card is None:
            return None
        option = y - 1  # the top border
        if 0 <= option < (2 if self.mode == "beginner" else 4):
            ship = ship_of(card, option, self.mode)
            if ship is not None:
                return (f"Card {card}, ship {'ABC'[option]}: Speed {ship.speed}, Attack "
                        f"{ship.attack}, Cargo {ship.cargo} (S A C), added to your fleet's "
                        f"sums when you choose it.")
        return card_tooltip(card, self.mode)

    def on_mouse_move(self, event) -> None:
        offset = event.get_content_offset(self)
        tip = self.hover_tooltip(offset.x, offset.y) if offset is not None else None
        set_tooltip(self, tip)


class FleetLine(TextLines):
    """One line: YOUR FLEET, its sums at a fixed place, its cards (cut to the room left), and
    the Launch button at the right end while the viewer may launch. Posts ``Launch`` when the
    button is clicked."""

    DEFAULT_CSS = """
    FleetLine { height: 1; width: 1fr; padding: 0 1; }
    FleetLine.-coach-target { height: 3; padding: 1 1; }
    """
    LAUNCH = " ▶ Launch [L] "

    class Launch(PlayerInput):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.launch_at: int | None = None

    def show(self, view: dict, viewer: int | None, acting: bool) -> None:
        width = self.app.size.width - 2  # the line spans the screen, less its padding
        if viewer is None:
            set_content(self, Text("Fleets are secret until the reveal.", style="italic dim"))
            self.launch_at = None
            return
        t = Text("YOUR FLEET  ", style="bold")
        t.append_text(fleet_sums(view["preview"]))
        pending = view["pending"] or []
        button = self.LAUNCH if acting else ""
        room = width - t.cell_len - 3 - len(button) - 1
        if pending:
            t.append(" = ")
            t.append(fleet_cards(pending, view["mode"], room))
        else:
            t.append("   ")
            t.append("(no card yet)"[:max(0, room)], style="dim")
        if button:
            t.append(" " * max(1, width - t.cell_len - len(button)))
            self.launch_at = t.cell_len
            t.append(button, style=Style(bold=True, reverse=True))
        else:
            self.launch_at = None
        set_content(self, t)

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.launch_at is not None and offset.x >= self.launch_at:
            event.stop()
            self.post_message(self.Launch())


# -- the planets ---------------------------------------------------------------------------------
def pack_markers(marks: list[Text], width: int, rows: int = 2) -> list[Text]:
    """Fleet markers of one location in at most ``rows`` lines of ``width``: side by side when
    they fit, '+2' for those left over."""
    lines: list[Text] = []
    for i, m in enumerate(marks):
        if lines and lines[-1].cell_len + 1 + m.cell_len <= width:
            lines[-1].append(" ")
            lines[-1].append_text(m)
            continue
        if len(lines) == rows:
            rest = Text(f"+{len(marks) - i}", style="bold")
            last = lines[-1]
            while last.cell_len + 1 + rest.cell_len > width and last.cell_len:
                last.right_crop(1)
            last.append(" ")
            last.append_text(rest)
            break
        lines.append(m.copy())
    return lines


def place_cells(planets: list[dict], resources: list[int] | None = None,
                markers: dict[int, list[Text]] | None = None,
                highlight: int | None = None, left: dict[int, int] | None = None) -> Text:
    """The planet (and moon): a name line, then one cell per location (1st..6th) with its
    resources, then the fleet markers under each location (two lines at most). ``left`` maps a
    location (1..6) that has been mined this round to what is left there; ``highlight`` is the
    location being resolved: a heavy box with ▼ on it (not only a colour)."""
    markers = markers or {}
    resources = resources if resources is not None else [r for p in planets for r in p["resources"]]
    t = Text()
    gap = "    "
    for i, p in enumerate(planets):
        if i:
            t.append(gap)
        head = f"{p['name'].upper()} · {p['side']} · {p['end']} end"
        t.append(f"{head:<{3 * CELL}}"[:3 * CELL], style="bold")
    t.append("\n")
    for line in range(3):
        for i, _p in enumerate(planets):
            if i:
                t.append(gap)
            for j in range(3):
                loc = 3 * i + j
                lit = highlight == loc + 1
                edge = "bold reverse" if lit else "dim"
                if line == 0:
                    if lit:
                        t.append(f"┏▼{ORDINALS[loc]} " + "━" * (CELL - 7) + "┓", style=edge)
                    else:
                        t.append(f"╭ {ORDINALS[loc]} " + "─" * (CELL - 7) + "╮", style=edge)
                elif line == 1:
                    r = resources[loc]
                    if left is not None and loc + 1 in left:
                        body, colour = f"{left[loc + 1]}/{r} left", "dim"
                    else:
                        body, colour = f"{'◆' * min(r, 6)} {r}", "yellow"
                    t.append("┃" if lit else "│", style=edge)
                    t.append(f" {body:<{CELL - 3}}",
                             style=("bold reverse " + colour) if lit else colour)
                    t.append("┃" if lit else "│", style=edge)
                else:
                    t.append(("┗" + "━" * (CELL - 2) + "┛") if lit
                             else ("╰" + "─" * (CELL - 2) + "╯"), style=edge)
        t.append("\n")
    packed = {loc: pack_markers(marks, CELL - 1) for loc, marks in markers.items()}
    rows = max((len(v) for v in packed.values()), default=0)
    for line in range(rows):
        for i, _p in enumerate(planets):
            if i:
                t.append(gap)
            for j in range(3):
                here = packed.get(3 * i + j + 1, [])
                if line < len(here):
                    m = here[line].copy()
                    m.truncate(CELL - 1, pad=True)
                    t.append(" ")
                    t.append_text(m)
                else:
                    t.append(" " * CELL)
        t.append("\n")
    t.rstrip()
    return t


class PlanetPanel(TextLines):
    """This round's planet and moon with the resources at each location."""

    DEFAULT_CSS = """
    PlanetPanel { height: auto; padding: 0 1; }
    PlanetPanel.-coach-target { padding: 1 1; }
    """

    def show(self, planets: list[dict], markers: dict[int, list[Text]] | None = None) -> None:
        key = (freeze(planets), tuple((loc, tuple(m.plain for m in marks))
                                      for loc, marks in sorted((markers or {}).items())))
        if not shows(self, key):
            set_content(self, place_cells(planets, markers=markers), key=key)


# -- the scores ----------------------------------------------------------------------------------
class ScoreTrack(TextLines):
    """A row per player: the score (with a bar), cards held, launched or assembling, and the
    fleet they flew last round (its cards, where it went, its points). ``changed``: what the
    last public move changed ({"launched": seats, "round": True}), marked with •."""

    DEFAULT_CSS = """
    ScoreTrack { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }
    ScoreTrack.-coach-target { padding: 0 1 1 1; }
    """

    def show(self, view: dict, names: list[str], viewer: int | None,
             changed: dict | None = None, v_hint: bool = True) -> None:
        """``v_hint``: v shows the last round again here (not in the final table or a
        replay)."""
        from ...engine.names import short_names

        changed = changed or {}
        key = (self.app.size.width, tuple(names), viewer, freeze(changed), v_hint, view["round"],
               view["phase"], tuple(view["scores"]), tuple(view["to_act"]),
               tuple(view["hand_counts"]), tuple(view["launched"]), bool(view["last_round"]))
        if shows(self, key):
            return
        new_launch = changed.get("launched", ())
        new_round = changed.get("round", False)
        scores = view["scores"]
        top = max(max(scores), 1)
        last = {f["seat"]: f for f in (view["last_round"] or {}).get("fleets", [])}
        lasts = {seat: last_fleet(f) for seat, f in last.items()}
        gained = {}
        if view["history"]:
            gained = dict(enumerate(view["history"][-1]["points"]))
        room = self.app.size.width - 4
        fixed = 2 + 13 + 4 + 5 + 9 + 12 + 6
        longest = max((len(x) for x in lasts.values()), default=0)
        width = max(6, min(30, room - fixed - (longest + 3 if lasts else 0)))
        short = short_names(names, 12)
        head = f"SCORES  round {min(view['round'], view['rounds_total'])}/{view['rounds_total']}"
        t = Text(head, style="bold")
        if lasts:
            at = fixed + width + 1
            titles = ([f"{NEW} LAST ROUND, just played (v: replay)", f"{NEW} LAST ROUND, just "
                       "played", f"{NEW} LAST ROUND"] if new_round
                      else ["  LAST ROUND (v: replay)", "  LAST ROUND"])
            if not v_hint:
                titles = [x for x in titles if "(v:" not in x]
            title = next((x for x in titles if at + len(x) <= room + 2), titles[-1])
            t.append(" " * (at - len(head)) + title, style="bold")
        for seat in range(len(names)):
            t.append("\n")
            acting = seat in view["to_act"]
            t.append(f"{'▶ ' if acting else '  '}{short[seat]:<13}", style=SEAT_STYLES[seat % 4])
            fill = round(width * scores[seat] / top) if scores[seat] else 0
            t.append("█" * fill, style=SEAT_STYLES[seat % 4])
            t.append("·" * (width - fill), style="dim")
            t.append(f" {scores[seat]:>3}")
            if new_round and seat in gained:
                t.append(" ")
                t.append(f"{NEW}+{gained[seat]:<2}"[:4], style="bold")
            else:
                t.append(" " * 5)
            t.append(f" {plural(view['hand_counts'][seat], 'card'):<8}", style="dim")
            if view["phase"] == "over":
                t.append(" " * 12)
            elif view["launched"][seat]:
                if seat in new_launch:
                    t.append(" ")
                    t.append("launched", style="bold underline green")
                    t.append(f" {NEW} ", style="bold")
                else:
                    t.append(" launched   ", style="bold green")
            else:
                t.append(" assembling ", style="italic dim")
            t.append(" (you)" if seat == viewer else "      ", style="italic")
            if seat in lasts:
                mark = f"{NEW} " if new_round else "  "
                t.append(" " + mark + lasts[seat], style="bold cyan" if new_round else "cyan")
        set_content(self, t, key=key)


def last_fleet(f: dict) -> str:
    """'#2A #8✦ #3C → 2nd 5 pts' (✦ an action; ✗ it fled; 'no fleet' when it never arrived)."""
    cards = " ".join(short_option(c, o, "standard", named=False) for c, o in f["cards"])
    where = ORDINALS[f["location"] - 1] if f["arrives"] else "none"
    fled = " ✗" if f["fled_at"] is not None else ""
    return f"{cards} → {where}{fled} {plural(f['points'], 'pt')}"


# -- what the last move changed ----------------------------------------------------------------
def public_part(view: dict) -> tuple:
    """What every seat's view shows alike (the same for the table view): the only thing the
    marks of what just changed are made from, so they never tell one seat's secret."""
    return (view["round"], view["phase"], tuple(view["launched"]))


def changes(before: tuple | None, now: tuple) -> dict:
    """Who launched since the public part ``before`` (the newest launch, marked •)."""
    if before is None or before[:2] != now[:2]:
        return {}
    launched = {s for s, (a, b) in enumerate(zip(before[2], now[2])) if b and not a}
    return {"launched": launched} if launched else {}


def round_just_played(view: dict, people: list[int]) -> bool:
    """The last round stays marked as just played until a person launches in the next one
    (bots launch at once: that is no reason to hide what happened), and at the end."""
    if not view["last_round"]:
        return False
    return view["phase"] == "over" or not any(view["launched"][s] for s in people)
