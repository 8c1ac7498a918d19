"""Properties of Belote over games Hypothesis draws (docs/rules.md section 11): without rounding,
every hand gives out exactly its card points (162, or the capot value) + announcements +
belotes, to the teams or to the pot, so a litige's pot is never lost while a hand is still to be
won; a game never ends tied for first."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import GameState, apply, new_game
from companion.rules.belote import ANNOUNCEMENTS, BELOTE_POINTS, HAND_POINTS, parse_hand
from companion.rules.belote.game import pot

from .test_belote import settings as belote_settings

PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

#: Hypothesis properties: left out of the quick loop, as the suite's others.
pytestmark = pytest.mark.slow

POINTS = [p for p in range(HAND_POINTS + 1) if p not in (1, HAND_POINTS - 1)]


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    """A legal hand's body: a taker or nobody, points or a capot, a belote, one team's
    announcements."""
    taker = draw(st.sampled_from([None, 0, 1, 2, 3]))
    if taker is None:
        return {"taker": None}
    body: dict[str, Any] = {"taker": taker, "belote": draw(st.sampled_from([None, 0, 1, 2, 3]))}
    if draw(st.integers(0, 9)) == 0:
        body["capot"] = draw(st.sampled_from([0, 1]))
    else:
        body["points"] = draw(st.sampled_from(POINTS))
    team = draw(st.sampled_from([0, 1]))
    kinds = draw(st.lists(st.sampled_from(["tierce", "cinquante", "cent"]), max_size=2))
    body["announcements"] = [{"seat": team, "kind": kind} for kind in kinds]
    return body


def given_out(body: dict[str, Any], capot_value: int) -> int:
    """What a hand is worth in all: card points + announcements + belote."""
    if body["taker"] is None:
        return 0
    cards = capot_value if "capot" in body else HAND_POINTS
    return (cards + sum(ANNOUNCEMENTS[a["kind"]] for a in body["announcements"])
            + (BELOTE_POINTS if body["belote"] is not None else 0))


@PROPERTY
@given(st.lists(hands(), min_size=1, max_size=12), st.sampled_from([250, 252]))
def test_every_point_goes_to_a_team_or_the_pot(bodies: list[dict[str, Any]], capot: int) -> None:
    state: GameState = new_game(belote_settings("belote", {"target": 10_000, "capot": capot}))
    worth = 0
    for body in bodies:
        state = apply(state, parse_hand(state.settings, body))
        worth += given_out(body, capot)
        held, since = pot(state)
        assert sum(state.side_scores) + held == worth
        assert (held == 0) == (since is None)


@PROPERTY
@given(st.lists(hands(), min_size=1, max_size=30))
def test_never_ends_tied_for_first(bodies: list[dict[str, Any]]) -> None:
    state = new_game(belote_settings("belote", {"target": 300, "rounding": "tens"}))
    for body in bodies:
        if state.finished:
            break
        state = apply(state, parse_hand(state.settings, body))
    if state.finished:
        first, second = sorted(state.side_scores, reverse=True)
        assert first > second and first >= 300
