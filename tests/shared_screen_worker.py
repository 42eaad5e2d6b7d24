"""One screen of a shared game: the real app, headless, joined with join codes, run as
``python shared_screen_worker.py SEED CODE [CODE...]``. It plays its seat(s) by key presses to the
results screen with the hot-seat audit reading every frame (the person at the keyboard is this
screen's seat; with several codes, whoever passed the curtain), and prints one JSON object. A leak
ends it with the audit's message and exit status 1."""
from __future__ import annotations

import asyncio
import json
import random
import sys

from audit_drivers import DRIVERS
from privacy_audit import Audit, Leak, play_by_keys

from allmine_tui import shared
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.results import ResultsScreen
from allmine_tui.ui.shared_session import SharedSession


async def main(seed: int, codes: list[str]) -> dict:
    play = shared.join(codes)
    app = AllMineApp(SharedSession(play))
    audit = Audit(app, play.match, play.seats)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot, audit, DRIVERS[play.match.game_id], random.Random(seed),
                           max_steps=20000, wait=0.03)
        results = isinstance(app.screen, ResultsScreen)
    return {"seats": play.seats, "checks": audit.checks, "over": play.match.is_over(),
            "results": results, "log": len(play.match.log)}


if __name__ == "__main__":
    try:
        report = asyncio.run(asyncio.wait_for(main(int(sys.argv[1]), sys.argv[2:]), 240))
    except Leak as leak:
        print(f"LEAK: {leak}", file=sys.stderr)
        raise SystemExit(1)
    print(json.dumps(report))
