"""``simulate(..., rotate=True)`` (``allmine simulate --rotate``): the bots move one seat along
each game and the results are counted per bot entry, wherever it sat."""
from __future__ import annotations

from allmine_tui.engine import Match
from allmine_tui.simulate import bot_seats, game_seed, play_out, rotated, simulate


def test_rotated_moves_every_bot_one_seat_along():
    bots = ["a", "b", "c"]
    assert rotated(bots, 0) == bots
    assert rotated(bots, 1) == ["c", "a", "b"]
    assert rotated(bots, 2) == ["b", "c", "a"]
    assert rotated(bots, 3) == bots
    seats_of_a = {rotated(bots, g).index("a") for g in range(3)}
    assert seats_of_a == {0, 1, 2}


def test_rotated_results_are_counted_per_bot():
    bots = ["random", "normal", "random"]
    result = simulate("all-mine", bots, 6, "rot", rotate=True)
    wins, scores = [0, 0, 0], [0.0, 0.0, 0.0]
    for g in range(6):  # the same games by hand
        order = rotated(bots, g % 3)
        match = Match("all-mine", bot_seats(order), game_seed("rot", g))
        play_out(match)
        outcome = match.rules.result(match.state)
        for w in outcome.winners:
            wins[(w - g) % 3] += 1
        for s, score in enumerate(outcome.scores):
            scores[(s - g) % 3] += score
    assert result.wins == wins and result.score_totals == scores
    assert result.wins[1] >= 4  # the normal bot, whichever seat it had
    assert result.to_json()["rotate"] is True
    plain = simulate("all-mine", bots, 6, "rot")
    assert plain.rotate is False and plain.to_json()["rotate"] is False
