"""Properties of Scopa over games Hypothesis draws (docs/rules.md, "Scopa"): without the napola a
hand gives out at most 4 + its scope; with it, at most 4 + scope + 10; the totals are the sums of
the hands' side points; partners carry their side's total; a game ends at the target with one
side alone on top, never tied for first."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import GameState, RuleError, apply
from companion.rules.scopa import (NAPOLA_HOLDS_COINS, NAPOLA_HOLDS_SETTEBELLO, ScopaHand,
                                   scored_of)
from companion.rules.state import FinishedBy

from .test_scopa import start

PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Hypothesis properties: left out of the quick loop, as the suite's others.
pytestmark = pytest.mark.slow


@st.composite
def hands(draw: st.DrawFn, sides: int, napola: bool) -> ScopaHand:
    side = st.integers(0, sides - 1)
    maybe = st.one_of(st.none(), side)
    scope = draw(st.lists(st.integers(0, 6), min_size=sides, max_size=sides))
    coins, settebello = draw(maybe), draw(side)
    held = (0,) * sides
    if napola and draw(st.booleans()):
        holder = draw(side)
        value = draw(st.integers(3, 10))
        if value >= NAPOLA_HOLDS_COINS:
            coins = holder
        if value >= NAPOLA_HOLDS_SETTEBELLO:
            settebello = holder
        held = tuple(value if s == holder else 0 for s in range(sides))
    return ScopaHand(draw(maybe), coins, settebello, draw(maybe), tuple(scope),
                     held if napola else ())


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, bool]:
    players = draw(st.sampled_from([2, 3, 4, 6]))
    napola = draw(st.booleans())
    state = start(players, target=draw(st.sampled_from([11, 16, 21, 31])), napola=napola)
    sides = len(state.settings.sides)
    for _hand in range(draw(st.integers(1, 12))):
        if state.current is None:
            break
        state = apply(state, draw(hands(sides, napola)))
    return state, napola


@PROPERTY
@given(games())
def test_points_per_hand_and_totals(drawn: tuple[GameState, bool]) -> None:
    state, napola = drawn
    settings_ = state.settings
    totals = [0] * len(settings_.sides)
    for round_ in state.rounds:
        own = scored_of(round_)
        scope = sum(own.hand.scope)
        assert sum(own.side_points) <= 4 + scope + (10 if napola else 0)
        if not napola:
            assert sum(own.side_points) <= 4 + scope
        for side, points in enumerate(own.side_points):
            totals[side] += points
    assert list(state.side_scores) == totals
    assert state.scores == tuple(totals[settings_.side_of(s)] for s in settings_.seats)


@PROPERTY
@given(games())
def test_never_ends_tied_for_first(drawn: tuple[GameState, bool]) -> None:
    state, _napola = drawn
    best = max(state.side_scores)
    target = state.settings.options["target"]
    assert isinstance(target, int)
    if state.finished_by is FinishedBy.TARGET:
        assert best >= target and state.side_scores.count(best) == 1
        assert len(state.winners) == len(state.settings.seats_of(state.standings[0].side))
    else:
        assert best < target or state.side_scores.count(best) > 1


@PROPERTY
@given(st.data())
def test_a_hand_refused_changes_nothing(data: st.DataObject) -> None:
    """Any hand is accepted or refused with one of the codes of docs/api.md, field named."""
    state = start(2, napola=True)
    entry = ScopaHand(data.draw(st.one_of(st.none(), st.integers(-1, 2))),
                      data.draw(st.one_of(st.none(), st.integers(0, 1))),
                      data.draw(st.one_of(st.none(), st.integers(0, 1))), None,
                      tuple(data.draw(st.lists(st.integers(-1, 12), min_size=2, max_size=2))),
                      tuple(data.draw(st.lists(st.integers(0, 11), min_size=2, max_size=2))))
    try:
        after = apply(state, entry)
    except RuleError as error:
        assert error.code in ("hand", "seat") and error.field is not None
    else:
        assert sum(after.side_scores) >= sum(entry.scope)
