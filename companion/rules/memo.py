"""The one memo type of Companion: a small, bounded, thread-safe least-recently-used map.

Standard library only, so that the engine may use it as well as the app
(``companion/storage/caches.py`` holds the app's, one per Flask app). Every use names its key and its
bound where it is made; a module holds no other dict, ``OrderedDict`` or ``lru_cache`` filled at
run time (``tests/app/test_memos.py``).

A value of ``None`` is never cached: ``get`` answers ``None`` for "not cached".
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")
R = TypeVar("R")


class LRU(Generic[K, V]):
    """At most ``size`` entries; putting one more drops the least recently used (read or put).
    A size of 0 or less caches nothing. Safe to share between threads: each call holds a lock."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        if self.size <= 0 or value is None:
            return
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value cached for ``key``, else ``make()``, cached. ``make`` runs outside the lock:
        two threads missing at once may both make it, and the later one is cached."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

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
