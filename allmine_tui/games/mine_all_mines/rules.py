"""Mine All Mines rules (see ../shared RULINGS): pure Python, deterministic from the seed.

A turn is a short flow of actions by the same seat:

* ``play`` phase: play exactly one dwarf: ``dealer``, ``blacksmith`` (gem or none), ``mine``
  (gem, use Tools 0/1), ``dig`` (gem, mine, place, line "friend"/"foe", use Mine Cart 0/1), or
  ``discard`` (a dwarf) when no dwarf can be played, which ends the turn at once.
* ``steal`` phase (after a Foe dig): ``steal`` (victim, gem), one per victim up the line.
* ``act`` phase: any of ``swap`` (with the Marketplace, after the Dealer), ``trade`` (once a turn,
  3 gems, or 2 with the Trade Helper, for 1), ``helper`` (Goldsmith/Trader once a round), ``buy``
  (once a turn), then ``end``. ``lamp`` / ``lamp_done`` right after buying the Lamp.
* ``claim`` (an achievement, once a turn) and ``helper`` are allowed in the play phase too,
  also beside the ``discard`` of a player who cannot play any dwarf.
"""
from __future__ import annotations

from ...engine import Action, Result, stream
from ...engine.jsonstate import copy_json
from . import INFO
from .data import N_GEMS, load
from .probes import MineAllMinesProbes
from .scoring import game_result, vp_breakdown
from .state import (ACHIEVEMENTS_SHOWN, JEWELRY_SHOWN, OVER, ROUNDS, SUPPORT_SHOWN,
                    MineAllMinesState, gem_name)
from .tables import gem_list
from .turns import TurnFlow
from .views import MineAllMinesView


class MineAllMinesRules(MineAllMinesProbes, TurnFlow):
    info = INFO

    # -- setting up --------------------------------------------------------------------------------
    def new_state(self, n_players: int, options: dict[str, str], seed) -> MineAllMinesState:
        self.info.check_players(n_players)
        self.info.resolve_options(options)
        data = load()
        n = n_players
        st = MineAllMinesState(n=n, seed=seed)
        st.market = [1] * N_GEMS
        st.supply = [data.per_gem - 1] * N_GEMS
        st.gems = [[0] * N_GEMS for _ in range(n)]
        st.lamp = [[0] * N_GEMS for _ in range(n)]
        st.owned = [{"jewelry": [], "support": [], "ach": []} for _ in range(n)]
        st.used = [[] for _ in range(n)]
        st.dropped = [[] for _ in range(n)]
        jewels = sorted(data.jewelry)
        stream(seed, "jewelry").shuffle(jewels)
        k = JEWELRY_SHOWN[n]
        st.jewelry_shown, st.jewelry_deck = jewels[:k], jewels[k:]
        sup = sorted(data.support)
        stream(seed, "support").shuffle(sup)
        st.support_shown, st.support_deck = sup[:SUPPORT_SHOWN], sup[SUPPORT_SHOWN:]
        ach = sorted(data.achievements)
        stream(seed, "achievements").shuffle(ach)
        st.achievements_shown = ach[:ACHIEVEMENTS_SHOWN]
        st.achievements_box = sorted(ach[ACHIEVEMENTS_SHOWN:])
        st.first = stream(seed, "first").randrange(n)
        self._start_round(st, 0, st.first)
        return st

    # -- views ---------------------------------------------------------------------------------------
    def view(self, st: MineAllMinesState, seat: int | None) -> MineAllMinesView:
        me = seat if seat is not None and 0 <= seat < st.n else None
        return {
            "game": "mine-all-mines",
            "n": st.n,
            "viewer": seat,
            "round": st.round_no + 1,
            "rounds_total": ROUNDS[st.n],
            "first": st.first,
            "seat": st.seat,
            "phase": st.phase,
            "to_act": self.to_act(st),
            "turn": st.turn,
            "turns_total": st.n * self.hand_size(st),
            "hand": list(st.hands[me]) if me is not None else None,
            "discards": list(st.discards[me]) if me is not None else None,
            "hand_counts": [len(h) for h in st.hands],
            "dropped": copy_json(st.dropped),
            "mines": copy_json(st.mines),
            "market_dwarves": copy_json(st.market_dwarves),
            "market": list(st.market),
            "supply": list(st.supply),
            "gems": copy_json(st.gems),
            "lamp": copy_json(st.lamp),
            "jewelry_shown": list(st.jewelry_shown),
            "jewelry_left": len(st.jewelry_deck),
            "support_shown": list(st.support_shown),
            "support_left": len(st.support_deck),
            "achievements_shown": list(st.achievements_shown),
            "owned": copy_json(st.owned),
            "used": copy_json(st.used),
            "turn_state": {"dealer": st.dealer, "traded": st.traded, "bought": st.bought,
                           "claimed": st.claimed, "steal_from": list(st.steal_from),
                           "lamp_left": st.lamp_left},
            "vp": [vp_breakdown(st, s)["total"] for s in range(st.n)],
        }

    # -- scoring (scoring.py) ------------------------------------------------------------------
    def vp_breakdown(self, st: MineAllMinesState, seat: int) -> dict[str, int]:
        return vp_breakdown(st, seat)

    def result(self, st: MineAllMinesState) -> Result:
        return game_result(st)

    def state_from_json(self, data: dict) -> MineAllMinesState:
        return MineAllMinesState.from_json(data)

    def sample_state(self, view: MineAllMinesView, seat: int, rng) -> MineAllMinesState:
        from .sampler import sample_state

        return sample_state(view, seat, rng)

    def progress(self, st: MineAllMinesState) -> str:
        if st.phase == OVER:
            return "finished"
        return f"round {st.round_no + 1}/{ROUNDS[st.n]}, turn {st.turn + 1}/{st.n * self.hand_size(st)}"

    def describe_action(self, action: Action) -> str:
        a = action.args
        try:
            if action.kind == "mine":
                return f"Mine action with the {gem_name(a[0])} dwarf" + (" (Tools)" if a[1] else "")
            if action.kind == "dig":
                from .choices import ROW_NAMES  # (the place as the board and the menu name it)

                sign = "+" if a[3] == "friend" else "−"
                return (f"{gem_name(a[0])} dwarf digs in the {gem_name(a[1])} mine, "
                        f"{ROW_NAMES[a[2]]}, {a[3]} {sign} line"
                        + (" (Mine Cart)" if a[4] else ""))
            if action.kind == "blacksmith":
                return "Blacksmith" + (f": take {gem_name(a[0])}" if a else "")
            if action.kind == "steal":
                return f"steal {gem_name(a[1])} from player {a[0] + 1}"
            if action.kind == "trade":
                return f"trade {', '.join(gem_name(g) for g in gem_list(a[0]))} for {gem_name(a[1])}"
            if action.kind == "buy":
                from .choices import card_label  # (the card as the market names it)

                return (f"buy {card_label(a[0])} paying "
                        f"{', '.join(gem_name(g) for g in gem_list(a[1]))}")
        except (IndexError, KeyError, TypeError):
            pass
        return super().describe_action(action)

    # -- taking a move back ------------------------------------------------------------------------
    def can_undo(self, before: MineAllMinesState, seat: int, action: Action,
                 after: MineAllMinesState) -> bool:
        """Anything within the turn until it ends (End your turn, or an unplayable dwarf
        discarded), except a purchase that turned over a new card. The dwarf played, gems taken,
        stolen, traded or swapped, helpers, claims and the Lamp reveal nothing that was hidden."""
        if action.kind in ("end", "discard") or after.phase == OVER:
            return False
        if (after.round_no, after.turn, after.seat) != (before.round_no, before.turn, seat):
            return False
        if action.kind == "buy":
            return (len(after.jewelry_deck), len(after.support_deck)) == \
                (len(before.jewelry_deck), len(before.support_deck))
        return True



RULES = MineAllMinesRules()
