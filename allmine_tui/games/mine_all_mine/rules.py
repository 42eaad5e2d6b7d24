"""Mine, All Mine! rules: secret fleets, arrival order, fights and turn-by-turn mining, dealing.

Pure Python: no Textual. ``apply`` checks an action completely before changing anything, so a
rejected action changes nothing. When the last player launches, the whole round is resolved inside
``apply`` (reveal, arrival, every turn, scoring, then Phase 4 dealing and the next round's planets);
the returned events and ``state.last_round`` describe every step so a screen can replay it.

Rulings followed exactly (RULINGS.md, "Mine, All Mine!"):

* Arrival: fleets sorted by Speed, highest first; equal Speed shares a location. The fastest group
  goes to location 1; each next group to the previous group's location + 1, or + 2 when the
  previous group's Speed is 4 or more above its own. A skip never goes past the last location (such
  a fleet goes to the last location); a plain + 1 past the last location never arrives.
* Turn t: present fleets are those not fled whose location is <= t. One present: it mines up to its
  remaining Cargo. Several: every fleet below the highest Attack flees for the rest of the round
  (keeping what it mined); the others take turns one resource at a time, higher Speed first,
  skipping full fleets; an equal-Speed group takes one each together, and a group with more
  non-full fleets than resources left ends the mining there (the rest is lost). Full fleets still
  move on and still fight.
* Phase 4: played and undealt cards are shuffled; as many as were played are dealt one at a time,
  lowest score first (ties: fewer cards held first, then a random draw of a Ship card number,
  higher number first), cycling.

Actions (option 3 of a standard card) are the designed rules in ``assets/mine-all-mine/ships.json``;
``fleets.py`` (``fleet_stats``, ``arrival``, ``resolve_round``) implements them.
"""
from __future__ import annotations

from ...engine import Action, Event, IllegalAction, Result, Rules, stream
from ...engine.jsonstate import copy_json
from . import INFO
from .data import load_planets, load_ships, option_name
from .fleets import fleet_stats, n_options, names_text, resolve_round
from .probes import MineAllMineProbes
from .state import FLEET, HAND_START, OVER, ROUNDS, TURN_NAMES, MineAllMineState
from .views import DealView, MineAllMineView, Planet

# the same small action values are handed out again and again: build them once
_ADD = {c: tuple(Action("add", (c, o)) for o in range(4)) for c in range(1, 13)}
_REMOVE = {c: Action("remove", (c,)) for c in range(1, 13)}
_LAUNCH = Action("launch")


class MineAllMineRules(MineAllMineProbes, Rules[MineAllMineState, MineAllMineView]):
    info = INFO

    # -- setting up --------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed: int | str) -> MineAllMineState:
        self.info.check_players(n_players)
        options = self.info.resolve_options(options)
        state = MineAllMineState(n=n_players, seed=seed, mode=options["mode"],
                                 scores=[0] * n_players)
        deck = sorted(load_ships())
        stream(seed, "deal", 0).shuffle(deck)
        state.hands = [[] for _ in range(n_players)]
        for i in range(HAND_START * n_players):
            state.hands[i % n_players].append(deck[i])
        for h in state.hands:
            h.sort()
        state.deck = deck[HAND_START * n_players:]
        self._start_round(state, 0)
        return state

    def _start_round(self, state: MineAllMineState, round_no: int) -> None:
        state.round_no = round_no
        state.phase = FLEET
        state.pending = [[] for _ in range(state.n)]
        state.launched = [False] * state.n
        state.planets = self.draw_planets(state.seed, round_no, state.n)

    @staticmethod
    def draw_planets(seed, round_no: int, n: int) -> list[dict]:
        """Flip-shuffle: shuffle the 3 cards, each end high or low 50/50; the first card planet side
        up (locations 1–3), with 3–4 players the second card moon side up (locations 4–6)."""
        rng = stream(seed, "planets", round_no)
        cards = list(load_planets())
        rng.shuffle(cards)
        ends = [rng.choice(("high", "low")) for _ in cards]
        out = []
        for i, side in enumerate(("planet", "moon")[:1 if n == 2 else 2]):
            c = cards[i]
            s = c.planet if side == "planet" else c.moon
            out.append({"card": c.number, "side": side, "name": s.name, "end": ends[i],
                        "resources": list(s.resources(ends[i]))})
        return out

    @staticmethod
    def resources(state: MineAllMineState) -> list[int]:
        return [r for p in state.planets for r in p["resources"]]

    @staticmethod
    def place_names(planets: list[Planet]) -> list[str]:
        out: list[str] = []
        for p in planets:
            for j in range(3):
                k = len(out)
                out.append(f"{p['name']} {TURN_NAMES[k]} (location {k + 1})")
        return out

    # -- who acts and what they may do -------------------------------------------------------------
    def to_act(self, state: MineAllMineState) -> list[int]:
        if state.phase != FLEET:
            return []
        return [s for s in range(state.n) if not state.launched[s]]

    def is_over(self, state: MineAllMineState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: MineAllMineState, seat: int) -> list[Action]:
        if state.phase != FLEET or not 0 <= seat < state.n or state.launched[seat]:
            return []
        chosen = [c for c, _o in state.pending[seat]]
        options = range(n_options(state.mode))
        out = [_ADD[c][o] for c in sorted(state.hands[seat]) if c not in chosen for o in options]
        out += [_REMOVE[c] for c in sorted(chosen)]
        if chosen:
            out.append(_LAUNCH)
        return out

    # -- applying actions ---------------------------------------------------------------------------
    def apply(self, state: MineAllMineState, seat: int, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalAction("The game is over.")
        if type(seat) is not int or not 0 <= seat < state.n:
            raise IllegalAction("There is no such player at this table.")
        kind = action.kind
        if kind not in ("add", "remove", "launch"):
            raise IllegalAction(f"'{kind}' is not a move in Mine, All Mine! "
                                f"(add a card, remove a card or launch your fleet).")
        if state.launched[seat]:
            raise IllegalAction("You have already launched your fleet this round; wait for the "
                                "others.")
        args = action.args
        pending = state.pending[seat]
        chosen = [c for c, _o in pending]
        if kind == "add":
            if len(args) != 2 or any(type(a) is not int for a in args):
                raise IllegalAction("Choose one of your cards and one of its options to add.")
            card, option = args
            if card not in state.hands[seat]:
                raise IllegalAction(f"You do not hold card {card}.")
            if card in chosen:
                raise IllegalAction(f"Card {card} is already in your fleet; remove it first to "
                                    f"choose another option.")
            k = n_options(state.mode)
            if not 0 <= option < k:
                raise IllegalAction(f"A card has options 0 to {k - 1} in "
                                    f"{state.mode} mode, not {option}.")
            pending.append([card, option])
            # no log line: how many cards a fleet holds stays secret until the reveal
            return []
        if kind == "remove":
            if len(args) != 1 or type(args[0]) is not int:
                raise IllegalAction("Choose one card of your fleet to take back.")
            card = args[0]
            if card not in chosen:
                raise IllegalAction(f"Card {card} is not in your fleet.")
            del pending[chosen.index(card)]
            return []
        # launch
        if args:
            raise IllegalAction("Launch takes no arguments.")
        if not pending:
            raise IllegalAction("Add at least one card to your fleet before you launch.")
        state.launched[seat] = True
        events = [Event(f"{{{seat}}} launches their fleet.", "launch")]
        if all(state.launched):
            events.extend(self._resolve(state))
        return events

    def _resolve(self, state: MineAllMineState) -> list[Event]:
        n = state.n
        fleets = [fleet_stats(s, state.pending[s], state.mode) for s in range(n)]
        events = []
        for f in fleets:
            parts = ", ".join(option_name(c, o, state.mode) for c, o in f["cards"])
            events.append(Event(f"{{{f['seat']}}} reveals {parts}: Speed {f['speed']}, Attack "
                                f"{f['attack']}, Cargo {f['cargo']}.", "reveal"))
        resources = self.resources(state)
        record, more = resolve_round(fleets, resources, self.place_names(state.planets))
        events.extend(more)
        record["round"] = state.round_no
        record["planets"] = copy_json(state.planets)
        state.last_round = record
        played = []
        for s in range(n):
            for c, _o in state.pending[s]:
                state.hands[s].remove(c)
                played.append(c)
        carried = [f["carried"] for f in record["fleets"]]
        bonus = [f["bonus"] for f in record["fleets"]]
        points = [f["points"] for f in record["fleets"]]
        for s in range(n):
            state.scores[s] += points[s]
        state.history.append({"round": state.round_no, "carried": carried, "bonus": bonus,
                              "points": points})
        events.append(Event(f"Round {state.round_no + 1} scored: "
                            + ", ".join(f"{{{s}}} {points[s]}" for s in range(n)) + ".", "scored"))
        state.pending = [[] for _ in range(n)]
        if state.round_no + 1 >= ROUNDS:
            state.phase = OVER
            state.table = sorted(played)
            state.launched = [False] * n
            top = max(state.scores)
            win = [s for s in range(n) if state.scores[s] == top]
            events.append(Event(f"Game over: {names_text(win)} win{'s' if len(win) == 1 else ''} "
                                f"with {top}.", "game_over"))
            return events
        events.extend(self._deal(state, played))
        self._start_round(state, state.round_no + 1)
        events.append(Event(f"Round {state.round_no + 1}: "
                            + " and ".join(f"{p['name']} ({p['end']} end)" for p in state.planets)
                            + ".", "planets"))
        return events

    def deal_order(self, state: MineAllMineState) -> tuple[list[int], list[int]]:
        """Seats from the lowest score (ties: fewer cards held, then the higher drawn Ship card
        number first) and each seat's drawn card number."""
        draws = stream(state.seed, "draw", state.round_no).sample(sorted(load_ships()), state.n)
        order = sorted(range(state.n),
                       key=lambda s: (state.scores[s], len(state.hands[s]), -draws[s]))
        return order, draws

    def _deal(self, state: MineAllMineState, played: list[int]) -> list[Event]:
        order, draws = self.deal_order(state)
        pool = sorted(played + state.deck)
        stream(state.seed, "deal", state.round_no + 1).shuffle(pool)
        k = len(played)
        dealt = []
        for i in range(k):
            s = order[i % state.n]
            state.hands[s].append(pool[i])
            dealt.append([s, pool[i]])
        for h in state.hands:
            h.sort()
        state.deck = pool[k:]
        state.last_deal = {"round": state.round_no, "order": order, "draws": draws, "dealt": dealt}
        counts = [sum(1 for s, _c in dealt if s == seat) for seat in range(state.n)]
        return [Event(f"{k} cards are dealt, lowest score first: "
                      + ", ".join(f"{{{s}}} {counts[s]}" for s in order) + ".", "deal",
                      {s: "(you get " + ", ".join(f"card {c}" for t, c in dealt if t == s) + ")"
                       for s in range(state.n) if counts[s]})]

    # -- what each seat may know --------------------------------------------------------------------
    def view(self, state: MineAllMineState, seat: int | None) -> MineAllMineView:
        n = state.n
        me = seat if seat is not None and 0 <= seat < n else None
        deal: DealView | None = None
        if state.last_deal is not None:
            d = state.last_deal
            deal = {"round": d["round"], "order": list(d["order"]), "draws": list(d["draws"]),
                    "counts": [sum(1 for s, _c in d["dealt"] if s == t) for t in range(n)],
                    "mine": [c for s, c in d["dealt"] if s == seat]}
        return {
            "game": "mine-all-mine",
            "n": n,
            "viewer": seat,
            "mode": state.mode,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "round": state.round_no + 1,
            "rounds_total": ROUNDS,
            "planets": copy_json(state.planets),
            "resources": self.resources(state),
            "hand": sorted(state.hands[me]) if me is not None else None,
            "pending": copy_json(state.pending[me]) if me is not None else None,
            "preview": (fleet_stats(me, state.pending[me], state.mode)
                        if me is not None and state.pending[me] else None),
            "launched": list(state.launched),
            "hand_counts": [len(h) for h in state.hands],
            "deck_count": len(state.deck),
            "scores": list(state.scores),
            "history": copy_json(state.history),
            "last_round": copy_json(state.last_round),
            "last_deal": deal,
        }

    # -- the end ------------------------------------------------------------------------------------
    def result(self, state: MineAllMineState) -> Result:
        scores = list(state.scores)
        top = max(scores)
        table: list = []
        for rec in state.history:
            r = rec["round"] + 1
            table.append((f"Round {r} mined", list(rec["carried"])))
            table.append((f"Round {r} bonus", list(rec["bonus"])))
            table.append((f"Round {r} points", list(rec["points"])))
        table.append(("Total", scores))
        winners = [s for s in range(state.n) if scores[s] == top]
        notes = ["Shared win on equal scores."] if len(winners) > 1 else []
        return Result(scores=scores, winners=winners, table=table, notes=notes)

    def state_from_json(self, data: dict) -> MineAllMineState:
        return MineAllMineState.from_json(data)

    def sample_state(self, view: MineAllMineView, seat: int, rng) -> MineAllMineState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def describe_action(self, action: Action) -> str:
        try:
            if action.kind == "add":
                # (the card as the board names it: #9)
                name = option_name(action.args[0], action.args[1], "standard")
                return "add #" + name[len("card "):]
            if action.kind == "remove":
                return f"take back #{action.args[0]}"
            if action.kind == "launch":
                return "launch the fleet"
        except (IndexError, KeyError, TypeError):
            pass
        return super().describe_action(action)

    def progress(self, state: MineAllMineState) -> str:
        if state.phase == OVER:
            return "finished"
        return (f"round {state.round_no + 1}/{ROUNDS}, "
                f"{sum(state.launched)}/{state.n} launched")

    # -- taking a move back ------------------------------------------------------------------------
    def can_undo(self, before: MineAllMineState, seat: int, action: Action,
                 after: MineAllMineState) -> bool:
        """Adding and removing fleet cards, and the launch itself until the last fleet is in
        (that reveals every fleet and plays the round)."""
        if action.kind in ("add", "remove"):
            return True
        if action.kind == "launch":
            return after.phase == FLEET and after.round_no == before.round_no
        return False


RULES = MineAllMineRules()
