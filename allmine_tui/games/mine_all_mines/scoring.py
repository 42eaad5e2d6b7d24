"""Mine All Mines: victory points and the end of the game."""
from __future__ import annotations

from ...engine import Result
from .data import load
from .state import MineAllMinesState, mine_set_vp

def card_vp(jewelry: list[str], support: list[str]) -> dict[str, int]:
    """The VP of Jewelry and Support cards owned, by kind: their own VP, the VP Helper's point
    per helper, and the sets of Mine cards. (The normal bot values cards it might buy with it.)"""
    data = load()
    sup = [data.support[c] for c in support]
    helpers = sum(1 for s in sup if s.group == "helper")
    mines = sum(1 for s in sup if s.id.startswith("mine-"))
    return {
        "jewelry": sum(data.jewelry[j].vp for j in jewelry),
        "support": sum(s.vp for s in sup),
        "vp_helper": helpers if "vp-helper" in support else 0,
        "mines": mine_set_vp(mines),
    }


def vp_breakdown(st: MineAllMinesState, seat: int) -> dict[str, int]:
    """A seat's VP by source, and their ``total``."""
    own = st.owned[seat]
    out = card_vp(own["jewelry"], own["support"])
    out["achievements"] = sum(load().achievements[a].vp for a in own["ach"])
    out["lamp"] = sum(st.lamp[seat])
    out["total"] = sum(out.values())
    return out


def game_result(st: MineAllMinesState) -> Result:
    """The final scores; ties are broken by gems left, then by Jewelry cards owned."""
    n = st.n
    parts = [vp_breakdown(st, s) for s in range(n)]
    scores = [p["total"] for p in parts]
    gems_left = [sum(st.gems[s]) for s in range(n)]
    jewels = [len(st.owned[s]["jewelry"]) for s in range(n)]
    best = max((scores[s], gems_left[s], jewels[s]) for s in range(n))
    winners = [s for s in range(n) if (scores[s], gems_left[s], jewels[s]) == best]
    table = [("Jewelry VP", [p["jewelry"] for p in parts]),
             ("Support VP", [p["support"] for p in parts]),
             ("VP Helper", [p["vp_helper"] for p in parts]),
             ("Mine sets", [p["mines"] for p in parts]),
             ("Achievements", [p["achievements"] for p in parts]),
             ("Lamp gems", [p["lamp"] for p in parts]),
             ("Total VP", scores),
             ("Gems left (1st tie-break)", gems_left),
             ("Jewelry cards (2nd tie-break)", jewels)]
    notes = []
    tied = [s for s in range(n) if scores[s] == best[0]]
    if len(tied) > 1:
        notes.append("Equal VP: the tie-breaks decide (more gems left, then more Jewelry)."
                     if len(winners) == 1 else "Equal on VP and both tie-breaks: a shared win.")
    return Result(scores=scores, winners=winners, table=table, notes=notes)

