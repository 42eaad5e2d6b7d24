"""Mine All Mines rules that hold at every step: a view shows only the viewer's own hand and
discards, an illegal action raises and changes nothing, and random games at 2, 3 and 5 players
conserve the 55 gems and every card, keep the 3-per-gem limit, survive a JSON round trip and
end with a result."""
from __future__ import annotations

import json
import random

import pytest
from mine_all_mines_rules_helpers import D, G, P1, P2, S, clone, fresh, illegal, ready

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.pyramid import FOE
from allmine_tui.games.mine_all_mines.rules import RULES


def test_view_shows_only_the_viewers_hand_and_discards():
    st = RULES.new_state(4, {}, 5)
    for seat in range(4):
        v = RULES.view(st, seat)
        json.dumps(v)
        assert v["hand"] == st.hands[seat] and v["discards"] == st.discards[seat]
        assert v["hand_counts"] == [4, 4, 4, 4]
        blob = json.dumps({k: v[k] for k in v if k not in ("hand", "discards")})
        assert "discards" not in blob
    spectator = RULES.view(st, None)
    assert spectator["hand"] is None and spectator["discards"] is None
    # another seat's secrets do not change a view
    other = clone(st)
    for s in (1, 2, 3):
        other.hands[s], other.discards[s] = other.discards[s][:1] + other.hands[s][1:], \
            other.hands[s][:1] + other.discards[s][1:]
    assert RULES.view(other, 0) == RULES.view(st, 0)
    assert RULES.view(other, 1) != RULES.view(st, 1)


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    st = fresh()
    ready(st, P1, [G, "dealer"])
    other = P2
    assert "not your turn" in illegal(st, other, Action("dealer"))
    illegal(st, P1, Action("blacksmith", (D,)))  # not in hand
    illegal(st, P1, Action("mine", (S, 0)))  # not in hand
    illegal(st, P1, Action("dig", (G, G, 1, FOE, 0)))  # empty mine
    illegal(st, P1, Action("end"), "Play a dwarf first")
    illegal(st, P1, Action("trade", ("DDD", G)))
    illegal(st, P1, Action("steal", (P2, D)))
    illegal(st, P1, Action("nonsense", (1, 2)))
    illegal(st, P1, Action("mine", ("x", [])))
    RULES.apply(st, P1, Action("mine", (G, 0)))
    illegal(st, P1, Action("dealer"), "already played")
    illegal(st, P1, Action("swap", (G, D)))
    st.phase = "over"
    illegal(st, P1, Action("end"), "over")
    assert RULES.legal_actions(st, P1) == []


def _random_game(n, seed):
    rng = random.Random(f"mines/{n}/{seed}")
    st = RULES.new_state(n, {}, seed)
    want = RULES.conserved(st)
    steps = 0
    while not RULES.is_over(st):
        seat = RULES.to_act(st)[0]
        for other in range(n):
            if other != seat:
                assert RULES.legal_actions(st, other) == []
        acts = RULES.legal_actions(st, seat)
        assert acts
        ends = [a for a in acts if a.kind == "end"]
        action = ends[0] if ends and rng.random() < 0.35 else rng.choice(acts)
        RULES.apply(st, seat, action)
        assert RULES.conserved(st) == want
        assert all(0 <= c <= 3 for row in st.gems for c in row)
        assert all(c >= 0 for c in st.supply + st.market)
        if steps % 7 == 0:
            raw = json.loads(json.dumps(st.to_json()))
            assert RULES.state_from_json(raw).to_json() == raw
            for viewer in [*range(n), None]:
                other = RULES.perturb_secrets(st, viewer, random.Random(rng.random()))
                assert RULES.view(other, viewer) == RULES.view(st, viewer)
        steps += 1
        assert steps < 3000
    return st


@pytest.mark.parametrize("n", [2, 3, 5])
def test_gems_are_conserved_through_random_games(n):
    for seed in range(3):
        st = _random_game(n, seed)
        assert st.round_no == {2: 4, 3: 3, 4: 4, 5: 5}[n] - 1
        assert RULES.conserved(st)["gems"] == 55
        res = RULES.result(st)
        assert len(res.scores) == n and res.winners
