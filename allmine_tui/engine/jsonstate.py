"""A base for dataclass game states that round-trip exactly through JSON."""
from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts and scalars)."""
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
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
