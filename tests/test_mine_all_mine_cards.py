"""Mine, All Mine! card data ("Components", "Card Anatomy"): twelve Ship cards, one per
action, clear errors for bad data, the Planet cards' flip-shuffle ("How to Flip-Shuffle"),
and the help's card table checked against ships.json."""
from __future__ import annotations

import copy
import json

import pytest

from allmine_tui.games.mine_all_mine import data
from allmine_tui.games.mine_all_mine.rules import RULES


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
