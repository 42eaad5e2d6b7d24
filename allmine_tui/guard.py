"""The output guard: text from outside the program never reaches a terminal, a log or a screen raw.

Anything the program did not write itself (a request's path or headers, a name, id or option read
from a file, a file name, a code somebody typed) may carry control characters. Printed as they
are, ESC sequences retitle the terminal, write its clipboard (OSC 52), clear the screen or fake
log lines, and a newline splits one line into two. Every such text goes through ``clean`` (or
``clean_lines`` for text that is ours but holds outside pieces, and ``GuardedFormatter`` for a
log) on its way out.

What counts as a control character: every C0 character (U+0000-U+001F, ESC and BEL among them),
DEL (U+007F), every C1 character (U+0080-U+009F: U+009B is a one-character CSI on some
terminals), and the other Unicode "C" categories that can reorder or hide text (format
characters such as U+202E, surrogates, unassigned and private-use code points). Each is shown as
``�`` so that a reader sees something was there. Pure Python, free of Textual.
"""
from __future__ import annotations

import logging
import unicodedata

#: what a control character is shown as
MARK = "\ufffd"

_SAFE_ASCII = frozenset(chr(c) for c in range(0x20, 0x7F))
# Zero-width joiner and variation selectors are format characters (Cf) that emoji need; they
# move no cursor and send no command, so names may keep them.
_KEEP_FORMAT = frozenset({"\u200d", "\ufe0e", "\ufe0f"})


def is_control(ch: str) -> bool:
    """True for a character that must never be written to a terminal as it is."""
    if ch in _SAFE_ASCII:
        return False
    if ch in _KEEP_FORMAT:
        return False
    return unicodedata.category(ch)[0] == "C"


def clean(text: object, keep_newlines: bool = False) -> str:
    """``text`` with every control character shown as ``�`` (newlines kept when asked: a
    multi-line text of ours, such as a traceback; never for one field)."""
    s = str(text)
    if all(ch in _SAFE_ASCII for ch in s):
        return s  # the common case, at no cost
    return "".join(ch if not is_control(ch) or (keep_newlines and ch == "\n") else MARK
                   for ch in s)


def clean_lines(text: object) -> str:
    """A multi-line text for a terminal: each line cleaned, the newlines kept."""
    return clean(text, keep_newlines=True)


def has_control(text: str) -> bool:
    """Whether ``text`` holds any character ``clean`` would replace."""
    return any(is_control(ch) for ch in text)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the first plane: JSON writes it as a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_text(value: object, **options) -> str:
    """``json.dumps(value)`` for a terminal: text stays readable (not every non-ASCII character
    escaped), but every control character is written as a ``\\u`` escape, so a JSON reader
    gets the same data and nothing reaches the terminal raw. (A raw newline in the output can
    only be the layout ``indent`` asks for: JSON escapes newlines inside strings.)"""
    import json

    text = json.dumps(value, ensure_ascii=False, **options)
    if not has_control(text.replace("\n", "")):
        return text
    return "".join(_json_escape(ch) if ch != "\n" and is_control(ch) else ch for ch in text)


class GuardedFormatter(logging.Formatter):
    """A log formatter whose lines hold no control character, whose tracebacks never show local
    variables (they would print secrets held in them) and whose newlines are kept only between the
    lines of a traceback it formatted itself: a newline inside a logged value cannot fake a line."""

    def format(self, record: logging.LogRecord) -> str:
        # the message alone, cleaned whole (a newline in it is somebody's, not ours)
        saved = record.msg, record.args, record.exc_info, record.exc_text, record.stack_info
        try:
            record.msg = clean(record.getMessage())
            record.args = None
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
            line = super().format(record)
        finally:
            record.msg, record.args, record.exc_info, record.exc_text, record.stack_info = saved
        if record.exc_info and record.exc_info[1] is not None:
            line += "\n" + clean_lines(self.formatException(record.exc_info).rstrip("\n"))
        return line

    def formatException(self, ei) -> str:  # noqa: N802 (logging's name)
        import traceback

        # the plain traceback: file, line and code of each frame, never their variables
        # (format_exception takes no capture_locals; TracebackException does, and its default,
        # False, is said here all the same)
        return "".join(traceback.TracebackException(ei[0], ei[1], ei[2],
                                                    capture_locals=False).format())
