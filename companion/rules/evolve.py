"""``evolve``: ``dataclasses.replace`` for the engine's frozen states, without its overhead.

Folding a game replaces the state and its round once per entry; ``dataclasses.replace`` spends
most of that time re-deriving the fields and calling ``__init__``. The engine's dataclasses
have no ``__post_init__``, no ``InitVar`` and no slots, so a copy of the instance's fields with
the changes laid over it is the same value (equal, same hash), made several times faster.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def evolve(instance: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``instance`` with ``changes``; an unknown field is a
    ``TypeError``, as with ``dataclasses.replace``."""
    cls = type(instance)
    # The class's own map of its fields (every one a field: the engine's dataclasses declare
    # no ``ClassVar`` or ``InitVar``), read where it is, not worked out again.
    names = cls.__dataclass_fields__  # type: ignore[attr-defined]
    if not changes.keys() <= names.keys():
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names.keys())[0]!r}")
    copy = object.__new__(cls)
    copy.__dict__.update(instance.__dict__)
    copy.__dict__.update(changes)
    return copy
