"""``allmine serve`` in a real browser: the server started as a command, the page opened in headless
Chromium, a game played by key presses in the page, what the page shows read from its terminal,
and the save found on disk. Also a shared game joined from the page, with a move made elsewhere
showing up in it. Skipped only when Chromium is missing outside CI (CI installs it)."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import aiohttp
import pytest

from browser import CHROMIUM, Browser, free_port, in_ci, wait_for_port

from allmine_tui import shared, storage
from allmine_tui.engine import Action, Match, Seat

needs_chromium = pytest.mark.skipif(CHROMIUM is None and not in_ci(),
                                    reason="chromium is not installed (CI installs it)")


@pytest.fixture
def server(data_dir):
    """``python -m allmine_tui serve`` on a free port; yields its address."""
    port = free_port()
    env = dict(os.environ, ALLMINE_BOT_DELAY="0")
    process = subprocess.Popen([sys.executable, "-m", "allmine_tui", "serve", "--port", str(port)],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, process)
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            out = process.communicate(timeout=20)[0].decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            process.kill()
            out = process.communicate()[0].decode("utf-8", "replace")
        assert "Traceback" not in out, out


@needs_chromium
async def test_a_game_played_in_the_browser_is_saved(server, data_dir, tmp_path):
    async with Browser() as page:
        await page.open(f"http://{server}/", "five small games")
        await page.press("n")  # All Mine!, the first game: Ann against two bots
        await page.wait_for("Seats (in playing order")
        await page.press("ctrl+s")
        await page.wait_for("PREDICT")
        await page.press("c", "g", "enter")
        screen = await page.wait_for("(you chose +◆C −$G)")
        assert "Predictions revealed" in screen
        for _ in range(40):  # Ann plays (or takes from the heap) until the first trick is won
            screen = await page.screen()
            if "wins trick 1" in screen:
                break
            if "Your turn" in screen or "You won the trick" in screen:
                await page.press("enter")
            await asyncio.sleep(0.25)
        screen = await page.wait_for("wins trick 1")
        assert "ANN" in screen  # Ann's own hand, face up
        shot = await page.screenshot(tmp_path / "browser.png")
        assert shot.read_bytes().startswith(b"\x89PNG")
    saves = list((data_dir / "saves").glob("*.json"))
    assert len(saves) == 1
    match, _doc = storage.load_match(saves[0])
    ann = [action for seat, action in match.log if seat == 0]
    assert ann[0] == Action("predict", (0, 1))  # most Crystals, fewest Gold
    assert len(match.state.last_trick) == 3 or match.state.tricks_done >= 1


@needs_chromium
async def test_a_shared_game_joined_in_the_browser(server, data_dir):
    match = Match("all-mine", [Seat("Ann"), Seat("Bob"), Seat("Cleo", "random")], 11)
    path, codes = shared.host(match)
    async with Browser() as page:
        await page.open(f"http://{server}/", "five small games")
        await page.press("j")
        await page.wait_for("Join a shared game")
        await page.press(*"not-a-code", "enter")
        await page.wait_for("No shared game has the join code 'not-a-code'")
        await page.press(*["backspace"] * 10, *codes[0], "enter", pause=0.05)
        screen = await page.wait_for("PREDICT")
        assert "viewing as Ann" in screen and "viewing as Bob" not in screen
        with pytest.raises(shared.SharedError, match="already open"):
            shared.join([codes[0]])
        await page.press("m", "d", "enter")
        await page.wait_for("(you chose +▲M −●D)")
        bob = shared.join([codes[1]])  # Bob predicts from another screen
        for _ in range(100):
            bob.poll()
            if 1 in bob.match.to_act():
                break
            await asyncio.sleep(0.1)
        bob.act(1, Action("predict", (1, 0)))
        bob.close()
        screen = await page.wait_for("Predictions revealed", timeout=5)
        assert "Bob +$G −◆C" in screen
    logged = json.loads(path.read_text())["log"]
    assert [0, ["predict", 2, 3]] in logged and [1, ["predict", 1, 0]] in logged


async def test_a_websocket_from_another_site_is_refused(server):
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://{server}/") as response:
            page = await response.text()
        assert f"ws://{server}/ws" in page  # the page connects back where the browser asked
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"http://{server}/ws", headers={"Origin": "http://evil.test"})
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"http://{server}/ws", headers={"Host": "rebound.test"})
        assert refused.value.status == 403
        ws = await http.ws_connect(f"http://{server}/ws?width=100&height=30",
                                   headers={"Origin": f"http://{server}"})
        await ws.close()


# -- without a browser -------------------------------------------------------------------------
def test_only_loopback_names_count_as_this_machine():
    from allmine_tui.serve import is_loopback

    for host in ("127.0.0.1", "127.8.0.1", "localhost", "::1", "[::1]", "LOCALHOST"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "192.168.1.4", "example.test", ""):
        assert not is_loopback(host), host


def test_websockets_from_other_sites_or_other_names_are_refused():
    from allmine_tui.serve import websocket_refusal

    assert websocket_refusal("127.0.0.1:8000", "http://127.0.0.1:8000", True) is None
    assert websocket_refusal("localhost:8000", None, True) is None
    assert "evil.test" in websocket_refusal("127.0.0.1:8000", "http://evil.test", True)
    # a name that points at this machine but is not its own (DNS rebinding)
    assert "rebound.test" in websocket_refusal("rebound.test:8000", "http://rebound.test:8000",
                                               True)
    # a server open to the network answers any name, but still only its own pages
    assert websocket_refusal("games.lan:8000", "http://games.lan:8000", False) is None
    assert websocket_refusal("games.lan:8000", "http://evil.test", False) is not None


def test_serve_warns_when_open_to_the_network_and_runs_this_python(monkeypatch, capsys,
                                                                   data_dir):
    from allmine_tui import cli, serve

    served = []
    monkeypatch.setattr(serve, "serve", lambda host, port: served.append((host, port)))
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("allmine: warning: serving on 0.0.0.0:8123")
    assert "anyone who can reach" in err[0]
    assert cli.main(["serve"]) == 0
    assert capsys.readouterr().err == ""
    assert served == [("0.0.0.0", 8123), ("127.0.0.1", 8000)]
    assert cli.main(["serve", "--port", "70000"]) == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err
    assert serve.app_command().split()[0] == sys.executable and \
        serve.app_command().endswith(" -m allmine_tui")
