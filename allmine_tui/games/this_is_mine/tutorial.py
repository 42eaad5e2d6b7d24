"""This is Mine!, learn to play: a guided first game against two bots, in our own words.

Three players, not two: with two there are only two lots, so a lot taken ends the round at once;
with three the learner also sees a second claim among those still without a lot, and chooses on
which of two lots a refusal's $1 goes. Seed 383: Cleo (a bot) opens the first round, so the
learner first answers a claim, then claims, and splits only later; the first boxes hold a
Suitcase (everyone gets $1 at once) and two Relatives, so both special cards come up at the
first decision.
"""
from __future__ import annotations

from collections import Counter

from ...engine.tutorial import Lesson, Tutorial
from .data import load, type_of
from .worth import counts, dollars, worth

LEARNER = 0


def _mine(view) -> bool:
    return LEARNER in view["to_act"]


def _phase(*phases):
    return lambda v: v["phase"] in phases and _mine(v)


def _on_table(view) -> list[str]:
    """The types of the cards open on the table now (being split, or in lots not taken)."""
    cards = list(view["revealed"])
    for lot in view["lots"]:
        if lot["owner"] is None:
            cards += lot["cards"] or []
    return [type_of(c) for c in cards]


def _goal(view, names) -> str:
    data = load()
    start, money = data.start_money, view["money"][LEARNER]
    extra = "" if money == start else \
        f" (${money} now: each Suitcase opened gives everyone $1)"
    return (f"Uncle Howard's inheritance is shared out in {data.rounds} rounds: each round the "
            f"Leader opens {data.reveal[view['n']]} cards and splits them into {view['n']} "
            "lots, and every player gets one lot. At the end your cards turn into money (the "
            "WORTH AT THE END key, right of the board, says how much), added to your Money "
            f"Cards: you start with ${start}{extra}. The richest player wins.")


def _lots(view, names) -> str:
    return ("The lots on the table, one a line: their cards, any $ left on them, and ◀ the "
            "claim: who says \"This is mine!\". At the end of each line, 'you:' is what your "
            "collection would be worth at the end with that lot, and the change. Bottles are "
            "counted, not priced (their prize depends on everyone's). Below the lots: each "
            "player's Money Cards, and how many cards they hold (what they are stays secret).")


def _answer(view, names) -> str:
    leader, lot = names[view["leader"]], view["lots"][view["claim"]]["name"]
    return (f"{leader} claims lot {lot}. Accept, and {leader} takes it when everyone has "
            f"accepted. Or refuse: it costs one Money Card, which you put on another lot still "
            f"on the table, and lot {lot} becomes YOUR claim, for the others to answer. Whoever "
            f"takes a lot also takes the money on it. Without Money Cards you cannot refuse. "
            f"↑/↓ and Enter, or the line's number.")


def _specials(view, names) -> str:
    return ("Two cards act apart from the key. A Suitcase gave everyone a $1 Money Card when it "
            "was opened; at the end it copies a type of Object you hold (not a TV or Radio), "
            "for example to complete a pair of Skates. A Relative is worth nothing, and at the "
            "end each one takes away one of your Objects (you choose which). Beside each lot, "
            "'+1 Relative' or '+1 Suitcase' reminds you of them.")


def _open_lots(view) -> list[str]:
    return [lot["name"] for lot in view["lots"] if lot["owner"] is None]


def _claim(view, names) -> str:
    others = [names[s] for s in range(view["n"])
              if s != LEARNER and not any(lot["owner"] == s for lot in view["lots"])]
    lots = " or ".join(_open_lots(view))
    who = f"{others[0]} may" if len(others) == 1 else f"{' and '.join(others)} may each"
    return (f"Your turn to claim: lot {lots}, by its letter or the menu. Compare what 'you:' "
            f"says of each. {who} refuse your claim by paying $1, and then claim that lot in "
            "your place. A claim that everyone accepts takes the lot; the last lot goes to the "
            "last player without one, who splits the next round.")


def _hand(view, names) -> str:
    mine = counts(view["hand"])
    w = worth(mine)
    why = " (holding no Bibelot costs $3)" if not mine.get("bibelot") else ""
    bottles = f", and {w.bottles} Bottle{'s' if w.bottles != 1 else ''} for their ranking" \
        if w.bottles else ""
    return (f"Your cards are seen by you alone (the others see how many you hold). 'worth "
            f"now' is what they would pay if the game ended here: {dollars(w.money)}{why}"
            f"{bottles}. Sets grow in value: look for lots that complete yours (a second "
            "Skate, a third Instrument, Records for a Turntable).")


def _balance(view, names) -> str:
    money = view["money"]
    if view["phase"] == "balance":
        head, ask = ("The round is over. Between rounds anyone may ask for the Balance Card",
                     "Now ask for it, or pass. ")
    else:
        head, ask = "After the last round someone asked for the Balance Card", ""
    return (f"{head}: the richest then give Money Cards to the poorest until all are even, "
            "and get a $1 coin for each card given ('coins $' beside their money). Coins "
            f"count at the end but cannot pay for refusals. {ask}Money Cards now: "
            + (f"${money[0]} each, so nothing would move." if min(money) == max(money) else
               f"from ${min(money)} to ${max(money)}."))


def _split(view, names) -> str:
    return (f"You are the Leader: split these {len(view['revealed'])} cards into lots A, B "
            "and C, each with at least one card. ←/→ choose a card, A–C put it in a lot, u "
            "takes a move back, Enter confirms. Then you claim first, but the others may "
            "refuse you; a good split leaves them lots they like too, so that your favourite "
            "is not worth a refusal.")


def _discard(view, names) -> str:
    owed = view["to_discard"][LEARNER]
    return (f"The end. Your Relatives take {owed} Object{'s' if owed != 1 else ''}: choose "
            "which, in secret (the others choose at the same time). Each line shows what your "
            "cards are worth after it, your Suitcases' best copies counted. Give away what "
            "scores least: a lone Skate, a Record left over...")


def _copy(view, names) -> str:
    return ("Each of your Suitcases now copies a type of Object still in your hand, and counts "
            "as one card of that type, for Bottles too. TVs and Radios cannot be copied. Each "
            "line shows what your cards would be worth with that copy.")


LESSONS = [
    Lesson("goal", lambda v: _mine(v) and v["phase"] in ("split", "negotiate"), _goal),
    Lesson("lots", _phase("negotiate"), _lots, target="#lots"),
    Lesson("answer", lambda v: _phase("negotiate")(v) and v["claim"] is not None, _answer,
           target="#moves"),
    Lesson("specials", lambda v: _phase("negotiate", "split")(v)
           and bool({"relative", "suitcase"} & set(_on_table(v))), _specials, target="#lots"),
    Lesson("claim", lambda v: _phase("negotiate")(v) and v["claim"] is None, _claim,
           target="#lots"),
    Lesson("hand", lambda v: _mine(v) and bool(v["hand"]) and v["phase"] != "over", _hand,
           target="#hand"),
    Lesson("balance", lambda v: _mine(v) and (v["phase"] == "balance" or any(v["coins"])),
           _balance, target="#players"),
    Lesson("split", _phase("split"), _split, target="#split"),
    Lesson("discard", _phase("discard"), _discard, target="#moves"),
    Lesson("copy", _phase("copy"), _copy, target="#moves"),
]


def ending(result, seat: int, names: list[str]) -> str:
    """The learner's own result, from the score breakdown: money, coins and each card line."""
    row = {label: values[seat] for label, values in result.table}
    score = result.scores[seat]
    if seat in result.winners:
        won = "you won!" if len(result.winners) == 1 else "a shared win!"
    else:
        won = f"{' and '.join(names[w] for w in result.winners)} won with ${max(result.scores)}."
    cards = ", ".join(f"{label} {dollars(value)}" for label, value in row.items()
                      if label not in ("Inheritance", "Money Cards", "Coins", "Total $")
                      and value)
    lines = [f"You scored {score} points (${score}); {won}",
             f"${score} = {dollars(row['Money Cards'])} in Money Cards + "
             f"{dollars(row['Coins'])} in coins + {dollars(row['Inheritance'])} from your cards"
             + (f" ({cards})." if cards else ".")]
    mine = f"{{{seat}}} kept"
    for note in result.notes:  # what the Relatives took and the Suitcases copied
        if note.startswith(mine) and "; " in note:
            parts = note.rstrip(".").split("; ")[1:]
            lines.append("Your " + "; your ".join(_grouped(p) for p in parts) + ".")
    lines.append("Cards pay by sets (pairs of Skates, trios of Instruments, a TV with a Radio, "
                 "Records with a Turntable), Bibelots by count and Bottles by rank. On equal "
                 "money, the lower card value wins.")
    return "\n".join(lines)


def _grouped(part: str) -> str:
    """'Relatives took Bottle, Bottle, Record' -> 'Relatives took 2× Bottle, Record'."""
    head, _, names = part.partition(" took ") if " took " in part else part.partition(" copied ")
    verb = " took " if " took " in part else " copied "
    counted = Counter(names.split(", "))
    return head + verb + ", ".join(f"{k}× {n}" if k > 1 else n for n, k in counted.items())


TUTORIAL = Tutorial(
    seed=383,
    seats=[("You", None), ("Bob", "normal"), ("Cleo", "normal")],
    lessons=LESSONS,
    ending=ending,
    intro="A guided game against two bots: the coach explains each part of the game the first "
          "time it comes up. o goes on (Enter plays moves); Esc: no more lessons.",
)
