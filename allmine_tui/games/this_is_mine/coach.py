"""What the coach (engine/coach.py: hints and game reviews) searches This is Mine! with: the
expert's own plan, searched exactly as the expert searches it, with a whole split in words."""
from __future__ import annotations

from .data import name_of
from .expert import ThisIsMinePlan
from .state import lot_name


class ThisIsMineCoachPlan(ThisIsMinePlan):
    def describe(self, view, move) -> str | None:
        """'lot A: Bottle, Clock; lot B: Vase': the cards each lot gets (of those still to put)."""
        if not move or any(a.kind != "put" for a in move):
            return None
        revealed = view.get("revealed") or []
        done = len(view.get("assign") or [])
        if done + len(move) > len(revealed):
            return None
        lots: dict[int, list[str]] = {}
        for j, action in enumerate(move):
            lots.setdefault(action.args[0], []).append(name_of(revealed[done + j]))
        text = "; ".join(f"lot {lot_name(lot)}: {', '.join(names)}"
                         for lot, names in sorted(lots.items()))
        return text if not done else f"the rest: {text}"
