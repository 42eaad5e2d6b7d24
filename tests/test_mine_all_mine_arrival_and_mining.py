"""Mine, All Mine! rules, "Phase 2) Setting Arrival Order" (skipped locations, shared ones, a
fleet that never arrives, arrived fleets moving on) and "Phase 3) Mining for Resources" (the
rulings' equal-speed group, a lower attack fleeing after it mined, full fleets moving and
fighting on)."""
from __future__ import annotations

from mine_all_mine_rules_helpers import F, by_seat, locations

from allmine_tui.games.mine_all_mine.fleets import arrival, resolve_round


# -- arrival ---------------------------------------------------------------------------------------
def test_arrival_skip_after_the_first_location():
    # 9 is 4 above 5: the 5 skips location 2
    fleets = [F(0, 9), F(1, 5), F(2, 4), F(3, 3)]
    assert locations(fleets, 6) == {0: 1, 1: 3, 2: 4, 3: 5}
    assert arrival(fleets, 6)[1]["skip"] and not arrival(fleets, 6)[2]["skip"]


def test_arrival_skip_at_a_later_location_and_shared_locations():
    fleets = [F(0, 8), F(1, 7), F(2, 7), F(3, 3)]
    assert locations(fleets, 6) == {0: 1, 1: 2, 2: 2, 3: 4}
    # exactly 4 above skips; 3 above does not
    assert locations([F(0, 7), F(1, 4)], 3) == {0: 1, 1: 2}
    assert locations([F(0, 7), F(1, 3)], 3) == {0: 1, 1: 3}


def test_skip_never_goes_past_the_last_location():
    assert locations([F(0, 9), F(1, 8), F(2, 1)], 3) == {0: 1, 1: 2, 2: 3}


def test_fleet_that_never_arrives():
    fleets = [F(0, 4, cargo=1), F(1, 3, cargo=1), F(2, 2, cargo=1), F(3, 1, attack=9)]
    assert locations(fleets, 3)[3] == 4
    rec, events = resolve_round(fleets, [2, 2, 2])
    f = by_seat(rec)[3]
    assert not f["arrives"] and f["carried"] == 0 and f["fled_at"] is None
    assert all(3 not in t["present"] for t in rec["turns"])
    assert any("never arrives" in e.text for e in events)


def test_arrived_fleets_keep_moving():
    rec, _ = resolve_round([F(0, 9, cargo=20), F(1, 5, cargo=20)], [2, 3, 4])
    assert [t["present"] for t in rec["turns"]] == [[0], [0], [0, 1]]
    assert by_seat(rec)[0]["carried"] == 2 + 3 + 2 and by_seat(rec)[1]["carried"] == 2


# -- fights and mining -----------------------------------------------------------------------------
def test_rulings_example_equal_speed_group_cannot_split():
    # Speeds 5, 5, 3, all Attack 3: the 5s arrive at 1, the 3 at 2.
    fleets = [F(0, 5, 3), F(1, 5, 3), F(2, 3, 3)]
    rec, events = resolve_round(fleets, [2, 4, 1])
    t1, t2, t3 = rec["turns"]
    assert t1["steps"] == [[[0, 1], [1, 1]]] and t1["lost"] == 0
    # the 5s take one each, the 3 takes one, the 5s cannot split the last one: it is lost
    assert t2["present"] == [0, 1, 2] and t2["fled"] == []
    assert t2["steps"] == [[[0, 1], [1, 1]], [[2, 1]]]
    assert t2["lost"] == 1 and t2["left"] == 0
    # one resource, two 5s: the mining ends at once; the 3 gets nothing
    assert t3["steps"] == [] and t3["lost"] == 1
    f = by_seat(rec)
    assert [f[s]["carried"] for s in range(3)] == [2, 2, 1]
    assert any("lost" in e.text for e in events)


def test_lower_attack_flees_after_it_mined_and_keeps_it():
    fleets = [F(0, 6, attack=1, cargo=5), F(1, 4, attack=3, cargo=5)]
    rec, events = resolve_round(fleets, [3, 3, 3])
    f = by_seat(rec)
    assert f[0]["carried"] == 3 and f[0]["fled_at"] == 2 and f[0]["points"] == 3
    assert rec["turns"][1]["fled"] == [0]
    assert rec["turns"][2]["present"] == [1]  # fled for the rest of the round
    assert f[1]["carried"] == 5 and rec["turns"][2]["left"] == 1
    assert [e.kind for e in events].count("flee") == 1


def test_full_fleets_still_move_and_fight():
    # 0 is full after location 1 but still chases 1 off at location 2
    fleets = [F(0, 6, attack=5, cargo=2), F(1, 5, attack=2, cargo=5)]
    rec, _ = resolve_round(fleets, [3, 3, 3])
    f = by_seat(rec)
    assert f[0]["carried"] == 2 and f[1]["fled_at"] == 2 and f[1]["carried"] == 0
    assert rec["turns"][1]["left"] == 3 and rec["turns"][2]["present"] == [0]
    # a full fleet tied on Attack is skipped in the turn-taking; it is not chased off
    fleets = [F(0, 6, attack=3, cargo=1), F(1, 5, attack=3, cargo=5)]
    rec, _ = resolve_round(fleets, [1, 4, 2])
    f = by_seat(rec)
    assert f[0]["carried"] == 1 and f[0]["fled_at"] is None
    assert rec["turns"][1]["steps"] == [[[1, 1]]] * 4
    assert f[1]["carried"] == 5 and rec["turns"][2]["left"] == 1
    # and a full fleet with the higher Attack still makes an arriving fleet flee at location 3
    fleets = [F(0, 9, attack=4, cargo=1), F(1, 5, attack=1)]
    rec, _ = resolve_round(fleets, [1, 1, 1])
    assert by_seat(rec)[1]["fled_at"] == 3 and rec["turns"][2]["left"] == 1
