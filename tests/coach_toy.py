"""A toy game for the coach's tests, registered by the tests that use it (``registered``).

Pick: seat 0 picks a number 0-3, then seat 1 picks one, and the game is over. Seat 0 scores
``WORTH[pick]``; seat 1 scores 3 whatever it picks (its ``normal`` bot picks 0). So picks 1 and
3 win, pick 2 ties (a shared win) and pick 0 loses: the chances and margins are known exactly.
Nothing is secret, so a world drawn from a view is the position itself.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from allmine_tui.engine import Action, Bot, Game, GameInfo, IllegalAction, RandomBot, Result, Rules
from allmine_tui.engine.history import GameHistory, HistoryHooks
from allmine_tui.engine.jsonstate import JsonState
from allmine_tui.engine.search import Plan
from allmine_tui.games import register, unregister

TOY_ID = "coach-pick"
WORTH = [0, 5, 3, 9]
OTHER = 3


@dataclass
class PickState(JsonState):
    n: int = 2
    picks: list = field(default_factory=lambda: [None, None])


class PickRules(Rules[PickState, dict]):
    info = GameInfo(TOY_ID, "Pick", 2, 2)

    def new_state(self, n_players, options, seed):
        return PickState()

    def to_act(self, state):
        for s in range(2):
            if state.picks[s] is None:
                return [s]
        return []

    def legal_actions(self, state, seat):
        return [Action("pick", (k,)) for k in range(4)] if seat in self.to_act(state) else []

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Pick a number from 0 to 3 when it is your turn.")
        state.picks[seat] = action.args[0]
        return []

    def is_over(self, state):
        return not self.to_act(state)

    def view(self, state, seat):
        return {"viewer": seat, "n": 2, "picks": list(state.picks)}

    def result(self, state):
        scores = [WORTH[state.picks[0]], OTHER]
        top = max(scores)
        return Result(scores, [s for s in range(2) if scores[s] == top], [("Total", scores)])

    def state_from_json(self, data):
        return PickState.from_json(data)

    def sample_state(self, view, seat, rng):
        return PickState(picks=list(view["picks"]))

    def describe_action(self, action):
        return f"pick {action.args[0]}"


RULES = PickRules()


class FirstBot(Bot):
    """The toy's ``normal`` bot: the first legal move."""

    name = "normal"

    def choose(self, view, legal, rng):
        return legal[0]


class PickPlan(Plan):
    rules = RULES
    normal = FirstBot
    margin_scale = 4.0


class NarrowPlan(PickPlan):
    """A plan that never considers picks 0 and 2 (the review must add the move made)."""

    def candidates(self, view, legal, rng):
        return [(Action("pick", (3,)),), (Action("pick", (1,)),)]


HOOKS = HistoryHooks(round_of=lambda state: 0, round_label=lambda r: "Pick",
                     history=lambda timeline: GameHistory("points"),
                     hidden_cards=lambda state: [])


def make_game(plan=PickPlan, game_id: str = TOY_ID) -> Game:
    info = GameInfo(game_id, "Pick", 2, 2)
    rules = PickRules()
    rules.info = info
    return Game(info=info, rules=lambda: rules,
                bots=lambda: {"random": RandomBot, "normal": FirstBot},
                default_bot="normal", screen=lambda: None, history=lambda: HOOKS,
                search_plan=lambda: plan)


@contextlib.contextmanager
def registered(game: Game):
    register(game)
    try:
        yield game
    finally:
        unregister(game.id)
