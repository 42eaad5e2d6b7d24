"""Write the sample saved games in saves/ (fixtures for tests and demos).

    python tools/make_sample_saves.py [OUT_DIR]

Each sample is a seeded game with two human seats and bots in the others (so resuming shows the
privacy curtain). Bots play their own moves; the humans' moves are picked by a seeded RNG. A game in
progress stops at the first moment a human must act once the wanted progress is reached; a finished
sample (``*-finished.json``, for the results screen and the replay viewer) is played to the end.
Each is written with ``storage.write_save``. The same seeds always give the same games.
"""
from __future__ import annotations

import random
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from allmine_tui import storage  # noqa: E402
from allmine_tui.engine import Match, Seat  # noqa: E402
import allmine_tui.games  # noqa: E402,F401  (registers the games Match looks up by id)


@dataclass(frozen=True)
class Sample:
    filename: str
    game: str
    seats: tuple[Seat, ...]
    seed: int
    ready: Callable[[Match], bool] | None  # True once the game has gone far enough; None: the end
    about: str


def _all_mine_mid_hand(match: Match) -> bool:
    s = match.state
    heap = sum(len(stack) for stack in s.heap)
    return s.hand_no == 0 and s.phase == "play" and not s.trick and s.tricks_done >= 4 and heap > 0


def _all_mine_mid_game(match: Match) -> bool:
    s = match.state
    return s.hand_no == 2 and s.phase == "play" and s.tricks_done >= 3


def _all_in_mid_game(match: Match) -> bool:
    s = match.state
    humans = [i for i, seat in enumerate(match.seats) if seat.human]
    return s.round >= 10 and s.phase == "write" and all(c is None for c in s.choice) \
        and not any(s.done[i] for i in humans)


def _mine_all_mine_round_2(match: Match) -> bool:
    s = match.state
    humans = [i for i, seat in enumerate(match.seats) if seat.human]
    return s.round_no == 1 and s.phase == "fleet" and not any(s.launched[i] for i in humans) \
        and not any(s.pending[i] for i in humans)


def _mine_all_mines_round_2(match: Match) -> bool:
    s = match.state
    bought = sum(len(o["jewelry"]) + len(o["support"]) for o in s.owned)
    return s.round_no == 1 and s.phase == "play" and s.turn >= 5 and bought >= 2 \
        and match.seats[s.seat].human


def _this_is_mine_negotiation(match: Match) -> bool:
    s = match.state
    return s.round_no >= 2 and s.phase == "negotiate" and s.claim is not None \
        and any(lot["money"] for lot in s.lots if lot["owner"] is None) \
        and match.seats[match.to_act()[0]].human


SAMPLES = [
    Sample("all-mine-mid-hand.json", "all-mine",
           (Seat("Arve"), Seat("Brittany"), Seat("Clay", "random")), 1001,
           _all_mine_mid_hand, "3 players, hand 1 with a few tricks played and the heap in use"),
    Sample("all-mine-mid-game.json", "all-mine",
           (Seat("Arve"), Seat("Brittany", "random"), Seat("Clay"), Seat("Deepal", "random")), 2002,
           _all_mine_mid_game, "4 players, in hand 3"),
    Sample("all-in-mid-game.json", "all-in",
           (Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")), 3003,
           _all_in_mid_game, "3 players on advanced sheets, round 10 or later"),
    Sample("mine-all-mine-round-2.json", "mine-all-mine",
           (Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")), 4004,
           _mine_all_mine_round_2, "3 players, round 2, fleets being assembled"),
    Sample("mine-all-mines-round-2.json", "mine-all-mines",
           (Seat("Ann"), Seat("Bob", "random"), Seat("Cleo"), Seat("Dan", "random")), 5005,
           _mine_all_mines_round_2, "4 players, round 2 with dwarves in the mines and cards bought"),
    Sample("this-is-mine-negotiation.json", "this-is-mine",
           (Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")), 6006,
           _this_is_mine_negotiation, "3 players, round 3 or later, a claim disputed with money on a lot"),
    Sample("all-mine-finished.json", "all-mine",
           (Seat("Arve"), Seat("Brittany"), Seat("Clay", "normal")), 1101, None, "3 players, finished"),
    Sample("all-in-finished.json", "all-in",
           (Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal")), 3103, None,
           "3 players on advanced sheets, finished"),
    Sample("mine-all-mine-finished.json", "mine-all-mine",
           (Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal"), Seat("Dan", "random")), 4104, None,
           "4 players, finished"),
    Sample("mine-all-mines-finished.json", "mine-all-mines",
           (Seat("Ann"), Seat("Bob", "normal"), Seat("Cleo")), 5105, None, "3 players, finished"),
    Sample("this-is-mine-finished.json", "this-is-mine",
           (Seat("Ann"), Seat("Bob"), Seat("Cleo", "normal"), Seat("Dan", "random")), 6106, None,
           "4 players, finished"),
]


def build(sample: Sample, max_actions: int = 10_000) -> Match:
    """Play the sample's game until it is ready and a human must act (or to its end)."""
    options = {"sheets": "advanced"} if sample.game == "all-in" else None
    match = Match(sample.game, list(sample.seats), sample.seed, options)
    rng = random.Random(f"sample/{sample.filename}/{sample.seed}")
    while len(match.log) < max_actions:
        match.run_bots()
        if match.is_over():
            if sample.ready is None:
                return match
            raise RuntimeError(f"{sample.filename}: the game ended before it was ready")
        humans = match.human_seats_to_act()
        if sample.ready is not None and sample.ready(match) and humans:
            return match
        seat = humans[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    raise RuntimeError(f"{sample.filename}: not ready after {max_actions} actions")


def registered_samples() -> list[Sample]:
    """Samples of the games this version registers (a game in progress joins when registered)."""
    from allmine_tui.games import GAMES

    return [s for s in SAMPLES if s.game in GAMES]


def _same_game(path: Path, match) -> bool:
    """True when ``path`` already holds this game (only its timestamps would change)."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    new = match.to_json()
    return all(old.get(k) == new.get(k) for k in ("game", "seats", "seed", "options", "log",
                                                    "state"))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else REPO / "saves"
    out.mkdir(parents=True, exist_ok=True)
    for sample in registered_samples():
        match = build(sample)
        path = out / sample.filename
        if _same_game(path, match):
            print(f"{path}: unchanged")
            continue
        storage.write_save(path, match)
        print(f"{path}: {sample.about}; {match.rules.progress(match.state)}, "
              f"{len(match.log)} moves")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
