"""Headless Chromium driven over the DevTools protocol (a websocket, with aiohttp), for the tests of
``allmine serve``: open a page, press keys in it, read the text of the terminal it shows, take a
screenshot. No browser-automation package: Chromium's own ``--remote-debugging-port``.

The page's terminal (xterm.js, drawn on a canvas) is not reachable from the page's globals, so a
script run before the page's own (``Page.addScriptToEvaluateOnNewDocument``) notes the terminal
object when xterm.js hands it to its add-ons (they keep it as ``this._terminal``); its buffer is
then read line by line.
"""
from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1300,900"]

# xterm.js add-ons run ``this._terminal = terminal``: an accessor on Object.prototype sees it
FIND_TERMINAL = """
Object.defineProperty(Object.prototype, "_terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    if (value && value.buffer && !window.__allmineTerminal) window.__allmineTerminal = value;
    Object.defineProperty(this, "_terminal",
      {value, writable: true, configurable: true, enumerable: true});
  },
});
"""
READ_SCREEN = """(() => {
  const t = window.__allmineTerminal;
  if (!t) return null;
  const b = t.buffer.active, lines = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()"""

KEYS = {  # DevTools key events for the keys the tests press
    "enter": {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"},
    "escape": {"key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27},
    "left": {"key": "ArrowLeft", "code": "ArrowLeft", "windowsVirtualKeyCode": 37},
    "up": {"key": "ArrowUp", "code": "ArrowUp", "windowsVirtualKeyCode": 38},
    "right": {"key": "ArrowRight", "code": "ArrowRight", "windowsVirtualKeyCode": 39},
    "down": {"key": "ArrowDown", "code": "ArrowDown", "windowsVirtualKeyCode": 40},
    "tab": {"key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9},
    "backspace": {"key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8},
    "ctrl+s": {"key": "s", "code": "KeyS", "windowsVirtualKeyCode": 83, "modifiers": 2},
    "ctrl+p": {"key": "p", "code": "KeyP", "windowsVirtualKeyCode": 80, "modifiers": 2},
}


class Browser:
    """One headless Chromium with one page. Use ``async with Browser() as page``."""

    def __init__(self, *flags: str) -> None:
        """``flags``: more Chromium flags (e.g. ``--host-resolver-rules=...``)."""
        self.profile = tempfile.mkdtemp(prefix="allmine-chromium-")
        self.flags = list(flags)
        self.process: subprocess.Popen | None = None
        self.http: aiohttp.ClientSession | None = None
        self.ws = None
        self._ids = 0
        self.events: list[dict] = []  # DevTools events met so far (see ``send``)

    async def __aenter__(self) -> "Browser":
        assert CHROMIUM, "chromium is not installed"
        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS, *self.flags, "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port = await self._devtools_port()
        self.http = aiohttp.ClientSession()
        url = None
        for _ in range(100):
            async with self.http.get(f"http://127.0.0.1:{port}/json/list") as response:
                pages = [t for t in await response.json() if t.get("type") == "page"]
            if pages:
                url = pages[0]["webSocketDebuggerUrl"]
                break
            await asyncio.sleep(0.1)
        assert url, "chromium opened no page"
        self.ws = await self.http.ws_connect(url, max_msg_size=0)
        await self.send("Page.enable")
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=FIND_TERMINAL)
        return self

    async def _devtools_port(self, timeout: float = 30.0) -> int:
        """Chromium writes the port it chose into the profile folder."""
        marker = Path(self.profile) / "DevToolsActivePort"
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError(f"chromium exited with status {self.process.returncode}")
            try:
                return int(marker.read_text().split()[0])
            except (OSError, ValueError, IndexError):
                await asyncio.sleep(0.1)
        raise AssertionError("chromium never opened its DevTools port")

    async def __aexit__(self, *exc) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    async def send(self, method: str, session: str | None = None, **params):
        """One DevTools command (to the page, or to the target attached as ``session``);
        returns its result (events met meanwhile are kept in ``events``)."""
        self._ids += 1
        ident = self._ids
        command = {"id": ident, "method": method, "params": params}
        if session is not None:
            command["sessionId"] = session
        await self.ws.send_str(json.dumps(command))
        while True:
            message = await asyncio.wait_for(self.ws.receive(), 30)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the DevTools connection closed ({message.type})")
            data = json.loads(message.data)
            if "method" in data and "id" not in data:
                self.events.append(data)
            if data.get("id") == ident:
                if "error" in data:
                    raise AssertionError(f"{method}: {data['error']}")
                return data.get("result", {})

    async def open(self, url: str, wait_for: str) -> str:
        """Load the app's page and wait until its terminal shows ``wait_for``; the terminal then
        has the keyboard focus (as after a click into it). Returns the screen."""
        await self.send("Emulation.setFocusEmulationEnabled", enabled=True)
        await self.send("Page.navigate", url=url)
        screen = await self.wait_for(wait_for)
        await self.send("Runtime.evaluate", expression="window.__allmineTerminal.focus()")
        return screen

    async def goto(self, url: str, timeout: float = 30.0) -> str:
        """Load ``url`` (any page) and wait until it is loaded; returns the text of its body."""
        await self.send("Page.navigate", url=url)
        return await self.wait_loaded(timeout)

    async def wait_loaded(self, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        await asyncio.sleep(0.1)
        while time.monotonic() < end:
            if await self.evaluate("document.readyState") == "complete":
                return await self.evaluate("document.body ? document.body.innerText : ''") or ""
            await asyncio.sleep(0.1)
        raise AssertionError("the page never finished loading")

    async def evaluate(self, expression: str, session: str | None = None):
        """The value of a JavaScript expression in the page (or in an attached frame)."""
        result = await self.send("Runtime.evaluate", session, expression=expression,
                                 returnByValue=True)
        return result.get("result", {}).get("value")

    async def frames(self) -> dict[str, str]:
        """The page's frames of other sites (each a target of its own): where each was asked
        to go -> where its document is now (``chrome-error://...`` when the browser refused
        to show it)."""
        found = {}
        for target in (await self.send("Target.getTargets"))["targetInfos"]:
            if target["type"] != "iframe":
                continue
            session = (await self.send("Target.attachToTarget", targetId=target["targetId"],
                                       flatten=True))["sessionId"]
            found[target["url"]] = await self.evaluate("location.href", session)
        return found

    async def screen(self) -> str:
        """The text the page's terminal shows now ("" before it exists)."""
        result = await self.send("Runtime.evaluate", expression=READ_SCREEN, returnByValue=True)
        return result.get("result", {}).get("value") or ""

    async def wait_for(self, text: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = await self.screen()
            if text in screen:
                return screen
            await asyncio.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared in the page; it showed:\n{screen}")

    async def press(self, *keys: str, pause: float = 0.15) -> None:
        """Key presses as a person makes them: a key name from KEYS, or one character."""
        for key in keys:
            event = KEYS.get(key) or {"key": key, "text": key}
            await self.send("Input.dispatchKeyEvent", type="keyDown", **event)
            up = {k: v for k, v in event.items() if k != "text"}
            await self.send("Input.dispatchKeyEvent", type="keyUp", **up)
            await asyncio.sleep(pause)

    async def screenshot(self, path: Path) -> Path:
        result = await self.send("Page.captureScreenshot", format="png")
        Path(path).write_bytes(base64.b64decode(result["data"]))
        return Path(path)


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    import socket

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port}")


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


class Served:
    """``python -m allmine_tui serve ARGS`` on a free port: ``url`` is the address it printed
    (key included), ``base`` the same without the key and its last slash
    (``http://127.0.0.1:PORT/s/PREFIX``), ``origin`` the server's alone
    (``http://127.0.0.1:PORT``). Use ``with Served(...) as server``."""

    def __init__(self, *args: str, env: dict | None = None) -> None:
        import sys
        import threading

        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "allmine_tui", "serve", "--port", str(self.port), *args],
            env=dict(os.environ, **(env or {})), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        self.raw: list[bytes] = []  # the same, as the server wrote them (``output``)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self._wait_for_url()
        self.base, self.key = self.url.split("/?key=", 1)
        self.prefix = self.base.rsplit("/", 1)[1]
        wait_for_port(self.port, self.process)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.raw.append(line)
            self.lines.append(line.decode("utf-8", "replace"))

    def output(self) -> bytes:
        """Everything the server wrote on its standard output and error so far, byte for byte."""
        return b"".join(self.raw)

    def _wait_for_url(self, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in list(self.lines):
                if line.strip().startswith(self.origin + "/s/") and "/?key=" in line:
                    return line.strip()
            if self.process.poll() is not None:
                raise AssertionError("the server exited:\n" + "".join(self.lines))
            time.sleep(0.05)
        raise AssertionError("the server printed no address:\n" + "".join(self.lines))

    @property
    def cookie(self) -> dict:
        return {f"allmine_key_{self.port}": self.key}

    def processes(self) -> list[str]:
        """The command lines of the app processes under the server now: those of open pages,
        and the spare one waiting for the next page (``-m allmine_tui.serve_spare``)."""
        return [cmd for pid, cmd in descendants(self.process.pid)
                if "-m allmine_tui" in cmd and not cmd.startswith(("/bin/sh", "sh "))]

    async def wait_for_spare(self, timeout: float = 30.0) -> None:
        """Until the spare app process has loaded and waits for a page (it is blocked reading
        its standard input: system call 0, read, on descriptor 0)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for pid, cmd in descendants(self.process.pid):
                if "allmine_tui.serve_spare" in cmd:
                    try:
                        call = (Path("/proc") / str(pid) / "syscall").read_text().split()
                    except OSError:
                        continue
                    if call[:2] == ["0", "0x0"]:
                        return
            await asyncio.sleep(0.05)
        raise AssertionError("no spare app process is waiting")

    def open_apps(self) -> int:
        """How many pages have an app now, by the server's log ("app opened (2 of at most
        4)", "app closed (1 still open)")."""
        import re

        counts = re.findall(r"app (?:opened|closed) \((\d+)", "".join(self.lines))
        return int(counts[-1]) if counts else 0

    async def wait_for_processes(self, count: int, timeout: float = 10.0) -> None:
        """Until exactly ``count`` app processes run under the server (fails after ``timeout``)."""
        end = time.monotonic() + timeout
        while len(self.processes()) != count:
            if time.monotonic() > end:
                raise AssertionError(f"processes {self.processes()}, not {count}")
            await asyncio.sleep(0.05)

    async def wait_for_apps(self, count: int, timeout: float = 20.0) -> None:
        """Until ``count`` pages have an app, and no app process is left over beyond those
        and the one spare."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.open_apps() == count and len(self.processes()) <= count + 1:
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.open_apps()} open apps and processes {self.processes()}, "
                             f"not {count}")

    def stop(self) -> str:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(5)
        return "".join(self.lines)

    def __enter__(self) -> "Served":
        return self

    def __exit__(self, *exc) -> None:
        out = self.stop()
        assert "Traceback" not in out, out


def descendants(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every process under ``pid`` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], list(children.get(pid, []))
    while todo:
        child = todo.pop()
        try:
            cmd = (Path("/proc") / str(child) / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        found.append((child, cmd.decode("utf-8", "replace").strip()))
        todo.extend(children.get(child, []))
    return found
