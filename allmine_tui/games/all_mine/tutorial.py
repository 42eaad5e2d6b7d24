"""All Mine!, learn to play: a guided first game against two bots, in our own words."""
from __future__ import annotations

from ...engine.tutorial import Lesson, Tutorial
from .cards import LETTERS, SUITS

LEARNER = 0


def _mine(view) -> bool:
    return LEARNER in view["to_act"]


def _void_somewhere(view) -> bool:
    return any(k == 0 for seat, row in enumerate(view["hand_suits"]) if seat != LEARNER
               for k in row) and view["phase"] == "play"


def _first_hand_scored(view) -> bool:
    return bool(view["history"]) and view["phase"] == "predict"


def _last_hand(view, names) -> str:
    rec = view["history"][-1]["players"][LEARNER]
    most, fewest = SUITS[rec["most"]], SUITS[rec["fewest"]]
    taken = ", ".join(f"{k} {SUITS[i]}" for i, k in enumerate(rec["counts"]))
    return (f"The last hand is scored (its summary was on screen). You predicted most "
            f"{most} and fewest {fewest}, and took {taken}. That gave you "
            f"{rec['most_points']} for Most, {rec['fewest_points']} for Fewest and "
            f"{rec['bonus']} bonus: {rec['total']} points. Each hand has a new dealer and new "
            f"trumps, so look at the TRUMPS row again before you predict.")


LESSONS = [
    Lesson("goal", lambda v: v["phase"] == "predict" and _mine(v),
           "Welcome! All Mine! is a trick-taking game with a twist. Before each hand you "
           "secretly predict which suit (treasure) you will collect MOST of and which you will "
           "collect FEWEST of, among the cards you win. Right predictions score; winning many "
           "tricks does not score by itself. There is one hand per player.",
           target="#predict"),
    Lesson("trumps", lambda v: v["phase"] == "predict" and _mine(v),
           "The TRUMPS row decides what beats what this hand. The four cards there are "
           "super-trumps (marked ★): each beats every other card, the leftmost strongest. "
           "After them the suits rank in the order shown: a card of the first suit beats any "
           "card of the others, and within a suit higher numbers win.",
           target="#trumps"),
    Lesson("backs", lambda v: v["phase"] == "predict" and _mine(v),
           "Everyone's card backs are public: this table shows how many cards of each suit "
           "every player holds (▮ backs and a count), what each has won so far by suit, their "
           "prediction and their score. Use it: a player with many backs of a suit will win "
           "or follow in it.",
           target="#players"),
    Lesson("predict", lambda v: v["phase"] == "predict" and _mine(v),
           "Now predict. Pick the Most suit, then the Fewest suit (they must differ), with the "
           "letters c g m d, the arrows and Enter, or a click; Enter then places both tiles "
           "face down. Think about which of your cards can win tricks: strong cards in a "
           "strong suit and super-trumps take tricks, and every trick you take brings its "
           "cards and one card of your choice from the treasure heap.",
           target="#predict"),
    Lesson("lead", lambda v: v["phase"] == "play" and _mine(v) and not v["trick"],
           "Your turn to lead a trick: any card may be played. Bright framed cards are the ones "
           "you may play; ←/→ move along your hand and Enter plays (or click a card). The "
           "strongest card of the trick wins it.",
           target="#hand"),
    Lesson("follow", lambda v: v["phase"] == "play" and _mine(v) and bool(v["trick"]),
           "Someone has led: you must follow their suit if you can (super-trumps belong to "
           "their suit for this). The cards you may play are bright; the dim ones are not "
           "allowed now. If you hold none of the led suit, any card may be played.",
           target="#hand"),
    Lesson("heap", lambda v: v["phase"] == "heap" and _mine(v),
           "You won the trick! Its cards are yours (counted by suit in the table), and you also "
           "take one card from the TREASURE HEAP: choose its suit (c g m d, or the arrows and "
           "Enter). Use it to steer your counts toward your prediction.",
           target="#heap"),
    Lesson("void", _void_somewhere,
           "✗ void in the table means that player has no cards of that suit left: when that "
           "suit is led they may play anything, so even a weak card of a strong suit can "
           "win the trick.",
           target="#players"),
    Lesson("scored", _first_hand_scored, _last_hand, target="#players"),
]


def ending(result, seat: int, names: list[str]) -> str:
    """The learner's own result, explained line by line from the score breakdown."""
    rows = [(label, values[seat]) for label, values in result.table]
    lines = [f"You scored {result.scores[seat]} points; "
             + ("you won!" if seat in result.winners else
                f"{' and '.join(names[w] for w in result.winners)} won.")]
    for label, value in rows:
        if label.endswith("points"):
            lines.append(f"{label}: {value}")
    lines.append("Each hand: 5 points for each prediction that was exactly right, 3 if your "
                 "suit tied for most (or fewest), and when both were right a bonus equal to "
                 "the difference between the two counts. Letters: "
                 + ", ".join(f"{LETTERS[i]} {SUITS[i]}" for i in range(4)) + ".")
    return "\n".join(lines)


TUTORIAL = Tutorial(
    seed=2024,
    seats=[("You", None), ("Bob", "normal"), ("Cleo", "normal")],
    lessons=LESSONS,
    ending=ending,
    intro="A guided game: the coach explains each part of the game the first time it comes "
          "up. o goes on (Enter plays moves); Esc: no more lessons.",
)
