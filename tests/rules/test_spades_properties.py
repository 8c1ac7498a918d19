"""Properties of Spades over games Hypothesis draws (docs/rules.md, "Spades"): a side's bag count
is always the sum of its bags minus bag_limit per penalty; a game never ends tied for first; a
side's points are what its side_hand says, and the totals their sum."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import Bids, GameState, RuleError, Tricks, apply, new_game, new_settings
from companion.rules.entries import Bid
from companion.rules.spades import BLIND_NIL, NIL, bags_held, blind_nil_seats

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Hypothesis properties: left out of the quick loop, as the suite's others.
pytestmark = pytest.mark.slow


@st.composite
def games(draw: st.DrawFn) -> GameState:
    """A Spades game played hand after hand with drawn bids and tricks, until it ends or the
    draw stops; every entry legal (a refused bid is drawn again as a number)."""
    players = draw(st.sampled_from([2, 3, 4]))
    options: dict[str, Any] = {
        "target": draw(st.sampled_from([500, 300, 250, 200])),
        "floor": draw(st.sampled_from([-200, -300, -350, -500, None])),
        "nil_value": draw(st.sampled_from([100, 50])),
        "blind_nil": draw(st.sampled_from(["behind-100", "behind-200", "always", "never"])),
        "bag_limit": draw(st.sampled_from([10, 7, 5, None])),
    }
    if players == 4:
        options["failed_nil"] = draw(st.sampled_from(["bags", "partner", "ignore"]))
    state = new_game(new_settings("spades", ["Ana", "Ben", "Cleo", "Dev"][:players],
                                  options=options))
    for _hand in range(draw(st.integers(1, 25))):
        current = state.current
        if current is None:
            break
        size = current.hand_size
        open_blind = blind_nil_seats(state.settings, state.side_scores)
        for seat in current.bidding_order:
            one: list[Bid] = [None] * players
            choice = draw(st.sampled_from(["number", "number", "number", "nil", "blind"]))
            one[seat] = (NIL if choice == "nil" else BLIND_NIL if choice == "blind"
                         and seat in open_blind else draw(st.integers(1, min(size, 7))))
            state = apply(state, Bids(tuple(one)))
        cuts = sorted(draw(st.lists(st.integers(0, size), min_size=players - 1,
                                    max_size=players - 1)))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size])]
        state = apply(state, Tricks(tuple(tricks)))
    return state


@PROPERTY
@given(games())
def test_bags_are_the_sum_of_bags_minus_the_limit_per_penalty(state: GameState) -> None:
    limit = state.settings.options["bag_limit"]
    for side in state.settings.sides:
        taken = sum(r.side_hands[side].bags for r in state.rounds)
        penalties = sum(-r.side_hands[side].bag_penalty // 100 for r in state.rounds)
        assert bags_held(state)[side] == taken - (limit or 0) * penalties
        assert 0 <= bags_held(state)[side] < (limit or 10**9)
        assert penalties == (0 if limit is None else taken // limit)


@PROPERTY
@given(games())
def test_a_game_never_ends_tied_for_first(state: GameState) -> None:
    scores = state.side_scores
    if state.finished:
        assert scores.count(max(scores)) == 1
        assert [s.rank for s in state.standings].count(1) == 1
    assert scores == tuple(sum(r.side_hands[side].points for r in state.rounds)
                           for side in state.settings.sides)


@PROPERTY
@given(games())
def test_nothing_is_entered_after_the_end(state: GameState) -> None:
    if state.finished:
        with pytest.raises(RuleError) as caught:
            apply(state, Bids((None,) * len(state.settings.players)))
        assert caught.value.code == "phase"
