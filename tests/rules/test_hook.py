"""The dealer's hook asked of its one home (``companion.rules.hook``): the game, its replay and
the answers to the table say what it says, and it says what the rules say (the model's own
reckoning, docs/rules.md sections 2, 3 and 6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Hook, fold, hook, hook_lifted, turn_bids

from .strategies import Played, played_games


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["oh-hell", "elevator"]).flatmap(played_games))
def test_the_game_and_its_replay_hook_the_dealer_as_the_hook_says(game: Played) -> None:
    model, table = game.model, game.settings
    for state in (game.state, fold(table, game.entries)):  # applied, then replayed
        current = state.current
        if current is None:
            continue
        holds = hook.holds(table.typed.hook, current.number, len(turn_bids.schedule(table)))
        assert holds == turn_bids.hooked(table, current.number) == model.hook_holds
        assert hook_lifted(state) == (None if holds else table.typed.hook)
        assert current.forbidden_bid == model.hook
        if current.next_bidder == current.dealer and holds:
            others = sum(b for b in current.bids or () if isinstance(b, int))
            assert current.forbidden_bid == hook.forbidden_bid(current.hand_size, others)


def test_the_worked_example_and_a_free_dealer() -> None:
    """docs/rules.md section 2: 4 players, 5 cards, the others bid 1, 2 and 0: not 2."""
    assert hook.forbidden_bid(5, 3) == 2
    assert hook.forbidden_bid(5, 6) is None  # the others already bid more than the hand
    assert hook.holds(Hook.ALWAYS, 19, 19) and not hook.holds(Hook.NEVER, 1, 19)
    assert hook.holds(Hook.NOT_LAST, 18, 19) and not hook.holds(Hook.NOT_LAST, 19, 19)
