"""The one memo type of Companion: a small, bounded, thread-safe least-recently-used map.

Standard library only, so that the engine may use it as well as the app
(``companion/storage/caches.py`` holds the app's, one per Flask app). Every use names its key and its
bound where it is made; a module holds no other dict, ``OrderedDict`` or ``lru_cache`` filled at
run time (``tests/app/test_memos.py``).

A value of ``None`` is never cached: ``get`` answers ``None`` for "not cached".

An LRU may also be bounded in bytes (``budget``): each value is weighed once as it is put
(``weight``: what ``sys.getsizeof`` counts of it and of everything it holds, shared parts counted
for each value that holds them, so the sum errs high), and the least recently used are dropped
until the total is within the budget; a value heavier than the whole budget is not kept at all.
``get_or_make`` makes a missing value once: a second caller asking for the same key while it is
being made waits for it instead of making it again (threads, or greenlets when gevent patched
``threading``).
"""

from __future__ import annotations

import enum
import functools
import sys
import threading
import types
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")
R = TypeVar("R")


#: What ``weight`` counts as a leaf (its own size only) or leaves out (shared code, types, and
#: an enum's members, made once with their class).
_LEAVES = (str, bytes, bytearray, int, float, complex, bool, type(None), range)
_SKIPPED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
            types.MethodType, types.CodeType, enum.Enum)


def weight(value: object) -> int:
    """About how many bytes ``value`` holds: ``sys.getsizeof`` of it and of every object it
    reaches through containers, ``__dict__`` and ``__slots__`` (each object once); types,
    modules and functions are shared code and not counted. An object whose type has a
    ``__weight__`` method is asked instead (a large value made once and never changed may
    weigh itself once and keep the answer)."""
    seen: set[int] = set()
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _SKIPPED):
            continue
        seen.add(id(item))
        if item is None or isinstance(item, bool) or (type(item) is int and -5 <= item <= 256):
            continue  # one object for the whole process (CPython's small ints): nobody's bytes
        own = getattr(type(item), "__weight__", None)
        if own is not None:  # a value that knows (and may keep) its own weight
            total += own(item)
            continue
        total += sys.getsizeof(item)
        if isinstance(item, _LEAVES):
            continue
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            held = getattr(item, "__dict__", None)
            if held is not None:
                stack.append(held)
            for kind in type(item).__mro__:
                for slot in kind.__dict__.get("__slots__", ()):
                    found = getattr(item, slot, None)
                    if found is not None:
                        stack.append(found)
    return total


class WeighsOnce:
    """A base for a value made once and never changed (a frozen dataclass holding only values
    that are never changed either): ``weight`` weighs it once and keeps the answer on it. A game's
    next version shares its earlier rounds and its settings with the last: each is weighed once,
    not again with every version that holds it (a write weighs its new version as it is
    cached)."""

    __slots__ = ()

    def __weight__(self) -> int:
        held = self.__dict__
        known = held.get("_memo_weight")
        if known is None:
            # Its fields' values: their names are its class's, shared by every instance.
            known = sys.getsizeof(self) + sys.getsizeof(held) + weight(list(held.values()))
            held["_memo_weight"] = known  # beside the fields: not compared, hashed or replaced
        return int(known)


class _Making:
    """A value being made for one key: the others asking wait on ``done``."""

    __slots__ = ("done", "value")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: object = None


class LRU(Generic[K, V]):
    """At most ``size`` entries and, with a ``budget``, at most that many bytes (``weight``);
    putting one more drops the least recently used (read or put). A size of 0 or less caches
    nothing; a budget of 0 or less bounds the entries alone. Safe to share between threads: each
    call holds a lock."""

    def __init__(self, size: int, budget: int = 0) -> None:
        self.size = size
        self.budget = budget
        self._items: OrderedDict[K, V] = OrderedDict()
        self._weights: dict[K, int] = {}
        self._bytes = 0
        self._making: dict[K, _Making] = {}
        self._lock = threading.Lock()

    @property
    def bytes(self) -> int:
        """The weight of what is kept (0 without a budget: nothing is weighed)."""
        return self._bytes

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        if self.size <= 0 or value is None:
            return
        heavy = 0
        if self.budget > 0:  # weighed outside the lock; a value that weighs itself is asked
            own = getattr(type(value), "__weight__", None)
            heavy = own(value) if own is not None else weight(value)
        with self._lock:
            self._bytes -= self._weights.pop(key, 0)
            self._items.pop(key, None)
            if heavy > self.budget > 0:
                return  # heavier than the whole budget: not kept
            self._items[key] = value
            if self.budget > 0:
                self._weights[key] = heavy
                self._bytes += heavy
            while len(self._items) > self.size or (self.budget > 0 and self._bytes > self.budget):
                old, _value = self._items.popitem(last=False)
                self._bytes -= self._weights.pop(old, 0)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value cached for ``key``, else ``make()``, cached. ``make`` runs outside the lock,
        once at a time per key: another caller missing the same key meanwhile waits for it and
        is given the same value (made again by it only if the first ``make`` raised)."""
        while True:
            with self._lock:
                value = self._items.get(key)
                if value is not None:
                    self._items.move_to_end(key)
                    return value
                making = self._making.get(key)
                mine = making is None
                if making is None:
                    making = self._making[key] = _Making()
            if not mine:
                making.done.wait()
                if making.value is not None:
                    return making.value  # type: ignore[return-value]
                continue  # its maker failed: try again
            try:
                made = make()
                making.value = made
                self.put(key, made)
                return made
            finally:
                with self._lock:
                    self._making.pop(key, None)
                making.done.set()

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._weights.clear()
            self._bytes = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


def memoized(size: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A function's answers cached in an ``LRU`` of ``size``, keyed by its positional and keyword
    arguments (which must be hashable); ``.memo`` is that LRU, ``.cache_clear()`` empties it.
    For pure functions only."""

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        # Each answer cached in a 1-tuple, so that an answer of ``None`` is cached too.
        memo: LRU[Hashable, tuple[R]] = LRU(size)

        @functools.wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            return memo.get_or_make(key, lambda: (function(*args, **kwargs),))[0]

        cached.memo = memo  # type: ignore[attr-defined]
        cached.cache_clear = memo.clear  # type: ignore[attr-defined]  # as functools names it
        return cached

    return wrap
