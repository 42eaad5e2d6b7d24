"""A base for dataclass game states that round-trip exactly through JSON."""
from __future__ import annotations

import marshal
from dataclasses import Field, fields
from typing import Any, ClassVar


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts and scalars)."""
    if type(value) is list or type(value) is dict:
        # in C: plain lists, dicts, strings and numbers go through marshal's format 2 (which
        # shares nothing: a list that appears twice is copied twice, as below), several times
        # faster than walking them here; anything else it cannot hold is walked below
        try:
            return marshal.loads(marshal.dumps(value, 2))
        except ValueError:
            pass
    return _walked_copy(value)


def _walked_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_walked_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _walked_copy(v) for k, v in value.items()}
    return value


def _fields(obj: Any) -> tuple[Field, ...]:
    return fields(obj)  # a JsonState subclass is always a dataclass


class JsonState:
    """Mixin for ``@dataclass`` states: every field is saved except those named in ``DERIVED``
    (caches and tables rebuilt from the others)."""

    DERIVED: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> dict:
        return {f.name: copy_json(getattr(self, f.name))
                for f in _fields(self) if f.name not in self.DERIVED}

    def clone(self):
        """A deep copy, as ``from_json(to_json())`` builds it but copying the data once."""
        return type(self).from_json({f.name: getattr(self, f.name)
                                     for f in _fields(self) if f.name not in self.DERIVED})

    @classmethod
    def from_json(cls, data: dict):
        names = {f.name for f in _fields(cls)} - cls.DERIVED
        missing = names - set(data)
        if missing:
            raise ValueError(f"state is missing {', '.join(sorted(missing))}")
        return cls(**{k: copy_json(data[k]) for k in names})
