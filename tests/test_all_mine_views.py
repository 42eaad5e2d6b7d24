"""All Mine! views, what each seat may know ("All backs visible", "Don't peek"): other hands
and the heap hidden but their suits shown, card faces only where the viewer may see them,
a finished trick kept on view until the next lead, and a built position's JSON round trip."""
from __future__ import annotations

import pytest
from all_mine_rules_helpers import ARVE, BRITTANY, CLAY, DEEPAL, M, c1, cs, play, trick_example

from allmine_tui.engine import Action
from allmine_tui.games.all_mine.cards import suit_of
from allmine_tui.games.all_mine.rules import RULES


def secret_places(state, viewer):
    """Lists holding card faces ``viewer`` may not see: other hands and every heap stack."""
    places = [state.hands[s] for s in range(state.n) if s != viewer]
    return places + list(state.heap)


def same_suit_swaps(state, viewer):
    """Every state reachable by swapping two same-suit cards between ``viewer``'s secret places."""
    blob = RULES.state_to_json(state)
    n_places = len(secret_places(state, viewer))
    for a in range(n_places):
        for b in range(a + 1, n_places):
            probe = RULES.state_from_json(blob)
            pa, pb = secret_places(probe, viewer)[a], secret_places(probe, viewer)[b]
            for i, x in enumerate(pa):
                for j, y in enumerate(pb):
                    if suit_of(x) == suit_of(y):
                        swapped = RULES.state_from_json(blob)
                        qa, qb = secret_places(swapped, viewer)[a], secret_places(swapped, viewer)[b]
                        qa[i], qb[j] = y, x
                        yield swapped


@pytest.mark.parametrize("viewer", [ARVE, BRITTANY, CLAY, DEEPAL, None])
def test_views_hide_other_hands_and_the_heap(viewer):
    state = trick_example()
    RULES.apply(state, ARVE, play("C9"))
    RULES.apply(state, BRITTANY, play("D8"))
    view = RULES.view(state, viewer)
    swaps = 0
    for other in same_suit_swaps(state, viewer):
        assert RULES.view(other, viewer) == view
        swaps += 1
    assert swaps > 50
    if viewer is None:
        assert view["hand"] is None and view["playable"] == []
    else:
        assert sorted(view["hand"]) == sorted(state.hands[viewer])
        # ...and the viewer's own hand is really shown: a change there shows up
        other = RULES.state_from_json(RULES.state_to_json(state))
        mine = other.hands[viewer]
        heap_same_suit = other.heap[suit_of(mine[0])]
        if heap_same_suit:
            mine[0], heap_same_suit[0] = heap_same_suit[0], mine[0]
            assert RULES.view(other, viewer) != view
    assert view["hand_suits"] == [[sum(1 for c in h if suit_of(c) == s) for s in range(4)]
                                  for h in state.hands]
    assert view["heap"] == [len(st) for st in state.heap]
    assert view["trick"] == [[ARVE, c1("C9")], [BRITTANY, c1("D8")]]  # the trick is public


def test_view_keys_that_may_carry_card_faces():
    """Card faces appear only under the viewer's own hand, playable cards, the (public) tricks."""
    state = trick_example()
    RULES.apply(state, ARVE, play("C9"))
    RULES.apply(state, BRITTANY, play("D8"))
    view = RULES.view(state, CLAY)
    assert set(view["playable"]) == set(cs("C11 C4 C5"))
    assert RULES.view(state, ARVE)["playable"] == []  # not Arve's turn
    assert sorted(view["heap"]) == sorted(len(st) for st in state.heap)
    assert all(isinstance(k, int) for k in view["heap"])
    assert "won_cards" not in view
    assert view["won"] == [[0, 0, 0, 0]] * 4


def test_completed_trick_stays_on_view_until_the_next_lead():
    state = trick_example()
    for seat, c in ((ARVE, "C9"), (BRITTANY, "D8"), (CLAY, "C11"), (DEEPAL, "C2")):
        RULES.apply(state, seat, play(c))
    RULES.apply(state, DEEPAL, Action("heap", (M,)))
    view = RULES.view(state, None)
    assert view["trick"] == [] and view["last_winner"] == DEEPAL
    assert len(view["last_trick"]) == 4
    RULES.apply(state, DEEPAL, play("G10"))
    view = RULES.view(state, None)
    assert view["last_trick"] == [] and view["trick"] == [[DEEPAL, c1("G10")]]


def test_json_round_trip_of_a_built_position():
    state = trick_example()
    RULES.apply(state, ARVE, play("C9"))
    import json

    data = json.loads(json.dumps(RULES.state_to_json(state)))
    again = RULES.state_from_json(data)
    assert RULES.state_to_json(again) == RULES.state_to_json(state)
    assert again.strength == state.strength
    RULES.apply(again, BRITTANY, play("D8"))
    RULES.apply(state, BRITTANY, play("D8"))
    assert RULES.state_to_json(again) == RULES.state_to_json(state)
