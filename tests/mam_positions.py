"""Positions of Mine All Mines for the screen tests and snapshots, found by what a test needs.

``find_position(n, fits)`` plays normal bots seed by seed and stops at the first position where Ann
(seat 0) is to act and ``fits(match)`` holds; each predicate's docstring says what it asks, so a
change in how the bots play still finds a fitting position, or fails saying which one is missing.
"""
from __future__ import annotations

import functools

from allmine_tui.engine import Action, Match, Seat

NAMES = ["Ann", "Abe", "Bob", "Cleo", "Dan"]


DWARF_PLAYS = ("dealer", "blacksmith", "mine", "dig")
SCAN_SEEDS, SCAN_MOVES = range(40), 400  # a whole 5-player game is about 300 moves


@functools.cache
def _first_fit(n: int, fits) -> tuple[int, tuple] | None:
    """(seed, log) of the first position of normal bots' games, seed by seed, where seat 0 is to
    act and ``fits(match)`` holds."""
    for seed in SCAN_SEEDS:
        bots = Match("mine-all-mines", [Seat(x, "normal") for x in NAMES[:n]], seed)
        for _ in range(SCAN_MOVES):
            if bots.is_over():
                break
            if bots.to_act() == [0] and fits(bots):
                return seed, tuple(bots.log)
            seat = bots.to_act()[0]
            bots.apply(seat, bots.bot_choice(seat))
    return None


def find_position(n: int, fits) -> Match:
    """Ann (a person) against normal bots, at the first position of a bots' game where Ann is to
    act and ``fits`` (a predicate over the match, its docstring saying what it asks) holds: the
    test states what it needs, not how the bots happen to play."""
    found = _first_fit(n, fits)
    if found is None:
        raise AssertionError(f"no position where {fits.__doc__} ({n} players, seeds "
                             f"{SCAN_SEEDS.start}-{SCAN_SEEDS.stop - 1}, {SCAN_MOVES} moves each)")
    seed, log = found
    seats = [Seat("Ann")] + [Seat(x, "normal") for x in NAMES[1:n]]
    return Match.replay("mine-all-mines", seats, seed, {}, list(log))


def kinds(match: Match) -> set[str]:
    return {a.kind for a in match.legal_actions(0)}


def one_card_to_buy(m: Match) -> bool:
    """Ann may only buy or end, exactly one card is affordable and its pile turns up another"""
    buys = [a for a in m.legal_actions(0) if a.kind == "buy"]
    cards = {a.args[0] for a in buys}
    return kinds(m) == {"buy", "end"} and len(cards) == 1 and bool(
        m.state.jewelry_deck if buys[0].args[0].startswith("J") else m.state.support_deck)


def dwarf_to_play(m: Match) -> bool:
    """Ann must play a dwarf and has one that fits"""
    return m.state.phase == "play" and bool(kinds(m) & set(DWARF_PLAYS))


def dwarf_played_trade_open(m: Match) -> bool:
    """Ann's last move is this turn's dwarf (not the Dealer) and she may trade"""
    last_seat, last = m.log[-1]
    return (m.state.phase == "act" and last_seat == 0 and last.kind in DWARF_PLAYS
            and last.kind != "dealer" and "trade" in kinds(m))


def foe_lines_with_and_without_loot(m: Match) -> bool:
    """Ann may dig as a foe of a player who has no gem, and of one who has"""
    from allmine_tui.games.mine_all_mines.choices import dig_yield

    view = m.view(0)
    victims = {v for a in m.legal_actions(0) if a.kind == "dig" for v in dig_yield(view, 0, a)[1]}
    loot = {sum(view["gems"][v]) > 0 for v in victims}
    return loot == {True, False}


def long_dwarf_line(m: Match) -> bool:
    """a dwarf's line in Ann's menu is longer than 63 columns"""
    from allmine_tui.games.mine_all_mines.choices import path

    view = m.view(0)
    return m.state.phase == "play" and any(
        len(" · ".join(p)) > 63 for p in (path(view, a, NAMES[:3]) for a in m.legal_actions(0))
        if p[0].endswith("dwarf"))


def diamond_plays(m: Match) -> list[Action]:
    return [a for a in m.legal_actions(0) if a.kind in ("mine", "dig") and a.args[0] == 0]


def one_long_diamond_place(m: Match) -> bool:
    """Ann's Diamond dwarf has one place, a dig whose line is longer than 63 columns, and her
    menu has another line"""
    from allmine_tui.games.mine_all_mines.choices import path

    view, plays = m.view(0), diamond_plays(m)
    return (m.state.phase == "play" and len(plays) == 1 and plays[0].kind == "dig"
            and len(" · ".join(path(view, plays[0], NAMES[:3]))) > 63
            and len({path(view, a, NAMES[:3])[0] for a in m.legal_actions(0)}) > 1)


def helpers_used_and_an_achievement(m: Match) -> bool:
    """Ann has used her Jeweler and a Tools this round, holds an achievement and has a dwarf in
    a mine"""
    used = m.state.used[0]
    return ("jeweler" in used and any(c.startswith("tools") for c in used)
            and bool(m.state.owned[0]["ach"])
            and any(p and p[1] == 0 for mine in m.state.mines for p in mine))


def buy_line_first_with_cards(m: Match) -> bool:
    """the cursor starts on Ann's Buy line, which holds more than one card"""
    legal = m.legal_actions(0)
    return legal[0].kind == "buy" and len({a.args[0] for a in legal if a.kind == "buy"}) > 1


def achievements_and_jewels_on_show(m: Match) -> bool:
    """Ann is to buy, achievements and jewelry are on show and Abe owns jewelry"""
    st = m.state
    return (st.phase == "act" and any(st.achievements_shown) and any(st.jewelry_shown)
            and bool(st.owned[1]["jewelry"]))


def ruby_without_a_place(m: Match) -> bool:
    """Ann holds a Ruby dwarf that has no place (its entrance taken) and another that fits"""
    st = m.state
    return (st.phase == "play" and 2 in st.hands[0] and st.mines[2][0] is not None
            and not any(a.kind in ("mine", "dig") and a.args[0] == 2 for a in m.legal_actions(0))
            and bool(kinds(m) & set(DWARF_PLAYS)))


def jewelry_pile_empty(m: Match) -> bool:
    """the Jewelry pile is empty and Ann may buy a face-up jewel"""
    return (m.state.phase == "act" and not m.state.jewelry_deck
            and any(a.kind == "buy" and a.args[0].startswith("J") for a in m.legal_actions(0)))


def steal_to_choose(m: Match) -> bool:
    """Ann's dwarf dug as a foe and she chooses what to take"""
    return m.state.phase == "steal" and len(m.legal_actions(0)) > 1


def round_to_end(m: Match) -> bool:
    """Ann may end the last turn of a round that is not the last one (she is then the first
    player of the next)"""
    from allmine_tui.games.mine_all_mines.state import DISCARDS, DWARVES, ROUNDS

    st = m.state
    last_turn = st.turn == st.n * (len(DWARVES) - DISCARDS[st.n]) - 1
    return (last_turn and st.phase == "act" and st.round_no + 1 < ROUNDS[st.n]
            and Action("end") in m.legal_actions(0))
