"""``allmine serve``: the whole app in a web browser, through textual-serve.

Every browser tab that opens the page gets a fresh app process (this same Python running
``-m allmine_tui``, with the same data folder), so saves, records and shared games are the ones
the terminal app uses. The server listens on 127.0.0.1 unless told otherwise.

Two checks are added to textual-serve's server: the page's websocket address is the one the
browser used (so a server bound to 0.0.0.0 works from other machines), and a websocket is refused
when it comes from a page of another site (its Origin differs from the address asked for), or,
on a loopback-only server, when the browser asked for a name that is not a loopback one (a
renamed address pointing at this machine, as DNS rebinding does).
"""
from __future__ import annotations

import ipaddress
import os
import shlex
import sys
from urllib.parse import urlsplit

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def is_loopback(host: str) -> bool:
    """True for a name or address that only this machine can reach."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _host_name(netloc: str) -> str:
    """'127.0.0.1:8000' -> '127.0.0.1'; '[::1]:8000' -> '::1'."""
    return (urlsplit(f"//{netloc}").hostname or "").lower()


def websocket_refusal(host_header: str, origin: str | None, loopback_only: bool) -> str | None:
    """Why a websocket asking for ``host_header`` from a page at ``origin`` is refused, or None."""
    if loopback_only and not is_loopback(_host_name(host_header)):
        return f"this server only answers on this machine's own addresses, not {host_header}"
    if origin is not None:
        parts = urlsplit(origin)
        if parts.netloc.lower() != host_header.lower():
            return f"a page from {origin} may not open this app"
    return None


def app_command() -> str:
    """The command textual-serve runs per browser connection: this Python, this package."""
    return f"{shlex.quote(sys.executable)} -m allmine_tui"


def make_server(host: str, port: int):
    """A textual-serve Server for the app, with the checks described above."""
    from aiohttp import web
    from textual_serve.server import Server

    loopback_only = is_loopback(host)

    class AppServer(Server):
        async def handle_index(self, request):
            # the page connects back to the address the browser used
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request):
            reason = websocket_refusal(request.host, request.headers.get("Origin"),
                                       loopback_only)
            if reason is not None:
                raise web.HTTPForbidden(text=f"Refused: {reason}.\n")
            return await super().handle_websocket(request)

    return AppServer(app_command(), host=host, port=port, title="ALL MINE!")


def serve(host: str, port: int) -> None:
    """Run the server until Ctrl+C. The app processes it starts use this process's data folder
    (``ALLMINE_DATA_DIR`` is set to it, absolute, before any is started)."""
    from .storage import data_dir

    os.environ["ALLMINE_DATA_DIR"] = str(data_dir().expanduser().absolute())
    make_server(host, port).serve()
