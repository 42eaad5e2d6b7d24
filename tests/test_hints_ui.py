"""Hints at the table (issue 23): h runs the coach from the person's own view in the background,
shows the best moves with their chances, marks the first on the board, counts the hint in the
save; refused (said, not silent) where a hint would show others what a person's cards say, and
when the table has hints off."""
from __future__ import annotations


from allmine_tui import storage
from allmine_tui.engine import Action, Match, Seat
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.hint import HintScreen
from allmine_tui.ui.session import GameSession
from helpers import until_idle, wait_until



async def test_h_shows_the_best_moves_marks_the_first_and_counts_it():
    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal")], 6)
    path = storage.new_save_path("all-mine")
    app = AllMineApp(GameSession(match, path))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        game = app.screen
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HintScreen) and app.screen.is_mounted)
        hint = app.screen.hint
        assert 1 <= len(hint.moves) <= 3 and hint.seat == 0
        text = str(app.screen.query_one("#hint-moves").content)
        assert "% to win" in text and hint.moves[0].text in text
        assert match.hints == [1, 0, 0]
        # All Mine! draws the mark, and the box says so
        assert "The first is marked on the table" in str(app.screen.query_one("#hint-keys").content)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game)
        best = hint.moves[0].actions[0]
        assert best.kind == "predict"
        picker = game.query_one("#predict").content.plain
        assert picker.count("☆") == 2  # the Most and the Fewest tile of the coach's pick
        game.session._saver.flush()
        assert storage.load_match(path)[0].hints == [1, 0, 0]


def said(app, words: str) -> bool:
    return any(words in n.message for n in app._notifications)


async def test_no_hint_when_hints_are_off():
    """(A decision made in front of everyone gets its hint behind the decider's curtain:
    tests/test_coach_hot_seat.py.)"""
    off = Match("all-mine", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo", "normal")], 6)
    off.hints_allowed = False
    app = AllMineApp(GameSession(off, None))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        await pilot.press("h")
        await wait_until(pilot, lambda: said(app, "Hints are off"), "the refusal said")
        await until_idle(pilot)
        assert not isinstance(app.screen, HintScreen) and off.hints == [0, 0, 0]
    assert Match.from_json(off.to_json()).hints_allowed is False


async def test_the_box_promises_no_mark_where_the_board_draws_none_and_keeps_its_keys_in_view():
    """All In's board marks no hint: its box does not say it does. A long hint (Mine, All
    Mine!'s whole fleets) leaves the way back in view, inside the box."""
    match = Match("all-in", [Seat("Ann"), Seat("Bob", "normal")], 8)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        await until_idle(pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HintScreen)
                         and app.screen.is_mounted, "the hint")
        keys = str(app.screen.query_one("#hint-keys").content)
        assert "marked" not in keys and "Enter or Esc" in keys
    match = Match("mine-all-mine", [Seat("Ann"), Seat("Bob", "random")], 8)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "actor", None) == 0)
        await until_idle(pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HintScreen)
                         and app.screen.is_mounted, "the hint")
        await until_idle(pilot)
        box = app.screen
        assert len(box.hint.moves) >= 2
        inner = box.query_one("#hint").content_region
        keys = box.query_one("#hint-keys")
        assert inner.contains_region(keys.region), (inner, keys.region)
        assert "Enter or Esc" in box.query_one("#hint-keys").content.__str__()
        from privacy_audit import painted_text

        assert "Enter or Esc" in painted_text(app)


# -- the review on the results screen and in the replay ----------------------------------------------
def reviewed_game(tmp_path):
    """A finished three-person All Mine! game, saved, with a review beside it (made by hand
    here: computing one takes a minute; tests/test_review.py computes real ones)."""
    import random

    from allmine_tui.engine.review import Judgement, Review, match_key
    from allmine_tui.reviews import review_path

    match = Match("all-mine", [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")], 12)
    rng = random.Random(3)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    path = tmp_path / "all-mine-reviewed.json"
    storage.write_save(path, match)
    mine = [i for i, (seat, _a) in enumerate(match.log) if seat == 0][:4]
    judgements = []
    for n, i in enumerate(mine):
        made = (match.log[i][1],)
        loss = [0.25, 0.12, 0.04, 0.0][n]
        judgements.append(Judgement(
            seat=0, position=i, indices=(i,), made=made,
            made_text=match.rules.describe_action(made[0]),
            best=made if loss == 0 else (Action("play", (999,)),), best_text="the coach's move",
            chance_made=0.5 - loss, chance_best=0.5, margin_made=None, margin_best=None,
            playouts=40, loss=loss, costly=loss >= 0.1))
    review = Review("all-mine", match_key(match), [s.name for s in match.seats], [0],
                    judgements)
    review_path(path).write_text(__import__("json").dumps(review.to_json()), encoding="utf-8")
    return match, path, mine


async def test_the_results_list_the_costliest_decisions_and_a_key_opens_the_replay_there(
        tmp_path):
    from allmine_tui.ui.screens.replay import ReplayControls
    from allmine_tui.ui.screens.results import ResultsScreen

    match, path, mine = reviewed_game(tmp_path)
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        results = ResultsScreen(GameSession(match, path))
        await app.push_screen(results)
        await wait_until(pilot, lambda: app.screen is results, "the results")
        await until_idle(pilot)
        text = str(results.query_one("#results-review").content)
        assert text.count("step ") == 3  # the three costliest, most chance lost first
        assert text.index(f"step {mine[0]}") < text.index(f"step {mine[1]}")
        assert "▼ costly" in text
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayControls) and app.screen.is_mounted)
        replay = app.screen
        assert replay.session.position == mine[1]
        await pilot.press("right")  # the move itself: the coach's word on it
        await wait_until(pilot, lambda: replay.session.position == mine[1] + 1, "a step on")
        await until_idle(pilot)
        hidden = str(replay.query_one("#replay-hidden").content)
        assert "Coach: Ann played" in hidden and "(38% to win)" in hidden
        assert "the coach's move (50%) ▼ costly" in hidden


async def test_without_a_review_the_results_say_how_to_ask_for_one(tmp_path):
    from allmine_tui.ui.screens.results import ResultsScreen

    match, path, _mine = reviewed_game(tmp_path)
    from allmine_tui.reviews import review_path

    review_path(path).unlink()
    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        results = ResultsScreen(GameSession(match, path))
        await app.push_screen(results)
        await wait_until(pilot, lambda: app.screen is results, "the results")
        await until_idle(pilot)
        text = str(app.screen.query_one("#results-review").content)
        assert "r: the coach reviews every decision" in text


def test_a_finished_game_does_not_offer_a_hint():
    """Nothing is left to decide: h is not listed on the keys line of a finished game's screen
    (every game's screen, its own check_action included)."""
    from allmine_tui.games import GAMES
    from allmine_tui.simulate import play_out

    for game_id, game in GAMES.items():
        seats = [Seat("Ann")] + [Seat(f"B{i}", "normal") for i in range(game.min_players - 1)]
        match = Match(game_id, seats, 5)
        screen = game.screen()(GameSession(match, None))
        assert screen.check_action("hint", ()) is True, game_id
        finished = Match(game_id, [Seat(s.name, "normal") for s in seats], 5)
        play_out(finished)
        screen = game.screen()(GameSession(finished, None))
        assert screen.check_action("hint", ()) is False, game_id
        assert screen.check_action("undo", ()) is False, game_id  # (u says why instead)


async def test_the_keys_line_drops_the_hint_when_the_last_move_ends_the_game():
    """The move that ends the game redraws the keys line at once (no h Hint: nothing is left to
    decide; no u Take back: the moves stand), while the finished table is still on screen."""
    from allmine_tui.simulate import play_out
    from allmine_tui.ui.screens.play import PlayScreen
    from allmine_tui.ui.widgets.keybar import ScreenKeys

    bots = [Seat(name, "normal") for name in ("Ann", "Bob", "Cleo")]
    played = Match("all-mine", bots, 8)
    play_out(played)
    last_seat, last_action = played.log[-1]
    seats = [Seat(s.name) if i == last_seat else s for i, s in enumerate(bots)]
    match = Match.replay("all-mine", seats, 8, played.options, played.log[:-1])
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PlayScreen)
                         and app.screen.actor == last_seat, "the last decision on screen")
        await until_idle(pilot)
        game = app.screen
        keys = game.query_one(ScreenKeys)
        assert "Hint" in keys.content.plain
        assert "Take back" in keys.content.plain
        assert game.submit(last_action) and match.is_over()
        assert "Hint" not in keys.content.plain and "Help" in keys.content.plain
        assert "Take back" not in keys.content.plain  # the moves of a finished game stand
        # u still answers on the finished table, with the reason (the hidden undo_refused)
        assert game.check_action("undo_refused", ()) is True
        game.action_undo_refused()
        await until_idle(pilot)
        assert any("moves stand" in str(n.message) for n in app._notifications)  # noqa: SLF001
