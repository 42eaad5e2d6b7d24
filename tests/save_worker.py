"""One app with one save open, for tests/test_one_writer.py: ``python save_worker.py SAVE``.

It opens the save as the game list does (``resume_save``) in a real headless app and reports on
standard output, one JSON line at a time: ``{"opened": true}`` once the game is on screen (or
``{"opened": false, "notice": ...}`` with the lines the app showed instead, then it ends).
After that, each line read on standard input is a number of moves for the person to make (the
first legal move, sent through the game screen as a click or key would; the bots' turns are
played by the app); it answers with the length of the game's log once saved, and the save
problem the screen was told of, if any. An empty line closes the game (q) and ends."""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from allmine_tui import storage
from allmine_tui.ui.app import AllMineApp
from allmine_tui.ui.screens.picker import resume_save
from helpers import game_screen, until_idle, wait_until


def say(**report) -> None:
    print(json.dumps(report), flush=True)


async def main(path: Path) -> None:
    app = AllMineApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if not resume_save(app.screen, path):
            await pilot.pause()
            say(opened=False, notice=[n.message for n in app._notifications])
            return
        await wait_until(pilot, lambda: game_screen(app) is app.screen, "the game on screen")
        await until_idle(pilot)
        game = app.screen
        say(opened=True)
        loop = asyncio.get_running_loop()
        while True:
            line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if not line:
                break
            for _ in range(int(line)):
                await wait_until(pilot, lambda: game.flow.actor is not None, "the person's turn")
                before = len(game.match.log)
                seat = game.flow.actor
                game.submit(game.match.legal_actions(seat)[0])
                await wait_until(pilot, lambda: len(game.match.log) > before, "the move made")
            # the bots have played: nothing changes until the next line
            await wait_until(pilot, lambda: game.flow.actor is not None or game.match.is_over(),
                             "the person's turn again, or the end")
            await until_idle(pilot)
            game.session._saver.flush()
            shown = [n.message for n in app._notifications if n.severity == "error"]
            say(log=len(game.match.log), error=game.session.save_error or
                next(iter(shown), None))
        await pilot.press("q")
        await pilot.pause()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
    storage.flush_autosaves()
