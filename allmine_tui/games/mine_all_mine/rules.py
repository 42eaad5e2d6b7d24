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
``fleet_stats``, ``arrival`` and ``resolve_round`` implement them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.jsonstate import JsonState, copy_json
from ...engine import Action, Event, IllegalAction, Result, Rules, stream
from . import INFO
from .data import load_planets, load_ships, option_name, ship_of

FLEET, OVER = "fleet", "over"
ROUNDS = 3
HAND_START = 3
SKIP_GAP = 4
TURN_NAMES = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")
SALVAGE_POINTS = 2
PROSPECTOR_POINTS = 2
DRILL_POINTS = 1


# -- pure helpers (used by the rules and directly by tests) ---------------------------------------
def n_options(mode: str) -> int:
    return 2 if mode == "beginner" else 4


def fleet_stats(seat: int, cards: list, mode: str) -> dict:
    """A fleet record from ``[[card, option], ...]``: sums of the ships and of the actions' stats;
    the actions' special rules apply later (arrival, fights, mining)."""
    speed = attack = cargo = 0
    actions = []
    ships = load_ships()
    for number, option in cards:
        ship = ship_of(number, option, mode)
        if ship is None:
            action = ships[number].action
            actions.append(action.id)
            ship = action.stats
        speed, attack, cargo = speed + ship.speed, attack + ship.attack, cargo + ship.cargo
    return {"seat": seat, "cards": [list(c) for c in cards], "speed": speed, "attack": attack,
            "cargo": cargo, "actions": actions}


def _speed_key(f: dict) -> tuple[int, int]:
    return (f["speed"], 1 if "pole-position" in f["actions"] else 0)


def _attack_key(f: dict) -> tuple[int, int]:
    return (f["attack"], 1 if "targeting" in f["actions"] else 0)


def speed_groups(fleets: list[dict]) -> list[list[dict]]:
    """Fleets grouped by Speed (Pole Position counts as faster at equal Speed), fastest first;
    inside a group, by seat."""
    keys = sorted({_speed_key(f) for f in fleets}, reverse=True)
    return [sorted((f for f in fleets if _speed_key(f) == k), key=lambda f: f["seat"])
            for k in keys]


def arrival(fleets: list[dict], n_locations: int) -> dict[int, dict]:
    """Location per seat: ``{seat: {"set": computed, "location": after Warp Jump, "skip": bool}}``.
    A location above ``n_locations`` means the fleet never arrives."""
    out: dict[int, dict] = {}
    prev_loc = prev_speed = None
    for group in speed_groups(fleets):
        speed = group[0]["speed"]
        skip = False
        if prev_loc is None:
            loc = 1
        elif prev_speed - speed >= SKIP_GAP:
            skip = True
            loc = prev_loc + 2
            if loc > n_locations and prev_loc + 1 <= n_locations:
                loc = n_locations  # a skip never goes past the last location
        else:
            loc = prev_loc + 1
        for f in group:
            final = loc
            if "warp-jump" in f["actions"]:
                final = max(1, loc - 1)
            out[f["seat"]] = {"set": loc, "location": final, "skip": skip}
        prev_loc, prev_speed = loc, speed
    return out


def _names(seats) -> str:
    seats = [f"{{{s}}}" for s in seats]
    if len(seats) <= 1:
        return "".join(seats)
    return ", ".join(seats[:-1]) + " and " + seats[-1]


def _count(k: int) -> str:
    return f"{k} resource{'' if k == 1 else 's'}"


def resolve_round(fleets: list[dict], resources: list[int],
                  place_names: list[str] | None = None) -> tuple[dict, list[Event]]:
    """Resolve Phases 2 and 3 for revealed fleets (dicts from ``fleet_stats``, or any dicts with
    seat, speed, attack, cargo and actions) on locations with ``resources``.

    Returns ``(record, events)``. ``record["fleets"]`` has per fleet its stats, location, arrival,
    carried resources, bonus points, ``fled_at`` and ``points``; ``record["turns"]`` one record per
    location with who was present, who fled, the mining steps, what was lost and what was left.
    """
    n_loc = len(resources)
    names = place_names or [f"location {i + 1}" for i in range(n_loc)]
    fleets = [copy_json(f) for f in sorted(fleets, key=lambda f: f["seat"])]
    events: list[Event] = []
    where = arrival(fleets, n_loc)
    for f in fleets:
        w = where[f["seat"]]
        f.update(location=w["location"], set_location=w["set"], skip=w["skip"],
                 arrives=w["location"] <= n_loc, carried=0, bonus=0, fled_at=None,
                 drilled=False, bonuses=[])
    for group in speed_groups(fleets):
        for f in group:
            s = f["seat"]
            stats = f"Speed {f['speed']}"
            if not f["arrives"]:
                events.append(Event(f"{{{s}}} ({stats}) never arrives: there are not enough "
                                    f"locations.", "arrive"))
                continue
            extra = []
            if f["skip"]:
                extra.append("a location is skipped")
            if f["location"] != f["set_location"]:
                extra.append("Warp Jump: one location earlier")
            note = f" ({'; '.join(extra)})" if extra else ""
            events.append(Event(f"{{{s}}} ({stats}) arrives at {names[f['location'] - 1]}{note}.",
                                "arrive"))

    def room(f: dict) -> int:
        return max(0, f["cargo"] - f["carried"])

    turns = []
    for t in range(1, n_loc + 1):
        res = resources[t - 1]
        present = [f for f in fleets if f["fled_at"] is None and f["location"] <= t]
        turn = {"location": t, "resources": res, "present": [f["seat"] for f in present],
                "fled": [], "steps": [], "lost": 0, "left": res, "scavenged": 0, "bonus": []}
        turns.append(turn)
        place = names[t - 1]
        if not present:
            events.append(Event(f"{place}: no fleet; {_count(res)} "
                                f"{'stays' if res == 1 else 'stay'}.", "turn"))
            continue
        if len(present) >= 2:
            top = max(_attack_key(f) for f in present)
            fleeing = [f for f in present if _attack_key(f) < top and "shield" not in f["actions"]]
            shielded = [f for f in present if _attack_key(f) < top and "shield" in f["actions"]]
            winners = [f["seat"] for f in present if _attack_key(f) == top]
            text = (f"{place}: fight between {_names(turn['present'])}; highest Attack "
                    f"{top[0]}: {_names(winners)}.")
            if shielded:
                text += f" Shield Wall keeps {_names(f['seat'] for f in shielded)} in the fight."
            events.append(Event(text, "fight"))
            for f in fleeing:
                f["fled_at"] = t
                turn["fled"].append(f["seat"])
                tail = ""
                if "salvage" in f["actions"]:
                    f["bonus"] += SALVAGE_POINTS
                    f["bonuses"].append(["salvage", SALVAGE_POINTS])
                    turn["bonus"].append([f["seat"], "salvage", SALVAGE_POINTS])
                    tail = f" Salvage Crew scores {SALVAGE_POINTS}."
                events.append(Event(f"{{{f['seat']}}} (Attack {f['attack']}) is chased off and "
                                    f"flees for the rest of the round.{tail}", "flee"))
        miners = [f for f in present if f["fled_at"] is None]
        before = {f["seat"]: f["carried"] for f in miners}
        remaining = res
        stop = False
        while remaining > 0 and not stop:
            progress = False
            for group in speed_groups(miners):
                if remaining == 0:
                    break
                nonfull = [f for f in group if room(f) > 0]
                if not nonfull:
                    continue
                if len(nonfull) > remaining:
                    turn["lost"] = remaining
                    remaining = 0
                    stop = True
                    break
                if len(miners) == 1:  # a lone fleet takes what it can in one step
                    take = min(remaining, room(nonfull[0]))
                else:
                    take = 1
                for f in nonfull:
                    f["carried"] += take
                remaining -= take * len(nonfull)
                turn["steps"].append([[f["seat"], take] for f in nonfull])
                progress = True
                if len(nonfull) == 1:
                    s = nonfull[0]["seat"]
                    word = "mines" if len(miners) == 1 else "takes"
                    events.append(Event(f"{place}: {{{s}}} {word} {take}.", "mine"))
                else:
                    events.append(Event(f"{place}: {_names(f['seat'] for f in nonfull)} take one "
                                        f"each.", "mine"))
            if not progress:
                break
        if turn["lost"]:
            scav = [f for f in miners if "scavenger" in f["actions"] and room(f) > 0]
            if scav:
                f = scav[0]
                got = min(turn["lost"], room(f))
                f["carried"] += got
                turn["lost"] -= got
                turn["scavenged"] = got
                turn["steps"].append([[f["seat"], got]])
                events.append(Event(f"{place}: the equal-Speed fleets cannot split the rest; "
                                    f"Scavenger {{{f['seat']}}} picks up {got}.", "mine"))
            if turn["lost"]:
                events.append(Event(f"{place}: {turn['lost']} resource"
                                    f"{'s are' if turn['lost'] != 1 else ' is'} lost (the "
                                    f"equal-Speed fleets cannot split them).", "lost"))
        turn["left"] = remaining
        for f in miners:
            if f["carried"] > before[f["seat"]] and "drill" in f["actions"] and not f["drilled"]:
                f["drilled"] = True
                f["bonus"] += DRILL_POINTS
                f["bonuses"].append(["drill", DRILL_POINTS])
                turn["bonus"].append([f["seat"], "drill", DRILL_POINTS])
                events.append(Event(f"{place}: Deep Drill scores {DRILL_POINTS} bonus point for "
                                    f"{{{f['seat']}}}.", "bonus"))
        if miners and not turn["steps"] and res == 0:
            events.append(Event(f"{place}: nothing to mine.", "mine"))
        elif miners and not turn["steps"] and not turn["lost"]:
            events.append(Event(f"{place}: {_names(f['seat'] for f in miners)} "
                                f"{'has' if len(miners) == 1 else 'have'} no Cargo left; "
                                f"{_count(res)} {'stays' if res == 1 else 'stay'}.", "mine"))
        elif remaining:
            events.append(Event(f"{place}: {_count(remaining)} "
                                f"{'stays' if remaining == 1 else 'stay'} (no Cargo left).", "mine"))
    for f in fleets:
        if "prospector" in f["actions"] and f["cargo"] >= 1 and f["carried"] == f["cargo"]:
            f["bonus"] += PROSPECTOR_POINTS
            f["bonuses"].append(["prospector", PROSPECTOR_POINTS])
            events.append(Event(f"Prospector: {{{f['seat']}}} has a full Cargo and scores "
                                f"{PROSPECTOR_POINTS} bonus points.", "bonus"))
        f["points"] = f["carried"] + f["bonus"]
        del f["drilled"]
    record = {"resources": list(resources), "fleets": fleets, "turns": turns}
    return record, events


# -- the state -------------------------------------------------------------------------------------
# the same small action values are handed out again and again: build them once
_ADD = {c: tuple(Action("add", (c, o)) for o in range(4)) for c in range(1, 13)}
_REMOVE = {c: Action("remove", (c,)) for c in range(1, 13)}
_LAUNCH = Action("launch")


@dataclass
class MineAllMineState(JsonState):
    n: int
    seed: int | str
    mode: str = "standard"
    round_no: int = 0  # 0-based
    phase: str = FLEET
    hands: list = field(default_factory=list)  # per seat: held card numbers (fleet cards included)
    deck: list = field(default_factory=list)  # undealt card numbers
    table: list = field(default_factory=list)  # cards played in the final round (face up)
    pending: list = field(default_factory=list)  # per seat: [[card, option]] chosen, secret
    launched: list = field(default_factory=list)  # per seat: bool
    planets: list = field(default_factory=list)  # this round's cards: dicts (see _planets)
    scores: list = field(default_factory=list)
    history: list = field(default_factory=list)  # per round: {"round", "carried", "bonus", "points"}
    last_round: dict | None = None  # the last resolution: planets, fleets, turns (public)
    last_deal: dict | None = None  # order, draws, dealt [[seat, card]] (cards private)


class MineAllMineRules(Rules):
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
    def place_names(planets: list[dict]) -> list[str]:
        out = []
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
            events.append(Event(f"Game over: {_names(win)} win{'s' if len(win) == 1 else ''} "
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
    def view(self, state: MineAllMineState, seat: int | None) -> dict:
        n = state.n
        mine = seat is not None and 0 <= seat < n
        deal = None
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
            "hand": sorted(state.hands[seat]) if mine else None,
            "pending": copy_json(state.pending[seat]) if mine else None,
            "preview": (fleet_stats(seat, state.pending[seat], state.mode)
                        if mine and state.pending[seat] else None),
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

    def sample_state(self, view: dict, seat: int, rng) -> MineAllMineState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def describe_action(self, action: Action) -> str:
        try:
            if action.kind == "add":
                return f"add {option_name(action.args[0], action.args[1], 'standard')}"
            if action.kind == "remove":
                return f"take back card {action.args[0]}"
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

    # -- for tests ----------------------------------------------------------------------------------
    def perturb_secrets(self, state: MineAllMineState, viewer: int | None, rng) -> MineAllMineState:
        """Shuffle every card ``viewer`` cannot see (other hands and the undealt cards) keeping hand
        sizes, and re-choose other seats' secret fleets (same number of cards)."""
        new = MineAllMineState.from_json(state.to_json())
        others = [s for s in range(new.n) if s != viewer]
        hidden = [c for s in others for c in new.hands[s]] + list(new.deck)
        rng.shuffle(hidden)
        i = 0
        for s in others:
            k = len(new.hands[s])
            new.hands[s] = sorted(hidden[i:i + k])
            i += k
            m = len(new.pending[s])
            cards = rng.sample(new.hands[s], m)
            new.pending[s] = [[c, rng.randrange(n_options(new.mode))] for c in cards]
        new.deck = hidden[i:]
        if new.last_deal is not None:  # which cards others were dealt is secret too
            d = new.last_deal
            d["dealt"] = [[s, c if s == viewer else rng.randrange(1, 13)] for s, c in d["dealt"]]
        return new

    def conserved(self, state: MineAllMineState) -> dict[str, int]:
        every = [c for h in state.hands for c in h] + list(state.deck) + list(state.table)
        return {"cards": len(every), "distinct": len(set(every))}


RULES = MineAllMineRules()
