"""All In rules: 23 rounds of two revealed cards written secretly on personal sheets, poker chips,
the Golden Deck, completed hands and poker scoring with Best Scoring Hand bonuses.

Pure Python, no Textual. Writing a card takes two actions: choose the card ("card", c), then the
space ("place", cell); the app sends both at once. A player with no legal space only "skip"s.
A player who surrounded their Golden Card picks ("golden", c) or turns the Golden Deck down
("decline"): the rulebook says they *can* pick.
"""
from __future__ import annotations

from functools import lru_cache

from ...engine import Action, Event, IllegalAction, Result, Rules, stream
from . import INFO
from .cards import DECK, card_name, is_joker
from .costs import composable, cost_table
from .probes import AllInProbes
from .scoring import game_result, hand_cards, scoring
from .sheets import BASIC, get_sheet, load_sheets
from .state import (GOLDEN, GOLDEN_SIZE, MAX_USEFUL_CHIPS, OVER, ROUNDS, WRITE, AllInState,
                    cell_name)
from .views import AllInView, PlayerView, Scoring

_SHEETS = load_sheets()  # id -> Sheet; read once (a few small JSON files)


_PLACE = tuple(Action("place", (c,)) for c in range(64))
_CARD = tuple(Action("card", (c,)) for c in range(52))
_SKIP = Action("skip")
_DECLINE = Action("decline")


@lru_cache(maxsize=4096)
def _card_actions(a: int, b: int, chips: int) -> tuple[Action, ...]:
    """The "card" actions affordable with ``chips``, in card order."""
    costs = cost_table(a, b)
    return tuple(_CARD[c] for c in range(52) if costs[c] <= chips)



class AllInRules(AllInProbes, Rules[AllInState, AllInView]):
    info = INFO

    # -- setting up ------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed: int | str) -> AllInState:
        self.info.check_players(n_players)
        options = self.info.resolve_options(options)
        mode = options["sheets"]
        rng = stream(seed, "setup")
        ids = list(load_sheets())
        if mode == "advanced":
            sheet_ids = [rng.choice(ids) for _ in range(n_players)]
        elif mode == "shared":
            sheet_ids = [rng.choice(ids)] * n_players
        else:
            sheet_ids = [BASIC] * n_players
        deck = list(DECK)
        rng.shuffle(deck)
        state = AllInState(
            n=n_players, seed=seed, mode=mode, sheet_ids=sheet_ids,
            golden_deck=sorted(deck[:GOLDEN_SIZE]), deck=deck[GOLDEN_SIZE:],
            written=[[None] * len(get_sheet(s).cells) for s in sheet_ids],
            choice=[None] * n_players, done=[False] * n_players,
            golden_pick=[None] * n_players, golden_used=[False] * n_players,
            chips_won=[0] * n_players, chips_spent=[0] * n_players,
            completed=[[] for _ in range(n_players)], last_written=[None] * n_players,
            round_cells=[[] for _ in range(n_players)],
        )
        self._next_round(state)
        return state

    def _next_round(self, state: AllInState) -> list[Event]:
        if state.revealed:
            state.discard.extend(state.revealed)
        if state.round >= ROUNDS or len(state.deck) < 2:
            state.revealed = []
            state.phase = OVER
            return [Event("The main deck is empty: final scoring.", "game_over")]
        state.round += 1
        state.revealed = [state.deck.pop(), state.deck.pop()]
        state.phase = WRITE
        state.choice = [None] * state.n
        state.done = [False] * state.n
        state.round_cells = [[] for _ in range(state.n)]
        return [Event(f"Round {state.round}: {card_name(state.revealed[0])} and "
                      f"{card_name(state.revealed[1])} are revealed.", "round")]

    # -- sheets ----------------------------------------------------------------------------------
    def sheet(self, state: AllInState, seat: int):
        return _SHEETS[state.sheet_ids[seat]]

    def legal_cells(self, state: AllInState, seat: int) -> list[int]:
        """Empty spaces where ``seat`` may write this round's card."""
        sheet = _SHEETS[state.sheet_ids[seat]]
        written = state.written[seat]
        if state.round <= 2:
            return [c for c in sheet.starts if written[c] is None]
        # written spaces only ever grow, so their count identifies this player's frontier
        key = (seat, len(written) - written.count(None))
        cached = state.frontier.get(key)
        if cached is not None:
            return list(cached)
        near: set[int] = set()
        neighbors = sheet.neighbors
        for c, card in enumerate(written):
            if card is not None:
                near |= neighbors[c]
        golden = sheet.golden_cell
        cells = sorted(c for c in near if written[c] is None and c != golden)
        state.frontier[key] = tuple(cells)
        return cells

    def empty_cells(self, state: AllInState, seat: int) -> list[int]:
        sheet = _SHEETS[state.sheet_ids[seat]]
        written = state.written[seat]
        return [c for c in range(len(sheet.cells)) if c != sheet.golden_cell and written[c] is None]

    def chips(self, state: AllInState, seat: int) -> int:
        return state.chips_won[seat] - state.chips_spent[seat]

    # -- who acts and what they may do --------------------------------------------------------
    def to_act(self, state: AllInState) -> list[int]:
        if state.phase == WRITE:
            return [s for s in range(state.n) if not state.done[s]]
        if state.phase == GOLDEN:
            return [s for s in state.pickers if not state.done[s]]
        return []

    def is_over(self, state: AllInState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: AllInState, seat: int) -> list[Action]:
        if not 0 <= seat < state.n or state.phase == OVER or state.done[seat]:
            return []
        if state.phase == WRITE:
            cells = self.legal_cells(state, seat)
            if not cells:
                return [_SKIP]
            if state.choice[seat] is None:
                a, b = state.revealed
                return list(_card_actions(a, b, min(self.chips(state, seat), MAX_USEFUL_CHIPS)))
            return [_PLACE[c] for c in cells]
        # the Golden Deck
        if seat not in state.pickers:
            return []
        if state.golden_pick[seat] is None:
            return [Action("golden", (c,)) for c in sorted(set(state.golden_deck))] + [_DECLINE]
        if state.choice[seat] is None:  # a Joker from the Golden Deck: any card
            return [Action("card", (c,)) for c in range(52)]
        return [Action("place", (c,)) for c in self.empty_cells(state, seat)]

    def write_options(self, state: AllInState, seat: int) -> list[tuple[int, int]]:
        """(card, chip cost) the seat can write now, cheapest first (for screens and bots)."""
        a, b = state.revealed
        return list(composable(a, b, min(self.chips(state, seat), MAX_USEFUL_CHIPS)))

    # -- applying actions ----------------------------------------------------------------------
    def apply(self, state: AllInState, seat: int, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalAction("The game is over.")
        if not isinstance(seat, int) or not 0 <= seat < state.n:
            raise IllegalAction("There is no such player.")
        if state.done[seat] or (state.phase == GOLDEN and seat not in state.pickers):
            raise IllegalAction("You have nothing to do until the next round.")
        kind, args = action.kind, action.args
        if kind in ("card", "place", "golden") and (
                len(args) != 1 or type(args[0]) is not int):
            raise IllegalAction("That move needs one card or one space.")
        if state.phase == WRITE:
            if kind == "skip":
                if self.legal_cells(state, seat):
                    raise IllegalAction("You can write a card this round, so you cannot skip.")
                state.done[seat] = True
                events = [Event(f"{{{seat}}} has no space to write on and skips the round.",
                                "skip")]
                return events + self._after_writing(state)
            if kind == "card":
                return self._choose_card(state, seat, args[0])
            if kind == "place":
                return self._place(state, seat, args[0])
            raise IllegalAction("Choose a card to write, then a space.")
        if kind == "golden":
            return self._golden(state, seat, args[0])
        if kind == "decline":
            return self._decline(state, seat, args)
        if kind == "card":
            if state.golden_pick[seat] is None or not is_joker(state.golden_pick[seat]):
                raise IllegalAction("Pick a card from the Golden Deck first.")
            return self._choose_card(state, seat, args[0])
        if kind == "place":
            return self._place(state, seat, args[0])
        raise IllegalAction("Pick a card from the Golden Deck.")

    def _choose_card(self, state: AllInState, seat: int, c: int) -> list[Event]:
        if state.choice[seat] is not None:
            raise IllegalAction("You have already chosen your card; now choose a space.")
        if state.phase == WRITE and not self.legal_cells(state, seat):
            raise IllegalAction("You have no space to write on this round, so you skip it.")
        if not 0 <= c < 52:
            raise IllegalAction("That is not a card you can write.")
        if state.phase == WRITE:
            cost = cost_table(*state.revealed)[c]
            if cost is None:
                raise IllegalAction("That card cannot be made from the revealed cards.")
            if cost > self.chips(state, seat):
                raise IllegalAction(f"{card_name(c)} costs {cost} chips; you have "
                                    f"{self.chips(state, seat)}.")
        state.choice[seat] = c
        return []

    def _place(self, state: AllInState, seat: int, cell: int) -> list[Event]:
        c = state.choice[seat]
        if c is None:
            raise IllegalAction("Choose the card to write first.")
        sheet = _SHEETS[state.sheet_ids[seat]]
        if not 0 <= cell < len(sheet.cells):
            raise IllegalAction("There is no such space on your sheet.")
        golden = state.phase == GOLDEN
        allowed = self.empty_cells(state, seat) if golden else self.legal_cells(state, seat)
        if cell not in allowed:
            if cell == sheet.golden_cell:
                raise IllegalAction("The Golden Card's space can never be written on.")
            if state.written[seat][cell] is not None:
                raise IllegalAction("That space already holds a card.")
            if state.round <= 2:
                raise IllegalAction("In rounds 1 and 2 you write on a starting space (•).")
            raise IllegalAction("Write next to a card you have written (linked by a line).")
        cost = 0 if golden else cost_table(*state.revealed)[c]
        state.written[seat][cell] = c
        state.chips_spent[seat] += cost
        state.last_written[seat] = cell
        state.round_cells[seat].append(cell)
        state.choice[seat] = None
        state.done[seat] = True
        where = cell_name(sheet, cell)
        if golden:
            events = [Event(f"{{{seat}}} writes a Golden Deck card.", "golden",
                            {seat: f"(you wrote {card_name(c)} on {where})"})]
            return events + self._after_golden(state)
        spent = f" for {cost} chip{'s' if cost != 1 else ''}" if cost else ""
        events = [Event(f"{{{seat}}} has written a card.", "write",
                        {seat: f"(you wrote {card_name(c)} on {where}{spent})"})]
        return events + self._after_writing(state)

    def _surrounded(self, state: AllInState, seat: int) -> bool:
        sheet = _SHEETS[state.sheet_ids[seat]]
        written = state.written[seat]
        return all(written[c] is not None for c in sheet.around_golden)

    def _after_writing(self, state: AllInState) -> list[Event]:
        if not all(state.done):
            return []
        pickers = [s for s in range(state.n)
                   if not state.golden_used[s] and self._surrounded(state, s)
                   and state.golden_deck and self.empty_cells(state, s)]
        if pickers:
            state.phase = GOLDEN
            state.pickers = pickers
            state.done = [s not in pickers for s in range(state.n)]
            state.golden_pick = [None] * state.n
            state.choice = [None] * state.n
            names = " and ".join(f"{{{s}}}" for s in pickers)
            return [Event(f"{names} surrounded the Golden Card and pick"
                          f"{'s' if len(pickers) == 1 else ''} from the Golden Deck.", "golden")]
        return self._end_round(state)

    def _golden(self, state: AllInState, seat: int, c: int) -> list[Event]:
        if state.golden_pick[seat] is not None:
            raise IllegalAction("You have already picked from the Golden Deck.")
        if c not in state.golden_deck:
            raise IllegalAction("That card is not in the Golden Deck.")
        state.golden_pick[seat] = c
        state.golden_used[seat] = True
        if not is_joker(c):
            state.choice[seat] = c
        return []

    def _decline(self, state: AllInState, seat: int, args: tuple) -> list[Event]:
        if args:
            raise IllegalAction("Turning the Golden Deck down takes no card.")
        if state.golden_pick[seat] is not None:
            raise IllegalAction("You have already picked from the Golden Deck; now choose a "
                                "space.")
        state.golden_used[seat] = True
        state.done[seat] = True
        events = [Event(f"{{{seat}}} takes no Golden Deck card.", "golden")]
        return events + self._after_golden(state)

    def _after_golden(self, state: AllInState) -> list[Event]:
        if not all(state.done):
            return []
        picked = {state.golden_pick[s] for s in state.pickers} - {None}
        for c in sorted(picked):
            state.golden_deck.remove(c)
            state.removed.append(c)
        state.pickers = []
        state.golden_pick = [None] * state.n
        return self._end_round(state)

    def _end_round(self, state: AllInState) -> list[Event]:
        events: list[Event] = []
        newly: dict[str, list[int]] = {}
        for s in range(state.n):
            sheet = _SHEETS[state.sheet_ids[s]]
            written = state.written[s]
            # only hands through a space written this round can have become complete
            touched = sorted({h for cell in state.round_cells[s] for h in sheet.hands_of_cell[cell]})
            for hand in (sheet.hands[h] for h in touched):
                if hand.letter in state.completed[s]:
                    continue
                if all(written[c] is not None or c == sheet.golden_cell for c in hand.cells):
                    newly.setdefault(hand.letter, []).append(s)
        for letter in sorted(newly):
            first = letter not in state.first_round
            for s in newly[letter]:
                hand = next(h for h in _SHEETS[state.sheet_ids[s]].hands if h.letter == letter)
                if first:
                    gain = 2 if hand.icon == 2 else 1
                else:
                    gain = 1 if hand.icon == 2 else 0
                state.chips_won[s] += gain
                state.completed[s].append(letter)
                state.completed[s].sort()
                events.append(Event(f"{{{s}}} completes hand {letter}"
                                    + (f" and wins {gain} chip{'s' if gain > 1 else ''}."
                                       if gain else " (no chip: already completed before)."),
                                    "declare"))
            if first:
                state.first_round[letter] = state.round
        return events + self._next_round(state)

    # -- what each seat may know ---------------------------------------------------------------
    def view(self, state: AllInState, seat: int | None) -> AllInView:
        over = state.phase == OVER
        players: list[PlayerView] = []
        for s in range(state.n):
            mine = over or s == seat
            players.append({
                "sheet": state.sheet_ids[s],
                "completed": list(state.completed[s]),
                "chips_won": state.chips_won[s],
                "chips_spent": state.chips_spent[s] if mine else None,
                "written": list(state.written[s]) if mine else None,
                # how many spaces hold a card is public: everyone writes once a round unless
                # they say they skip, plus one Golden Deck card (see golden_used)
                "filled": len(state.written[s]) - state.written[s].count(None),
                "done": state.done[s],
                "golden_used": state.golden_used[s],
            })
        view: AllInView = {
            "game": "all-in", "n": state.n, "viewer": seat, "phase": state.phase,
            "to_act": self.to_act(state), "round": state.round, "rounds": ROUNDS,
            "revealed": list(state.revealed), "golden_size": len(state.golden_deck),
            "discard": list(state.discard),  # every earlier round's two cards, in order
            "deck_size": len(state.deck), "players": players, "first_round": dict(state.first_round),
            "pickers": list(state.pickers),
            "mode": state.mode,
        }
        if seat is not None:
            view["choice"] = state.choice[seat]
            view["golden_pick"] = state.golden_pick[seat]
            view["last_written"] = state.last_written[seat]
            picking = state.phase == GOLDEN and seat in state.pickers and not state.done[seat]
            view["golden_deck"] = sorted(state.golden_deck) if picking else None
            if state.phase == WRITE and not state.done[seat]:
                view["legal_cells"] = self.legal_cells(state, seat)
            elif picking:
                view["legal_cells"] = self.empty_cells(state, seat)
            else:
                view["legal_cells"] = []
        return view

    # -- scoring (scoring.py) ------------------------------------------------------------------
    def hand_cards(self, state: AllInState, seat: int, hand) -> list[int]:
        return hand_cards(state, seat, hand)

    def scoring(self, state: AllInState) -> Scoring:
        """Per player: each hand's evaluation, Best Scoring Hand wins, chips and totals."""
        return scoring(state)

    def result(self, state: AllInState) -> Result:
        return game_result(state)

    def state_from_json(self, data: dict) -> AllInState:
        return AllInState.from_json(data)

    def sample_state(self, view: AllInView, seat: int, rng) -> AllInState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def describe_action(self, action: Action) -> str:
        if action.kind in ("card", "golden"):
            return f"{action.kind} {card_name(action.args[0])}"
        return super().describe_action(action)

    def progress(self, state: AllInState) -> str:
        if state.phase == OVER:
            return "finished"
        return f"round {state.round}/{ROUNDS}"

    # -- taking a move back --------------------------------------------------------------------
    def can_undo(self, before: AllInState, seat: int, action: Action, after: AllInState) -> bool:
        """Choosing a card or a Golden Deck card, and writing it while others are still to write
        (the last writer ends the round: new cards, or the Golden Deck for those who surrounded
        their Golden Card). A skip was the only move there was: nothing to take back."""
        if action.kind in ("card", "golden"):
            return True
        if action.kind in ("place", "decline"):
            return after.phase == before.phase and after.round == before.round
        return False

    def undo_with_previous(self, state: AllInState, seat: int) -> bool:
        """A card chosen (or a Golden Deck card picked) but not written yet: writing it is one
        move for the player, so taking it back takes the choice back too."""
        return (state.phase != OVER and not state.done[seat]
                and (state.choice[seat] is not None or state.golden_pick[seat] is not None))



RULES = AllInRules()
