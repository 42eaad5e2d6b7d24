"""What the coach (engine/coach.py: hints and game reviews) searches Mine, All Mine! with: the
expert's own plan, searched exactly as the expert searches it, with a whole fleet in words."""
from __future__ import annotations

from .data import option_name
from .expert import MineAllMinePlan


class MineAllMineCoachPlan(MineAllMinePlan):
    def describe(self, view, move) -> str | None:
        """'launch card 2 ship A (Speed 4, Attack 2, Cargo 2) and card 8 action Deep Drill':
        the fleet a move launches (the cards already in it, those taken back and added)."""
        if not move or move[-1].kind != "launch":
            return None
        fleet = {c: o for c, o in (view.get("pending") or [])}
        for action in move[:-1]:
            if action.kind == "remove":
                fleet.pop(action.args[0], None)
            elif action.kind == "add":
                fleet[action.args[0]] = action.args[1]
        if not fleet:
            return None
        names = [option_name(c, o, view["mode"]) for c, o in sorted(fleet.items())]
        return "launch " + (names[0] if len(names) == 1
                            else ", ".join(names[:-1]) + " and " + names[-1])
