"""Game history: the timeline of every position, the round-by-round tables and the hidden cards,
for every game (from the finished sample saves)."""
from __future__ import annotations

from pathlib import Path

import pytest

from allmine_tui import storage
from allmine_tui.engine import Match, Seat
from allmine_tui.engine.history import Timeline
from allmine_tui.games import GAMES

SAVES = Path(__file__).resolve().parent.parent / "saves"


def finished(game_id: str) -> Match:
    return storage.load_match(SAVES / f"{game_id}-finished.json")[0]


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    match = finished(request.param)
    return match, Timeline(match)


def test_timeline_holds_every_position(game):
    match, timeline = game
    assert len(timeline) == len(match.log) + 1
    rules = match.rules
    assert rules.state_to_json(timeline.state(timeline.last)) == rules.state_to_json(match.state)
    fresh = Match(match.game_id, match.seats, match.seed, match.options)
    assert rules.state_to_json(timeline.state(0)) == rules.state_to_json(fresh.state)
    k = len(match.log) // 2
    half = Match.replay(match.game_id, match.seats, match.seed, match.options, match.log[:k])
    assert rules.state_to_json(timeline.state(k)) == rules.state_to_json(half.state)
    assert timeline.marks[k] == len(half.events)
    timeline.move_match(fresh, k)  # a match can be put at any position
    assert fresh.log == match.log[:k] and rules.state_to_json(fresh.state) == \
        rules.state_to_json(half.state)
    assert [e.text for e in fresh.events] == [e.text for e in half.events]


def test_history_ends_on_the_final_scores(game):
    match, timeline = game
    hist = timeline.hooks.history(timeline)
    result = match.rules.result(match.state)
    n = len(match.seats)
    assert hist.rows and hist.score_label
    assert list(hist.rows[-1].scores) == list(result.scores)
    for row in hist.rows:
        assert len(row.scores) == n and len(row.gained) == n
        assert all(isinstance(g, str) and g for g in row.gained)
    labels = [row.label for row in hist.rows]
    assert len(set(labels)) == len(labels)  # one row per round


@pytest.mark.parametrize("game_id, rounds", [
    ("all-mine", lambda m: m.state.n),  # one hand per player
    ("mine-all-mine", lambda m: 3),
    ("mine-all-mines", lambda m: {2: 4, 3: 3, 4: 4, 5: 5}[m.state.n]),
    ("this-is-mine", lambda m: 8 + 1),  # eight rounds, then the end
    ("all-in", lambda m: m.state.round),
])
def test_one_row_per_round(game_id, rounds):
    match = finished(game_id)
    timeline = Timeline(match)
    assert len(timeline.hooks.history(timeline).rows) == rounds(match)


def test_all_mine_rows_add_up_the_hands():
    match = finished("all-mine")
    timeline = Timeline(match)
    rows = timeline.hooks.history(timeline).rows
    for i, rec in enumerate(match.state.history):
        totals = [sum(h["players"][s]["total"] for h in match.state.history[:i + 1])
                  for s in range(match.state.n)]
        assert rows[i].scores == totals
        for s, p in enumerate(rec["players"]):
            assert f"{p['total']:+d}" in rows[i].gained[s]


def test_this_is_mine_rows_list_the_cards_taken():
    match = finished("this-is-mine")
    timeline = Timeline(match)
    rows = timeline.hooks.history(timeline).rows
    from allmine_tui.games.this_is_mine.data import name_of

    ends = timeline.ends_of_rounds()
    state = timeline.state(ends[0][1])  # after round 1: what each took is in their hand
    for s in range(state.n):
        for card in state.hands[s]:
            assert name_of(card) in rows[0].gained[s] or rows[0].gained[s].endswith("…")


def test_hidden_cards_name_every_seat(game):
    match, timeline = game
    hooks = match.game.history()
    for k in (0, timeline.last // 2, timeline.last):
        lines = hooks.hidden_cards(timeline.state(k))
        assert len(lines) == len(match.seats)
        for s, line in enumerate(lines):
            assert line.startswith(f"{{{s}}}: ")
            line.format(*(seat.name for seat in match.seats))


def test_hidden_cards_show_the_hands():
    match = finished("all-mine")
    state = Timeline(match).state(0)
    from allmine_tui.games.all_mine.cards import card_name

    lines = GAMES["all-mine"].history().hidden_cards(state)
    for s in range(state.n):
        assert all(card_name(c) in lines[s] for c in state.hands[s])


def test_round_navigation(game):
    match, timeline = game
    ends = [k for _r, k in timeline.ends_of_rounds()]
    starts = [0] + [k for k in ends if k < timeline.last]
    assert timeline.next_round(0) == (starts[1] if len(starts) > 1 else timeline.last)
    for a, b in zip(starts, starts[1:]):
        assert timeline.next_round(a) == b
        assert timeline.previous_round(b) == a
        assert timeline.round_start(b - 1) == a
    last_start = starts[-1]
    assert last_start < timeline.last  # inside a round, PgUp goes to its start first
    assert timeline.previous_round(timeline.last) == last_start
    assert timeline.previous_round(0) == 0
    assert timeline.next_round(timeline.last) == timeline.last


def test_an_unfinished_game_has_no_replay_session():
    from allmine_tui.ui.screens.replay import ReplaySession

    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo")], 1)
    with pytest.raises(ValueError, match="not finished"):
        ReplaySession(match)
