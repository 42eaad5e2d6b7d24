"""The log of ``allmine serve``: what it writes to its terminal, and what it keeps out.

Everything the server process writes goes through the output guard (guard.py): one handler with a
``GuardedFormatter`` on the root logger replaces textual-serve's Rich handler (whose tracebacks
list every local variable, the key among them), so aiohttp's access and server loggers, asyncio's
and the server's own all end there; and the process's standard output and error are wrapped so
that text written to them directly (textual-serve copies an app process's error output there) is
cleaned too. An app process's own error output is not copied there at all (``AppErrors``).

What a line never holds:

- a control character from outside (a path, a header, a message of a page): each shows as ``�``;
- the key or the server's path prefix (``/s/<prefix>/``): a request is logged by its raw,
  percent-encoded path, never the decoded one and never its query string (``?key=…``,
  ``?code=…``), the prefix shown as ``/s/…/``, and a join code in a websocket's path as ``…``;
  as a last stop the formatter blanks the key and the prefix wherever they would still appear;
- a malformed request's text: aiohttp puts the bytes it could not parse (``GET /?key=…``) into
  its exception, so such a request is logged as one line naming the problem's kind only;
- a traceback's local variables.
"""
from __future__ import annotations

import io
import logging
import re
import sys
from typing import TextIO

from .guard import GuardedFormatter, clean_lines

HIDDEN = "…"
ACCESS_LOGGER = "allmine-serve.access"


class ServeFormatter(GuardedFormatter):
    """``GuardedFormatter`` that also blanks the given secrets in every line it makes."""

    def __init__(self, secrets: list[str], fmt: str | None = None) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        for secret in self.secrets:
            line = line.replace(secret, HIDDEN)
        return line


class MalformedRequests(logging.Filter):
    """A request aiohttp could not parse is logged without the exception that carries its bytes
    (and without a traceback): "malformed request from 127.0.0.1 refused (BadStatusLine)"."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
            record.msg = "malformed request from %s refused (%s)"
            record.args = (remote, type(error).__name__)
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"  # (not our error)
        return True


class GuardedStream(io.TextIOBase):
    """A text stream that writes everything through ``clean_lines`` (newlines kept)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(clean_lines(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")


class AppErrors:
    """Stands for an app process's error output (``process.stderr``) before textual-serve, which
    copies all it reads there to the server's terminal. A Textual app that crashes writes its
    traceback there with the values of its variables (a code typed in the page among them), so
    this reads the real output itself, gives textual-serve nothing, and logs one line: that the
    app wrote errors, and the kind of the last one (``ZeroDivisionError``), never their text."""

    def __init__(self, stream) -> None:
        import asyncio

        self.stream = stream
        self.size = 0
        self.last = b""
        self.done = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while chunk := await self.stream.read(4096):
            self.size += len(chunk)
            self.last = (self.last + chunk)[-4096:]
        if self.size:
            lines = [ln.strip() for ln in self.last.decode("utf-8", "replace").splitlines()]
            lines = [ln for ln in lines if ln]
            kind = re.match(r"[A-Za-z_][\w.]{0,80}(?=:|$)", lines[-1]) if lines else None
            logging.getLogger("allmine-serve").warning(
                "an app process wrote %d bytes of errors (%s; not shown: a crash report lists "
                "the app's variables; run the app in a terminal to see it)", self.size,
                kind.group(0) if kind else "of an unknown kind")

    async def read(self, n: int = -1) -> bytes:
        return b""  # (all of it is read by _drain)


def setup(secrets: list[str], debug: bool = False) -> None:
    """Route every logger of the server process to one guarded handler on standard error, and
    guard the process's standard output and error."""
    if not isinstance(sys.stdout, GuardedStream):
        sys.stdout = GuardedStream(sys.stdout)
    if not isinstance(sys.stderr, GuardedStream):
        sys.stderr = GuardedStream(sys.stderr)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(ServeFormatter(secrets, "%(asctime)s %(levelname)s %(message)s"))
    handler.addFilter(MalformedRequests())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if debug else logging.INFO)
    for name in ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.websocket",
                 "asyncio", "textual-serve", "allmine-serve", ACCESS_LOGGER):
        logger = logging.getLogger(name)
        for old in list(logger.handlers):  # every line goes through the one handler
            logger.removeHandler(old)
        logger.propagate = True


def logged_path(raw_path: str, base: str) -> str:
    """A request's path as the log shows it: ``raw_path`` (percent-encoded, as the request sent
    it) without its query, the server's prefix ``base`` (``/s/<prefix>/``) as ``/s/…/`` and the
    join codes of a websocket's path as ``…``; at most 80 characters."""
    path = raw_path.split("?", 1)[0].split("#", 1)[0]
    if path.startswith(base):
        rest = path[len(base):]
        if rest.startswith("ws/join/"):
            rest = "ws/join/" + HIDDEN
        path = f"/s/{HIDDEN}/" + rest
    elif "/ws/join/" in path:  # (not this server's prefix; a code all the same, maybe)
        path = path.split("/ws/join/", 1)[0] + "/ws/join/" + HIDDEN
    return path[:80]


def access_log_class(base: str):
    """aiohttp's access logger for the server: one line per request, the path as
    ``logged_path`` gives it."""
    from aiohttp.abc import AbstractAccessLogger

    class AccessLog(AbstractAccessLogger):
        def log(self, request, response, time) -> None:
            try:
                raw = request.raw_path
            except Exception:  # a request aiohttp could not read: no path to show
                raw = "?"
            self.logger.info("%s %s %s %s", request.remote, request.method,
                             logged_path(raw, base), response.status)

    return AccessLog
