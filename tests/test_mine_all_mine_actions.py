"""Mine, All Mine! rules: every Ship card's Action ("Card Anatomy"), the stats it adds and its
special rule one by one (Shield, Warp Jump, Targeting, Drill, Salvage, Prospector, Pole
Position, Scavenger), fleet stats as sums, and a check that every action is covered."""
from __future__ import annotations

import json

import pytest
from mine_all_mine_rules_helpers import F, by_seat, locations

from allmine_tui.games.mine_all_mine import data
from allmine_tui.games.mine_all_mine.fleets import arrival, fleet_stats, resolve_round


# The designed stats each action adds (ships.json); the special rules are tested one by one below.
ACTION_STATS = {1: (8, 0, 2), 2: (0, 7, 0), 3: (0, 0, 7), 4: (3, 3, 3), 5: (1, 0, 2), 6: (2, 2, 2),
                7: (1, 3, 2), 8: (1, 2, 3), 9: (3, 2, 1), 10: (1, 1, 4), 11: (5, 3, 1), 12: (1, 2, 4)}


@pytest.mark.parametrize("card,delta", sorted(ACTION_STATS.items()))
def test_every_action_adds_its_stats(card, delta):
    other = 5 if card != 5 else 6
    base = fleet_stats(0, [[other, 0]], "standard")
    with_action = fleet_stats(0, [[other, 0], [card, 3]], "standard")
    got = tuple(with_action[k] - base[k] for k in ("speed", "attack", "cargo"))
    assert got == delta
    assert with_action["actions"] == [data.load_ships()[card].action.id]
    # a fleet of the action alone has exactly those stats
    alone = fleet_stats(0, [[card, 3]], "standard")
    assert (alone["speed"], alone["attack"], alone["cargo"]) == delta


def test_action_texts_state_their_stats():
    for card in data.load_ships().values():
        a = card.action
        for value, stat in zip(a.stats.__dict__.values(), ("Speed", "Attack", "Cargo")):
            assert (f"+{value} {stat}" in a.text) == (value > 0), (a.name, a.text)


def test_action_stats_are_validated():
    raw = json.loads((data.data_dir() / "ships.json").read_text(encoding="utf-8"))
    raw["actions"][0]["stats"] = [1, 2]
    with pytest.raises(ValueError, match="action 1 stats"):
        data.parse_ships(raw)


def test_fleet_stats_are_sums_and_beginner_uses_two_ship_sides():
    s1, s2 = data.load_ships()[1].standard[0], data.load_ships()[2].standard[1]
    f = fleet_stats(0, [[1, 0], [2, 1]], "standard")
    assert (f["speed"], f["attack"], f["cargo"]) == (s1.speed + s2.speed, s1.attack + s2.attack,
                                                     s1.cargo + s2.cargo)
    b = data.load_ships()[7].beginner[1]
    f = fleet_stats(0, [[7, 1]], "beginner")
    assert (f["speed"], f["attack"], f["cargo"], f["actions"]) == (b.speed, b.attack, b.cargo, [])


def test_shield_is_never_chased_off():
    fleets = [F(0, 5, attack=5, cargo=9), F(1, 5, attack=1, cargo=9, actions=["shield"]),
              F(2, 5, attack=1, cargo=9)]
    rec, events = resolve_round(fleets, [4, 0, 0])
    f = by_seat(rec)
    assert f[1]["fled_at"] is None and f[2]["fled_at"] == 1
    assert f[0]["carried"] == 2 and f[1]["carried"] == 2
    assert any("Shield Wall" in e.text for e in events)


def test_warp_jump_arrives_one_location_earlier():
    fleets = [F(0, 6), F(1, 5, actions=["warp-jump"]), F(2, 4)]
    w = arrival(fleets, 3)
    assert (w[1]["set"], w[1]["location"]) == (2, 1) and w[2]["location"] == 3
    assert locations([F(0, 6, actions=["warp-jump"])], 3) == {0: 1}  # never before the first
    # set just past the last location: it arrives at the last one
    fleets = [F(0, 4), F(1, 3), F(2, 2), F(3, 1, attack=9, actions=["warp-jump"])]
    assert locations(fleets, 3) == {0: 1, 1: 2, 2: 3, 3: 3}
    rec, _ = resolve_round(fleets, [1, 1, 1])
    assert by_seat(rec)[3]["carried"] == 1 and by_seat(rec)[2]["fled_at"] == 3


def test_targeting_wins_attack_ties():
    fleets = [F(0, 5, attack=4, actions=["targeting"]), F(1, 5, attack=4), F(2, 5, attack=6)]
    rec, _ = resolve_round(fleets, [3, 0, 0])
    assert rec["turns"][0]["fled"] == [0, 1]  # a higher Attack still beats it
    fleets = [F(0, 5, attack=4, actions=["targeting"]), F(1, 5, attack=4), F(2, 5, attack=2)]
    rec, _ = resolve_round(fleets, [3, 0, 0])
    assert rec["turns"][0]["fled"] == [1, 2] and by_seat(rec)[0]["carried"] == 3


def test_drill_scores_one_bonus_point_the_first_time_only():
    rec, _ = resolve_round([F(0, 5, cargo=3, actions=["drill"])], [2, 2, 2])
    f = by_seat(rec)[0]
    assert f["carried"] == 3 and f["bonus"] == 1 and f["points"] == 4
    assert rec["turns"][0]["bonus"] == [[0, "drill", 1]] and rec["turns"][1]["bonus"] == []
    rec, _ = resolve_round([F(0, 5, cargo=0, actions=["drill"])], [2, 2, 2])
    assert by_seat(rec)[0]["bonus"] == 0


def test_salvage_scores_when_chased_off():
    rec, _ = resolve_round([F(0, 5, attack=1, actions=["salvage"]), F(1, 5, attack=2)], [3, 1, 1])
    f = by_seat(rec)[0]
    assert f["fled_at"] == 1 and f["carried"] == 0 and f["bonus"] == 2 and f["points"] == 2
    rec, _ = resolve_round([F(0, 5, attack=3, actions=["salvage"]), F(1, 5, attack=2)], [3, 1, 1])
    assert by_seat(rec)[0]["bonus"] == 0


def test_prospector_scores_with_a_full_cargo():
    rec, _ = resolve_round([F(0, 5, cargo=4, actions=["prospector"])], [2, 2, 2])
    assert by_seat(rec)[0]["bonus"] == 2 and by_seat(rec)[0]["points"] == 6
    rec, _ = resolve_round([F(0, 5, cargo=7, actions=["prospector"])], [2, 2, 2])
    assert by_seat(rec)[0]["bonus"] == 0
    rec, _ = resolve_round([F(0, 5, cargo=0, actions=["prospector"])], [2, 2, 2])
    assert by_seat(rec)[0]["bonus"] == 0


def test_pole_position_wins_speed_ties():
    fleets = [F(0, 5), F(1, 5, actions=["pole-position"])]
    assert locations(fleets, 3) == {1: 1, 0: 2}
    # its own group: the skip is judged on Speed (9 - 5 >= 4), the equal-Speed fleet follows it
    fleets = [F(0, 9), F(1, 5, actions=["pole-position"]), F(2, 5)]
    assert locations(fleets, 6) == {0: 1, 1: 3, 2: 4}
    # at a shared location (Warp Jump brings the other one forward) it takes its turn first
    fleets = [F(0, 5, attack=3, cargo=9, actions=["pole-position"]),
              F(1, 5, attack=3, cargo=9, actions=["warp-jump"])]
    assert locations(fleets, 3) == {0: 1, 1: 1}
    rec, _ = resolve_round(fleets, [3, 0, 0])
    assert rec["turns"][0]["steps"] == [[[0, 1]], [[1, 1]], [[0, 1]]]
    assert by_seat(rec)[0]["carried"] == 2 and by_seat(rec)[1]["carried"] == 1


def test_scavenger_picks_up_lost_resources():
    fleets = [F(0, 5, 3), F(1, 5, 3), F(2, 3, 3, actions=["scavenger"])]
    rec, events = resolve_round(fleets, [2, 4, 1])
    t2, t3 = rec["turns"][1], rec["turns"][2]
    assert t2["lost"] == 0 and t2["scavenged"] == 1
    assert t3["lost"] == 0 and t3["scavenged"] == 1
    assert by_seat(rec)[2]["carried"] == 3
    # with a full Cargo it cannot pick anything up
    fleets = [F(0, 5, 3), F(1, 5, 3), F(2, 3, 3, cargo=1, actions=["scavenger"])]
    rec, _ = resolve_round(fleets, [2, 4, 1])
    assert rec["turns"][1]["lost"] == 1 and rec["turns"][2]["lost"] == 1
    assert any("Scavenger" in e.text for e in events)


def test_every_action_is_covered():
    tested = {"afterburners", "heavy-guns", "cargo-pods", "overdrive", "shield", "warp-jump",
              "targeting", "drill", "salvage", "prospector", "pole-position", "scavenger"}
    assert tested == set(data.ACTION_IDS)
