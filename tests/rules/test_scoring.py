"""A bid's points in parts (``companion.rules.scoring``): for every scoring and zero_bid option,
bid, tricks and hand size, the parts add up to the points the rules say (the model's own
reckoning) and to the points the game scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Scoring, ZeroBid, card_bids, turn_bids
from companion.rules.card_bids import oh_seven
from companion.rules.scoring import Made, Rule, in_turn

from .model import oh_hell_score, oh_seven_score


@st.composite
def bid_taken_hand(draw: st.DrawFn, largest: int = 10) -> tuple[int, int, int]:
    hand_size = draw(st.integers(1, largest))
    return draw(st.integers(0, hand_size)), draw(st.integers(0, hand_size)), hand_size


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.sampled_from(Scoring), st.sampled_from(ZeroBid), bid_taken_hand())
def test_in_turn_parts_add_up_to_the_points_scored(scoring: Scoring, zero_bid: ZeroBid,
                                                   play: tuple[int, int, int]) -> None:
    bid, taken, hand_size = play
    made = in_turn(scoring, zero_bid, bid, taken, hand_size)
    assert made.base + made.bonus == made.total
    assert made.total == oh_hell_score(scoring.value, bid, taken, zero_bid.value, hand_size)
    assert made.total == turn_bids.score(scoring, zero_bid, bid, taken, hand_size)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(bid_taken_hand(largest=7))
def test_oh_seven_parts_add_up_to_the_points_scored(play: tuple[int, int, int]) -> None:
    bid, taken, _ = play
    made = oh_seven(bid, taken)
    assert made.base + made.bonus == made.total == oh_seven_score(bid, taken)
    assert made.total == card_bids.score(bid, taken)


#: Hand-reckoned from docs/rules.md sections 1, 2, 3 and 6: (scoring, zero_bid, bid, taken, hand).
PARTS = [
    (Scoring.EXACT, ZeroBid.STANDARD, 3, 3, 5, Made(Rule.TEN_PLUS_BID, 10, 3)),
    (Scoring.EXACT, ZeroBid.STANDARD, 3, 2, 5, Made(Rule.MISSED_NOTHING, 0, 0)),
    (Scoring.EXACT, ZeroBid.STANDARD, 0, 0, 5, Made(Rule.TEN_PLUS_BID, 10, 0)),
    (Scoring.EXACT, ZeroBid.FIVE, 0, 0, 5, Made(Rule.ZERO_FIVE, 5, 0)),
    (Scoring.SQUARED, ZeroBid.FIVE_PLUS_HAND, 0, 0, 6, Made(Rule.ZERO_FIVE_PLUS_HAND, 5, 6)),
    (Scoring.SQUARED, ZeroBid.STANDARD, 3, 3, 5, Made(Rule.TEN_PLUS_BID_SQUARED, 10, 9)),
    (Scoring.SQUARED, ZeroBid.STANDARD, 1, 4, 5, Made(Rule.MINUS_DIFFERENCE_SQUARED, -9, 0)),
    (Scoring.TRICKS_PLUS_BONUS, ZeroBid.STANDARD, 2, 2, 5, Made(Rule.TRICKS_PLUS_TEN, 2, 10)),
    (Scoring.TRICKS_PLUS_FIVE, ZeroBid.STANDARD, 2, 2, 5, Made(Rule.TRICKS_PLUS_FIVE, 2, 5)),
    (Scoring.TRICKS_PLUS_FIVE, ZeroBid.STANDARD, 2, 4, 5, Made(Rule.TRICKS_ONLY, 4, 0)),
]


def test_the_parts_of_each_rule() -> None:
    for scoring, zero_bid, bid, taken, hand_size, made in PARTS:
        assert in_turn(scoring, zero_bid, bid, taken, hand_size) == made
    assert oh_seven(4, 4) == Made(Rule.BID_PLUS_TWO, 4, 2)
    assert oh_seven(4, 1) == Made(Rule.MINUS_DIFFERENCE, -3, 0)
