"""Mine All Mines rules, "Trade Gems" and "Buy One Card": one 3-for-1 trade a turn, the Trade
Helper's 2-for-1, the Dealer's swaps with the Marketplace, the Blacksmith's gem, trading
before buying; one card a turn paid to the supply and refilled, the Jeweler's gem less,
rainbow costs, and how a purchase reads in the log."""
from __future__ import annotations

from mine_all_mines_rules_helpers import (D, E, G, P1, R, S, fresh, illegal, legal, play, ready,
                                          texts)

from allmine_tui.engine import Action
from allmine_tui.games.mine_all_mines.rules import RULES


# -- trading ---------------------------------------------------------------------------------------
def test_one_three_for_one_trade_per_turn():
    st = fresh()
    st.gems[P1] = [3, 3, 0, 0, 0]
    st.supply = [7, 7, 10, 10, 10]
    play(st, P1, "dealer")
    assert not [a for a in legal(st, P1, "trade") if len(a.args[0]) == 2]
    RULES.apply(st, P1, Action("trade", ("DDS", G)))
    assert st.gems[P1] == [1, 2, 0, 0, 1]
    assert st.supply == [9, 8, 10, 10, 9]
    assert st.traded and legal(st, P1, "trade") == []
    illegal(st, P1, Action("trade", ("DSS", R)))


def test_trade_helper_two_for_one_once_per_round():
    st = fresh()
    st.gems[P1] = [3, 3, 0, 0, 0]
    st.owned[P1]["support"] = ["trade-helper"]
    play(st, P1, "dealer")
    assert Action("trade", ("DS", G)) in legal(st, P1, "trade")
    events = RULES.apply(st, P1, Action("trade", ("DS", G)))
    assert st.gems[P1] == [2, 2, 0, 0, 1]
    assert st.used[P1] == ["trade-helper"]
    assert any("Trade Helper" in t for t in texts(events))
    illegal(st, P1, Action("trade", ("DDS", R)))  # still one trade a turn
    # a later turn of the same round: 3-for-1 only
    play(st, P1, "blacksmith", R)
    trades = legal(st, P1, "trade")
    assert trades and all(len(a.args[0]) == 3 for a in trades)
    illegal(st, P1, Action("trade", ("DS", E)))


def test_dealer_swaps_with_the_marketplace_any_number_of_times():
    st = fresh()
    st.gems[P1] = [2, 1, 0, 0, 0]
    st.supply = [8, 9, 10, 10, 10]
    st.market = [1, 1, 1, 1, 1]
    # not after another dwarf
    play(st, P1, "blacksmith", G)
    assert legal(st, P1, "swap") == []
    illegal(st, P1, Action("swap", (D, R)), "Dealer")
    # not before playing the Dealer
    ready(st, P1, ["dealer"])
    illegal(st, P1, Action("swap", (D, R)))
    RULES.apply(st, P1, Action("dealer"))
    assert st.market_dwarves == [["blacksmith", P1], ["dealer", P1]]
    assert Action("swap", (D, R)) in legal(st, P1, "swap")
    for give, get in ((D, R), (D, E), (S, D), (R, S)):
        RULES.apply(st, P1, Action("swap", (give, get)))
    assert st.gems[P1] == [1, 1, 0, 1, 1]
    assert st.market == [2, 1, 1, 0, 1]
    assert st.supply == [8, 9, 10, 10, 9]
    illegal(st, P1, Action("swap", (D, E)))  # no Emerald left in the Marketplace
    # the Dealer does not use up the turn's 3-for-1 trade
    RULES.apply(st, P1, Action("trade", ("DSE", E)))
    assert st.gems[P1] == [0, 0, 0, 1, 1]


def test_blacksmith_takes_any_gem_from_the_supply():
    st = fresh()
    st.gems[P1] = [0, 0, 3, 0, 0]
    ready(st, P1, ["blacksmith", G])
    assert legal(st, P1, "blacksmith") == [Action("blacksmith", (g,)) for g in (D, S, E, G)]
    RULES.apply(st, P1, Action("blacksmith", (E,)))
    assert st.gems[P1] == [0, 0, 3, 1, 0] and st.supply[E] == 9
    assert st.hands[P1] == [G] and st.market_dwarves == [["blacksmith", P1]]


def test_trading_comes_before_buying():
    """The rulebook's turn order: play a dwarf, then trade (Dealer swaps included), then buy."""
    st = fresh()
    st.jewelry_shown = ["J01", "J05", "J10"]
    st.gems[P1] = [2, 1, 2, 1, 2]
    st.supply = [8, 9, 8, 9, 8]
    play(st, P1, "dealer")
    assert legal(st, P1, "trade") and legal(st, P1, "swap")
    RULES.apply(st, P1, Action("buy", ("J01", "DR", 0)))
    assert legal(st, P1, "trade") == [] and legal(st, P1, "swap") == []
    illegal(st, P1, Action("trade", ("DSR", 4)), "before buying")
    illegal(st, P1, Action("swap", (0, 4)), "before buying")
    assert Action("end") in legal(st, P1)


# -- buying ----------------------------------------------------------------------------------------
def test_buy_one_card_pay_to_supply_and_refill():
    st = fresh()
    st.jewelry_shown = ["J01", "J05", "J10"]
    st.jewelry_deck = ["J20", "J21"]
    st.support_shown = ["goldsmith", "tools-1"]
    st.support_deck = ["cart-1"]
    st.gems[P1] = [2, 0, 2, 0, 2]
    st.supply = [8, 10, 8, 10, 8]
    play(st, P1, "dealer")
    assert Action("buy", ("J01", "DR", 0)) in legal(st, P1, "buy")
    RULES.apply(st, P1, Action("buy", ("J01", "DR", 0)))
    assert st.gems[P1] == [1, 0, 1, 0, 2]
    assert st.supply == [9, 10, 9, 10, 8]
    assert st.owned[P1]["jewelry"] == ["J01"]
    assert st.jewelry_shown == ["J20", "J05", "J10"] and st.jewelry_deck == ["J21"]
    assert st.bought and legal(st, P1, "buy") == []
    illegal(st, P1, Action("buy", ("tools-1", "DG", 0)), "one card a turn")
    # support: the last card of the deck, then an empty place
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("tools-1", "DG", 0)))
    assert st.support_shown == ["goldsmith", "cart-1"] and st.support_deck == []
    st.gems[P1] = [0, 0, 0, 2, 2]
    play(st, P1, "dealer")
    RULES.apply(st, P1, Action("buy", ("cart-1", "EG", 0)))
    assert st.support_shown == ["goldsmith", None]
    assert st.owned[P1]["support"] == ["tools-1", "cart-1"]
    # a card that is not face up, or paid wrongly
    st.gems[P1] = [3, 3, 3, 3, 3]
    play(st, P1, "dealer")
    illegal(st, P1, Action("buy", ("J02", "SS", 0)))
    illegal(st, P1, Action("buy", ("J05", "DR", 0)))
    illegal(st, P1, Action("buy", ("J05", "DRE", 0)))
    # the jewelry deck runs out too
    st.jewelry_deck = []
    RULES.apply(st, P1, Action("buy", ("J05", "DRG", 0)))
    assert st.jewelry_shown == ["J20", None, "J10"]
    assert RULES.conserved(st)["jewelry"] == 2 + len(st.owned[P1]["jewelry"])


def test_jeweler_one_gem_less_once_per_round():
    st = fresh()
    st.owned[P1]["support"] = ["jeweler"]
    st.jewelry_shown = ["J05", "J01", "J10"]
    st.support_shown = ["goldsmith", "tools-1"]
    st.gems[P1] = [1, 0, 1, 0, 1]
    play(st, P1, "dealer")
    buys = legal(st, P1, "buy")
    assert Action("buy", ("J05", "DRG", 0)) in buys
    assert Action("buy", ("J05", "DR", 1)) in buys and Action("buy", ("J05", "RG", 1)) in buys
    assert Action("buy", ("J01", "D", 1)) in buys
    assert not [a for a in buys if a.args[0] in ("goldsmith", "tools-1") and a.args[2]]
    RULES.apply(st, P1, Action("buy", ("J05", "DG", 1)))
    assert st.gems[P1] == [0, 0, 1, 0, 0] and st.used[P1] == ["jeweler"]
    assert st.owned[P1]["jewelry"] == ["J05"]
    # once per round
    st.gems[P1] = [1, 0, 1, 0, 1]
    play(st, P1, "dealer")
    assert not [a for a in legal(st, P1, "buy") if a.args[2]]
    illegal(st, P1, Action("buy", ("J01", "D", 1)))


def test_jeweler_is_not_available_without_the_card():
    st = fresh()
    st.jewelry_shown = ["J05", "J01", "J10"]
    st.gems[P1] = [1, 0, 1, 0, 1]
    play(st, P1, "dealer")
    illegal(st, P1, Action("buy", ("J05", "DG", 1)))
    illegal(st, P1, Action("buy", ("J05", "DG", 0)))


def test_rainbow_costs_accept_any_gem():
    st = fresh()
    st.support_shown = ["goldsmith", "vp-helper"]
    st.gems[P1] = [1, 1, 0, 0, 1]
    play(st, P1, "dealer")
    buys = set(legal(st, P1, "buy"))
    # Goldsmith "G*": a Gold and any gem; VP Helper "**": any two
    assert {a.args[1] for a in buys if a.args[0] == "goldsmith"} == {"DG", "SG"}
    assert {a.args[1] for a in buys if a.args[0] == "vp-helper"} == {"DS", "DG", "SG"}
    illegal(st, P1, Action("buy", ("goldsmith", "DS", 0)))
    RULES.apply(st, P1, Action("buy", ("vp-helper", "SG", 0)))
    assert st.gems[P1] == [1, 0, 0, 0, 0] and st.supply == [10, 11, 10, 10, 11]


def test_jewelry_purchases_read_as_english():
    st = fresh()
    st.jewelry_shown[:2] = ["J26", "J01"]  # Earrings (Gold Gold) and a Ring (Diamond Ruby)
    st.gems[P1] = [1, 0, 1, 0, 2]
    play(st, P1, "dealer")
    assert "{0} buys Earrings (2 VP)." in texts(RULES.apply(st, P1, Action("buy", ("J26", "GG", 0))))
    play(st, P1, "dealer")
    assert "{0} buys a Ring (2 VP)." in texts(RULES.apply(st, P1, Action("buy", ("J01", "DR", 0))))
