"""All In: the score of every sheet (poker hands, Best Scoring Hand bonuses, unused chips) and
the end of the game."""
from __future__ import annotations

from ...engine import Result
from .poker import SHORT_NAMES, Evaluation, evaluate
from .sheets import Hand, Sheet, load_sheets
from .state import AllInState
from .views import Scoring, SheetScore


_SHEETS = load_sheets()  # id -> Sheet; read once (a few small JSON files)


def sheet_of(state: AllInState, seat: int) -> Sheet:
    return _SHEETS[state.sheet_ids[seat]]


def hand_cards(state: AllInState, seat: int, hand: Hand) -> list[int]:
    """The cards of one hand of ``seat``'s sheet so far (the Golden Card included)."""
    sheet = sheet_of(state, seat)
    written = state.written[seat]
    return [sheet.golden if c == sheet.golden_cell else written[c]
            for c in hand.cells if c == sheet.golden_cell or written[c] is not None]


def scoring(state: AllInState) -> Scoring:
    """Per player: each hand's evaluation, Best Scoring Hand wins, chips and totals."""
    n = state.n
    letters = sorted({h.letter for s in range(n) for h in sheet_of(state, s).hands})
    evals: list[dict[str, Evaluation]] = [{} for _ in range(n)]
    bonus_of: list[dict[str, int]] = [{} for _ in range(n)]
    for s in range(n):
        for hand in sheet_of(state, s).hands:
            evals[s][hand.letter] = evaluate(hand_cards(state, s, hand))
            bonus_of[s][hand.letter] = hand.bonus
    best: dict[str, list[int]] = {}
    for letter in letters:
        scored = [s for s in range(n) if letter in evals[s] and evals[s][letter].points]
        if not scored:
            best[letter] = []
            continue
        top = max(evals[s][letter].key for s in scored)
        best[letter] = [s for s in scored if evals[s][letter].key == top]
    out: list[SheetScore] = []
    for s in range(n):
        hands_pts = sum(e.points for e in evals[s].values())
        bonus = sum(bonus_of[s][letter] for letter in letters if s in best[letter])
        unused = state.chips_won[s] - state.chips_spent[s]
        out.append({"hands": evals[s], "hand_points": hands_pts, "bonus": bonus,
                    "unused_chips": unused, "total": hands_pts + bonus + unused})
    return {"letters": letters, "players": out, "best": best}


def game_result(state: AllInState) -> Result:
    """The totals; on equal totals the player with more unused chips wins."""
    sc = scoring(state)
    players = sc["players"]
    totals = [p["total"] for p in players]
    top = max(totals)
    tied = [s for s in range(state.n) if totals[s] == top]
    most_chips = max(players[s]["unused_chips"] for s in tied)
    winners = [s for s in tied if players[s]["unused_chips"] == most_chips]
    table: list = []
    # short cells, so that six players fit 100 columns: "S.Flush 14★" (the bonus is counted in
    # the "Best hands ★" row)
    for letter in sc["letters"]:
        row = []
        for s, p in enumerate(players):
            e = p["hands"].get(letter)
            if e is None:
                row.append("—")
                continue
            text = f"{SHORT_NAMES[e.category]} {e.points}" if e.points else "—"
            if s in sc["best"][letter]:
                text += "★"
            row.append(text)
        table.append((f"Hand {letter}", row))
    table.append(("Hands", [p["hand_points"] for p in players]))
    table.append(("Best hands ★", [p["bonus"] for p in players]))
    table.append(("Unused chips", [p["unused_chips"] for p in players]))
    table.append(("Total", totals))
    notes = ["★ a Best Scoring Hand: its bonus is in the row Best hands ★. Trips: Three of a "
             "Kind; Full H.: Full House; Quads: Four of a Kind; S.Flush: Straight Flush."]
    if len(tied) > 1 and len(winners) < len(tied):
        notes.append("Equal totals: the player with more unused chips wins.")
    return Result(scores=totals, winners=winners, table=table, notes=notes)
