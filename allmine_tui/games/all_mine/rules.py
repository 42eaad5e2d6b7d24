"""All Mine! rules: deal, trump display, secret predictions, tricks, the treasure heap and scoring.

Pure Python: no Textual. The state is mutated in place by ``apply`` only after the action has been
checked, so a rejected action changes nothing.
"""
from __future__ import annotations

from ...engine.jsonstate import copy_json
from ...engine import Action, Event, IllegalAction, Result, Rules, stream
from . import INFO
from .cards import (DECK, LETTERS, SUITS, card_name, score_hand, strength_table, suit_of,
                    suit_tag)
from .probes import AllMineProbes
from .state import HEAP, OVER, PLAY, PREDICT, AllMineState, trick_cards
from .views import AllMineView, HandRecord


class AllMineRules(AllMineProbes, Rules[AllMineState, AllMineView]):
    info = INFO

    # -- setting up ------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed: int | str) -> AllMineState:
        self.info.check_players(n_players)
        first = stream(seed, "first-dealer").randrange(n_players)
        state = AllMineState(n=n_players, seed=seed, first_dealer=first,
                             scores=[0] * n_players)
        self._deal(state, 0)
        return state

    def _deal(self, state: AllMineState, hand_no: int) -> None:
        n = state.n
        rng = stream(state.seed, "hand", hand_no)
        deck = list(DECK)
        rng.shuffle(deck)
        per = 12 if n == 3 else 10
        state.hand_no = hand_no
        state.dealer = (state.first_dealer + hand_no) % n
        # deal one at a time clockwise, starting left of the dealer
        state.hands = [[] for _ in range(n)]
        for i in range(per * n):
            state.hands[(state.dealer + 1 + i) % n].append(deck[i])
        state.heap = [[] for _ in range(4)]
        for c in deck[per * n:]:
            state.heap[suit_of(c)].append(c)
        numbers = list(range(1, 13))
        rng.shuffle(numbers)
        duos = [[suit, numbers[suit]] for suit in range(4)]
        duos.sort(key=lambda d: -d[1])
        state.display = duos
        state.strength = strength_table(duos)
        state.predictions = [None] * n
        state.phase = PREDICT
        state.leader = (state.dealer + 1) % n
        state.trick, state.last_trick, state.last_winner = [], [], None
        state.prev_trick, state.prev_winner = [], None
        state.tricks_done = 0
        state.heap_taker = None
        state.won = [[0, 0, 0, 0] for _ in range(n)]
        state.won_cards = [[] for _ in range(n)]

    # -- who acts and what they may do --------------------------------------------------------
    def to_act(self, state: AllMineState) -> list[int]:
        phase = state.phase
        if phase == PLAY:
            return [(state.leader + len(state.trick)) % state.n]
        if phase == PREDICT:
            return [s for s in range(state.n) if state.predictions[s] is None]
        if phase == HEAP and state.heap_taker is not None:
            return [state.heap_taker]
        return []

    def is_over(self, state: AllMineState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: AllMineState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == PLAY:
            if seat != (state.leader + len(state.trick)) % state.n:
                return []
            return [Action("play", (c,)) for c in self.playable(state, seat)]
        if phase == PREDICT:
            if state.predictions[seat] is not None:
                return []
            return [Action("predict", (m, f)) for m in range(4) for f in range(4) if m != f]
        if phase == HEAP and seat == state.heap_taker:
            return [Action("heap", (s,)) for s in range(4) if state.heap[s]]
        return []

    def playable(self, state: AllMineState, seat: int) -> list[int]:
        """Cards of ``seat`` that may be played now, strongest first (follow suit if you can)."""
        hand = state.hands[seat]
        if state.trick:
            led = suit_of(state.trick[0][1])
            following = [c for c in hand if c // 12 == led]
            if following:
                hand = following
        strength = state.strength
        return sorted(hand, key=lambda c: -strength[c])

    # -- applying actions ----------------------------------------------------------------------
    def apply(self, state: AllMineState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if state.phase == OVER:
            raise IllegalAction("The game is over.")
        if kind == "play":
            return self._play(state, seat, action)
        if kind == "predict":
            return self._predict(state, seat, action)
        if kind == "heap":
            return self._take_heap(state, seat, action)
        raise IllegalAction(f"'{kind}' is not a move in All Mine!.")

    def _predict(self, state: AllMineState, seat: int, action: Action) -> list[Event]:
        if state.phase != PREDICT:
            raise IllegalAction("Predictions are already made for this hand.")
        if not 0 <= seat < state.n or state.predictions[seat] is not None:
            raise IllegalAction("You have already placed your prediction tiles.")
        if len(action.args) != 2 or any(type(a) is not int or not 0 <= a < 4 for a in action.args):
            raise IllegalAction("Choose one suit for Most and one for Fewest.")
        most, fewest = action.args
        if most == fewest:
            raise IllegalAction("Most and Fewest must be two different suits.")
        state.predictions[seat] = [most, fewest]
        events = [Event(f"{{{seat}}} places two prediction tiles face down.", "predict",
                        {seat: f"(you chose +{suit_tag(most)} −{suit_tag(fewest)})"})]
        if all(p is not None for p in state.predictions):
            state.phase = PLAY
            shown = ", ".join(f"{{{s}}} +{suit_tag(p[0])} −{suit_tag(p[1])}"
                              for s, p in enumerate(state.predictions))
            events.append(Event(f"Predictions revealed: {shown}.", "reveal"))
        return events

    def _play(self, state: AllMineState, seat: int, action: Action) -> list[Event]:
        if state.phase != PLAY:
            if state.phase == PREDICT:
                raise IllegalAction("Everyone must place their predictions before the first trick.")
            raise IllegalAction("The trick's winner must first take a card from the treasure heap.")
        turn = (state.leader + len(state.trick)) % state.n
        if seat != turn:
            raise IllegalAction("It is not your turn to play.")
        if len(action.args) != 1 or type(action.args[0]) is not int:
            raise IllegalAction("Choose one card to play.")
        c = action.args[0]
        hand = state.hands[seat]
        if c not in hand:
            raise IllegalAction("That card is not in your hand.")
        if state.trick:
            led = suit_of(state.trick[0][1])
            if suit_of(c) != led and any(suit_of(h) == led for h in hand):
                raise IllegalAction(
                    f"You must follow suit: you hold {SUITS[led]} ({suit_tag(led)}).")
        else:
            if state.last_trick:
                state.prev_trick, state.prev_winner = state.last_trick, state.last_winner
            state.last_trick, state.last_winner = [], None
        hand.remove(c)
        state.trick.append([seat, c])
        events = [Event(f"{{{seat}}} {'leads' if len(state.trick) == 1 else 'plays'} "
                        f"{card_name(c)}.", "play")]
        if len(state.trick) == state.n:
            events.extend(self._finish_trick(state))
        return events

    def _finish_trick(self, state: AllMineState) -> list[Event]:
        strength = state.strength
        winner, best = state.trick[0]
        for s, c in state.trick[1:]:
            if strength[c] > strength[best]:
                winner, best = s, c
        won = state.won[winner]
        for _s, c in state.trick:
            won[c // 12] += 1
            state.won_cards[winner].append(c)
        state.last_trick, state.last_winner = state.trick, winner
        state.trick = []
        state.tricks_done += 1
        state.leader = winner
        events = [Event(f"{{{winner}}} wins trick {state.tricks_done} with {card_name(best)}.",
                        "trick")]
        stacks = [s for s in range(4) if state.heap[s]]
        if len(stacks) > 1:
            state.phase, state.heap_taker = HEAP, winner
        elif len(stacks) == 1:  # only one stack left: no choice to make
            events.extend(self._take_from(state, winner, stacks[0]))
            events.extend(self._after_trick(state))
        else:
            events.extend(self._after_trick(state))
        return events

    def _take_heap(self, state: AllMineState, seat: int, action: Action) -> list[Event]:
        if state.phase != HEAP or seat != state.heap_taker:
            raise IllegalAction("Only the winner of a trick takes from the treasure heap.")
        if len(action.args) != 1 or type(action.args[0]) is not int or not 0 <= action.args[0] < 4:
            raise IllegalAction("Choose a suit of the treasure heap.")
        suit = action.args[0]
        if not state.heap[suit]:
            raise IllegalAction(f"The treasure heap has no {SUITS[suit]} left.")
        events = self._take_from(state, seat, suit)
        state.heap_taker = None
        state.phase = PLAY
        events.extend(self._after_trick(state))
        return events

    def _take_from(self, state: AllMineState, seat: int, suit: int) -> list[Event]:
        c = state.heap[suit].pop()
        state.won[seat][suit] += 1
        state.won_cards[seat].append(c)
        return [Event(f"{{{seat}}} takes a {SUITS[suit]} card ({suit_tag(suit)}) from the "
                      f"treasure heap.", "heap")]

    def _after_trick(self, state: AllMineState) -> list[Event]:
        state.phase = PLAY
        if any(state.hands):
            return []
        return self._score(state)

    def _score(self, state: AllMineState) -> list[Event]:
        record: HandRecord = {"hand": state.hand_no, "dealer": state.dealer, "players": []}
        parts = []
        for s in range(state.n):
            most, fewest = state.predictions[s]
            pts = score_hand(state.won[s], most, fewest)
            state.scores[s] += pts["total"]
            record["players"].append({"most": most, "fewest": fewest,
                                      "counts": list(state.won[s]),
                                      "most_points": pts["most"], "fewest_points": pts["fewest"],
                                      "bonus": pts["bonus"], "total": pts["total"]})
            parts.append(f"{{{s}}} {pts['total']}")
        state.history.append(record)
        events = [Event(f"Hand {state.hand_no + 1} scored: {', '.join(parts)}.", "hand_scored")]
        if state.hand_no + 1 >= state.n:
            state.phase = OVER
            state.trick = []
            top = max(state.scores)
            names = " and ".join(f"{{{s}}}" for s in range(state.n) if state.scores[s] == top)
            events.append(Event(f"Game over: {names} win{'s' if names.count('{') == 1 else ''} "
                                f"with {top}.", "game_over"))
        else:
            # the last trick stays on view (everyone just saw it) until the next card is led
            last, last_w = state.last_trick, state.last_winner
            self._deal(state, state.hand_no + 1)
            state.last_trick, state.last_winner = last, last_w
            events.append(Event(f"Hand {state.hand_no + 1} is dealt; {{{state.dealer}}} deals.",
                                "deal"))
        return events

    # -- what each seat may know ---------------------------------------------------------------
    def view(self, state: AllMineState, seat: int | None) -> AllMineView:
        n = state.n
        revealed = state.phase != PREDICT
        hand = None
        if seat is not None:
            strength = state.strength
            hand = sorted(state.hands[seat], key=lambda c: -strength[c])
        predictions = [p if (revealed or s == seat) and p is not None else None
                       for s, p in enumerate(state.predictions)]
        return {
            "game": "all-mine",
            "n": n,
            "viewer": seat,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "hand_no": state.hand_no,
            "hands_total": n,
            "dealer": state.dealer,
            "display": [list(d) for d in state.display],
            "hand": hand,
            "playable": self.playable(state, seat) if seat is not None and state.phase == PLAY
            and seat == (state.leader + len(state.trick)) % n else [],
            "hand_suits": [[sum(1 for c in h if c // 12 == s) for s in range(4)]
                           for h in state.hands],
            "heap": [len(stack) for stack in state.heap],
            "predicted": [p is not None for p in state.predictions],
            "predictions": [list(p) if p else None for p in predictions],
            "leader": state.leader,
            "trick": [list(t) for t in state.trick],
            "last_trick": [list(t) for t in state.last_trick],
            "last_winner": state.last_winner,
            "prev_trick": [list(t) for t in state.prev_trick],
            "prev_winner": state.prev_winner,
            "tricks_done": state.tricks_done,
            "tricks_total": 12 if n == 3 else 10,
            "heap_taker": state.heap_taker,
            "won": [list(w) for w in state.won],
            "trick_cards": trick_cards(state),
            "scores": list(state.scores),
            "history": copy_json(state.history),
        }

    # -- the end -------------------------------------------------------------------------------
    def result(self, state: AllMineState) -> Result:
        scores = list(state.scores)
        top = max(scores)
        table: list = []
        for rec in state.history:
            table.append((f"Hand {rec['hand'] + 1} predictions",
                          [f"+{LETTERS[p['most']]} −{LETTERS[p['fewest']]}" for p in rec["players"]]))
            table.append((f"Hand {rec['hand'] + 1} taken C/G/M/D",
                          ["/".join(map(str, p["counts"])) for p in rec["players"]]))
            table.append((f"Hand {rec['hand'] + 1} Most + Fewest + bonus",
                          [f"{p['most_points']} + {p['fewest_points']} + {p['bonus']}" for p in rec["players"]]))
            table.append((f"Hand {rec['hand'] + 1} points", [p["total"] for p in rec["players"]]))
        table.append(("Total", scores))
        return Result(scores=scores, winners=[s for s in range(state.n) if scores[s] == top],
                      table=table)

    def state_from_json(self, data: dict) -> AllMineState:
        return AllMineState.from_json(data)

    def sample_state(self, view: AllMineView, seat: int, rng) -> AllMineState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def describe_action(self, action: Action) -> str:
        if action.kind == "play":
            return f"play {card_name(action.args[0])}"
        # (as the board names them: the + Most and − Fewest rows, the heap's ◆C stack)
        if action.kind == "predict":
            return (f"predict + Most {suit_tag(action.args[0])}, "
                    f"− Fewest {suit_tag(action.args[1])}")
        if action.kind == "heap":
            return f"take {suit_tag(action.args[0])} from the treasure heap"
        return super().describe_action(action)

    def progress(self, state: AllMineState) -> str:
        if state.phase == OVER:
            return "finished"
        total = 12 if state.n == 3 else 10
        return (f"hand {state.hand_no + 1}/{state.n}, "
                f"trick {min(state.tricks_done + 1, total)}/{total}")

    # -- taking a move back --------------------------------------------------------------------
    def can_undo(self, before: AllMineState, seat: int, action: Action,
                 after: AllMineState) -> bool:
        """A prediction while someone has still to place theirs (the last one reveals them all);
        a card played or a heap stack taken while the hand goes on (a new deal is news)."""
        if action.kind == "predict":
            return after.phase == PREDICT
        if action.kind in ("play", "heap"):
            return after.phase != OVER and after.hand_no == before.hand_no
        return False



RULES = AllMineRules()
