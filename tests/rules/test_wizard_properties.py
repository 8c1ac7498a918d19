"""Hypothesis properties of Wizard (docs/rules.md section 9): whatever the table bids and takes,
a game has 60 ÷ players rounds, round r deals r cards, each round's tricks add up to its size,
every score is the rule's, and the dealer's hook is kept."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import Bids, RuleError, Tricks, apply, bids_open, new_game, new_settings

PROPERTY = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
pytestmark = pytest.mark.slow


@st.composite
def whole_games(draw: st.DrawFn):
    players = draw(st.integers(3, 6))
    hook = draw(st.sampled_from(["never", "always", "canadian"]))
    options = {"hook": hook, "hook_from": draw(st.integers(1, 60 // players)),
               "scoring": draw(st.sampled_from(["standard", "tricks-always"]))}
    state = new_game(new_settings("wizard", [f"P{i}" for i in range(players)],
                                  draw(st.integers(0, players - 1)), options))
    while state.current is not None:
        size = state.current.hand_size
        for seat in state.current.bidding_order:
            bid = draw(st.sampled_from(bids_open(state, seat)))
            bids: list[int | None] = [None] * players
            bids[seat] = bid
            state = apply(state, Bids(tuple(bids)))
        cuts = sorted(draw(st.lists(st.integers(0, size), min_size=players - 1,
                                    max_size=players - 1)))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size])]
        state = apply(state, Tricks(tuple(tricks)))
    return state


@PROPERTY
@given(whole_games())
def test_a_game_has_sixty_by_players_rounds_of_one_card_more(state) -> None:
    n = len(state.settings.players)
    assert state.finished and len(state.rounds) == 60 // n
    for number, round_ in enumerate(state.rounds, start=1):
        assert round_.hand_size == number
        assert sum(round_.tricks) == number
        for bid, taken, points in zip(round_.bids, round_.tricks, round_.points):
            off = abs(bid - taken)
            if off == 0:
                assert points == 20 + 10 * taken
            elif state.settings.typed.scoring.value == "standard":
                assert points == -10 * off
            else:
                assert points == 10 * taken - 10 * off
    assert state.scores == tuple(sum(r.points[s] for r in state.rounds) for s in range(n))


@PROPERTY
@given(whole_games())
def test_the_hooked_dealer_never_makes_the_total(state) -> None:
    typed = state.settings.typed
    for round_ in state.rounds:
        if sum(round_.bids) == round_.hand_size and typed.hook.value != "never":
            assert round_.number < typed.hook_from or typed.hook.value == "canadian"
    with pytest.raises(RuleError):
        apply(state, Tricks((0,) * len(state.settings.players)))
