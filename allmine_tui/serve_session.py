"""One page's connection to its app under ``allmine serve``: the messages of the page passed on to
the app process, and the connection closed when its page has sent no input for a while.

The page (textual-serve's textual.js) sends JSON lists: ``["stdin", text]`` for keys and mouse,
``["resize", {"width": W, "height": H}]``, ``["ping", text]`` (answered with ``["pong", text]``),
``["focus"]`` and ``["blur"]``. Only ``stdin`` is input: a page that only answers the server's
websocket pings or sends its own pings, resizes or focus changes keeps its place for no longer
than the idle timeout. Its connection is then closed with a reason the page shows
(serve_page.py), and its app quits as when the tab is closed, which frees its place for another
page (the server runs at most ``--max-sessions`` apps).

A message that is not such a list closes the connection too: textual.js never sends one. Nothing
a page sends is ever written to the log (it may hold a join code typed in the page).
"""
from __future__ import annotations

import asyncio
import json
import logging

IDLE_CLOSE = 4000  # a websocket close code of the application's own range (4000-4999)
UNSUPPORTED = 1003  # the standard code for data the server does not take
BAD_MESSAGE = "The page sent a message this server does not understand."
log = logging.getLogger("allmine-serve")


def duration(seconds: float) -> str:
    """600 -> '10 minutes', 90 -> '90 seconds', 1 -> '1 second'."""
    if seconds >= 120 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minutes"
    return f"{seconds:g} second{'' if seconds == 1 else 's'}"


def idle_reason(seconds: float) -> str:
    """What the page says when its connection was closed for want of input (at most 123 bytes,
    the limit of a websocket close reason)."""
    return (f"Closed after {duration(seconds)} without a key pressed or the mouse used, to free "
            "its place. Reload the page to open it again.")


def parse(text: str) -> tuple[str, object] | None:
    """The kind and data of one message of the page, or None for anything textual.js does not
    send."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind in ("stdin", "ping") and not isinstance(data, str):
        return None
    if kind == "resize":
        if not isinstance(data, dict):
            return None
        width, height = data.get("width"), data.get("height")
        if not (isinstance(width, int) and isinstance(height, int)
                and 0 < width <= 1000 and 0 < height <= 1000):
            return None
        data = (width, height)
    return kind, data


async def relay(websocket, service, idle_timeout: float) -> str:
    """Pass the page's messages to ``service`` (its app) until the connection ends; returns why
    it ended, for the log: "closed" (by the page or the app), "idle" or "bad message"."""
    from aiohttp import WSMsgType

    loop = asyncio.get_running_loop()
    deadline = [loop.time() + idle_timeout]  # pushed back by every input
    why = ["closed"]

    async def watch() -> None:
        while True:  # until the deadline (each turn sleeps until the deadline known then)
            left = deadline[0] - loop.time()
            if left <= 0:
                break
            await asyncio.sleep(left)
        why[0] = "idle"
        reason = idle_reason(idle_timeout).encode()[:123]  # (ASCII: no character cut)
        await websocket.close(code=IDLE_CLOSE, message=reason)

    watcher = asyncio.create_task(watch())
    try:
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue  # (textual.js sends text only)
            parsed = parse(message.data)
            if parsed is None:
                why[0] = "bad message"
                await websocket.close(code=UNSUPPORTED, message=BAD_MESSAGE.encode())
                break
            kind, data = parsed
            if kind == "stdin":
                deadline[0] = loop.time() + idle_timeout
                await service.send_bytes(str(data).encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, tuple):
                await service.set_terminal_size(data[0], data[1])
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()
    finally:
        if why[0] != "idle":  # (an idle close under way is let finish: it carries the
            watcher.cancel()        # reason the page shows)
        await asyncio.gather(watcher, return_exceptions=True)
    return why[0]
