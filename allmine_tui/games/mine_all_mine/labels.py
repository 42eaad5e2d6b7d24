"""The words and marks of the Mine, All Mine! table: locations, seat styles, a ship card's options
and a fleet's cards and sums as they are written on the board, in the round's replay and in the
tutorial."""
from __future__ import annotations

from rich.text import Text

from .data import load_ships, ship_of
from .views import Fleet, FleetOutcome

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


def fleet_sums(preview: Fleet | None) -> Text:
    """'Speed  5  Attack 14  Cargo  6': always the same width, so nothing after it moves."""
    s, a, c = ((preview["speed"], preview["attack"], preview["cargo"]) if preview
               else (0, 0, 0))
    return Text(f"Speed {s:>2}  Attack {a:>2}  Cargo {c:>2}",
                style="bold" if preview else "dim")


def fleet_summary(preview: Fleet | None) -> Text:
    return fleet_sums(preview)


def last_fleet(f: FleetOutcome) -> str:
    """'#2A #8✦ #3C → 2nd 5 pts' (✦ an action; ✗ it fled; 'no fleet' when it never arrived)."""
    cards = " ".join(short_option(c, o, "standard", named=False) for c, o in f["cards"])
    where = ORDINALS[f["location"] - 1] if f["arrives"] else "none"
    fled = " ✗" if f["fled_at"] is not None else ""
    return f"{cards} → {where}{fled} {plural(f['points'], 'pt')}"
