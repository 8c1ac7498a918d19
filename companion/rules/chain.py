"""``Chain``: the frozen sequence a game state keeps its entries and rounds in, one longer per entry
at no cost that grows with the game.

A state's ``entries + (entry,)`` copied every earlier entry, so folding n entries cost n²
(a 15,879-round import took 27.9 s). A chain is a view of the first ``len`` items of a list it
may share with longer chains: ``added`` appends to that list when the view reaches its end (the
common case: each state grows the one before it) and copies only when the list has already
grown past it (a state grown twice, as after an undo or a correction's replay). Nobody holding
a chain sees it change: items past its length are never shown, and items within it are never
written.

It is a value as a tuple is: equal to a tuple (or chain) of equal items, hashed like that
tuple, sliced into tuples, pickled as one.

It weighs itself (``memo.weight``, as a cache weighs each version of a game it keeps): the
running sum of its items' weights is kept beside the shared list, each item weighed once, so a
game's next version (one item longer) is weighed in the cost of its new item, not of the whole
game again. (Weighed whole, each write to a 2,000-round game spent most of its time there:
bench/README.md, "Through the app".)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

from .memo import weight

T = TypeVar("T")


class Chain(Sequence[T]):
    """The first ``len(self)`` items of a list that only ever grows at its end."""

    __slots__ = ("_items", "_length", "_sums")

    _items: list[T]
    _length: int
    #: ``_sums[i]``: the weight of the list's first ``i`` items, as far as weighed; shared with
    #: the list by every chain that shares it.
    _sums: list[int]

    def __init__(self, items: Sequence[T] | Iterator[T] = ()) -> None:
        self._items = list(items)
        self._length = len(self._items)
        self._sums = [0]

    def added(self, item: T) -> Chain[T]:
        """This chain and ``item`` after it, in O(1) amortised; ``self`` is unchanged."""
        items, length = self._items, self._length
        if len(items) == length:
            items.append(item)
            # Another thread may have appended to the same list between the check and the
            # append (list.append itself is atomic): the item at our place then is its, not ours.
            if items[length] is item:
                made: Chain[T] = _new(Chain)  # _view, inline: this is the fold's inner loop
                made._items = items
                made._length = length + 1
                made._sums = self._sums
                return made
        # Grown again from an older length: a list of its own, its sums so far the same.
        return _view([*islice(items, length), item], length + 1, self._sums[:length + 1])

    def __weight__(self) -> int:
        """What ``memo.weight`` counts of it: itself, its list, and its items, each weighed
        once in the list's life (on its own: a part two items share is counted for each, as
        ``weight`` counts a part two cached values share). Two threads weighing one list at
        once may each add the same item's weight: an estimate either way."""
        sums, items, length = self._sums, self._items, self._length
        while len(sums) <= length:
            sums.append(sums[-1] + weight(items[len(sums) - 1]))
        return sys.getsizeof(self) + sys.getsizeof(items) + sys.getsizeof(sums) + sums[length]

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        length = self._length
        if isinstance(index, slice):
            return tuple(self._items[:length][index])
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("chain index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._length)

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        return (items[i] for i in range(self._length - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            if other._items is self._items:
                return other._length == self._length
        elif not isinstance(other, tuple):
            return NotImplemented
        return len(other) == self._length and all(a is b or a == b for a, b in zip(self, other))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: object) -> tuple[T, ...]:
        if isinstance(other, (tuple, Chain)):
            return (*self, *other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple[Any, ...]:
        if isinstance(other, tuple):
            return (*other, *self)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Chain({tuple(self)!r})"

    def __reduce__(self) -> tuple[type[Chain[T]], tuple[tuple[T, ...]]]:
        return (Chain, (tuple(self),))


_new = object.__new__


def _view(items: list[T], length: int, sums: list[int] | None = None) -> Chain[T]:
    """The first ``length`` of ``items``, shared, not copied (``sums``: their weights', as far
    as known)."""
    made: Chain[T] = _new(Chain)
    made._items = items
    made._length = length
    made._sums = [0] if sums is None else sums
    return made
