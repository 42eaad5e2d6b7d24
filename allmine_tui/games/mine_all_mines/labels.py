"""How Mine All Mines things read on screen: gem chips, card names and values, and laying out a
row of items so that a line only ever breaks between two of them."""
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


def flow(parts: list[Text], width: int, sep: str = " ", indent: int = 0) -> Text:
    """``parts`` side by side, ``sep`` between them, in lines of at most ``width`` cells: a line
    breaks only between two parts, and the lines after the first start ``indent`` cells in."""
    out = Text()
    used = 0
    for i, part in enumerate(parts):
        size = part.cell_len
        if i and used + len(sep) + size > width:
            out.append("\n" + " " * indent)
            used = indent
        elif i:
            out.append(sep)
            used += len(sep)
        out.append_text(part)
        used += size
    return out
