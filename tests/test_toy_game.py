"""A sixth game, declared and registered here and nowhere else, is treated like the five: the
conformance checks pass for it, ``allmine`` lists and plays it, the hot-seat privacy audit
plays it through the app, and the guard of tests/test_registry.py notices what a real game
would still owe (a key driver, snapshots, sample saves).

High Card, the toy: every player is dealt three cards from 1-12; in each of three rounds all
players choose a card at once and in secret, then the cards are shown and the highest wins the
round (a tie: nobody). Most rounds won wins.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

import test_conformance as conformance
from allmine_tui.engine import (Action, BenchTargets, Bot, Event, Game, GameInfo, IllegalAction,
                                RandomBot, Result, Rules, stream)
from allmine_tui.engine.history import GameHistory, HistoryHooks, Timeline, round_rows
from allmine_tui.engine.jsonstate import JsonState
from allmine_tui.engine.probes import Probes
from allmine_tui.games import GAMES, register, unregister
from allmine_tui.ui.screens.play import PlayScreen

TOY_ID = "high-card"
ROUNDS = 3


# -- the rules ---------------------------------------------------------------------------------------
@dataclass
class ToyState(JsonState):
    n: int
    seed: int | str
    round: int = 0  # rounds played
    hands: list = field(default_factory=list)  # per seat: cards (secret)
    deck: list = field(default_factory=list)  # undealt cards (secret)
    chosen: list = field(default_factory=list)  # per seat: the card chosen this round, or None
    shown: list = field(default_factory=list)  # per round played: the cards, by seat
    scores: list = field(default_factory=list)


class ToyRules(Probes, Rules[ToyState, dict]):
    info = GameInfo(TOY_ID, "High Card", 2, 3, blurb="Everyone plays a card at once; highest wins.",
                    minutes="2 min")

    def new_state(self, n_players, options, seed):
        self.info.check_players(n_players)
        deck = list(range(1, 13))
        stream(seed, "deal").shuffle(deck)
        return ToyState(n=n_players, seed=seed, hands=[sorted(deck[3 * s:3 * s + 3])
                                                         for s in range(n_players)],
                        deck=deck[3 * n_players:], chosen=[None] * n_players,
                        scores=[0] * n_players)

    def to_act(self, state):
        if state.round >= ROUNDS:
            return []
        return [s for s in range(state.n) if state.chosen[s] is None]

    def is_over(self, state):
        return state.round >= ROUNDS

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [Action("play", (c,)) for c in state.hands[seat]]

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Play one of your cards, once a round.")
        card = action.args[0]
        state.hands[seat].remove(card)
        state.chosen[seat] = card
        events = [Event(f"{{{seat}}} has chosen a card.", "choose", {seat: f"(you chose c{card})"})]
        if all(c is not None for c in state.chosen):
            cards = list(state.chosen)
            top = max(cards)
            winners = [s for s in range(state.n) if cards[s] == top]
            if len(winners) == 1:
                state.scores[winners[0]] += 1
            state.shown.append(cards)
            state.chosen = [None] * state.n
            state.round += 1
            plays = ", ".join(f"{{{s}}} c{c}" for s, c in enumerate(cards))
            events.append(Event(f"Round {state.round}: {plays}.", "reveal"))
        return events

    def view(self, state, seat):
        return {"viewer": seat, "n": state.n, "round": state.round, "scores": list(state.scores),
                "hand": list(state.hands[seat]) if seat is not None else None,
                "mine": state.chosen[seat] if seat is not None else None,
                "chosen": [c is not None for c in state.chosen],
                "shown": [list(r) for r in state.shown]}

    def result(self, state):
        top = max(state.scores)
        return Result(list(state.scores), [s for s in range(state.n) if state.scores[s] == top],
                      [("Rounds won", list(state.scores))])

    def state_from_json(self, data):
        return ToyState.from_json(data)

    def progress(self, state):
        return "finished" if self.is_over(state) else f"round {state.round + 1}/{ROUNDS}"

    # the test probes
    def perturb_secrets(self, state, viewer, rng):
        new = ToyState.from_json(state.to_json())
        others = [s for s in range(new.n) if s != viewer]
        pool = list(new.deck) + [c for s in others for c in new.hands[s]] + \
            [new.chosen[s] for s in others if new.chosen[s] is not None]
        rng.shuffle(pool)
        new.deck, pool = pool[:len(new.deck)], pool[len(new.deck):]
        for s in others:
            k = len(new.hands[s])
            new.hands[s], pool = sorted(pool[:k]), pool[k:]
            if new.chosen[s] is not None:
                new.chosen[s], pool = pool[0], pool[1:]
        return new

    def conserved(self, state):
        cards = [c for h in state.hands for c in h] + list(state.deck) + \
            [c for c in state.chosen if c is not None] + [c for r in state.shown for c in r]
        return {"cards": len(cards), "distinct": len(set(cards))}


TOY_RULES = ToyRules()


class HighestBot(Bot[dict]):
    name = "normal"

    def choose(self, view, legal, rng):
        return max(legal, key=lambda a: a.args[0])


def toy_history(timeline: Timeline) -> GameHistory:
    rows = round_rows(timeline, lambda _r, st: list(st.scores),
                      lambda r, _before, st, s: f"c{st.shown[r][s]}" if r < len(st.shown) else "")
    return GameHistory("rounds", rows)


TOY_HOOKS = HistoryHooks(round_of=lambda st: st.round, round_label=lambda r: f"Round {r + 1}",
                         history=toy_history,
                         hidden_cards=lambda st: [f"{{{s}}}: " + " ".join(f"c{c}" for c in h)
                                                  for s, h in enumerate(st.hands)])


# -- its screen: the smallest PlayScreen -------------------------------------------------------------
class ToyScreen(PlayScreen):
    CONTROLS = "- **1**, **2**, **3**: play the first, second or third card of your hand."
    BINDINGS = [Binding(str(i), f"play({i - 1})", str(i), priority=True) for i in (1, 2, 3)]
    VIEWER_STATE = {"legal": []}

    def compose_board(self) -> ComposeResult:
        yield Static(id="toy-board")

    def status_text(self, view, viewer):
        who = f" · viewing as {self.names[viewer]}" if viewer is not None else ""
        return f"High Card · round {min(view['round'] + 1, ROUNDS)}/{ROUNDS}{who}"

    def show(self, view, viewer, legal):
        self.legal = legal
        lines = ["Shown: " + " | ".join(" ".join(f"c{c}" for c in r) for r in view["shown"])]
        if view["hand"] is not None:
            lines.append("Your hand: " + " ".join(f"c{c}" for c in view["hand"]))
        self.query_one("#toy-board", Static).update("\n".join(lines))

    def action_play(self, i: int) -> None:
        if i < len(self.legal):
            self.submit(self.legal[i])


TOY = Game(info=ToyRules.info, rules=lambda: TOY_RULES,
           bots=lambda: {"random": RandomBot, "normal": HighestBot}, default_bot="normal",
           screen=lambda: ToyScreen, history=lambda: TOY_HOOKS, bench=BenchTargets())


@pytest.fixture
def toy():
    """High Card in the registry for one test."""
    register(TOY)
    yield TOY
    unregister(TOY_ID)



# -- the rules contract --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3])
def test_the_toy_passes_the_conformance_checks(toy, n, monkeypatch):
    conformance.check_registration(TOY_ID, GAMES[TOY_ID])
    for i, seed in enumerate([0, 1, 2, "toy", 2 ** 40]):
        conformance.play_and_check(TOY_ID, n, seed, offset=i)
    conformance.bots_finish_games(TOY_ID, n, monkeypatch)


def test_a_toy_that_breaks_the_contract_is_caught(toy, monkeypatch):
    """(So the test above can fail: a view that leaks another seat's hand.)"""
    leaky = lambda state, seat: {"hands": state.hands, "round": state.round}  # noqa: E731
    monkeypatch.setattr(TOY_RULES, "view", leaky)
    with pytest.raises(AssertionError, match="view of"):
        conformance.play_and_check(TOY_ID, 2, 0)


def test_the_registry_guard_names_what_the_toy_still_owes(toy):
    import test_registry as guard

    with pytest.raises(AssertionError, match="driver"):
        guard.test_a_privacy_audit_driver_and_positions(TOY_ID)
    with pytest.raises(AssertionError, match="snapshots"):
        guard.test_layout_snapshots(TOY_ID)
    with pytest.raises(AssertionError, match="finished"):
        guard.test_sample_saves(TOY_ID)
    guard.test_bench_targets(TOY_ID)  # declared with the game


def test_the_toy_leaves_the_registry_as_it_was(toy):
    assert TOY_ID in GAMES
    unregister(TOY_ID)
    assert TOY_ID not in GAMES and len(GAMES) == 5
    register(TOY)  # (for the fixture)


# -- allmine knows it ----------------------------------------------------------------------------------
def test_allmine_simulates_the_toy(toy, capsys):
    from allmine_tui.cli import main

    assert main(["simulate", TOY_ID, "--players", "3", "--games", "4", "--seed", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == TOY_ID and out["games"] == 4 and len(out["seats"]) == 3


async def test_the_picker_lists_the_toy_and_sets_it_up(toy):
    from screen_text import screen_text

    from allmine_tui.ui.app import AllMineApp
    from allmine_tui.ui.screens.setup import SetupScreen

    app = AllMineApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "High Card" in screen_text(app)
        for _ in range(len(GAMES) - 1):  # the last game of the list
            await pilot.press("down")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.game_id == TOY_ID


# -- the hot-seat privacy audit -----------------------------------------------------------------------
def toy_driver(game, rng: random.Random) -> list[str]:
    return [str(rng.randrange(1, len(game.legal) + 1))] if game.legal else ["1"]


def toy_marks(match, seat: int) -> list[re.Pattern]:
    """Another seat's hand and the card it chose this round are its secrets."""
    state = match.state
    cards = list(state.hands[seat]) + ([state.chosen[seat]] if state.chosen[seat] else [])
    return [re.compile(rf"\bc{c}\b") for c in cards]


@pytest.mark.parametrize("bots,seed", [(0, 3), (1, 4)])
async def test_the_toy_is_privacy_audited(toy, monkeypatch, bots, seed):
    import privacy_audit
    from audit_drivers import seats
    from test_privacy_audit import audit_game

    monkeypatch.setitem(privacy_audit.GAME_MARKS, TOY_ID, toy_marks)
    audit = await audit_game(TOY_ID, seats(["Ann", "Bob"], bots), seed, drive=toy_driver)
    assert audit.match.is_over() and audit.checks > 6


async def test_the_audit_catches_a_toy_screen_that_shows_every_hand(toy, monkeypatch):
    import privacy_audit
    from audit_drivers import seats
    from test_privacy_audit import audit_game

    original = ToyScreen.show

    def show_all(self, view, viewer, legal):
        original(self, view, viewer, legal)
        hands = self.match.state.hands  # the mistake: the state, not the view
        self.query_one("#toy-board", Static).update(
            " / ".join(" ".join(f"c{c}" for c in h) for h in hands))

    monkeypatch.setitem(privacy_audit.GAME_MARKS, TOY_ID, toy_marks)
    monkeypatch.setattr(ToyScreen, "show", show_all)
    with pytest.raises(privacy_audit.Leak):
        await audit_game(TOY_ID, seats(["Ann", "Bob"], 0), 3, drive=toy_driver)
