"""All In positions a seat could be in, drawn from its view alone (``Rules.sample_state``).

Kept from the view: the seat's own sheet, chips and choices; everything public (rounds, revealed
and earlier cards, chips won, declared hands, how many spaces each sheet has filled, who has
written this round, the Golden Deck's size). Drawn at random:

* the order of the main deck and which unseen cards lie in the Golden Deck (unless the seat is
  choosing from it right now and sees it) or have left the game with earlier Golden Deck picks;
* every other sheet: as many filled spaces as it really has, grown along the lines from a
  starting space, covering the hands it has declared complete and completing no other. The
  spaces are filled in that order, one a round, each with a card the round's two revealed cards
  make for a chip or less, the one that fits best with the cards already in its lines (a pair,
  a suit, a run), as players fill their sheets; random cards would make sheets worth a quarter
  of real ones, and every other player look beaten. Chips spent are drawn between none and all
  of that player's chips. A Golden Deck card already picked this round by
  another chooser is one of the Golden Deck's cards.

A fresh seed is drawn too (the rules take no randomness from it after the set-up).
"""
from __future__ import annotations

from ...engine.jsonstate import copy_json
from .cards import DECK, is_joker, suit_of, value_of
from .costs import composable
from .state import GOLDEN, GOLDEN_SIZE, AllInState
from .sheets import get_sheet
from ...engine.views import own
from .views import AllInView


def sample_state(view: AllInView, seat: int, rng) -> AllInState:
    n = view["n"]
    players = view["players"]
    seen = set(view["discard"]) | set(view["revealed"])
    golden_deck = view["golden_deck"]
    pool = [c for c in DECK if c not in seen and not (golden_deck is not None and c in golden_deck)]
    rng.shuffle(pool)
    deck, pool = pool[:view["deck_size"]], pool[view["deck_size"]:]
    if golden_deck is not None:
        golden = list(golden_deck)
    else:
        golden, pool = sorted(pool[:view["golden_size"]]), pool[view["golden_size"]:]
    removed = sorted(pool)
    if len(removed) != GOLDEN_SIZE - len(golden):
        raise ValueError("the view's card counts do not add up")

    written: list[list[int | None]] = []
    spent: list[int | None] = []
    choice: list[int | None] = []
    golden_pick: list[int | None] = []
    last_written: list[int | None] = []
    round_cells: list[list[int]] = []
    writable = [c for c in view["discard"] + view["revealed"] if not is_joker(c)] or list(range(52))
    earlier = view["discard"]
    rounds = [earlier[i:i + 2] for i in range(0, len(earlier) - 1, 2)] + [view["revealed"]]
    for s, p in enumerate(players):
        if s == seat or p["written"] is not None:  # every sheet is shown at the end
            written.append(list(own(p["written"])))
            spent.append(p["chips_spent"])
            if s != seat:
                choice.append(None)
                golden_pick.append(None)
                last_written.append(None)
                round_cells.append([])
                continue
            choice.append(view["choice"])
            golden_pick.append(view["golden_pick"])
            last = view["last_written"]
            last_written.append(last)
            wrote_now = view["phase"] == GOLDEN and last is not None
            round_cells.append([last] if wrote_now and last is not None else [])
            continue
        shape = get_sheet(p["sheet"])
        cells = _grow(shape, p["filled"], p["completed"], rng)
        sheet: list[int | None] = [None] * len(shape.cells)
        for j, cell in enumerate(cells):  # the j-th space written: from the j-th round's cards
            pair = rounds[j] if j < len(rounds) else None
            sheet[cell] = _pick(shape, sheet, cell, pair, writable, rng)
        written.append(sheet)
        spent.append(rng.randint(0, p["chips_won"]))
        choice.append(None)
        picked = None
        if view["phase"] == GOLDEN and s in view["pickers"] and p["done"]:
            picked = rng.choice(golden)  # its card is written: one of ``cells`` above
            if not is_joker(picked):
                sheet[rng.choice(cells)] = picked
        golden_pick.append(picked)
        last_written.append(cells[-1] if cells else None)
        round_cells.append([])
    return AllInState(
        n=n, seed=f"sample/{rng.getrandbits(64):016x}", mode=view["mode"],
        sheet_ids=[p["sheet"] for p in players], deck=deck, golden_deck=golden,
        discard=list(view["discard"]), removed=removed, round=view["round"],
        revealed=list(view["revealed"]), phase=view["phase"], written=written, choice=choice,
        done=[p["done"] for p in players], pickers=list(view["pickers"]), golden_pick=golden_pick,
        golden_used=[p["golden_used"] for p in players],
        chips_won=[p["chips_won"] for p in players], chips_spent=spent,
        completed=[list(p["completed"]) for p in players],
        first_round=copy_json(view["first_round"]), last_written=last_written,
        round_cells=round_cells)


def _grow(sheet, k: int, completed: list[str], rng) -> list[int]:
    """``k`` spaces of ``sheet``: every space of the ``completed`` hands, then spaces linked to
    the filled ones (a starting space first) that complete no other hand, while there are any."""
    golden = sheet.golden_cell
    filled: list[int] = []
    for hand in sheet.hands:
        if hand.letter in completed:
            filled += [c for c in hand.cells if c != golden and c not in filled]
    open_hands = [set(h.cells) - {golden} for h in sheet.hands if h.letter not in completed]

    def completes(cell: int, have: set) -> bool:
        return any(cell in h and h <= have | {cell} for h in open_hands)

    if len(filled) < k and not any(c in sheet.starts for c in filled):
        filled.append(rng.choice(sheet.starts))
    empty = [c for c in range(len(sheet.cells)) if c != golden]
    while len(filled) < k:
        have = set(filled)
        near = [c for c in empty if c not in have and any(x in have for x in sheet.neighbors[c])]
        options = [c for c in near if not completes(c, have)] or near or \
            [c for c in empty if c not in have]
        filled.append(rng.choice(options))
    return filled


def _pick(shape, sheet: list[int | None], cell: int, pair, writable: list[int], rng) -> int:
    """The card a player would most likely have written in ``cell``: of those the round's
    ``pair`` makes for a chip at most (a random earlier card without one), the best fit with the
    cards in the cell's lines (same value, same suit, close values), ties drawn at random."""
    if pair is None or len(pair) != 2:
        return rng.choice(writable)
    options = [c for c, _cost in composable(pair[0], pair[1], 1)] or writable
    lines = [[sheet[x] for x in shape.hands[h].cells if sheet[x] is not None]
             for h in shape.hands_of_cell[cell]]

    def fit(c: int) -> float:
        score = rng.random() * 0.1
        v, suit = value_of(c), suit_of(c)
        for cards in lines:
            for w in cards:
                if w is None or is_joker(w):
                    continue
                if value_of(w) == v:
                    score += 3.0
                elif abs(value_of(w) - v) <= 4:
                    score += 0.5
                if suit_of(w) == suit:
                    score += 1.0
        return score

    return max(options, key=fit)
