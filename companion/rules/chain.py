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
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Chain(Sequence[T]):
    """The first ``len(self)`` items of a list that only ever grows at its end."""

    __slots__ = ("_items", "_length")

    _items: list[T]
    _length: int

    def __init__(self, items: Sequence[T] | Iterator[T] = ()) -> None:
        self._items = list(items)
        self._length = len(self._items)

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
                return made
        return _view([*islice(items, length), item], length + 1)

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


def _view(items: list[T], length: int) -> Chain[T]:
    """The first ``length`` of ``items``, shared, not copied."""
    made: Chain[T] = _new(Chain)
    made._items = items
    made._length = length
    return made
