"""Mine, All Mine!, learn to play: a guided first game against one bot, in our own words.

Two players (the fewest the game allows): one planet, three locations, every rule still shows.
Seed 27 deals the learner cards 1, 4 and 5 (Afterburners, Overdrive, Shield Wall: speed, a bit
of everything, a fleet that cannot be chased off) and rich planets in every round; the bot's
first fleet (Speed 8, Attack 8, Cargo 8) makes the first round a real race: a fast fleet mines
alone before the bot arrives, a slow or weak one is chased off, a much faster one makes it skip
a location.
"""
from __future__ import annotations

from ...engine.tutorial import Lesson, Tutorial
from .data import load_ships
from .labels import ORDINALS

LEARNER = 0


def _first_round(view) -> bool:
    return view["phase"] == "fleet" and view["round"] == 1


def _later_round(view) -> bool:
    return view["phase"] == "fleet" and view["round"] >= 2 and bool(view["last_round"])


def _rival_launched(view) -> bool:
    return view["phase"] == "fleet" and any(
        done for seat, done in enumerate(view["launched"]) if seat != LEARNER)


def _action_chosen(view) -> bool:
    return view["mode"] != "beginner" and any(o == 3 for _c, o in (view["pending"] or []))


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def _rival(view, names) -> str:
    others = [names[s] for s, done in enumerate(view["launched"]) if done and s != LEARNER]
    who = " and ".join(others)
    return (f"{who} has already launched (• marks the newest launches), but nobody sees a fleet, "
            f"not even how many cards it holds, until every fleet is launched. Then all are "
            f"revealed at once and the round is replayed turn by turn. This table also shows "
            f"each player's score and how many cards they hold.")


def _fleet_line(f: dict) -> str:
    return f"Speed {f['speed']}, Attack {f['attack']}, Cargo {f['cargo']}"


def _how_it_went(f: dict, who: str, mine: bool) -> str:
    """One fleet's round in a sentence, from the public record."""
    your = "Your" if mine else f"{who}'s"
    if not f["arrives"]:
        return (f"{your} fleet ({_fleet_line(f)}) was too slow: no location was left for it, "
                f"so it mined nothing.")
    where = ORDINALS[f["location"] - 1]
    text = f"{your} fleet ({_fleet_line(f)}) arrived at the {where}"
    if f["skip"]:
        text += " (a location was skipped: the fleet ahead was 4 or more Speed faster)"
    if f["fled_at"] is not None:
        at = ("there" if f["fled_at"] == f["location"] else
              f"at the {ORDINALS[f['fled_at'] - 1]}")
        text += (f" and was chased off {at} by a higher Attack "
                 + (f"after mining {f['carried']}" if f["carried"] else "before mining anything"))
    else:
        full = f["carried"] >= f["cargo"]
        text += (f" and mined {f['carried']}, a full Cargo" if full else
                 f" and mined {f['carried']} (its Cargo could hold {f['cargo']})")
    if f["bonus"]:
        text += f", plus {f['bonus']} bonus from its action"
    return text + f": {_points(f['points'])}."


def _scored(view, names) -> str:
    rec = view["last_round"]
    fleets = {f["seat"]: f for f in rec["fleets"]}
    parts = [f"Round {rec['round'] + 1} is over (v replays it)."]
    parts.append(_how_it_went(fleets[LEARNER], names[LEARNER], True))
    for seat, f in sorted(fleets.items()):
        if seat != LEARNER:
            parts.append(_how_it_went(f, names[seat], False))
    fled = any(f["fled_at"] is not None for f in fleets.values())
    parts.append("Each resource mined is a point; the score table keeps each player's last "
                 "fleet" + (" (✗: it fled)." if fled else "."))
    return " ".join(parts)


def _met(view) -> bool:
    return _later_round(view) and any(len(t["present"]) > 1 for t in view["last_round"]["turns"])


def _who(seat: int, names: list[str]) -> str:
    return "you" if seat == LEARNER else names[seat]


def _meeting(view, names) -> str:
    rec = view["last_round"]
    turn = next(t for t in rec["turns"] if len(t["present"]) > 1)
    fleets = {f["seat"]: f for f in rec["fleets"]}
    who = " and ".join(_who(s, names) for s in turn["present"])
    where = ORDINALS[turn["location"] - 1]
    top = max(fleets[s]["attack"] for s in turn["present"])
    kept = [s for s in turn["present"]
            if s not in turn["fled"] and fleets[s]["attack"] < top]
    if turn["fled"]:
        what = (f"{' and '.join(_who(s, names) for s in turn['fled'])} had less Attack and "
                f"fled for the rest of the round")
    elif kept:
        what = (f"Shield Wall kept {' and '.join(_who(s, names) for s in kept)} there "
                f"despite less Attack")
    else:
        what = "their Attacks were equal, so they all stayed"
    return (f"Fleets meet: last round {who} were together at the {where}, and {what}. The "
            f"rule: each fleet moves on one location every turn, so fleets catch up; where "
            f"several are present, those with less than the highest Attack flee. Equal Attacks "
            f"stay and take one resource at a time, the faster first. A full fleet still "
            f"fights.")


def _deal(view, names) -> str:
    deal = view["last_deal"]
    got = sorted(deal["mine"])
    you = ("you got " + (f"card {got[0]}" if len(got) == 1 else
                         "cards " + ", ".join(map(str, got[:-1])) + f" and {got[-1]}")
           if got else "you got no card this time")
    counts = view["hand_counts"]
    held = f"you hold {_cards(counts[LEARNER])}" + "".join(
        f", {names[s]} {k}" for s, k in enumerate(counts) if s != LEARNER)
    return (f"New cards: every card played goes back to the deck, and as many cards as were "
            f"played are dealt again, one at a time, lowest score first; {you}. Now {held}. "
            f"Playing many cards makes a strong fleet now but leaves fewer for later.")


def _action(view, names) -> str:
    card = next(c for c, o in view["pending"] if o == 3)
    action = load_ships()[card].action
    return (f"You chose an action (✦), {action.name}: {action.text} An action adds its numbers "
            f"to your fleet like a ship does, and some also change a rule for your fleet this "
            f"round. The line above the cards says what the ✦ under the cursor does.")


LESSONS = [
    Lesson("goal", _first_round,
           "Welcome! Mine, All Mine! lasts 3 rounds. Each round both players secretly build a "
           "fleet from their ship cards; then the fleets fly to this planet together and mine "
           "its resources (◆). Every resource your fleet brings home is a point: the most points "
           "after 3 rounds wins.",
           target="#planets"),
    Lesson("planet", _first_round,
           "The planet has three locations, visited in order: 1st, 2nd, 3rd. Each holds the "
           "number of resources shown. The fastest fleet lands on the 1st, the next one on the "
           "2nd, and every turn each fleet moves on one location. So the fastest fleet mines "
           "alone until the others catch up with it. The planet, and its high or low end, "
           "changes every round.",
           target="#planets"),
    # (three lines: the box, at the bottom, then leaves the cards in view at 100x30)
    Lesson("hand", _first_round,
           "Your ship cards. Each offers ship A, B or C (S4 A2 C2 is Speed 4, Attack 2, Cargo 2) "
           "or its ✦ action. Pick with the keys above; Space puts it in your fleet (✔).",
           target="#hand"),
    Lesson("rival", _rival_launched, _rival, target="#scores"),
    Lesson("fleet", lambda v: v["phase"] == "fleet" and bool(v["pending"]),
           "Your fleet's sums are on this line. Speed sets the arrival order; a fleet 4 or more "
           "Speed ahead of the next makes that one skip a location. Attack decides who stays "
           "where fleets meet: the lower one flees and mines nothing more this round. Cargo is "
           "the most your fleet can carry this round. Add as many cards as you like (one choice "
           "each), then press L to launch.",
           target="#fleet"),
    Lesson("action", _action_chosen, _action, target="#fleet"),
    Lesson("scored", _later_round, _scored, target="#scores"),
    Lesson("meet", _met, _meeting, target="#scores"),
    Lesson("deal", lambda v: _later_round(v) and v["last_deal"] is not None, _deal,
           target="#scores"),
    Lesson("last", lambda v: v["phase"] == "fleet" and v["round"] == v["rounds_total"],
           "The last round! Cards still in your hand at the end are worth nothing, so play "
           "every card that helps your fleet now.",
           target="#hand"),
]


def ending(result, seat: int, names: list[str]) -> str:
    """The learner's own result, explained round by round from the score breakdown."""
    rows = dict((label, values[seat]) for label, values in result.table)
    score = result.scores[seat]
    if seat in result.winners:
        head = (f"You scored {score} points; you won!" if len(result.winners) == 1 else
                f"You scored {score} points; a shared win!")
    else:
        best = result.scores[result.winners[0]]
        head = (f"You scored {score} points; "
                f"{' and '.join(names[w] for w in result.winners)} won with {best}.")
    rounds = []
    r = 1
    while f"Round {r} points" in rows:
        mined, bonus = rows.get(f"Round {r} mined", 0), rows.get(f"Round {r} bonus", 0)
        rounds.append((f"{mined} mined + {bonus} bonus" if bonus else f"{mined}")
                      + f" in round {r}")
        r += 1
    any_bonus = any(rows.get(f"Round {k} bonus", 0) for k in range(1, r))
    return "\n".join([
        head,
        "Your points: " + ", ".join(rounds)
        + (" (the resources your fleet mined)." if not any_bonus else "."),
        "Each round a fleet scores the resources it mined (never more than its Cargo), plus the "
        "bonus of actions such as Deep Drill, Salvage Crew or Prospector. Fast fleets mine "
        "alone first; strong ones stay where fleets meet.",
    ])


TUTORIAL = Tutorial(
    seed=27,
    seats=[("You", None), ("Bob", "normal")],
    lessons=LESSONS,
    ending=ending,
    intro="A guided game against one bot: the coach explains each part of the game the first "
          "time it comes up. o goes on (Enter plays moves); Esc: no more lessons.",
)
