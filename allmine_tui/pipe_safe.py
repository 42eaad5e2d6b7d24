"""Standard output for the command line that a reader who stops early does not break."""
from __future__ import annotations

import os


class PipeSafe:
    """Standard output that a closed pipe does not break (``allmine saves | head -1``): the
    first write the reader no longer takes points the descriptor at the null device, and the
    command goes on to its usual end and exit status without a word more, as Unix tools do."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self.closed_by_reader = False

    def write(self, text: str) -> int:
        if self.closed_by_reader:
            return len(text)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._reader_gone()
            return len(text)

    def flush(self) -> None:
        if self.closed_by_reader:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._reader_gone()

    def _reader_gone(self) -> None:
        self.closed_by_reader = True
        try:  # (the interpreter flushes stdout once more at exit)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, ValueError):
            pass

    def __getattr__(self, name: str):
        return getattr(self._stream, name)
