"""``allmine serve``: nothing leaks, nothing injects (issue 32). The real server, started as a
command on a free loopback port, is sent escape sequences in a path, a header and a websocket
message, and malformed requests carrying the key: its terminal output holds no control character
and no secret. The key's cookie reaches no other server of the host in a real browser. A page
that sends no input is closed after ``--idle-timeout``, its place freed, and it says why."""
from __future__ import annotations

import asyncio
import socket
import time

import aiohttp
import pytest
from aiohttp import web

from browser import CHROMIUM, Browser, Served, free_port, in_ci

from allmine_tui import shared
from allmine_tui.engine import Match, Seat

pytestmark = pytest.mark.slow  # each test starts the server (and an app process or two)
needs_chromium = pytest.mark.skipif(CHROMIUM is None and not in_ci(),
                                    reason="chromium is not installed (CI installs it)")
BANNER_END = b"Ctrl+C stops the server."


def http_with(cookies: dict | None = None) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), cookies=cookies)


def send_raw(port: int, request: bytes) -> bytes:
    """One request as the bytes given (no client library would send them), and the first bytes
    of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        try:
            return sock.recv(200)
        except OSError:
            return b""


def controls(data: bytes) -> set[str]:
    """The C0 and C1 control characters in ``data`` (read as UTF-8), newline aside, and DEL."""
    text = data.decode("utf-8", "replace")
    return {f"U+{ord(ch):04X}" for ch in text
            if ch != "\n" and (ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F)}


async def test_nothing_from_outside_reaches_the_server_s_terminal_and_no_secret_is_logged():
    _path, codes = shared.host(Match("all-mine", [Seat("Ann"), Seat("Bob"),
                                                  Seat("Cleo", "random")], 7))
    code = codes[0].replace("-", "")
    wrong = code[:-1] + ("a" if code[-1] != "a" else "b")  # a code with a typo
    with Served("--max-sessions", "2") as server:
        port, key, prefix = server.port, server.key, server.prefix
        base = server.base.split(str(port), 1)[1]  # "/s/PREFIX"
        cookie = f"allmine_key_{port}={key}"
        async with http_with(server.cookie) as http:
            # escape sequences in paths: the terminal's title (OSC 2), its clipboard (OSC 52),
            # a clear screen, a C1 CSI (U+009B as UTF-8), a newline faking a log line
            for path in ("/%1b%5d2%3bPWNED%1b%5c", base + "/%1b%5d52%3bc%3bZXZpbA%3d%3d%07",
                         base + "/static/%1b%5b2J%c2%9b31m", base + "/x%0a2099 INFO fake",
                         base + "/?key=" + key + "%1b%5b2J"):
                async with http.get(server.origin + path) as response:
                    assert response.status in (403, 404), path
            # headers with escapes: refused by the parser, and logged without their bytes
            # (the key rides along in the cookie of the same request)
            for header in (b"X-Evil: \x1b]2;PWNED\x07", b"User-Agent: \xc2\x9b2J\x1b[31m"):
                send_raw(port, b"GET " + base.encode() + b"/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Cookie: " + cookie.encode() + b"\r\n" + header + b"\r\n\r\n")
            async with http.get(server.base + "/", headers={"X-Title": "\u009b2J"}) as response:
                assert response.status == 200
            # malformed requests carrying the key and a join code in their first line
            for line in (f"GET {base}/?key={key} HTTP/1.1\x01",
                         f"GET {base}/ws/join/{code}?key={key} HTTP/1.1 and more",
                         f"G\x1bET {base}/?key={key} HTTP/1.1",
                         f"GET {base}/?key={key}\x1b]2;PWNED\x07 HTTP/1.1"):
                answer = send_raw(port, line.encode() + b"\r\nHost: 127.0.0.1\r\n\r\n")
                assert answer.startswith(b"HTTP/1.") and b" 400 " in answer, (line, answer)
            # a websocket with a join code in its path (and one with a wrong code) sends escape
            # sequences, then a message that is not JSON
            for codes_path, last in ((code, "\x1b]2;PWNED\x07\x1b[2J not json " + key),
                                     (wrong, '["resize", {"width": "\\u001b[2J", "height": 2}]')):
                ws = await http.ws_connect(f"{server.base}/ws/join/{codes_path}?width=90")
                await ws.send_str('["stdin", "\\u001b]2;PWNED\\u0007"]')
                await ws.send_str(last)
                message = await ws.receive(timeout=30)
                while message.type == aiohttp.WSMsgType.BINARY:  # the app's first frames
                    message = await ws.receive(timeout=30)
                assert message.type == aiohttp.WSMsgType.CLOSE, message
                await ws.close()
            await server.wait_for_apps(0)
        output = server.stop()
        raw = server.output()
    assert controls(raw) == set(), output
    assert b"\x1b" not in raw
    banner, _, after = raw.partition(BANNER_END)
    assert after, output
    assert banner.count(key.encode()) == 1  # in the address printed at the start, only there
    for secret in (key, prefix, code, codes[0], wrong, codes[0][:9]):
        assert secret.encode() not in after, (secret, output)
    assert not any(line.startswith("2099") for line in output.splitlines())  # no fake line
    assert "Traceback" not in output  # and so no local variables either
    # what the log does say: the raw paths, percent-encoded, the prefix and codes hidden
    assert "get /%1b%5d2" in output.lower()
    assert "get /s/…/x%0a2099" in output.lower() and "/s/…/ws/join/… 101" in output
    assert "malformed request from 127.0.0.1 refused" in output
    assert output.count("a page sent a message that is not one of the app's: closed") == 2


@needs_chromium
@pytest.mark.browser
async def test_the_key_s_cookie_reaches_no_other_port_of_the_host():
    asked: list[dict] = []

    async def record(request):
        asked.append({"path": request.path_qs, "headers": dict(request.headers)})
        return web.Response(text="<!DOCTYPE html><title>other</title><p>another server</p>",
                            content_type="text/html")

    app = web.Application()
    app.router.add_route("GET", "/{tail:.*}", record)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        with Served() as server:
            async with Browser() as page:
                await page.open(server.url, "five small games")  # the key is stored
                # the same browser, the same host, another port: the paths the app uses, too
                other = f"http://127.0.0.1:{port}"
                for path in ("/", "/static/js/textual.js", "/s/", "/allmine-page.js"):
                    await page.goto(other + path)
                # and the app's server still has the cookie from this browser
                await page.open(server.base + "/", "five small games")
            key, prefix = server.key, server.prefix
    finally:
        await runner.cleanup()
    assert {"/", "/static/js/textual.js", "/s/", "/allmine-page.js"} <= \
        {a["path"] for a in asked}, asked
    for request in asked:
        cookies = request["headers"].get("Cookie", "")
        assert "allmine_key" not in cookies, request
        assert key not in str(request) and prefix not in str(request), request


async def test_a_page_without_input_is_closed_its_place_freed_and_it_says_why():
    with Served("--idle-timeout", "2", "--max-sessions", "1") as server:
        async with http_with(server.cookie) as http:
            # a page that types keeps its app past the timeout
            busy = await http.ws_connect(server.base + "/ws?width=100&height=30")
            await server.wait_for_apps(1)
            end = time.monotonic() + 3.5
            while time.monotonic() < end:
                await busy.send_str('["stdin", "\\u001b[B"]')  # the down arrow
                typed = time.monotonic()
                await asyncio.sleep(0.5)
            assert not busy.closed and server.open_apps() == 1
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(server.base + "/ws")  # the one place is taken
            assert refused.value.status == 503
            # then it stops typing, and only pings: both kinds, the page's own and the
            # websocket's, which are not input
            started = time.monotonic()
            message = None
            while time.monotonic() < started + 40:
                try:
                    message = await busy.receive(timeout=0.2)
                except asyncio.TimeoutError:
                    await busy.send_str('["ping", "1"]')
                    await busy.ping()
                    continue
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    break
            assert message is not None and message.type == aiohttp.WSMsgType.CLOSE, message
            assert time.monotonic() - typed >= 1.9  # two seconds after the last key
            assert message.data == 4000
            assert message.extra == ("Closed after 2 seconds without a key pressed or the "
                                     "mouse used, to free its place. Reload the page to open "
                                     "it again.")
            await busy.close()
            await server.wait_for_apps(0)
            # its place is free: a new page gets an app
            fresh = await http.ws_connect(server.base + "/ws?width=100&height=30")
            first = await fresh.receive(timeout=30)
            assert first.type == aiohttp.WSMsgType.BINARY, first
            await server.wait_for_apps(1)
            await fresh.close()
            await server.wait_for_apps(0)
        assert "an app had no input for 2 seconds: closed" in "".join(server.lines)


@needs_chromium
@pytest.mark.browser
async def test_the_page_of_an_idle_app_says_why_it_closed():
    with Served("--idle-timeout", "2") as server:
        async with Browser() as page:
            await page.goto(server.url)
            why = ""
            for _ in range(300):  # at most 30 s
                why = await page.evaluate(
                    "document.body.classList.contains('-closed') && "
                    "getComputedStyle(document.querySelector('.closed-dialog')).display "
                    "!== 'none' ? document.body.innerText : ''") or ""
                if why:
                    break
                await asyncio.sleep(0.1)
            assert "This screen has closed." in why
            assert "Closed after 2 seconds without a key pressed" in why
            assert "Reload the page to open it again." in why
            await server.wait_for_apps(0)


async def test_an_app_s_crash_report_is_not_copied_to_the_server_s_terminal(caplog):
    from allmine_tui.serve_log import AppErrors

    report = ("╭── Traceback (most recent call last) ──╮\n│ \x1b[31mjoin.py\x1b[0m:88 in on_submit │\n"
              "│ ╭── locals ──╮ │\n│ │ code = 'k7qm-3xzd-p9fa' │ │\n╰────╯\n"
              "ZeroDivisionError: k7qm-3xzd-p9fa\n").encode()
    stream = asyncio.StreamReader()
    stream.feed_data(report)
    stream.feed_eof()
    errors = AppErrors(stream)
    assert await errors.read(4096) == b""  # textual-serve gets nothing to copy
    await errors.done
    logged = caplog.text
    assert "wrote %d bytes of errors (ZeroDivisionError; not shown" % len(report) in logged
    assert "k7qm" not in logged and "\x1b" not in logged
