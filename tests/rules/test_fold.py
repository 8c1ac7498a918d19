"""The one fold: applying an entry costs the same at any length of game (``rules/chain.py``), and
however a state was reached (folded at once, applied one entry at a time, after an undo, a
correction, or a branch from an older state) it equals a fresh fold of its entries.
"""

from __future__ import annotations

import copy
import pickle
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import GameState, Points, apply, correct_round, fold, new_game, new_settings, undo
from companion.rules.chain import Chain
from companion.rules.game import result_entries

from .strategies import legal_entry, played_games

FIELDS = ("entries", "entry_rounds", "rounds", "running_totals", "leaders_after")


def _as_tuples(state: GameState) -> tuple[Any, ...]:
    """The state's growing fields as plain tuples: what they are equal to."""
    return tuple(tuple(getattr(state, name)) for name in FIELDS)


# The sequence itself: a tuple to everyone who reads it.

def test_a_chain_reads_as_the_tuple_of_its_items() -> None:
    base = Chain([1, 2])
    chain = base.added(3).added(4)
    as_tuple = (1, 2, 3, 4)
    assert len(chain) == 4 and list(chain) == list(as_tuple) and list(reversed(chain)) == [4, 3, 2, 1]
    assert chain[0] == 1 and chain[-1] == 4 and chain[-4] == 1
    for cut in (slice(None), slice(1, 3), slice(None, -1), slice(-2, None), slice(None, None, -2)):
        assert chain[cut] == as_tuple[cut] and type(chain[cut]) is tuple
    for index in (4, -5):
        with pytest.raises(IndexError):
            chain[index]
    assert chain == as_tuple and as_tuple == chain and chain != (1, 2, 3) and (1, 2, 3) != chain
    assert chain != [1, 2, 3, 4]  # as a tuple is not equal to a list
    assert hash(chain) == hash(as_tuple) and {chain: "x"}[as_tuple] == "x"
    assert 3 in chain and 5 not in chain and chain.index(3) == 2 and chain.count(2) == 1
    assert chain + (5,) == (1, 2, 3, 4, 5) and (0,) + chain == (0, 1, 2, 3, 4)
    assert base == (1, 2) and len(base) == 2  # untouched by what grew from it
    for made in (pickle.loads(pickle.dumps(chain)), copy.copy(chain), copy.deepcopy(chain)):
        assert made == chain and type(made) is Chain
    assert repr(chain) == "Chain((1, 2, 3, 4))"


def test_growing_an_older_chain_again_leaves_every_holder_its_items() -> None:
    base = Chain(["a"])
    first = base.added("b")  # shares base's list
    second = base.added("c")  # the list has grown past base: a copy
    third = first.added("d")
    assert (base, first, second, third) == (("a",), ("a", "b"), ("a", "c"), ("a", "b", "d"))
    assert first._items is third._items and second._items is not first._items


def test_an_append_by_another_thread_in_between_is_not_taken_for_ours() -> None:
    class Racing(list[Any]):
        """A list another thread appends to between the length check and our append."""

        def append(self, item: Any) -> None:
            super().append("theirs")
            super().append(item)

    from companion.rules.chain import _view

    chain = _view(Racing(["a"]), 1).added("ours")
    assert chain == ("a", "ours")


# The fold: linear, and one answer however a state was reached.

def test_an_entry_applied_to_a_long_game_copies_nothing_of_it() -> None:
    """Applying 200 entries to a 5,000-round score pad keeps little more memory than the 200
    rounds themselves; copying every per-entry tuple each time held ~40 MB."""
    pad = new_settings("score-pad", ["Ana", "Ben", "Cleo"])
    state = fold(pad, [Points((1, 2, -3))] * 5_000)
    states = []
    tracemalloc.start()
    try:
        for k in range(200):
            state = apply(state, Points((k, 0, -k)))
            states.append(state)
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert held < 2_000_000, held
    assert len(states[-1].entries) == 5_200 and states[0].entries[-1] == Points((0, 0, 0))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_folding_a_legal_game_equals_applying_its_entries_one_by_one(data: st.DataObject) -> None:
    played = data.draw(played_games())
    for k, state in enumerate(played.states):
        folded = fold(played.settings, played.entries[:k])
        assert folded == state
        assert _as_tuples(folded) == _as_tuples(state)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_states_after_undo_and_a_branch_stay_equal_to_a_fresh_fold(data: st.DataObject) -> None:
    """Undo some entries, play other legal ones from there, then the stored ones again: every
    state, the older ones held meanwhile included, equals a fresh fold of its entries."""
    played = data.draw(played_games())
    back = data.draw(st.integers(0, len(played.entries)))
    state = played.state
    for _ in range(back):
        state = undo(state)
    at = len(played.entries) - back
    assert state == played.states[at]
    model = played.model.__class__(played.settings)
    for entry in played.entries[:at]:
        model.apply(entry)
    branch = state
    for _ in range(data.draw(st.integers(0, 6))):
        if model.finished:
            break
        entry = data.draw(legal_entry(model))
        branch = apply(branch, entry)
        model.apply(entry)
        assert branch == fold(played.settings, list(branch.entries))
    again = state
    for entry in played.entries[at:]:
        again = apply(again, entry)
    assert again == played.state
    for k, held in enumerate(played.states):
        assert _as_tuples(held) == _as_tuples(fold(played.settings, played.entries[:k]))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_round_corrected_to_its_own_result_is_the_same_game(data: st.DataObject) -> None:
    played = data.draw(played_games())
    state = played.state
    if not state.rounds:
        return
    number = data.draw(st.integers(1, len(state.rounds)))
    replacement = [state.entries[p] for p in result_entries(state, number)]
    corrected = correct_round(state, number, replacement)
    assert corrected == state == fold(played.settings, list(corrected.entries))
    assert _as_tuples(corrected) == _as_tuples(state)


def test_a_new_game_has_nothing_yet() -> None:
    state = new_game(new_settings("oh-hell", ["Ana", "Ben", "Cleo"]))
    assert all(getattr(state, name) == () for name in FIELDS)


def test_a_chain_weighs_as_its_items_and_each_item_once() -> None:
    """A cache weighs every version of a game it keeps: a chain one item longer costs the
    weighing of that item, not of the whole list again (each write to a 2,000-round game spent
    most of its time there), and weighs what its items weigh."""
    from companion.rules.chain import Chain
    from companion.rules.memo import weight

    items = [(seat, seat * 1_000) for seat in range(300, 800)]
    chain: Chain[tuple[int, int]] = Chain()
    for item in items:
        chain = chain.added(item)
    assert weight(chain) >= sum(weight(item) for item in items)
    assert weight(chain) < 2 * weight(items)
    weighed: list[object] = []
    import companion.rules.chain as chain_module

    counting = chain_module.weight

    def counted(value: object) -> int:
        weighed.append(value)
        return counting(value)

    chain_module.weight = counted  # type: ignore[assignment]
    try:
        longer = chain.added((1, 2))
        weight(longer)
        assert weighed == [(1, 2)]  # the new item alone
        weight(chain.added((3, 4)))  # grown again from an older length: its own list
        assert weighed[1:] == [(3, 4)]
    finally:
        chain_module.weight = counting  # type: ignore[assignment]
