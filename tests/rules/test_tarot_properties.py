"""Properties of Tarot over hands Hypothesis draws (docs/rules.md, "Tarot"): every hand's points
add up to 0, and so do the totals; the taker's side wins exactly when its points reach the
needed; the margin is the distance rounded up to the point; an entry reads back as itself."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import RuleError, entry_to_json
from companion.rules.game import apply, new_game
from companion.rules.tarot import NEEDED, TarotHand, mark, parse, points_bounds
from companion.rules.tarot.game import FAMILY, settings_for

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

#: Hypothesis properties: left out of the quick loop, as the suite's others.
pytestmark = pytest.mark.slow

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


@st.composite
def hands(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """A hand's fields as the API takes them: mostly legal, sometimes not (the engine judges)."""
    if draw(st.integers(0, 9)) == 0:
        return {"taker": None}
    bouts = draw(st.integers(0, 3))
    least, most = points_bounds(bouts)
    points = draw(st.integers(2 * least, 2 * most)) / 2
    fields: dict[str, Any] = {
        "taker": draw(st.integers(0, players - 1)),
        "contract": draw(st.sampled_from(["prise", "garde", "garde-sans", "garde-contre"])),
        "bouts": bouts, "points": int(points) if points.is_integer() else points,
        "petit_au_bout": draw(st.sampled_from([None, "taker", "defence"])),
        "poignees": [{"seat": seat, "size": draw(st.sampled_from(["simple", "double", "triple"]))}
                     for seat in draw(st.sets(st.integers(0, players - 1), max_size=2))],
        "chelem": draw(st.sampled_from([None, None, "taker", "defence"])),
        "chelem_announced": draw(st.booleans()),
    }
    if players == 5:
        fields["partner"] = draw(st.integers(0, 4))
    return fields


@st.composite
def games(draw: st.DrawFn) -> tuple[int, list[dict[str, Any]]]:
    players = draw(st.sampled_from([3, 4, 5]))
    return players, draw(st.lists(hands(players), min_size=1, max_size=8))


@PROPERTY
@given(games())
def test_every_hand_and_the_totals_add_up_to_zero(game: tuple[int, list[dict[str, Any]]]) -> None:
    players, drawn = game
    settings_ = settings_for(NAMES[:players])
    state = new_game(settings_)
    for fields in drawn:
        entry = parse(fields)
        try:
            state = apply(state, entry)
        except RuleError:
            continue
        last = state.rounds[-1]
        assert last.points is not None and sum(last.points) == 0
        scored = mark(settings_, entry)
        if entry.taker is not None:
            needed = NEEDED[entry.bouts]
            assert (scored.result == "made") == (entry.half_points >= 2 * needed)
            assert scored.margin == math.ceil(abs(entry.half_points / 2 - needed))
            assert (scored.base > 0) == (scored.result == "made")
            defenders = [p for s, p in enumerate(last.points)
                         if s not in (entry.taker, scored.partner)]
            assert set(defenders) == {-scored.unit}
        assert FAMILY.parse_entry(settings_, "hand", entry_to_json(entry)) == entry
    assert sum(state.scores) == 0


@PROPERTY
@given(st.integers(0, 3), st.integers(-4, 190))
def test_points_in_range_are_refused_only_for_their_bouts(bouts: int, half: int) -> None:
    """Every number of half points from 0 to 91 is taken or refused at ``points``, never
    elsewhere, and the bounds of ``points_bounds`` are the ones kept."""
    entry = TarotHand(0, parse({"taker": 0, "contract": "prise", "bouts": 0,
                                "points": 0}).contract, bouts, half)
    least, most = points_bounds(bouts)
    try:
        apply(new_game(settings_for(NAMES[:4])), entry)
    except RuleError as refused:
        assert refused.field == "points"
        assert not 2 * least <= half <= 2 * most
    else:
        assert 2 * least <= half <= 2 * most
