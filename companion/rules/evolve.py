"""``evolve``: ``dataclasses.replace`` for the engine's frozen states, without its overhead.

Folding a game replaces the state and its round once per entry; ``dataclasses.replace`` spends
most of that time re-deriving the fields and calling ``__init__``. The engine's dataclasses
have no ``__post_init__``, no ``InitVar`` and no slots, so a copy of the instance's fields with
the changes laid over it is the same value (equal, same hash), made several times faster.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from .memo import LRU

T = TypeVar("T")

#: Each dataclass's field names, by class (a few dozen classes: the bound is never reached).
_NAMES: LRU[type, frozenset[str]] = LRU(256)


def evolve(instance: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``instance`` with ``changes``; an unknown field is a
    ``TypeError``, as with ``dataclasses.replace``."""
    cls = type(instance)
    names = _NAMES.get(cls)
    if names is None:
        names = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]
        _NAMES.put(cls, names)
    if not changes.keys() <= names:
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
    copy = object.__new__(cls)
    copy.__dict__.update(instance.__dict__)
    copy.__dict__.update(changes)
    return copy
