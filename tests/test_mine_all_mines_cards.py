"""Mine All Mines rules, "Types of Support Cards" (Helpers: Goldsmith, Traders, VP Helper, Lamp;
Tools: Tools, Mine Cart, Mine cards; all readied each round) and "Check and Receive
Achievements"; and the help's card lists checked against cards.json."""
from __future__ import annotations

import pytest
from mine_all_mines_rules_helpers import (D, E, G, P1, P2, P3, R, S, fresh, gold_at_entrance,
                                          illegal, legal, play, ready, texts)

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines import data
from allmine_tui.games.mine_all_mines.pyramid import FOE, FRIEND
from allmine_tui.games.mine_all_mines.rules import RULES
from allmine_tui.games.mine_all_mines.state import mine_set_vp


# -- support cards ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cid,gem", [("goldsmith", G), ("trader-d", D), ("trader-s", S),
                                     ("trader-r", R), ("trader-e", E)])
def test_goldsmith_and_traders(cid, gem):
    st = fresh()
    st.owned[P1]["support"] = [cid]
    st.gems[P1] = [1, 1, 1, 1, 1]
    st.supply = [9] * 5
    ready(st, P1, ["dealer"])
    helpers = legal(st, P1, "helper")  # usable before the dwarf too
    assert helpers == [Action("helper", (cid, gem, g)) for g in range(5) if g != gem]
    other = (gem + 2) % 5
    wrong = (gem + 1) % 5
    illegal(st, P1, Action("helper", (cid, wrong, other)))
    illegal(st, P1, Action("helper", (cid, gem, gem)))
    RULES.apply(st, P1, Action("dealer"))
    RULES.apply(st, P1, Action("helper", (cid, gem, other)))
    want = [1] * 5
    want[gem] -= 1
    want[other] += 1
    assert st.gems[P1] == want
    assert st.supply[gem] == 10 and st.supply[other] == 8
    assert st.used[P1] == [cid]
    # once per round
    st.gems[P1] = [1, 1, 1, 1, 1]
    play(st, P1, "dealer")
    assert legal(st, P1, "helper") == []
    illegal(st, P1, Action("helper", (cid, gem, wrong)))


def test_trader_respects_the_limit_and_needs_its_gem():
    st = fresh()
    st.owned[P1]["support"] = ["goldsmith"]
    st.gems[P1] = [3, 0, 0, 0, 0]
    play(st, P1, "dealer")
    assert legal(st, P1, "helper") == []
    st.gems[P1] = [3, 0, 0, 0, 1]
    assert legal(st, P1, "helper") == [Action("helper", ("goldsmith", G, g)) for g in (S, R, E)]


def test_vp_helper_counts_every_helper_including_itself():
    st = fresh()
    st.owned[P1]["support"] = ["vp-helper", "goldsmith", "trader-d", "tools-1", "mine-d"]
    b = RULES.vp_breakdown(st, P1)
    assert b["vp_helper"] == 3
    assert b["support"] == 2  # Goldsmith 1 + Diamond Trader 1 as printed
    assert b["mines"] == 1
    assert b["total"] == 6
    st.owned[P2]["support"] = ["goldsmith", "trader-d"]
    assert RULES.vp_breakdown(st, P2)["vp_helper"] == 0
    st.owned[P3]["support"] = ["vp-helper"]
    assert RULES.vp_breakdown(st, P3)["vp_helper"] == 1


def test_lamp_takes_up_to_five_gems_when_bought():
    st = fresh()
    st.support_shown = ["lamp", "goldsmith"]
    st.gems[P1] = [3, 3, 2, 0, 0]
    st.supply = [7, 7, 8, 10, 10]
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("lamp", "DS", 0)))
    assert st.phase == "lamp" and st.lamp_left == 5
    assert st.gems[P1] == [2, 2, 2, 0, 0]
    assert legal(st, P1) == [Action("lamp", (D,)), Action("lamp", (S,)), Action("lamp", (R,)),
                             Action("lamp_done")]
    illegal(st, P1, Action("end"))
    for g in (D, D, S, R, R):
        RULES.apply(st, P1, Action("lamp", (g,)))
    assert st.phase == "act"  # 5 placed: done automatically
    assert st.lamp[P1] == [2, 1, 2, 0, 0] and st.gems[P1] == [0, 1, 0, 0, 0]
    assert RULES.conserved(st)["gems"] == 55
    assert RULES.vp_breakdown(st, P1)["lamp"] == 5
    assert RULES.vp_breakdown(st, P1)["support"] == -1
    # Lamp gems do not count for the limit
    play(st, P1, "blacksmith", D)
    play(st, P1, "blacksmith", D)
    play(st, P1, "blacksmith", D)
    assert st.gems[P1] == [3, 1, 0, 0, 0] and st.lamp[P1][D] == 2


def test_lamp_stop_early():
    st = fresh()
    st.support_shown = ["lamp", "goldsmith"]
    st.gems[P1] = [1, 1, 1, 0, 0]
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("lamp", "DS", 0)))
    RULES.apply(st, P1, Action("lamp_done"))
    assert st.phase == "act" and st.lamp[P1] == [0] * 5 and st.gems[P1] == [0, 0, 1, 0, 0]
    assert Action("end") in legal(st, P1)


@pytest.mark.parametrize("tools", [["tools-1"], ["tools-2"], ["tools-1", "tools-2"]])
def test_tools_two_gems_one_per_mine_action(tools):
    st = fresh()
    st.owned[P1]["support"] = list(tools)
    play(st, P1, "mine", D, 1)
    assert st.gems[P1] == [2, 0, 0, 0, 0]
    # one Tools per Mine action: never 3 gems
    assert st.used[P1] == sorted(tools)[:1]
    ready(st, P1, [S])
    if len(tools) == 1:
        assert legal(st, P1, "mine") == [Action("mine", (S, 0))]
        illegal(st, P1, Action("mine", (S, 1)))
    else:
        RULES.apply(st, P1, Action("mine", (S, 1)))
        assert st.gems[P1] == [2, 2, 0, 0, 0]
        assert sorted(st.used[P1]) == ["tools-1", "tools-2"]
        ready(st, P1, [R])
        illegal(st, P1, Action("mine", (R, 1)))
    # Tools do nothing for a dig
    ready(st, P2, [G])
    assert Action("dig", (G, D, 2, FRIEND, 1)) not in legal(st, P2)


@pytest.mark.parametrize("cart", ["cart-1", "cart-2"])
def test_mine_cart_on_a_friend_dig_only(cart):
    st = fresh()
    st.owned[P2]["support"] = [cart]
    gold_at_entrance(st)
    # not on a Foe dig, not on a Mine action
    ready(st, P2, [R, D])
    assert Action("dig", (R, G, 1, FOE, 1)) not in legal(st, P2)
    illegal(st, P2, Action("dig", (R, G, 1, FOE, 1)))
    assert Action("mine", (D, 1)) not in legal(st, P2)
    RULES.apply(st, P2, Action("dig", (D, G, 2, FRIEND, 1)))
    assert st.gems[P2] == [2, 0, 0, 0, 1]
    assert st.used[P2] == [cart]
    # used up for this round
    ready(st, P2, [R])
    assert not [a for a in legal(st, P2, "dig") if a.args[4]]


def test_mine_cards_score_in_sets():
    assert [mine_set_vp(k) for k in range(7)] == [0, 1, 3, 6, 7, 9, 12]
    st = fresh(5)
    mines = ["mine-d", "mine-s", "mine-r", "mine-e", "mine-g"]
    for seat in range(5):
        st.owned[seat]["support"] = mines[:seat + 1]
    assert [RULES.vp_breakdown(st, s)["mines"] for s in range(5)] == [1, 3, 6, 7, 9]
    assert [RULES.vp_breakdown(st, s)["support"] for s in range(5)] == [0] * 5


def test_support_abilities_are_readied_each_round():
    st = fresh(2)
    st.owned[P1]["support"] = ["tools-1", "goldsmith", "trade-helper", "jeweler"]
    st.used[P1] = ["tools-1", "goldsmith", "trade-helper", "jeweler"]
    st.mines[G][0] = [G, P2]
    st.market_dwarves = [["dealer", P2]]
    ready(st, P1, ["dealer"])
    st.turn = 2 * RULES.hand_size(st) - 1  # the last turn of round 1
    RULES.apply(st, P1, Action("dealer"))
    events = RULES.apply(st, P1, Action("end"))
    assert st.round_no == 1
    assert any("Round 1 ends" in t for t in texts(events))
    assert st.used == [[], []]
    assert st.mines == [[None] * 6 for _ in range(5)]
    assert st.market_dwarves == []
    st.gems[st.seat] = [1, 1, 1, 1, 1]
    st.owned[st.seat]["support"] = ["goldsmith"]
    assert legal(st, st.seat, "helper")


# -- achievements ----------------------------------------------------------------------------------
@pytest.mark.parametrize("aid,short,enough", [
    ("two-rings", {"jewelry": ["J01", "J09"]}, {"jewelry": ["J01", "J02"]}),
    ("two-bracelets", {"jewelry": ["J33"]}, {"jewelry": ["J33", "J40"]}),
    ("three-gold", {"jewelry": ["J03", "J26"], "support": ["jeweler", "lamp", "trade-helper"]},
     {"jewelry": ["J03", "J26"], "support": ["goldsmith"]}),
    ("three-ruby", {"jewelry": ["J10", "J24"], "support": ["vp-helper"]},
     {"jewelry": ["J10", "J24"], "support": ["trader-r"]}),
    ("three-kinds", {"jewelry": ["J01", "J02", "J09", "J10"]},
     {"jewelry": ["J01", "J09", "J17"]}),
    ("two-helpers", {"support": ["vp-helper", "lamp", "tools-1"]},
     {"support": ["vp-helper", "trader-e"]}),
])
def test_achievement_requirements(aid, short, enough):
    st = fresh()
    st.achievements_shown = [aid, None, None, None, None]
    ready(st, P1, ["dealer"])
    st.owned[P1] = {"jewelry": [], "support": [], "ach": [], **short}
    assert legal(st, P1, "claim") == []
    illegal(st, P1, Action("claim", (aid,)), "requirement")
    st.owned[P1] = {"jewelry": [], "support": [], "ach": [], **enough}
    assert legal(st, P1, "claim") == [Action("claim", (aid,))]
    RULES.apply(st, P1, Action("claim", (aid,)))
    assert st.owned[P1]["ach"] == [aid]
    assert st.achievements_shown == [None] * 5


def test_one_achievement_per_turn_and_not_replaced():
    st = fresh()
    st.achievements_shown = ["two-rings", "three-kinds", "two-helpers", "three-gold", "two-crowns"]
    st.owned[P1]["jewelry"] = ["J01", "J02", "J09", "J17"]
    ready(st, P1, ["dealer"])
    assert set(legal(st, P1, "claim")) == {Action("claim", ("two-rings",)),
                                           Action("claim", ("three-kinds",))}
    RULES.apply(st, P1, Action("claim", ("two-rings",)))
    assert legal(st, P1, "claim") == []
    illegal(st, P1, Action("claim", ("three-kinds",)))
    RULES.apply(st, P1, Action("dealer"))
    assert legal(st, P1, "claim") == []
    # next turn: the other one; the claimed card is gone, not replaced
    ready(st, P1, ["blacksmith"])
    assert legal(st, P1, "claim") == [Action("claim", ("three-kinds",))]
    RULES.apply(st, P1, Action("claim", ("three-kinds",)))
    assert st.achievements_shown == [None, None, "two-helpers", "three-gold", "two-crowns"]
    assert st.owned[P1]["ach"] == ["two-rings", "three-kinds"]
    assert RULES.conserved(st)["achievements"] == 10
    # another player with two rings cannot take the claimed one
    st.owned[P2]["jewelry"] = ["J03", "J04"]
    ready(st, P2, ["dealer"])
    illegal(st, P2, Action("claim", ("two-rings",)))


# -- the help's card lists -------------------------------------------------------------------------
def test_help_lists_every_card_as_the_data_has_it():
    """The help's card lists are written out by hand; they must not drift from cards.json."""
    from allmine_tui.games.mine_all_mines.choices import cost_letters
    from allmine_tui.paths import asset

    text = asset("mine-all-mines", "rules.md").read_text(encoding="utf-8")
    cards = data.load()
    for kind in data.JEWEL_TYPES:
        row = f"| {kind.capitalize()} | " + " · ".join(
            f"{cost_letters(j.cost)} ({j.vp})" for j in cards.jewelry.values() if j.type == kind)
        assert row + " |" in text, kind
    for support in cards.support.values():
        if support.name.endswith("Trader"):
            assert "| Diamond / Sapphire / Ruby / Emerald Trader |" in text
        else:
            assert f"| {support.name}" in text, support.name
    for ach in cards.achievements.values():
        assert ach.name.split()[0] in text
