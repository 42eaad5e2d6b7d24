"""``allmine serve``: the app in a web browser, through textual-serve, closed to everyone who was
not given its address.

Every browser tab that opens the page gets a fresh app process (this same Python running
``-m allmine_tui``, with the same data folder), so saves, records and shared games are the ones
the terminal app uses. ``--join-only`` runs the join-only app instead (``allmine join``): a page
that can only open a seat of a shared game with its join code.

What the server adds to textual-serve's:

- A key, new at every start, printed once inside the address to open (``/s/<prefix>/?key=…``).
  The first visit stores it in the browser as a cookie (HttpOnly, SameSite=Strict, named after
  the port) and moves on to the same address without it. No page, file or websocket is served
  without it; a request without it gets a page saying what is missing (403). The key is never on
  a command line (it would show in ``ps``) and never in the server's log.
- A path prefix, also new at every start (``/s/<prefix>/``): every page, file and websocket of
  the server is under it, and the key's cookie is limited to it (its Path). Browsers send a
  cookie to every port of a host, so a cookie for ``/`` would reach any other server on
  127.0.0.1 that the browser visits; one for an unguessable path reaches none of them.
- The names the server answers to (the Host header): the address it listens on, this machine's
  loopback names and addresses, the names given with ``--allow-host`` and, on a server listening
  on every address, any IP address (a DNS name that was made to point here is refused: DNS
  rebinding).
- A websocket only from this server's own pages (the Origin header).
- Every response forbids being shown in a frame of another page (``frame-ancestors 'none'``,
  ``X-Frame-Options: DENY``) and lets the page load and connect only to this server.
- At most ``--max-sessions`` app processes at once; the page says so when that many are open.
- No folder listing under ``static/``, and the page (serve_page.py) uses only this server's
  files: the font that comes with textual-serve, not a stylesheet from another site.
- A page that has sent no input for ``--idle-timeout`` seconds (600) is closed, and its place
  freed; the page says why (serve_session.py).
- A log that holds no secret and no control character from outside (serve_log.py).

This module overrides parts of textual-serve's ``Server`` (its routes, its websocket handler,
its logging and its ``serve``) and of its ``AppService`` (the environment of an app process,
and the spare); pyproject.toml
bounds textual-serve below its next major version for that reason, and tests/test_serve.py
covers them.
"""
from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import logging
import mimetypes
import os
import re
import secrets
import shlex
import signal
import sys
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

from . import serve_log, serve_page, serve_session
from .guard import clean

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
WILDCARDS = {"", "0.0.0.0", "::"}
JOIN_ENV = "ALLMINE_JOIN_CODE"
CODES_PATH = re.compile(r"^[a-z0-9]{1,32}(?:\.[a-z0-9]{1,32}){0,7}$")  # /ws/join/CODE.CODE
NOT_FRAMED = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; "
                               "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                               "font-src 'self'; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
log = logging.getLogger("allmine-serve")


def is_loopback(host: str) -> bool:
    """True for a name or address that only this machine can reach."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def _host_name(netloc: str) -> str:
    """'127.0.0.1:8000' -> '127.0.0.1'; '[::1]:8000' -> '::1'."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:
        return ""


@dataclass
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    max_sessions: int = 4
    join_only: bool = False
    allow_hosts: list[str] = field(default_factory=list)
    key: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    idle_timeout: float = 600.0  # seconds without input before a page's app is closed
    prefix: str = field(default_factory=lambda: secrets.token_urlsafe(12))

    @property
    def cookie(self) -> str:
        return f"allmine_key_{self.port}"  # (its Path, ``base``, keeps it from other ports)

    @property
    def base(self) -> str:
        """The path everything of this server is under: ``/s/<prefix>/``."""
        return f"/s/{self.prefix}/"

    def url(self, name: str | None = None) -> str:
        """The address to open, key included."""
        name = name or ("127.0.0.1" if self.host in WILDCARDS else self.host)
        if ":" in name:
            name = f"[{name}]"
        return f"http://{name}:{self.port}{self.base}?key={self.key}"


def host_refusal(host_header: str, settings: Settings) -> str | None:
    """Why a request that named this server ``host_header`` is refused, or None."""
    name = _host_name(host_header)
    if not name or " " in host_header:
        return "the request does not say which server it is for"
    name = clean(name)
    if is_loopback(name) or name in {h.lower() for h in settings.allow_hosts}:
        return None
    if settings.host not in WILDCARDS and name == settings.host.strip("[]").lower():
        return None
    if settings.host in WILDCARDS and is_address(name):
        return None
    return f"this server does not answer to the name {name!r} (see allmine serve --allow-host)"


def websocket_refusal(host_header: str, origin: str | None) -> str | None:
    """Why a websocket asking for ``host_header`` from a page at ``origin`` is refused, or None:
    only this server's own pages may open one."""
    if origin is not None and urlsplit(origin).netloc.lower() != host_header.lower():
        return f"a page from {clean(origin[:200])} may not open this app"
    return None


def key_matches(given: str | None, key: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), key.encode())


def codes_of_query(text: str | None) -> list[str]:
    """The join codes an address carries (``?code=…``), in the form the app prints them."""
    from .shared import split_codes

    codes = split_codes((text or "")[:400])
    return [c for c in codes if CODES_PATH.match(c.replace("-", ""))][:8]


def codes_path(codes: list[str]) -> str:
    return "/ws/join/" + ".".join(c.replace("-", "") for c in codes) if codes else "/ws"


def app_command(join: bool = False) -> str:
    """The command textual-serve runs per browser connection: this Python, this package (the
    join-only app when ``join``). Never any secret: command lines show in ``ps``."""
    command = f"{shlex.quote(sys.executable)} -m allmine_tui"
    return f"{command} join --in-browser" if join else command


def app_arguments(join: bool) -> list[str]:
    """The same, as the arguments a spare process is given (serve_spare.py)."""
    return ["join", "--in-browser"] if join else []


def make_server(settings: Settings):
    """A textual-serve Server for the app, with the checks described above."""
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    mimetypes.add_type("font/ttf", ".ttf")  # the bundled font, not application/octet-stream

    class AppProcess(AppService):
        """One app process, with its own environment: the join codes of the page's address,
        and never codes from the server's own environment. Given a ``spare`` (a process
        already started, see serve_spare.py), it runs the app in that one."""

        def __init__(self, *args, extra_env: dict[str, str], argv: list[str] | None = None,
                     spare=None, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.extra_env = extra_env
            self.argv = list(argv or [])
            self.spare = spare

        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            environment = super()._build_environment(width=width, height=height)
            environment.pop(JOIN_ENV, None)
            environment.update(self.extra_env)
            return environment

        async def _open_app_process(self, width: int = 80, height: int = 24):
            if self.spare is None:
                process = await super()._open_app_process(width, height)
            else:
                order = {"env": self._build_environment(width, height), "argv": self.argv}
                process = self._process = self.spare
                self._stdin = process.stdin
                process.stdin.write(json.dumps(order).encode() + b"\n")
                await process.stdin.drain()
            # textual-serve copies what it reads there to the server's terminal
            process.stderr = serve_log.AppErrors(process.stderr)  # type: ignore[assignment]
            return process

    async def nothing_async(*_args) -> None:
        return None

    base = settings.base

    def page(status: int, title: str, *text: str) -> web.Response:
        return web.Response(status=status, text=serve_page.message_page(title, *text),
                            content_type="text/html")

    class AppServer(Server):
        def __init__(self) -> None:
            title = "ALL MINE! · join a shared game" if settings.join_only else "ALL MINE!"
            super().__init__(app_command(settings.join_only), host=settings.host,
                             port=settings.port, title=title)
            self.settings = settings
            self.sessions: dict[object, web.WebSocketResponse] = {}
            # an app process waiting for the next page (serve_spare.py)
            self.spare: asyncio.subprocess.Process | None = None
            self.spawning = False
            self.stopping = False

        async def _make_app(self) -> web.Application:
            app = web.Application(middlewares=[self.guard])
            app.add_routes([
                web.get(base, self.handle_index, name="index"),
                web.get(base + "allmine-page.js", self.handle_script),
                web.get(base + "ws", self.handle_websocket, name="websocket"),
                web.get(base + "ws/join/{codes}", self.handle_websocket),
                web.get(base + "download/{key}", self.handle_download, name="download"),
                web.static(base + "static", self.statics_path, show_index=False,
                           name="static"),
            ])
            app.on_response_prepare.append(self.add_headers)
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        @web.middleware
        async def guard(self, request, handler):
            """The Host allow-list, then the prefix and the key (stored from
            ``/s/<prefix>/?key=…``, else refused)."""
            reason = host_refusal(request.host, settings)
            if reason is not None:
                return page(421, "Wrong server name", f"Refused: {reason}.")
            if not request.path.startswith(base):
                return self.no_key_page()
            given = request.query.get("key")
            if given is not None and request.path == base:
                if not key_matches(given, settings.key):
                    return page(403, "Wrong key", "This key is not the one of this server "
                                "(a new key is made at every start): ask for the address again.")
                return self.store_key(request)
            if not key_matches(request.cookies.get(settings.cookie), settings.key):
                return self.no_key_page()
            return await handler(request)

        @staticmethod
        def no_key_page() -> web.Response:
            return page(403, "This game server needs its key",
                        "Open the address printed by allmine serve when it started (it ends "
                        "with ?key=…); ask whoever runs the server for it. The address "
                        "changes every time the server starts.")

        def store_key(self, request) -> web.Response:
            code = request.query.get("code")
            target = base + ("?code=" + quote(code, safe="-") if code else "")
            response = web.Response(text=serve_page.key_stored_page(target),
                                    content_type="text/html")
            secure = request.secure or request.headers.get("X-Forwarded-Proto") == "https"
            response.set_cookie(settings.cookie, settings.key, httponly=True, samesite="Strict",
                                path=base, secure=secure)
            return response

        async def add_headers(self, request, response) -> None:
            response.headers.update(NOT_FRAMED)
            if not request.path.startswith(base + "static/"):
                response.headers["Cache-Control"] = "no-store"

        def full(self) -> bool:
            return len(self.sessions) >= settings.max_sessions

        def full_page(self) -> web.Response:
            n = settings.max_sessions
            return page(503, "All screens are in use",
                        f"This server runs at most {n} app{'s' if n != 1 else ''} at once, and "
                        "that many are open. Close another tab of it (or let its player leave), "
                        "then reload this page. The host can allow more with allmine serve "
                        "--max-sessions.")

        async def handle_index(self, request) -> web.Response:
            if self.full():
                return self.full_page()
            try:
                size = max(8, min(40, int(request.query.get("fontsize", "16"))))
            except ValueError:
                size = 16
            socket = base[:-1] + codes_path(codes_of_query(request.query.get("code")))
            return web.Response(text=serve_page.app_page(self.title, base, socket, size),
                                content_type="text/html")

        async def handle_script(self, request) -> web.Response:
            return web.Response(text=serve_page.PAGE_JS, content_type="text/javascript")

        async def handle_websocket(self, request) -> web.WebSocketResponse:
            reason = websocket_refusal(request.host, request.headers.get("Origin"))
            if reason is not None:
                raise web.HTTPForbidden(text=f"Refused: {reason}.\n")
            codes = request.match_info.get("codes")
            if codes is not None and not CODES_PATH.match(codes):
                raise web.HTTPNotFound(text="Not a join code.\n")
            if self.full():
                raise web.HTTPServiceUnavailable(text="All screens of this server are in use.\n")
            env = {JOIN_ENV: codes.replace(".", " ")} if codes else {}
            return await self.run_app(request, settings.join_only or bool(codes), env)

        async def run_app(self, request, join: bool, env: dict[str, str]):
            """textual-serve's websocket handler, with the app process counted, given its own
            command and environment, and taken from the spare when there is one."""
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            token = object()
            self.sessions[token] = websocket  # counted before any wait: the cap holds
            spare = self.take_spare()
            log.info("app opened (%d of at most %d)", len(self.sessions), settings.max_sessions)
            service = None
            try:
                await websocket.prepare(request)
                service = AppProcess(app_command(join), write_bytes=websocket.send_bytes,
                                     write_str=websocket.send_str, close=websocket.close,
                                     download_manager=self.download_manager, debug=self.debug,
                                     extra_env=env, argv=app_arguments(join), spare=spare)
                spare = None  # the service owns it now
                self.start_spare()
                await service.start(width, height)
                try:
                    why = await serve_session.relay(websocket, service, settings.idle_timeout)
                finally:
                    await service.stop()
                if why == "idle":
                    log.info("an app had no input for %s: closed",
                             serve_session.duration(settings.idle_timeout))
                elif why == "bad message":
                    log.warning("a page sent a message that is not one of the app's: closed")
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:  # one broken connection must not stop the server
                log.exception("an app's connection failed (%s)", type(error).__name__)
            finally:
                if service is not None:
                    await service.stop()
                    if service._task is None and service._process is not None:
                        await self.end_process(service._process)  # it never got going
                if spare is not None:  # taken, never used: not to be left running
                    await self.end_process(spare)
                self.sessions.pop(token, None)
                log.info("app closed (%d still open)", len(self.sessions))
                self.start_spare()
            return websocket

        # -- the spare app process ----------------------------------------------------------
        def take_spare(self):
            """The spare process for a page (None when there is none, or it has died)."""
            spare, self.spare = self.spare, None
            if spare is not None and spare.returncode is None:
                return spare
            if spare is not None:  # it ended by itself: collect it
                asyncio.get_running_loop().create_task(self.end_process(spare))
            return None

        def start_spare(self) -> None:
            """Start a spare in the background when the cap leaves room for one (the spare
            counts as an app process) and there is none."""
            if self.stopping or self.spare is not None or self.spawning or \
                    len(self.sessions) >= settings.max_sessions:
                return
            self.spawning = True
            asyncio.get_running_loop().create_task(self._spawn_spare())

        async def _spawn_spare(self) -> None:
            model = AppProcess(self.command, write_bytes=nothing_async, write_str=nothing_async,
                               close=nothing_async, download_manager=self.download_manager,
                               debug=self.debug, extra_env={})
            try:
                process = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "allmine_tui.serve_spare",
                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE, env=model._build_environment())
            except OSError as exc:  # no spare: pages start their app as they come
                log.warning("no spare app process (%s)", exc)
                return
            finally:
                self.spawning = False
            if self.stopping or len(self.sessions) >= settings.max_sessions:
                await self.end_process(process)  # no room for it any more
                return
            self.spare = process

        @staticmethod
        async def end_process(process) -> None:
            if process.returncode is None:
                process.kill()
            await process.communicate()

        async def on_startup(self, app) -> None:
            self.start_spare()
            s = self.settings
            what = "a page for joining shared games" if s.join_only else "the whole app"
            print(f"allmine serve: {what}, at most {s.max_sessions} at once. Open:", flush=True)
            print(f"  {s.url()}", flush=True)
            if s.host in WILDCARDS:
                print(f"  from other machines: {s.url('THIS-MACHINE-S-ADDRESS')}", flush=True)
            for name in s.allow_hosts:
                if is_loopback(s.host):  # only a proxy on this machine can pass it on
                    print(f"  through your proxy: https://{name}{s.base}?key={s.key}",
                          flush=True)
                else:
                    print(f"  as {name}: {s.url(name)}", flush=True)
            print("The key in the address changes at every start; give it only to people you "
                  "play with. Ctrl+C stops the server.", flush=True)

        async def on_shutdown(self, app) -> None:
            """Ctrl+C: every page's connection is closed first, so each app quits cleanly
            (its game is already saved) before the server stops."""
            self.stopping = True
            spare = self.take_spare()
            if spare is not None:
                await self.end_process(spare)
            for websocket in list(self.sessions.values()):
                await websocket.close(message=b"The server is stopping.")
            for _ in range(100):  # and each app has quit (see run_app's finally)
                if not self.sessions:
                    break
                await asyncio.sleep(0.05)

        def initialize_logging(self) -> None:
            """The guarded log of serve_log.py instead of textual-serve's Rich handler (whose
            tracebacks show local variables, the key among them)."""
            serve_log.setup([settings.key, settings.prefix], self.debug)

        def serve(self, debug: bool = False) -> None:
            """textual-serve's, with a log that leaves out keys and codes."""
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for sig in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(sig, self.request_exit)
                except NotImplementedError:
                    pass
            web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                        loop=loop, print=lambda *args: None,
                        access_log_class=serve_log.access_log_class(base),
                        access_log=logging.getLogger(serve_log.ACCESS_LOGGER))

    return AppServer()


def serve(settings: Settings) -> None:
    """Run the server until Ctrl+C. The app processes it starts use this process's data folder
    (``ALLMINE_DATA_DIR`` is set to it, absolute, before any is started)."""
    from .storage import data_dir

    os.environ["ALLMINE_DATA_DIR"] = str(data_dir().expanduser().absolute())
    make_server(settings).serve()
