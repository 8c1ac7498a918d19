"""Explain every score (companion/rules/explain.py): golden sentences' numbers for each scoring
rule of docs/rules.md sections 1–4 and 6, and the property that an explanation always adds up to the
round's points, for every game and option."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from companion.rules import (
    RULESETS,
    Bids,
    BidScore,
    HandScore,
    Outcome,
    Point,
    Rule,
    apply,
    explain,
    rebid_bonuses,
    rematch_settings,
)

from .builders import bids, hand, start, tricks
from .strategies import Played, played_games
from .expected import cards

PROPERTY = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@pytest.mark.slow
@PROPERTY
@given(played_games())
def test_an_explanation_adds_up_to_the_rounds_points(game: Played) -> None:
    state = game.state
    explained = explain(state)
    assert [e.number for e in explained] == [r.number for r in state.rounds]
    for round_, explanation in zip(state.rounds, explained):
        assert round_.points is not None
        totals = tuple(seat.total for seat in explanation.seats)
        assert totals == round_.points, (round_, explanation)
        for seat in explanation.seats:
            if isinstance(seat, BidScore):
                assert seat.total == seat.base + seat.bonus + sum(r.points for r in seat.rebids)
                assert (seat.outcome is Outcome.EXACT) == (seat.bid == seat.taken)
            else:
                assert isinstance(seat, HandScore)
                assert seat.total == sum(p.counted for p in seat.won)


def _first(ruleset: str, round_bids: tuple[int, ...], round_tricks: tuple[int, ...],
           **options: object) -> tuple[BidScore, ...]:
    state = start(ruleset, 4, first_dealer=3, **options)
    state = apply(apply(state, bids(*round_bids)), tricks(*round_tricks))
    scores = explain(state)[0].seats
    assert all(isinstance(s, BidScore) for s in scores)
    return scores  # type: ignore[return-value]


def test_oh_hell_exact_scoring() -> None:
    """docs/rules.md section 2: exact 10 + bid (10 for an exact zero), a miss 0. Bids 3, 3, 0, 3."""
    ana, ben, cleo, _ = _first("oh-hell", (3, 3, 0, 3), (3, 4, 0, 3))
    assert (ana.rule, ana.base, ana.bonus, ana.total) == (Rule.TEN_PLUS_BID, 10, 3, 13)
    assert (ben.rule, ben.outcome, ben.difference, ben.total) == (Rule.MISSED_NOTHING, Outcome.OVER, 1, 0)
    assert (cleo.rule, cleo.base, cleo.bonus, cleo.total) == (Rule.TEN_PLUS_BID, 10, 0, 10)


def test_elevator_tricks_plus_ten() -> None:
    """docs/rules.md section 3: bid 3, took 3 = 13; bid 2, took 3 = 3."""
    ana, ben, _, _ = _first("elevator", (3, 2, 0, 3), (3, 3, 1, 3))
    assert (ana.rule, ana.base, ana.bonus, ana.total) == (Rule.TRICKS_PLUS_TEN, 3, 10, 13)
    assert (ben.rule, ben.base, ben.total) == (Rule.TRICKS_ONLY, 3, 3)


def test_oh_seven_exact_missed_and_rebid_bonus() -> None:
    """docs/rules.md section 1: bid + 2 when made, else minus the difference; the high bidder of bids
    that add up to 7 scores +1 (forced rebid). Ana 4♠, Ben 3♥: 7, Ana high. Then 5♥ and 0♠."""
    state = start("oh-seven", 2)
    state = apply(state, Bids(cards("4s 3h")))
    assert state.current is not None
    assert [[str(b.high_bid) for b in seat] for seat in rebid_bonuses(state.current)] == [["4♠"], []]
    state = apply(state, Bids(cards("5h 0s")))
    state = apply(state, tricks(3, 4))
    ana, ben = explain(state)[0].seats
    assert isinstance(ana, BidScore) and isinstance(ben, BidScore)
    assert (ana.bid, str(ana.card), ana.outcome, ana.difference) == (5, "5♥", Outcome.UNDER, 2)
    assert (ana.rule, ana.made) == (Rule.MINUS_DIFFERENCE, -2)
    (bonus,) = ana.rebids
    assert (bonus.points, str(bonus.high_bid), bonus.high_bidders, bonus.sum_seven,
            bonus.shared_high) == (1, "4♠", (0,), True, False)
    assert ana.total == -1 == state.rounds[0].points[0]
    assert (ben.rebids, ben.rule, ben.made, ben.total) == ((), Rule.MINUS_DIFFERENCE, -4, -4)


def test_a_rebid_bonus_is_explained_with_the_engines_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    """The explanation reads card_bids.REBID_BONUS when it explains, as the scoring does: a
    changed bonus is both scored and said (not a copy taken at import)."""
    from companion.rules import card_bids

    monkeypatch.setattr(card_bids, "REBID_BONUS", 3)
    state = apply(start("oh-seven", 2), Bids(cards("4s 3h")))
    state = apply(apply(state, Bids(cards("5h 0s"))), tricks(3, 4))
    ana, _ben = explain(state)[0].seats
    assert isinstance(ana, BidScore)
    assert [bonus.points for bonus in ana.rebids] == [3]
    assert ana.total == -2 + 3 == state.rounds[0].points[0]


@pytest.mark.skipif("squared" not in RULESETS["oh-hell"].options["scoring"].choices,
                    reason="the section-6 scorings arrive with branch i8e")
@pytest.mark.parametrize(("scoring", "made", "missed"), [
    ("tricks-plus-five", (Rule.TRICKS_PLUS_FIVE, 3, 5, 8), (Rule.TRICKS_ONLY, 4, 0, 4)),
    ("squared", (Rule.TEN_PLUS_BID_SQUARED, 10, 9, 19), (Rule.MINUS_DIFFERENCE_SQUARED, -1, 0, -1)),
])
def test_house_scorings(scoring: str, made: tuple[object, ...], missed: tuple[object, ...]) -> None:
    """docs/rules.md section 6: tricks-plus-five 1 a trick +5 if exact; squared 10 + bid², missed
    −(bid − tricks)²."""
    ana, ben, _, _ = _first("oh-hell", (3, 3, 0, 3), (3, 4, 0, 3), scoring=scoring)
    assert (ana.rule, ana.base, ana.bonus, ana.total) == made
    assert (ben.rule, ben.base, ben.bonus, ben.total) == missed


@pytest.mark.skipif("zero_bid" not in RULESETS["oh-hell"].options,
                    reason="the zero_bid option arrives with branch i8e")
@pytest.mark.parametrize(("zero_bid", "expected"), [
    ("five", (Rule.ZERO_FIVE, 5, 0, 5)),
    ("five-plus-hand", (Rule.ZERO_FIVE_PLUS_HAND, 5, 10, 15)),
])
def test_zero_bid_options(zero_bid: str, expected: tuple[object, ...]) -> None:
    """docs/rules.md section 6: an exact zero scores 5, or 5 + the hand size (ten cards here)."""
    _, _, cleo, _ = _first("oh-hell", (3, 3, 0, 3), (3, 4, 0, 3), zero_bid=zero_bid)
    assert (cleo.rule, cleo.base, cleo.bonus, cleo.total) == expected


def test_seven_up_points_and_the_hands_summary() -> None:
    """Three players, dealer Ana: one jack turned, Ben begs and Ana gives one (both non-dealers
    score it); High Ben, Low Ana, jack not dealt, game tied (nobody)."""
    state = start("seven-up", 3)
    state = apply(state, hand(high=1, low=0, jack=None, game="tie", beg="give", jacks=1))
    explanation = explain(state)[0]
    ana, ben, cleo = explanation.seats
    assert isinstance(ana, HandScore) and isinstance(ben, HandScore)
    assert [p.point for p in ana.won] == [Point.JACK_TURNED, Point.LOW]
    assert [p.point for p in ben.won] == [Point.GIFT, Point.HIGH]
    assert [p.point for p in cleo.won] == [Point.GIFT]  # type: ignore[union-attr]
    assert (ana.total, ben.total, cleo.total) == state.rounds[0].points == (2, 2, 1)
    summary = explanation.hand
    assert summary is not None
    assert (summary.played, summary.jack_out, summary.game_tied, summary.no_trump) == (True, True, True, False)


def test_seven_up_points_after_the_winning_one_are_not_counted() -> None:
    """Target 7: Ana's side at 6 wins on High; Low and Game after it are not counted."""
    state = start("seven-up", 2)
    for _ in range(6):
        state = apply(state, hand(game=0))
    before = state.side_scores
    assert before[0] == 6
    state = apply(state, hand(high=0, low=1, game=1))
    assert state.finished
    last = explain(state)[-1].seats
    assert [(p.point, p.counted) for p in last[1].won] == [(Point.LOW, False), (Point.GAME, False)]
    assert last[0].total == 1 and last[1].total == 0


def test_rematch_keeps_the_table_and_passes_the_deal() -> None:
    state = start("oh-seven", 3, first_dealer=1, card_passing=True)
    settings = rematch_settings(state)
    assert settings.first_dealer == 2  # round 1 is Ben's deal; the next deal is Cleo's
    assert (settings.players, dict(settings.options)) == (state.settings.players, {"card_passing": True})


def test_seven_up_a_turned_jack_that_wins_ends_the_hand_before_play() -> None:
    """Target 7, Ana at 6 deals hand 13 (2 players: Ana deals the odd hands) and turns a jack:
    she wins before the beg; the hand's play (recorded as nothing) never happens."""
    from .builders import seven_up_at

    state = seven_up_at([6, 6])
    assert state.current is not None and state.current.dealer == 0
    state = apply(state, hand(jacks=1, high=None, low=None, game=None))
    assert state.finished
    last = explain(state)[-1]
    assert last.hand is not None and not last.hand.played
    ana, ben = last.seats
    assert [(p.point, p.counted) for p in ana.won] == [(Point.JACK_TURNED, True)]  # type: ignore[union-attr]
    assert (ana.total, ben.total) == (1, 0)
