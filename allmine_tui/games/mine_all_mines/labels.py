"""How Mine All Mines things read on screen: gem chips, card names and values, laying out a row
of items so that a line only ever breaks between two of them, and the table's marks (``LEGEND``)."""
from __future__ import annotations

from rich.text import Text

from .choices import SHORT as GEM_SHORT
from .choices import support_vp
from .data import LETTERS, load

SEAT_STYLES = ("bold cyan", "bold yellow", "bold magenta", "bold green", "bold red")
GEM_STYLES = ("bold white", "bold blue", "bold red", "bold green", "bold yellow")
JEWEL_SHORT = {"ring": "Ri", "necklace": "Ne", "crown": "Cr", "earrings": "Ea", "bracelet": "Br"}


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def gem_chip(g: int, count: int | None = None) -> Text:
    label = GEM_SHORT[g] if count is None else f"{GEM_SHORT[g]}{count}"
    return Text(label, style=GEM_STYLES[g])


def cost_chips(cost) -> Text:
    """A card's cost as coloured gem chips ("any" for a rainbow)."""
    return Text(" ").join(Text("any") if g < 0 else gem_chip(g) for g in cost)


def support_name(cid: str) -> str:
    """A Support card's name for a player's line (a Trader says its gem, as its ability does)."""
    if cid.startswith("trader-"):
        return f"{GEM_SHORT[LETTERS.index(cid[-1].upper())]} Trader"
    return load().support[cid].name


def jewel_text(cid: str) -> Text:
    j = load().jewelry[cid]
    return Text(f"{j.type.capitalize()} {j.vp}VP: ").append_text(cost_chips(j.cost))


def support_card_text(cid: str) -> Text:
    s = load().support[cid]
    # a Mine card scores by sets (1/3/6 VP for 1/2/3): said short, so two fit on one line
    vp = "(sets 1/3/6 VP)" if cid.startswith("mine-") else support_vp(cid)
    return Text(f"{s.name} {vp}: ").append_text(cost_chips(s.cost))


def need_text(aid: str) -> str:
    """What an achievement asks for, in a few words."""
    a = load().achievements[aid]
    n = a.need
    if "type" in n:
        return f"{n['count']} {n['type'].capitalize().removesuffix('s')}s"
    if "gem" in n:
        return f"{n['count']} cards costing {GEM_SHORT[LETTERS.index(n['gem'])]}"
    if "kinds" in n:
        return f"{n['kinds']} jewelry kinds"
    return f"{n['count']} {n['group'].capitalize()}s"


def flow_lines(parts: list[Text], width: int, sep: str = " ", indent: int = 0) -> list[Text]:
    """``parts`` side by side, ``sep`` between them, in lines of at most ``width`` cells: a line
    breaks only between two parts, and the lines after the first start ``indent`` cells in."""
    lines = [Text()]
    used = 0
    for i, part in enumerate(parts):
        size = part.cell_len
        if i and used + len(sep) + size > width:
            lines.append(Text(" " * indent))
            used = indent
        elif i:
            lines[-1].append(sep)
            used += len(sep)
        lines[-1].append_text(part)
        used += size
    return lines


def flow(parts: list[Text], width: int, sep: str = " ", indent: int = 0) -> Text:
    """``flow_lines`` as one text."""
    return Text("\n").join(flow_lines(parts, width, sep, indent))


#: every mark the table draws (k lists them; each explains itself under the mouse). The
#: dwarf and empty-place examples are drawn as this table's tags and widths make them: see
#: ``MineAllMinesScreen.legend``.
LEGEND = [
    ("▶", "whose turn it is (in the menu: the line under the cursor)"),
    ("⚑", "the First Player: plays first this round (the tile passes to the right)"),
    ("[Ru·A]", "a dwarf: its gem (Ru, Ruby) and its owner's tag (A); hover its tag for "
               "more"),
    ("[     ]", "a free place of a mine"),
    ("++", "a free place where one of your dwarves may go now (a click there plays it)"),
    ("▶▶", "the place the menu line under the cursor would fill"),
    ("−╱", "the Foe side: the place down-left of a dwarf takes one of its foes"),
    ("╲+", "the Friend side: the place down-right of a dwarf takes one of its friends"),
    ("╲+−╱", "the middle place: Friend side of the dwarf up-left, Foe side of the other"),
    ("»", "»…«: the dwarf the last turn played (in a mine, or beside Dealer/Blacksmith)"),
    ("«", "»…«: the dwarf the last turn played (in a mine, or beside Dealer/Blacksmith)"),
    ("▲", "a gem count (or the Lamp) that went up in the last turn"),
    ("▼", "a gem count that went down in the last turn (paid, traded or stolen)"),
    ("•", "a card bought or an achievement claimed in the last turn"),
    ("Di", "Diamond, one of the five gems (a number after it: how many)"),
    ("Sa", "Sapphire, one of the five gems (a number after it: how many)"),
    ("Ru", "Ruby, one of the five gems (a number after it: how many)"),
    ("Em", "Emerald, one of the five gems (a number after it: how many)"),
    ("Go", "Gold, one of the five gems (a number after it: how many)"),
    (" any", "in a cost: any gem may pay this part (a rainbow on the card)"),
    ("VP", "victory points: the most at the end of the game wins"),
    ("sets 1/3/6", "Mine cards score by sets: 1, 2 or 3 of them give 1, 3 or 6 VP"),
    ("[ empty ]", "no card here: its deck has run out"),
    ("tag", "a player's tag: it marks their dwarves and their achievements"),
    ("lamp", "gems a player put on their Lamp: 1 VP each at the end of the game"),
    ("+", "in the lamp column: how many gems are on the player's Lamp"),
    (" dw ", "how many dwarves the player still holds this round"),
    ("Ri", "Rings: a kind of Jewelry (the column counts a player's Rings)"),
    ("Ne", "Necklaces: a kind of Jewelry (the column counts a player's Necklaces)"),
    ("Cr", "Crowns: a kind of Jewelry (the column counts a player's Crowns)"),
    ("Ea", "Earrings: a kind of Jewelry (the column counts a player's Earrings)"),
    ("Br", "Bracelets: a kind of Jewelry (the column counts a player's Bracelets)"),
    ("·", "in the Jewelry columns: none of that kind (elsewhere it only separates)"),
    ("✗", "a Support card used this round: it works again next round"),
    ("×", "×2: the player owns two copies of that Support card"),
    ("Cart", "the Mine Cart: once a round, a Friend dig gets 2 gems of its kind, not 1"),
    ("★", "an achievement: ★Name is one claimed, ★2 how many a player has"),
    ("☆", "the coach's pick after a hint (h): the place its dwarf would go"),
    ("set aside", "your dwarves left out at random this round: back next round"),
]
