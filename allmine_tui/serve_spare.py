"""A spare app process of ``allmine serve``: started before anybody opens the page, so that a page
shows its app in a fraction of a second instead of waiting for Python and Textual to load.

It imports what every app needs (the slow part), then waits for one line on standard input: the
environment and the arguments of the app to run, as JSON (``{"env": {...}, "argv": [...]}``),
written by the server when a page connects. It then runs the app exactly as ``python -m
allmine_tui ARGV`` would, with its input and output connected to that page. The line is read a
byte at a time so that nothing after it (the page's keys) is taken from the app. Without a line
(the server stopped) it ends quietly.

Textual reads a few settings from the environment when it is imported (its driver, frame rate and
colours); the server starts the spare with those already set, the same for every app.
"""
from __future__ import annotations

import importlib
import json
import os
import sys


def read_line(fd: int = 0, limit: int = 1 << 20) -> bytes:
    line = bytearray()
    while not line.endswith(b"\n") and len(line) < limit:
        byte = os.read(fd, 1)
        if not byte:
            return b""
        line += byte
    return bytes(line)


def main() -> int:
    from . import cli
    for module in (".ui.app", ".ui.join_app", ".ui.screens.picker"):
        importlib.import_module(module, __package__)  # loaded now, before anybody waits

    line = read_line()
    if not line:
        return 0
    order = json.loads(line)
    os.environ.update({str(k): str(v) for k, v in order["env"].items()})
    return cli.main([str(arg) for arg in order["argv"]])


if __name__ == "__main__":
    sys.exit(main())
