"""This is Mine! on screen, issue 21: the Relatives' lines count what a kept Suitcase could copy;
take-backs in hot seat (a claim, a refusal, a card moved in the split) and a half-made split kept
across quit and resume; the replay shows the lots being built; and what just changed."""
from __future__ import annotations

from audit_drivers import play_by_rules_until
from screen_text import screen_text

from allmine_tui import storage
from allmine_tui.engine import Action, Match, Seat
from allmine_tui.games.this_is_mine.screen import ThisIsMineScreen
from allmine_tui.games.this_is_mine.data import load, type_of
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.session import GameSession
from helpers import on_screen, wait_until



def told(app, words: str) -> bool:
    return any(words in str(n.message) for n in app._notifications)




def cards_of(*types: str) -> list[int]:
    free = list(load().cards_for(3))
    out = []
    for t in types:
        c = next(c for c in free if type_of(c) == t)
        free.remove(c)
        out.append(c)
    return out


def three(names=("Ann", "Bob", "Cleo"), bots=("random", "random")) -> list[Seat]:
    return [Seat(names[0])] + [Seat(n, b) if b else Seat(n) for n, b in zip(names[1:], bots)]


# -- the Relatives and the Suitcases --------------------------------------------------------------
def at_the_relatives(hand: list[int]) -> Match:
    match = Match("this-is-mine", three(), 3)
    st = match.state
    st.phase, st.deck, st.revealed, st.assign, st.lots = "discard", [], [], [], []
    st.hands = [hand, [], []]
    st.discards, st.copies = [[], [], []], [[], [], []]
    st.to_discard, st.copies_owed = [1, 0, 0], [0, 0, 0]
    return match


async def test_a_relative_s_line_counts_what_the_suitcase_could_still_copy():
    """Issue 21: 'Relative takes Skates (±$0)', then 'Suitcase copies Skates (+$5)'. Taking
    the only Skate also takes the pair the Suitcase would have made; taking the Suitcase takes
    its copy."""
    hand = cards_of("relative", "skates", "suitcase", "bibelot", "bibelot")
    match = at_the_relatives(hand)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        text = screen_text(app)
        # now: 2 Bibelots $3, one Skate $0; the Suitcase's best copy: Skates, a pair: $8
        assert "worth now: $3" in text
        assert "best with your Suitcase copying Skates: $8" in text
        assert "Relative takes Skates: $7 (−$1)" in text  # then the copy goes to Bibelots
        assert "Relative takes Bibelot: $5 (−$3)" in text  # Skates still paired by the copy
        assert "Relative takes Suitcase: $3 (−$5)" in text  # no copy any more
        assert "best copies of your Suitcases" in text
        moves = len(match.log)
        await pilot.press("1")  # the Relative takes a Bibelot (the first line)
        await wait_until(pilot, lambda: len(match.log) > moves, "Ann's discard")
        assert match.log[moves] == (0, Action("discard", ("bibelot",)))
        assert match.state.discards[0] == ["bibelot"] and match.state.phase == "copy"


def test_the_outlook_is_the_plain_worth_without_a_suitcase():
    from allmine_tui.games.this_is_mine import worth

    match = at_the_relatives(cards_of("relative", "skates", "skates", "bibelot"))
    view = match.view(0)
    best, copies = worth.outlook(view)
    assert copies == () and best == worth.worth(worth.own(view))
    assert worth.discard_worth(view, "skates") == worth.Worth(0, 0)


# -- taking back in hot seat ------------------------------------------------------------------
def at_a_claim(seed: int = 3) -> Match:
    """Ann and Bob at one keyboard, Cleo a bot; Ann claims next and Bob answers first."""
    match = Match("this-is-mine", three(bots=(None, "random")), seed)
    return play_by_rules_until(match, lambda m: m.state.phase == "negotiate"
                               and m.state.claim is None and m.to_act() == [0]
                               and m.state.round_no >= 1, seed=seed)


async def test_in_hot_seat_u_takes_back_a_claim_and_a_refusal_on_the_table(monkeypatch):
    """Issue 21: in hot seat u refused to take back a claim or a refusal (the negotiation is
    public: on the table view). The person who made the last move there takes it back while
    nobody has answered (a bot still thinking has not)."""
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "30")
    match = at_a_claim()
    assert match.state.asked == [] and 1 in match.humans
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        assert game.viewer is None and game.actor == 0
        before = list(match.log)
        await pilot.press("a")  # Ann claims lot A
        await wait_until(pilot, lambda: len(match.log) > len(before), "Ann's claim")
        assert match.state.claim == 0 and match.to_act() == [1]
        # Bob answers first: Ann may take her claim back
        await pilot.press("u")
        await wait_until(pilot, lambda: len(match.log) == len(before), "the claim taken back")
        assert match.log == before and match.state.claim is None
        await wait_until(pilot, lambda: "Ann took back a move"
                         in game.query_one("#game-log").text.plain, "the log line")
        await pilot.press("a")
        await wait_until(pilot, lambda: match.to_act() == [1], "Ann's claim again")
        before_money = list(match.state.money)
        refusal = next(a for a in match.legal_actions(1) if a.kind == "refuse")
        moves = len(match.log)
        await pilot.press("abc"[refusal.args[0]])  # Bob refuses, $1 on that lot
        await wait_until(pilot, lambda: len(match.log) > moves, "Bob's refusal")
        assert match.log[moves] == (1, refusal)
        assert match.state.leader == 1 and match.to_act() == [2]  # Cleo thinks
        await pilot.press("u")  # Bob takes his refusal back
        await wait_until(pilot, lambda: len(match.log) == moves, "the refusal taken back")
        assert match.state.leader == 0 and match.to_act() == [1]
        assert match.state.money == before_money


async def test_u_says_why_when_there_is_nothing_to_take_back_on_the_table():
    match = at_a_claim()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        await pilot.press("u")
        await wait_until(pilot, lambda: app._notifications, "u answered")
        notes = [n.message for n in app._notifications]
        assert any("nothing to take back here" in n for n in notes), notes
        assert not any("own view" in n for n in notes)  # (the message did not fit the moment)


def at_a_split(seed: int = 3) -> Match:
    """Ann splits the first round's cards (seed 3: she leads), Bob and Cleo look on."""
    match = Match("this-is-mine", three(bots=(None, "random")), seed)
    assert match.state.round_leader == 0 and match.to_act() == [0]
    return match


async def test_u_takes_back_a_card_moved_in_the_split():
    match = at_a_split()
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        first = list(game.split)
        await pilot.press("u")
        assert any("Nothing to take back in this split" in n.message for n in app._notifications)
        await pilot.press("right", "c", "right", "right", "b")
        assert game.split[1] == 2 and game.split[3] == 1 and first[3] == 0
        await pilot.press("u")
        assert game.split[3] == first[3] and game.split[1] == 2 and game.cursor == 3
        await pilot.press("u")
        assert game.split == first and game.cursor == 1
        assert match.log == []  # nothing was played


async def test_a_half_made_split_is_kept_across_quit_and_resume(data_dir):
    match = at_a_split()
    path = storage.new_save_path("this-is-mine")
    session = GameSession(match, path)
    session.autosave()
    app = AllMineApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        await pilot.press("right", "c", "right", "right", "b")
        draft, cursor = list(game.split), game.cursor
        await pilot.press("q")  # back to the menu: saved
        await wait_until(pilot, lambda: game not in app.screen_stack, "back at the menu")
    session.close()
    storage.flush_autosaves()
    again = GameSession.load(path)
    assert again.match.log == [] and again.table_draft is not None
    app = AllMineApp(again)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await on_screen(pilot, ThisIsMineScreen)
        assert game.split == draft and game.cursor == cursor
        await pilot.press("u")  # and its take-backs too
        assert game.split[3] != draft[3]
        await pilot.press("enter")  # confirmed: the draft is no longer kept
        await wait_until(pilot, lambda: again.match.log, "the split confirmed")
        assert again.match.log[0][0] == 0 and again.table_draft is None
    again.close()


def test_a_kept_split_is_taken_up_only_for_the_same_decision():
    from allmine_tui.games.this_is_mine.screen import ThisIsMineScreen as Screen

    match = at_a_split()
    session = GameSession(match, None)
    screen = Screen(session)
    screen.actor = 0
    view = match.view(None)
    k = len(view["revealed"])
    good = {"at": 0, "seat": 0, "revealed": list(view["revealed"]), "split": [1] * k,
            "cursor": 0, "history": [[0] * k]}
    assert screen._draft_fits(good, view)
    for change in ({"at": 1}, {"seat": 1}, {"revealed": view["revealed"][::-1]},
                   {"split": [5] * k}, {"cursor": k}, {"history": "x"}, {"split": [0]}):
        assert not screen._draft_fits({**good, **change}, view), change
    screen.actor = 1  # another person at this decision: not theirs
    assert not screen._draft_fits(good, view)


# -- the replay ------------------------------------------------------------------------------------
async def test_the_replay_shows_the_lots_being_built():
    """Issue 21: the replay did not show the lots being built. Each card put is a step: the
    cards put so far show their lot, the one just put is marked •."""
    from allmine_tui.ui.screens.replay import ReplaySession, replay_screen

    played = Match("this-is-mine", [Seat("Ann", "random"), Seat("Bob", "random"),
                                    Seat("Cleo", "random")], 7)
    played.run_bots()
    session = ReplaySession(played, 0)
    position = next(k for k, (_s, a) in enumerate(session.timeline.log, start=1)
                    if a.kind == "put" and session.timeline.state(k).assign[1:])
    session.goto(position)
    assign = session.match.state.assign
    assert len(assign) == 2
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(replay_screen(session))
        await wait_until(pilot, lambda: app.screen.query("#split")
                         and app.screen.query_one("#split").content.plain, "the replay's split")
        panel = app.screen.query_one("#split").content.plain
        labels = panel.splitlines()[0].split()[1:]
        assert labels[0].endswith(f"→{'ABC'[assign[0]]}") and not labels[0].startswith("•")
        assert labels[1].startswith("•") and labels[1].endswith(f"→{'ABC'[assign[1]]}")
        assert all("→" not in label for label in labels[2:])
        lot_lines = [line for line in panel.splitlines() if line.lstrip().startswith("LOT")]
        assert len(lot_lines) == 3
        await pilot.press("right")  # the next card put
        await wait_until(pilot, lambda: app.screen.query_one("#split").content.plain != panel,
                         "the next step drawn")
        panel = app.screen.query_one("#split").content.plain
        labels = panel.splitlines()[0].split()[1:]
        assert labels[2].startswith("•") and "→" in labels[2]


# -- what just changed -------------------------------------------------------------------------
def test_changes_name_the_lot_and_the_seat_of_the_last_move():
    from allmine_tui.games.this_is_mine.widgets import changes, public_part

    match = play_by_rules_until(Match("this-is-mine", three(("Ann", "Bob", "Cleo"),
                                                            ("random", "random")), 5),
                                lambda m: m.state.phase == "negotiate" and m.state.claim is None
                                and len(m.state.lots) == 3 and all(
                                    lot["owner"] is None for lot in m.state.lots), seed=5)
    seat = match.to_act()[0]
    before = public_part(match.view(None))
    match.apply(seat, Action("claim", (1,)))
    claim = changes(before, public_part(match.view(None)))
    assert claim["lots"] == {1: "claimed"} and claim["seats"] == {seat: "claims"}
    answerer = match.to_act()[0]
    before = public_part(match.view(None))
    match.apply(answerer, Action("refuse", (2,)))
    refused = changes(before, public_part(match.view(None)))
    assert refused["lots"] == {1: "claimed", 2: "$1"} and refused["seats"] == {answerer: "refused"}
    assert refused["money"] == {answerer}
    nxt = match.to_act()[0]
    before = public_part(match.view(None))
    match.apply(nxt, Action("accept"))
    accepted = changes(before, public_part(match.view(None)))
    assert accepted["seats"].get(nxt) == "accepted"
    # (the public part of every seat's view is the same: the marks tell nobody's secret)
    assert public_part(match.view(0)) == public_part(match.view(1)) == \
        public_part(match.view(None))


async def test_the_lot_just_claimed_is_marked_until_the_next_move(monkeypatch):
    monkeypatch.setenv("ALLMINE_BOT_DELAY", "30")  # the bots wait: the marks stay in view
    match = play_by_rules_until(Match("this-is-mine", three(), 5),
                                lambda m: m.state.phase == "negotiate" and m.state.claim is None
                                and m.to_act() == [0], seed=5)
    app = AllMineApp(GameSession(match, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await on_screen(pilot, ThisIsMineScreen)
        lots = app.screen.query_one("#lots").content.plain
        assert "•" not in lots  # nothing changed since the screen opened
        moves = len(match.log)
        await pilot.press("b")  # Ann claims lot B
        await wait_until(pilot, lambda: len(match.log) > moves, "Ann's claim")
        assert match.log[moves] == (0, Action("claim", (1,)))
        await pilot.pause()  # (drawn with the move; a bot now thinks for 30 s: never idle)
        lots = app.screen.query_one("#lots").content.plain.splitlines()
        assert lots[1].startswith("•LOT B") and not lots[0].startswith("•")
        players = app.screen.query_one("#players").content.plain.splitlines()
        assert "• claims" in players[0]
