"""What the snapshot tests of the games' ends share: a finished game of four played by the rules,
and the ``run_before`` that opens its results (then presses keys: f for the final table...)."""
from __future__ import annotations

from audit_drivers import play_by_rules_until

from allmine_tui.engine import Match, Seat
from allmine_tui.ui.session import GameSession


def finished_four(game_id: str, seed: int) -> Match:
    """Ann (a person) and three normal bots, played to the end by the rules from ``seed``."""
    seats = [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal"), Seat("Dot", "normal")]
    return play_by_rules_until(Match(game_id, seats, seed), lambda m: m.is_over(), seed=seed)


def results_of(match: Match, then: list[str] = (), settle: float = 0.3):
    """A ``run_before``: the results of ``match``, then ``then`` pressed one by one."""
    async def run(pilot):
        from allmine_tui.ui.screens.results import ResultsScreen

        await pilot.app.push_screen(ResultsScreen(GameSession(match, None)))
        await pilot.pause(0.2)
        for key in then:
            await pilot.press(key)
            await pilot.pause(settle)
    return run
