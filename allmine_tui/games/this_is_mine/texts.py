"""What the This is Mine! table says: the help's key list, the marks of the board ("What's this"),
the menu's lines for each move, and "Bob claims" / "You claim"."""
from __future__ import annotations

from ...engine import Action
from . import worth
from .rules import lot_name
from .views import ThisIsMineView
from .widgets import short_name

CONTROLS = """
- **Splitting (the Leader):** the opened cards stay in one row, each showing its lot
  ("Bottle→B"). ←/→ choose a card, **A–D** put it in that lot (the cursor stays on it); or
  click a card, then the line of a lot. **u** takes back the last card moved. Every lot needs a
  card; **Enter** (or a click on Confirm) confirms the lots. A half-made split is kept with the
  game: leaving and coming back, or a peek, finds it as it was.
- **Negotiating:** the menu lists what you may do: claim a lot, accept the claim, or refuse it
  (it costs a Money Card, placed on another lot). ↑/↓ and **Enter**, the line's number (1–9), or
  a click. **A–D** or a click on a lot claims it, or puts your refusal's Money Card on it.
- **What just changed** is marked • until the next move: the card just put in a lot, the lot
  just claimed (its claim underlined), the $1 a refusal put on a lot, who accepted or refused,
  the lot just taken, whose Money Cards moved; between rounds, how the last round's lots went.
- **What things are worth:** the key on the right gives each type's money at the end. While
  your cards are on screen you also see what they are worth now (Bottles are counted, not
  priced: their prize depends on everyone's Bottles), and beside each lot what your cards
  would be worth with it.
- **Between rounds:** ask for the Balance Card or pass. **At the end:** each Relative takes one
  of your Objects, then each Suitcase copies a type; both are chosen in secret, and each choice
  shows what your cards are worth after it, counting what your Suitcases can still copy best
  (a Relative that takes your only Skate also takes the pair a Suitcase would have made).
- **p** lets a person peek at their own cards behind the curtain (press p again to stop),
  **u** takes back the last move while nobody has answered it (in hot seat, on the table: the
  last claim, refusal or answer, by the person who made it), **q** returns to the menu (saved
  after every move), **k** lists what the marks on the table mean (a mark under the mouse
  says it too), **?** shows this help. New to the game? **l** (Learn to play) on the picker
  starts a guided first game with a coach.
"""


def menu_path(view: ThisIsMineView, action: Action, names: list[str]) -> list[str]:
    k, a = action.kind, action.args
    lots = view["lots"]

    def lot_text(i: int) -> str:
        """'lot A (3 cards + $1)': what is in it is on the table just above."""
        lot = lots[i]
        k = len(lot["cards"] or [])
        money = f" + ${lot['money']}" if lot["money"] else ""
        return f"lot {lot['name']} ({k} card{'s' if k != 1 else ''}{money})"

    if k == "claim":
        return [f"Claim {lot_text(a[0])}"]
    if k in ("accept", "refuse"):
        claim = view["claim"]
        assert claim is not None  # (an answer is to the claim on the table)
        if k == "accept":
            return [f"Accept: {names[view['leader']]} takes lot {lot_name(claim)}"]
        claimed = lot_name(claim)
        others = [i for i, lot in enumerate(lots) if lot["owner"] is None and i != claim]
        if len(others) == 1:  # one place for the $1: one short line (no sub-menu)
            return [f"Refuse and claim lot {claimed}; your $1 goes on lot {lots[a[0]]['name']}"]
        return [f"Refuse and claim lot {claimed} (costs $1)", f"put the $1 on {lot_text(a[0])}"]
    if k == "balance":
        return ["Ask for the Balance Card (even out the Money Cards)" if a[0] else
                "Pass (no Balance Card)"]
    if k in ("discard", "copy"):
        mine = worth.own(view)
        after = worth.discard_worth(view, a[0]) if k == "discard" else \
            worth.copy_worth(view, a[0])
        change = worth.difference(after, worth.outlook(view)[0]) if mine is not None else ""
        what = f"Relative takes {short_name(a[0])}" if k == "discard" else \
            f"Suitcase copies {short_name(a[0])}"
        return [f"{what}: {after.text()} ({change})"]
    return [" ".join(str(x) for x in action.to_json())]


def says(name: str, verb: str) -> str:
    """'Bob claims', but 'You claim' (the learner of a guided game is called You)."""
    if name != "You":
        return f"{name} {verb}"
    return "You " + " ".join(w[:-1] if w.endswith("s") and w != "or" else w
                             for w in verb.split())


#: every mark the table draws and what it means (k lists them; the mouse over a mark says it too)
LEGEND = [
    ("▶", "whose decision it is; while you split, the card under your cursor; in the "
          "menu, the line Enter chooses"),
    ("•", "what the last move changed (underlined): the card just put in a lot, the lot "
          "just claimed or taken, the $1 of a refusal, who just answered, whose money moved"),
    ("→", "Bottle→B: the lot an opened card has been put in"),
    ("◀", "the claim: this player says \"This is mine!\" about this lot"),
    ("This is mine!", "this player claims the lot named beside it; the others still "
                      "without a lot accept, or refuse by paying $1"),
    ("Got it!", "this player has taken their lot this round and is out of the "
                "negotiation"),
    ("to answer", "this player must now accept the claim or refuse it"),
    ("waits to answer", "this player will accept or refuse the claim after the one "
                        "answering now"),
    ("round Leader", "this player split the cards of this round and claimed first"),
    ("$", "dollars: a player's Money Cards ($1 each), the money refusals left on a lot "
          "(its taker gets it), or what cards are worth"),
    ("coins $", "coins earned by giving Money Cards away at a Balance: they count at the "
                "end, but cannot pay for a refusal"),
    ("you:", "what your cards would be worth at the end with this lot, and the change"),
    ("worth now:", "what your cards would pay if the game ended now (Bottles are counted: "
                   "their prize depends on everyone's Bottles)"),
    ("to come:", "what your Relatives and Suitcases will still do at the end"),
    ("±$0", "no change in money"),
    ("×", "2× Bottle: two cards of that type"),
    ("Relative", "worth nothing; at the end each Relative takes one of its owner's "
                 "Objects"),
    ("Suitcase", "gave everyone $1 when opened; at the end it copies an Object type its "
                 "owner holds (not a TV or Radio)"),
    ("0:−$3", "Bibelots by count: none costs $3, one pays nothing, 2 pay $3, 3 pay $7, "
              "4 or more pay $12"),
    ("deck", "cards still to be opened in the rounds to come"),
    ("›", "in the menu: this line opens a choice (such as where your $1 goes)"),
]
