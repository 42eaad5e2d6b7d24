"""One screen's player of a shared game, without the app, for the race test: run as
``python shared_worker.py CODE SEED GO_FILE``. It waits for GO_FILE (so several workers start at
the same moment), then plays its seat with random legal moves and plays every bot it finds to act,
as fast as it can, until the game is over. It prints one JSON object: the moves it made (its own,
and the bot moves it applied with the log length they were decided at)."""
from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from allmine_tui import shared


def main(code: str, seed: int, go: Path) -> dict:
    play = shared.join([code])
    rng = random.Random(seed)
    mine: list = []
    bots: list = []
    stale = 0
    while not go.exists():
        time.sleep(0.001)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        play.poll()
        match = play.match
        if match.is_over():
            break
        acting = match.to_act()
        seat = next((s for s in acting if s in play.seats), None)
        if seat is not None and rng.random() < 0.7:
            action = rng.choice(match.legal_actions(seat))
            applied, _events = play.act(seat, action)
            assert applied
            mine.append([seat, action.to_json()])
        elif match.bot_seats_to_act():
            bot = match.bot_seats_to_act()[0]
            move = play.bot_move(bot)
            if move is not None:
                applied, _events = play.act(bot, move[0], base=move[1])
                if applied:
                    bots.append([move[1], bot, move[0].to_json()])
                else:
                    stale += 1
        else:
            time.sleep(0.002)  # only the other screen's seat is to act
    play.close()
    return {"seat": play.seats[0], "mine": mine, "bots": bots, "stale": stale,
            "over": play.match.is_over()}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]))))
