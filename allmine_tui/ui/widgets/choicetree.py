"""A menu of moves shown one level at a time.

Each item has a path of labels (``["Buy a card", "Ring 2 VP", "pay Ruby, Ruby"]``) and a value.
The widget lists the distinct labels at the current level; choosing one goes a level deeper, or
posts ``Chosen`` when only one item is left under it. A level with a single entry that is not a
move itself is skipped. The screen drives it (``move``, ``choose``, ``back``); a click chooses the
line under the mouse.
"""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static
from .player_input import PlayerInput


class ChoiceTree(Static):
    DEFAULT_CSS = """
    ChoiceTree { height: auto; padding: 0 1; }
    """

    class Chosen(PlayerInput):
        def __init__(self, value: Any) -> None:
            super().__init__()
            self.value = value

    class Highlighted(PlayerInput):
        """The values under the cursor's entry (for highlighting the board)."""

        def __init__(self, values: list) -> None:
            super().__init__()
            self.values = values

    def __init__(self, max_lines: int = 8, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.items: list[tuple[list[str], Any]] = []
        self.prefix: list[str] = []
        self.cursor = 0
        self.max_lines = max_lines
        self.title = ""
        self._top = 0

    # -- data ------------------------------------------------------------------------------------
    def set_items(self, items: list[tuple[list[str], Any]], title: str = "",
                  keep: bool = False) -> None:
        """New moves. With ``keep`` the current level and cursor stay where they are if that
        level still exists."""
        old_prefix, old_cursor = self.prefix, self.cursor
        self.items = items
        self.title = title
        self.prefix, self.cursor, self._top = [], 0, 0
        if keep and old_prefix and self._under(old_prefix):
            self.prefix = list(old_prefix)
            self.cursor = old_cursor
        self._skip_single()
        self.cursor = min(self.cursor, max(0, len(self.entries()) - 1))
        self.refresh_lines()

    def _under(self, prefix: list[str]) -> list[tuple[list[str], Any]]:
        k = len(prefix)
        return [(p, v) for p, v in self.items if p[:k] == prefix and len(p) > k]

    def entries(self) -> list[tuple[str, list]]:
        """(label, values under it) at the current level, in order."""
        return [(label, values) for label, values, _paths in self._level()]

    def _level(self) -> list[tuple[str, list, list]]:
        """(label, values under it, their paths) at the current level, in order (the items
        are gone through once)."""
        k = len(self.prefix)
        out: dict[str, tuple[str, list, list]] = {}
        for p, v in self._under(self.prefix):
            entry = out.get(p[k])
            if entry is None:
                entry = out[p[k]] = (p[k], [], [])
            entry[1].append(v)
            entry[2].append(p)
        return list(out.values())

    def _shown_label(self, label: str, values: list, paths: list) -> str:
        """A lone move deeper down is shown whole: 'Emerald dwarf · Mine action …' (``paths``:
        the paths of ``values``)."""
        if len(values) != 1:
            return label
        return " · ".join(paths[0][len(self.prefix):]) if paths else label

    def _is_leaf(self, label: str) -> bool:
        k = len(self.prefix)
        under = [p for p, _v in self._under(self.prefix) if p[k] == label]
        return len(under) == 1

    def _skip_single(self) -> None:
        while True:
            entries = self.entries()
            if len(entries) != 1 or self._is_leaf(entries[0][0]):
                return
            self.prefix.append(entries[0][0])

    # -- driving ---------------------------------------------------------------------------------
    def move(self, delta: int) -> None:
        n = len(self.entries())
        if n:
            self.cursor = (self.cursor + delta) % n
            self.refresh_lines()

    def choose(self, index: int | None = None) -> None:
        entries = self.entries()
        if not entries:
            return
        if index is not None:
            if not 0 <= index < len(entries):
                return
            self.cursor = index
        label, values = entries[self.cursor]
        if len(values) == 1:
            self.post_message(self.Chosen(values[0]))
            return
        self.prefix.append(label)
        self.cursor = 0
        self._top = 0
        self._skip_single()
        self.refresh_lines()

    def back(self) -> bool:
        """Up a level; False when already at the top."""
        if not self.prefix:
            return False
        label = self.prefix.pop()
        # skip back over levels that were skipped on the way down
        while self.prefix and len(self.entries()) == 1:
            label = self.prefix.pop()
        labels = [e[0] for e in self.entries()]
        self.cursor = labels.index(label) if label in labels else 0
        self._top = 0
        self.refresh_lines()
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def refresh_lines(self) -> None:
        entries = self._draw()
        values = entries[self.cursor][1] if entries else []
        self.post_message(self.Highlighted(list(values)))

    def on_resize(self, _event) -> None:
        if self.prefix:
            self._draw()  # (the way back's hint is fitted to the width)

    def _draw(self) -> list[tuple[str, list]]:
        """Show the current level; its entries."""
        level = self._level()
        entries = [(label, values) for label, values, _paths in level]
        t = Text()
        head = self.title
        if self.prefix:
            head = " › ".join(self.prefix)
        if head:
            t.append(head, style="bold")
            if self.prefix:
                # the way back, shorter where the line has no room for it in full
                room_left = (self.content_size.width or 10 ** 6) - cell_len(head)
                t.append(next((hint for hint in ("   (Esc: back)", " (Esc: back)", " (Esc)")
                               if len(hint) <= room_left), ""), style="dim")
            t.append("\n")
        room = max(1, self.max_lines - 1)
        if self.cursor < self._top:
            self._top = self.cursor
        elif self.cursor >= self._top + room:
            self._top = self.cursor - room + 1
        shown = level[self._top:self._top + room]
        for i, (label, values, paths) in enumerate(shown, start=self._top):
            more = "" if len(values) == 1 else f"  › {len(values)} choices"
            style = self.line_style(label, values, i == self.cursor)
            t.append(("▶" if i == self.cursor else " ") + self.line_key(i, label) + " "
                     + self._shown_label(label, values, paths), style=style)
            t.append(more, style="dim")
            t.append("\n")
        if self._top + room < len(entries):
            t.append(f"  … {len(entries) - self._top - room} more (↓)", style="dim")
        t.rstrip()
        self.update(t)
        return entries

    def line_key(self, index: int, label: str) -> str:
        """The key shown before a line: its number (1–9 choose it). Subclasses may show
        another."""
        return f"{index + 1}." if index < 9 else "  "

    def line_style(self, label: str, values: list, current: bool) -> str:
        return "bold reverse" if current else ""

    def on_click(self, event) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        if offset is None:
            return
        _x, y = offset
        head = 1 if (self.title or self.prefix) else 0
        index = self._top + y - head
        if y >= head and 0 <= index < len(self.entries()):
            self.choose(index)
