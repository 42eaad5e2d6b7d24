"""``allmine serve`` in a real browser: the server started as a command, the page opened in headless
Chromium, keys pressed in the page, what the page shows read from its terminal. A game played and
saved; a shared game joined. Then what keeps the server to the people given its address: no page
or websocket without the key, no app in another site's frame, a cap on app processes, a page that
asks nothing of any other site, and the join-only page that shows nothing of the host's games.
Skipped only when Chromium is missing outside CI (CI installs it)."""
from __future__ import annotations

import asyncio
import json
import os
import sys
import time

import aiohttp
import pytest
from aiohttp import web

from browser import CHROMIUM, Browser, Served, free_port, in_ci

from allmine_tui import shared, storage
from allmine_tui.engine import Action, Match, Seat

needs_chromium = pytest.mark.skipif(CHROMIUM is None and not in_ci(),
                                    reason="chromium is not installed (CI installs it)")
WS_HEADERS = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
              "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


@pytest.fixture
def server(data_dir):
    with Served(env={"ALLMINE_BOT_DELAY": "0"}) as served:
        yield served


def http_with(cookies: dict | None = None) -> aiohttp.ClientSession:
    # (aiohttp keeps no cookie of an IP address unless told to)
    jar = aiohttp.CookieJar(unsafe=True)
    return aiohttp.ClientSession(cookie_jar=jar, cookies=cookies)


@needs_chromium
async def test_a_game_played_in_the_browser_is_saved(server, data_dir, tmp_path):
    async with Browser() as page:
        await page.open(server.url, "five small games")
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
        await page.open(server.url, "five small games")
        await page.press("j")
        await page.wait_for("Join a shared game")
        await page.press(*"not-a-code", "enter")
        await page.wait_for("No shared game has the join code 'not-…'")
        await page.press(*["backspace"] * 10, *codes[0], "enter", pause=0.05)
        screen = await page.wait_for("PREDICT")
        assert "viewing as Ann" in screen and "viewing as Bob" not in screen
        with pytest.raises(shared.SharedError, match="already open"):
            shared.join([codes[0]])
        await page.press("m", "d", "enter")
        await page.wait_for("(you chose +▲M −●D)")
        bob = shared.join([codes[1]])  # Bob predicts from another screen
        await page.wait_for("Ann (you), Bob")  # Ann's screen sees him arrive
        for _ in range(100):
            bob.poll()
            if 1 in bob.match.to_act():
                break
            await asyncio.sleep(0.1)
        bob.act(1, Action("predict", (1, 0)))
        bob.close()
        screen = await page.wait_for("Predictions revealed", timeout=5)
        assert "Bob +$G −◆C" in screen
        await page.wait_for("Bob left (waiting 0:0")
    logged = json.loads(path.read_text())["log"]
    assert [0, ["predict", 2, 3]] in logged and [1, ["predict", 1, 0]] in logged


# -- the key -------------------------------------------------------------------------------------
@needs_chromium
async def test_no_page_and_no_websocket_without_the_key(server):
    async with Browser() as page:
        text = await page.goto(server.base + "/")
        assert "needs its key" in text and "?key=" in text
        assert "needs its key" in await page.goto(server.origin + "/")
        text = await page.goto(server.base + "/?key=" + "x" * len(server.key))
        assert "Wrong key" in text
        for path in ("/static/js/textual.js", "/allmine-page.js", "/static/"):
            assert "needs its key" in await page.goto(server.base + path), path
        assert server.open_apps() == 0
        # the address with the key: stored as a cookie the page cannot read, then dropped
        # from the address bar
        await page.open(server.url, "five small games")
        assert await page.evaluate("location.href") == server.base + "/"
        assert await page.evaluate("document.cookie") == ""
        await server.wait_for_apps(1)
        await page.goto("about:blank")
        await server.wait_for_apps(0)
        await page.open(server.base + "/", "five small games")  # the stored key is enough
    async with http_with() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(server.base + "/ws")
        assert refused.value.status == 403
        async with http.get(server.base + "/ws", headers=WS_HEADERS) as response:
            assert response.status == 403
    async with http_with({f"allmine_key_{server.port}": "not-the-key"}) as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(server.base + "/ws")
        assert refused.value.status == 403
    await server.wait_for_apps(0)
    assert server.stop().count(server.key) == 1  # printed once at the start, never logged


@needs_chromium
async def test_a_page_of_another_site_gets_no_app_in_a_frame(server):
    foreign = f"""<!DOCTYPE html><html><body>
        <iframe id="with-key" src="{server.url}"></iframe>
        <iframe id="without" src="{server.base}/"></iframe></body></html>"""
    async def foreign_page(request):
        return web.Response(text=foreign, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", foreign_page)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        async with Browser() as page:
            await page.open(server.url, "five small games")  # the key is stored (a cookie)
            await page.goto("about:blank")
            await server.wait_for_apps(0)
            seen = len(server.lines)
            await page.goto(f"http://localhost:{port}/")  # "localhost": another site
            frames = await page.frames()
            assert set(frames) == {server.url, server.base + "/"}
            for asked, shown in frames.items():  # refused by the browser: an error page
                assert shown.startswith("chrome-error:"), (asked, shown)
            await asyncio.sleep(2.0)  # time enough for an app to start if one were going to
            assert server.open_apps() == 0
    finally:
        await runner.cleanup()
    asked = "".join(server.lines[seen:])
    assert "GET /s/…/ 403" in asked and "/ws" not in asked and "/static" not in asked


async def test_every_response_forbids_frames_and_other_sites(server):
    async with http_with(server.cookie) as http:
        for path in ("/", "/allmine-page.js", "/static/css/xterm.css", "/nothing", "/static/"):
            async with http.get(server.base + path) as response:
                headers = response.headers
                assert headers["X-Frame-Options"] == "DENY", path
                assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], path
                assert "default-src 'self'" in headers["Content-Security-Policy"], path
                if path == "/static/":
                    assert response.status in (403, 404)  # no folder listing
                    assert "textual.js" not in await response.text()
    async with http_with() as http:
        async with http.get(server.base + "/") as response:  # a refusal too
            assert response.status == 403 and response.headers["X-Frame-Options"] == "DENY"


async def test_names_other_than_the_server_s_own_are_refused(server):
    async with http_with(server.cookie) as http:
        async with http.get(server.base + "/", headers={"Host": "rebound.test"}) as response:
            assert response.status == 421 and "rebound.test" in await response.text()
        async with http.get(server.base + "/", headers={"Host": f"localhost:{server.port}"}) \
                as response:
            assert response.status == 200
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(server.base + "/ws", headers={"Origin": "http://evil.test"})
        assert refused.value.status == 403
        ws = await http.ws_connect(server.base + "/ws?width=100&height=30",
                                   headers={"Origin": server.base})
        await server.wait_for_apps(1)
        await ws.close()
    await server.wait_for_apps(0)


# -- the cap ---------------------------------------------------------------------------------------
@needs_chromium
async def test_at_most_max_sessions_apps_and_a_page_says_so(data_dir):
    with Served("--max-sessions", "2") as server:
        async with http_with(server.cookie) as http:
            first = await http.ws_connect(server.base + "/ws?width=100&height=30")
            second = await http.ws_connect(server.base + "/ws?width=100&height=30")
            await server.wait_for_apps(2)
            # no spare beyond the cap (one being spawned as the cap was reached ends at once)
            await server.wait_for_processes(2)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(server.base + "/ws")
            assert refused.value.status == 503
            async with Browser() as page:
                await page.goto(server.url)
                text = await page.wait_loaded()
                assert "All screens are in use" in text and "at most 2 apps" in text
                assert await page.screen() == ""  # no terminal on that page
                await first.close()
                await server.wait_for_apps(1)
                await page.open(server.base + "/", "five small games")
                await server.wait_for_apps(2)
                await server.wait_for_processes(2)
            await second.close()
        await server.wait_for_apps(0)


# -- nothing from other sites ----------------------------------------------------------------------
@needs_chromium
async def test_the_page_asks_only_its_own_server_and_opens_at_once(server):
    # every other site is unreachable: its packets are dropped (192.0.2.1 is a documentation
    # address that no machine answers), as a stalled font host did to textual-serve's own page
    async with Browser("--host-resolver-rules=MAP * 192.0.2.1, EXCLUDE 127.0.0.1") as page:
        await page.open(server.url, "five small games")  # the key stored (and the disk warm)
        await page.send("Network.enable")
        await page.send("Log.enable")
        shown, connected = [], []
        for _ in range(3):  # each a fresh app; the best of three (the machine may be busy)
            await page.goto("about:blank")
            await server.wait_for_apps(0)
            await server.wait_for_spare()  # as on a server up for more than a few seconds
            page.events.clear()
            started = time.monotonic()
            await page.send("Page.navigate", url=server.base + "/")
            while "five small games" not in await page.screen():
                assert time.monotonic() - started < 20, "the app never showed"
                await asyncio.sleep(0.02)
            shown.append(time.monotonic() - started)
            await asyncio.sleep(0.5)  # requests the page might still make after the first frame
            await page.evaluate("1")  # collects the events so far
            events = list(page.events)
            asked = [e["params"]["request"] for e in events
                     if e["method"] == "Network.requestWillBeSent"]
            sockets = [e["params"] for e in events if e["method"] == "Network.webSocketCreated"]
            assert asked and sockets
            for request in asked:
                assert request["url"].startswith(server.base + "/"), request["url"]
            for socket in sockets:
                assert socket["url"].startswith(f"ws://127.0.0.1:{server.port}/"), socket["url"]
            assert any(r["url"].endswith(".ttf") for r in asked)  # the bundled font is used
            # the page's own part: from asking for it to its connection to the app (an
            # unreachable stylesheet would hold the page's load event, and so the connection)
            first = min(e["params"]["timestamp"] for e in events
                        if e["method"] == "Network.requestWillBeSent")
            opened = min(e["params"]["timestamp"] for e in events
                         if e["method"] == "Network.webSocketWillSendHandshakeRequest")
            connected.append(opened - first)
            problems = [e["params"]["entry"]["text"] for e in events
                        if e["method"] == "Log.entryAdded"
                        and e["params"]["entry"]["level"] == "error"]
            assert problems == []  # (a Content-Security-Policy refusal would be one)
    assert min(connected) < 1.0, f"the page took {min(connected):.2f} s to connect"
    busy = os.getloadavg()[0] / (os.cpu_count() or 1)
    if min(shown) >= 2.0 and busy > 1.5:  # not a verdict on the page: on the machine
        pytest.skip(f"the app took {min(shown):.2f} s to show, but this machine runs "
                    f"{busy:.1f} processes per core")
    assert min(shown) < 2.0, f"the app took {min(shown):.2f} s to show (runs: {shown})"


# -- join only -------------------------------------------------------------------------------------
@needs_chromium
async def test_join_only_serves_no_game_list_and_no_saves(data_dir):
    local = Match("all-mine", [Seat("Zeno"), Seat("Yara", "random"), Seat("Xan", "random")], 4)
    storage.write_save(storage.new_save_path("all-mine"), local)  # the host's own game
    path, codes = shared.host(Match("all-mine", [Seat("Ann"), Seat("Bob"),
                                                 Seat("Cleo", "random")], 5))
    never = ("five small games", "Zeno", "Saved games", "Records", "New game")
    with Served("--join-only", env={"ALLMINE_BOT_DELAY": "0"}) as server:
        async with Browser() as page:
            await page.open(server.url, "Join a shared game")
            await page.press("tab")  # away from the code field, so keys reach the screen
            for keys in (["n"], ["s"], ["t"], ["c"], ["enter"], ["escape"], ["q"],
                         ["ctrl+p", *"Saved", "enter", "escape"],
                         ["ctrl+p", *"Records", "enter", "escape"],
                         ["ctrl+p", *"Continue", "enter", "escape"]):
                await page.press(*keys)
                for _ in range(50):  # until the palette's escape has closed it (its search
                    screen = await page.screen()  # line shows the words typed there)
                    if "🔎" not in screen:
                        break
                    await asyncio.sleep(0.1)
                assert "Join a shared game" in screen, keys
                for word in never:
                    assert word not in screen, (keys, word)
            # a fresh page (its code field has the keyboard); a code typed with spaces
            await page.open(server.base + "/", "Join a shared game")
            await page.press(*codes[1].replace("-", " "), "enter", pause=0.05)
            await page.wait_for("viewing as Bob")
            assert await page.evaluate("location.search") == "?code=" + codes[1]
            # a reload keeps the seat: the address carries the code
            await page.send("Page.reload")
            await page.wait_for("viewing as Bob", timeout=30)
            await page.evaluate("window.__allmineTerminal.focus()")
            await server.wait_for_apps(1)
            await page.press("q")
            await page.wait_for("Join a shared game")
            assert await page.evaluate("location.search") == ""
    assert json.loads(path.read_text())["summary"]["over"] is False


# -- without a browser -------------------------------------------------------------------------
def test_only_loopback_names_count_as_this_machine():
    from allmine_tui.serve import is_loopback

    for host in ("127.0.0.1", "127.8.0.1", "localhost", "::1", "[::1]", "LOCALHOST"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "192.168.1.4", "example.test", ""):
        assert not is_loopback(host), host


def test_the_names_a_server_answers_to():
    from allmine_tui.serve import Settings, host_refusal

    local = Settings("127.0.0.1", 8000)
    for name in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST"):
        assert host_refusal(name, local) is None, name
    for name in ("rebound.test:8000", "192.168.1.4:8000", "", "a b"):
        assert host_refusal(name, local) is not None, name
    lan = Settings("192.168.1.4", 8000)
    assert host_refusal("192.168.1.4:8000", lan) is None
    assert host_refusal("192.168.1.5:8000", lan) is not None
    anywhere = Settings("0.0.0.0", 8000, allow_hosts=["games.example.com"])
    for name in ("10.0.0.7:8000", "[fe80::1]:8000", "games.example.com", "localhost"):
        assert host_refusal(name, anywhere) is None, name
    assert "rebound.test" in host_refusal("rebound.test:8000", anywhere)


def test_websockets_from_other_sites_are_refused():
    from allmine_tui.serve import websocket_refusal

    assert websocket_refusal("127.0.0.1:8000", "http://127.0.0.1:8000") is None
    assert websocket_refusal("localhost:8000", None) is None
    assert "evil.test" in websocket_refusal("127.0.0.1:8000", "http://evil.test")
    assert websocket_refusal("games.example.com", "https://games.example.com") is None
    assert websocket_refusal("games.example.com", "http://evil.test") is not None


def test_codes_in_the_address():
    from allmine_tui.serve import codes_of_query, codes_path

    assert codes_of_query("k7qm-3xzd-p9fa") == ["k7qm-3xzd-p9fa"]
    assert codes_of_query("K7QM 3XZD P9FA h2wc 8rtn e5vb") == ["k7qm-3xzd-p9fa",
                                                               "h2wc-8rtn-e5vb"]
    assert codes_path(codes_of_query("k7qm-3xzd-p9fa")) == "/ws/join/k7qm3xzdp9fa"
    assert codes_path(codes_of_query("<script>")) == "/ws"  # not a code: the join screen asks
    assert codes_path(codes_of_query("")) == "/ws"
    assert codes_of_query("x" * 100_000) == []


def test_serve_options_and_warnings(monkeypatch, capsys, data_dir):
    from allmine_tui import cli, serve

    served = []
    monkeypatch.setattr(serve, "serve", served.append)
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "8123", "--join-only",
                     "--allow-host", "games.example.com", "--max-sessions", "2"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("allmine: warning: serving on 0.0.0.0:8123")
    assert "join your shared games" in err[0] and "not encrypted" in err[0]
    assert cli.main(["serve"]) == 0
    assert capsys.readouterr().err == ""
    wide, local = served
    assert (wide.host, wide.port, wide.join_only, wide.max_sessions, wide.allow_hosts) == \
        ("0.0.0.0", 8123, True, 2, ["games.example.com"])
    assert (local.host, local.port, local.join_only, local.max_sessions) == \
        ("127.0.0.1", 8000, False, 4)
    assert len(local.key) >= 32 and local.key != wide.key  # a new key at every start
    assert local.url() == f"http://127.0.0.1:8000/s/{local.prefix}/?key={local.key}"
    assert len(local.prefix) >= 16 and local.prefix != wide.prefix  # a new prefix too
    assert (local.idle_timeout, wide.idle_timeout) == (600, 600)
    for bad, message in ((["--port", "70000"], "--port must be between 1 and 65535"),
                         (["--max-sessions", "0"], "--max-sessions must be between 1 and 100"),
                         (["--allow-host", "http://x/"], "--allow-host takes a host name"),
                         (["--idle-timeout", "0"], "--idle-timeout must be a number of seconds"),
                         (["--idle-timeout", "nan"], "--idle-timeout must be a number of seconds")):
        assert cli.main(["serve", *bad]) == 2
        assert message in capsys.readouterr().err
    assert serve.app_command().split()[0] == sys.executable and \
        serve.app_command().endswith(" -m allmine_tui")
    assert serve.app_command(join=True).endswith(" -m allmine_tui join --in-browser")
