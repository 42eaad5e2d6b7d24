"""Mine, All Mine! rules: card data, arrival, fights, turn-by-turn mining, every action, dealing,
rounds, shared wins, random full games, privacy and illegal actions."""
from __future__ import annotations

import copy
import json
import random

import pytest

from allmine_tui.engine import Action, IllegalAction
from allmine_tui.games.mine_all_mine import data
from allmine_tui.games.mine_all_mine.fleets import arrival, fleet_stats, resolve_round
from allmine_tui.games.mine_all_mine.rules import RULES
from allmine_tui.games.mine_all_mine.state import OVER, MineAllMineState


def F(seat, speed, attack=0, cargo=9, actions=()):
    return {"seat": seat, "speed": speed, "attack": attack, "cargo": cargo,
            "actions": list(actions)}


def by_seat(record):
    return {f["seat"]: f for f in record["fleets"]}


def locations(fleets, n_loc):
    return {s: w["location"] for s, w in arrival(fleets, n_loc).items()}


# -- data ----------------------------------------------------------------------------------------
def test_card_data_is_complete():
    ships = data.load_ships()
    assert sorted(ships) == list(range(1, 13))
    assert sorted(c.action.id for c in ships.values()) == sorted(data.ACTION_IDS)
    for c in ships.values():
        assert len(c.standard) == 3 and len(c.beginner) == 2
        for s in c.standard + c.beginner:
            assert all(0 <= v <= 5 for v in (s.speed, s.attack, s.cargo))
        assert c.action.name and c.action.text
    planets = data.load_planets()
    assert [p.number for p in planets] == [1, 2, 3]
    for p in planets:
        for side in (p.planet, p.moon):
            assert len(side.high) == 3 and len(side.low) == 3
            assert sum(side.high) > sum(side.low)


def test_data_validation_errors_are_clear():
    raw = json.loads((data.data_dir() / "ships.json").read_text())
    bad = copy.deepcopy(raw)
    bad["cards"][0]["standard"] = bad["cards"][0]["standard"][:2]
    with pytest.raises(ValueError, match="card 1: the standard side needs exactly 3 ships"):
        data.parse_ships(bad)
    bad = copy.deepcopy(raw)
    bad["cards"][1]["action"] = bad["cards"][0]["action"]
    with pytest.raises(ValueError, match="on two cards"):
        data.parse_ships(bad)
    bad = copy.deepcopy(raw)
    bad["cards"][2]["beginner"][0] = [1, -1, 2]
    with pytest.raises(ValueError, match="card 3 ship 4"):
        data.parse_ships(bad)
    raw_p = json.loads((data.data_dir() / "planets.json").read_text())
    bad = copy.deepcopy(raw_p)
    bad["cards"][0]["moon"]["low"] = [1, 2]
    with pytest.raises(ValueError, match="card 1 moon side low end"):
        data.parse_planets(bad)


def test_planets_flip_shuffle():
    seen_ends = set()
    for seed in range(40):
        two = RULES.new_state(2, {}, seed)
        assert len(two.planets) == 1 and two.planets[0]["side"] == "planet"
        assert len(RULES.resources(two)) == 3
        four = RULES.new_state(4, {}, seed)
        assert [p["side"] for p in four.planets] == ["planet", "moon"]
        assert four.planets[0]["card"] != four.planets[1]["card"]
        assert len(RULES.resources(four)) == 6
        for p in four.planets:
            card = data.load_planets()[p["card"] - 1]
            side = card.planet if p["side"] == "planet" else card.moon
            assert p["resources"] == list(side.resources(p["end"]))
            seen_ends.add((p["side"], p["end"]))
    assert len(seen_ends) == 4


# -- arrival --------------------------------------------------------------------------------------
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


# -- fights and mining ----------------------------------------------------------------------------
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


# -- every action ----------------------------------------------------------------------------------
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


# -- whole rounds through apply ------------------------------------------------------------------
def fixed_state(n=3, seed=1, hands=None, mode="standard"):
    state = RULES.new_state(n, {"mode": mode}, seed)
    if hands is not None:
        state.hands = [sorted(h) for h in hands]
        held = {c for h in hands for c in h}
        state.deck = [c for c in range(1, 13) if c not in held]
    return state


def play_round(state, choices):
    events = []
    for seat, cards in enumerate(choices):
        for c, o in cards:
            events += RULES.apply(state, seat, Action("add", (c, o)))
        events += RULES.apply(state, seat, Action("launch"))
    return events


def test_a_round_through_apply_reveals_resolves_scores_and_deals():
    state = fixed_state(3, hands=[[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert RULES.to_act(state) == [0, 1, 2]
    RULES.apply(state, 0, Action("add", (1, 0)))
    RULES.apply(state, 0, Action("launch"))
    assert RULES.to_act(state) == [1, 2] and RULES.legal_actions(state, 0) == []
    RULES.apply(state, 1, Action("add", (4, 1)))
    RULES.apply(state, 1, Action("add", (5, 2)))
    RULES.apply(state, 1, Action("launch"))
    events = RULES.apply(state, 2, Action("add", (7, 0))) + RULES.apply(state, 2, Action("launch"))
    kinds = [e.kind for e in events]
    assert kinds.count("reveal") == 3 and kinds.count("arrive") == 3 and "scored" in kinds
    rec = state.last_round
    assert rec["round"] == 0 and len(rec["turns"]) == 6
    assert [f["cards"] for f in rec["fleets"]] == [[[1, 0]], [[4, 1], [5, 2]], [[7, 0]]]
    points = [f["points"] for f in rec["fleets"]]
    assert state.scores == points and state.history[0]["points"] == points
    # 4 cards were played: dealt back, so hands are 3, 3, 3 minus played plus dealt
    assert sum(len(h) for h in state.hands) == 9 and len(state.deck) == 3
    assert len(state.last_deal["dealt"]) == 4 and state.round_no == 1
    assert state.pending == [[], [], []] and state.launched == [False] * 3


def test_deal_order_lowest_score_then_fewer_cards_then_draw():
    state = fixed_state(4)
    state.scores = [7, 3, 3, 1]
    state.hands = [[1], [2, 3], [4], [5, 6]]
    order, draws = RULES.deal_order(state)
    assert order == [3, 2, 1, 0]  # 1 first; 2 and 1 tie on 3 points: 2 holds fewer cards
    assert len(set(draws)) == 4 and all(1 <= d <= 12 for d in draws)
    # full tie: the higher drawn Ship card number goes first
    state.scores = [4, 4, 4, 4]
    state.hands = [[1], [2], [3], [4]]
    order, draws = RULES.deal_order(state)
    assert order == sorted(range(4), key=lambda s: -draws[s])
    # draws vary with the seed and round
    orders = set()
    for seed in range(20):
        st = fixed_state(4, seed=seed)
        st.scores, st.hands = [0] * 4, [[1], [2], [3], [4]]
        orders.add(tuple(RULES.deal_order(st)[0]))
    assert len(orders) > 3


def test_dealing_cycles_from_the_lowest_score():
    state = fixed_state(3, hands=[[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    # seat 0 plays 3 cards, the others 1 each: 5 cards dealt cycling in deal order
    play_round(state, [[(1, 0), (2, 0), (3, 0)], [(4, 0)], [(7, 0)]])
    d = state.last_deal
    order = d["order"]
    assert [s for s, _c in d["dealt"]] == [order[i % 3] for i in range(5)]
    scores = state.scores
    assert scores[order[0]] <= scores[order[1]] <= scores[order[2]]
    assert sorted(len(h) for h in state.hands) == sorted(
        [0 + (2 if order.index(0) < 2 else 1), 2 + (2 if order.index(1) < 2 else 1),
         2 + (2 if order.index(2) < 2 else 1)])
    for s, c in d["dealt"]:
        assert c in state.hands[s]


def test_three_rounds_then_over_and_shared_wins():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    for r in range(3):
        assert state.round_no == r and not RULES.is_over(state)
        choices = [[(min(state.hands[s]), 0)] for s in range(2)]
        play_round(state, choices)
    assert RULES.is_over(state) and state.phase == OVER
    assert len(state.history) == 3 and RULES.progress(state) == "finished"
    assert RULES.to_act(state) == [] and RULES.legal_actions(state, 0) == []
    res = RULES.result(state)
    assert res.scores == state.scores
    assert res.table[-1] == ("Total", state.scores) and len(res.table) == 10
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, 0, Action("launch"))
    state.scores = [9, 9]
    res = RULES.result(state)
    assert res.winners == [0, 1] and res.notes
    state.scores = [9, 10]
    assert RULES.result(state).winners == [1]


def test_beginner_mode_offers_two_ship_options_and_no_action():
    state = fixed_state(2, mode="beginner", hands=[[1, 2, 3], [4, 5, 6]])
    legal = RULES.legal_actions(state, 0)
    assert Action("add", (1, 1)) in legal and Action("add", (1, 2)) not in legal
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, Action("add", (1, 3)))
    play_round(state, [[(1, 1)], [(4, 0)]])
    assert state.last_round["fleets"][0]["speed"] == data.load_ships()[1].beginner[1].speed


def test_legal_actions_order_and_remove():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    legal = RULES.legal_actions(state, 0)
    assert legal == [Action("add", (c, o)) for c in (1, 2, 3) for o in range(4)]
    RULES.apply(state, 0, Action("add", (2, 3)))
    legal = RULES.legal_actions(state, 0)
    assert legal[-2:] == [Action("remove", (2,)), Action("launch")]
    assert Action("add", (2, 0)) not in legal
    RULES.apply(state, 0, Action("remove", (2,)))
    assert state.pending[0] == [] and Action("launch") not in RULES.legal_actions(state, 0)


# -- illegal actions change nothing --------------------------------------------------------------
@pytest.mark.parametrize("seat,action,message", [
    (0, Action("add", (4, 0)), "do not hold"),
    (0, Action("add", (1, 4)), "options 0 to 3"),
    (0, Action("add", (1, -1)), "options"),
    (0, Action("add", (1,)), "Choose one"),
    (0, Action("add", ("1", 0)), "Choose one"),
    (0, Action("add", (True, 0)), "Choose one"),
    (0, Action("add", (2, 0)), "already in your fleet"),
    (0, Action("remove", (3,)), "not in your fleet"),
    (0, Action("remove", ()), "Choose one"),
    (1, Action("launch"), "at least one card"),
    (0, Action("launch", (1,)), "no arguments"),
    (0, Action("dig"), "not a move"),
    (7, Action("launch"), "no such player"),
])
def test_illegal_actions_raise_and_change_nothing(seat, action, message):
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    RULES.apply(state, 0, Action("add", (2, 1)))
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        RULES.apply(state, seat, action)
    assert state.to_json() == before


def test_no_action_after_launching():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    RULES.apply(state, 0, Action("add", (2, 1)))
    RULES.apply(state, 0, Action("launch"))
    before = state.to_json()
    for a in (Action("add", (1, 0)), Action("remove", (2,)), Action("launch")):
        with pytest.raises(IllegalAction, match="already launched"):
            RULES.apply(state, 0, a)
    assert state.to_json() == before


# -- privacy ---------------------------------------------------------------------------------------
def test_fleets_and_hands_are_secret_until_reveal():
    state = fixed_state(2, hands=[[1, 2, 3], [4, 5, 6]])
    events = RULES.apply(state, 0, Action("add", (2, 3)))
    assert events == []  # not even the number of cards in a fleet is logged before the reveal
    v1 = RULES.view(state, 1)
    assert v1["hand"] == [4, 5, 6] and v1["pending"] == []
    assert v1["hand_counts"] == [3, 3] and v1["launched"] == [False, False]
    v0 = RULES.view(state, 0)
    assert v0["pending"] == [[2, 3]] and v0["preview"]["actions"] == ["heavy-guns"]
    assert RULES.view(state, None)["hand"] is None


# -- random full games -------------------------------------------------------------------------
def random_game(n, seed, mode="standard"):
    rng = random.Random(f"mam/{n}/{seed}")
    state = RULES.new_state(n, {"mode": mode}, seed)
    assert RULES.new_state(n, {"mode": mode}, seed).to_json() == state.to_json()
    conserved = RULES.conserved(state)
    assert conserved == {"cards": 12, "distinct": 12}
    seen = {}
    steps = 0
    while not RULES.is_over(state):
        to_act = RULES.to_act(state)
        assert to_act
        for s in range(n):
            legal = RULES.legal_actions(state, s)
            assert legal == RULES.legal_actions(state, s)
            assert bool(legal) == (s in to_act)
            seen.update(dict.fromkeys(legal))
        data_ = json.loads(json.dumps(state.to_json()))
        assert RULES.state_from_json(data_).to_json() == data_
        assert RULES.conserved(state) == conserved
        if steps % 3 == 0:
            for viewer in [*range(n), None]:
                view = RULES.view(state, viewer)
                json.dumps(view)
                other = RULES.perturb_secrets(state, viewer, random.Random(rng.random()))
                assert RULES.view(other, viewer) == view
            assert state.to_json() == data_
        seat = rng.choice(to_act)
        legal = RULES.legal_actions(state, seat)
        stale = [a for a in seen if a not in legal]
        if stale:
            with pytest.raises(IllegalAction):
                RULES.apply(state, seat, rng.choice(stale))
            assert state.to_json() == data_
        # lean towards launching so games stay short
        launch = Action("launch")
        action = launch if launch in legal and rng.random() < 0.3 else rng.choice(legal)
        events = RULES.apply(state, seat, action)
        for e in events:
            for viewer in [*range(n), None]:
                assert isinstance(e.text_for(viewer), str)
        steps += 1
        assert steps < 2000
    assert RULES.conserved(state) == conserved
    assert len(state.history) == 3
    res = RULES.result(state)
    top = max(res.scores)
    assert res.winners == [s for s in range(n) if res.scores[s] == top]
    assert res.scores == [sum(h["points"][s] for h in state.history) for s in range(n)]
    json.dumps(res.to_json())
    data_ = json.loads(json.dumps(state.to_json()))
    assert MineAllMineState.from_json(data_).to_json() == data_
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_full_games(n):
    for seed in list(range(15)) + ["alpha"]:
        random_game(n, seed)
    for seed in range(5):
        random_game(n, seed, mode="beginner")


def test_every_player_always_holds_a_card():
    for n in (2, 3, 4):
        for seed in range(10):
            state = RULES.new_state(n, {}, seed)
            rng = random.Random(seed)
            while not RULES.is_over(state):
                assert all(state.hands), "a player without cards at the start of a round"
                for s in range(n):
                    k = rng.randint(1, len(state.hands[s]))
                    for c in rng.sample(state.hands[s], k):
                        RULES.apply(state, s, Action("add", (c, rng.randrange(4))))
                    RULES.apply(state, s, Action("launch"))


def test_a_played_game_ending_in_a_shared_win():
    state = RULES.new_state(2, {}, 0)
    while not RULES.is_over(state):
        for s in range(2):
            RULES.apply(state, s, Action("add", (min(state.hands[s]), 0)))
            RULES.apply(state, s, Action("launch"))
    res = RULES.result(state)
    assert res.scores == [8, 8] and res.winners == [0, 1]
    assert state.table and RULES.conserved(state) == {"cards": 12, "distinct": 12}


def test_help_lists_every_card_as_the_data_has_it():
    """The help's card table is written by hand; it must not drift from ships.json."""
    text = (data.data_dir() / "rules.md").read_text(encoding="utf-8")

    def st(s):
        return f"{s.speed}/{s.attack}/{s.cargo}"

    for number, card in data.load_ships().items():
        a = card.action
        bonus = ", ".join(f"+{v} {n}" for v, n in zip((a.stats.speed, a.stats.attack, a.stats.cargo),
                                                        ("Speed", "Attack", "Cargo")) if v)
        row = (f"| {number} | {st(card.standard[0])} | {st(card.standard[1])} | "
               f"{st(card.standard[2])} | {a.name} ({bonus}) | {st(card.beginner[0])}, "
               f"{st(card.beginner[1])} |")
        assert row in text, row
        assert f"| {number} | {a.name} | " in text
