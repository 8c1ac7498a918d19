"""evolve is dataclasses.replace for the engine's states: the same value, the same refusals."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import pytest

from companion.rules import Bids, apply, new_game, new_settings
from companion.rules.evolve import evolve
from companion.rules.state import GameState, Played, Round


def test_evolve_makes_what_replace_makes() -> None:
    state = apply(new_game(new_settings("oh-hell", ["Ana", "Ben", "Cleo"])), Bids((None, 1, None)))
    assert state.current is not None
    changed = evolve(state.current, next_bidder=None)
    assert changed == replace(state.current, next_bidder=None)
    assert hash(changed) == hash(replace(state.current, next_bidder=None))
    assert state.current.next_bidder is not None  # the original is untouched


def test_evolve_refuses_a_field_the_class_has_not() -> None:
    state = new_game(new_settings("oh-hell", ["Ana", "Ben", "Cleo"]))
    with pytest.raises(TypeError, match="no_such_field"):
        evolve(state, no_such_field=1)


def test_what_evolve_copies_keeps_nothing_worked_out() -> None:
    """``evolve`` copies the instance's ``__dict__``: a ``cached_property`` of a state or a round
    would come along with it, stale. Only ``Settings`` cache such values, and are never evolved."""
    for cls in (GameState, Round, Played):
        assert not [name for name, value in vars(cls).items() if isinstance(value, cached_property)]
