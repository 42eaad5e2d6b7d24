"""What the coach (engine/coach.py: hints and game reviews) searches Mine, All Mine! with: the
expert's own plan, searched exactly as the expert searches it, with a whole fleet in words."""
from __future__ import annotations

from .data import option_name
from .expert import MineAllMinePlan


def on_board(name: str) -> str:
    """'card 7 ship A (...)' as the board names the card: '#7 ship A (...)'."""
    return "#" + name[len("card "):] if name.startswith("card ") else name


class MineAllMineCoachPlan(MineAllMinePlan):
    def describe(self, view, move) -> str | None:
        """'launch #2 ship A (Speed 4, Attack 2, Cargo 2) and #8 action Deep Drill': the fleet
        a move launches (the cards already in it, those taken back and added), each card named
        as the board names it (#2)."""
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
        names = [on_board(option_name(c, o, view["mode"])) for c, o in sorted(fleet.items())]
        return "launch " + (names[0] if len(names) == 1
                            else ", ".join(names[:-1]) + " and " + names[-1])
