"""A bid's points in the bid-and-trick games, with their parts (docs/rules.md sections 1, 2, 3
and 6): the rule that gave them and its two numbers. The games score with ``total``; the
explanation of a score shows the parts, so the two can never disagree.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import assert_never

from .options import Scoring, ZeroBid
from .settings import Settings


class Rule(enum.Enum):
    """Which scoring rule gave a bid its points; ``base`` and ``bonus`` are its two numbers."""

    TEN_PLUS_BID = "ten-plus-bid"  # Oh Hell exact: 10 + bid (base 10, bonus the bid)
    TEN_PLUS_BID_SQUARED = "ten-plus-bid-squared"  # squared, exact: 10 + bid² (bonus bid²)
    TRICKS_PLUS_TEN = "tricks-plus-ten"  # tricks-plus-bonus, exact: tricks + 10
    TRICKS_PLUS_FIVE = "tricks-plus-five"  # tricks-plus-five, exact: tricks + 5
    ZERO_FIVE = "zero-five"  # zero_bid five: an exact zero scores 5
    ZERO_FIVE_PLUS_HAND = "zero-five-plus-hand"  # zero_bid five-plus-hand: 5 + the hand size
    BID_PLUS_TWO = "bid-plus-two"  # Oh-Seven exact: bid + 2
    MISSED_NOTHING = "missed-nothing"  # exact scoring, missed: 0
    TRICKS_ONLY = "tricks-only"  # tricks-plus-*, missed: one a trick (base the tricks)
    MINUS_DIFFERENCE = "minus-difference"  # Oh-Seven missed: −difference (base −difference)
    MINUS_DIFFERENCE_SQUARED = "minus-difference-squared"  # squared, missed: −difference²
    TWENTY_PLUS_TENS = "twenty-plus-tens"  # the 60-card game, exact: 20 + 10 a trick
    MINUS_TENS = "minus-tens"  # missed: −10 a trick off (base −10 × difference)
    TENS_MINUS_TENS = "tens-minus-tens"  # tricks-always, missed: 10 a trick − 10 a trick off


@dataclass(frozen=True)
class Made:
    """A bid's points for the tricks it took, in parts: ``total`` = ``base`` + ``bonus``."""

    rule: Rule
    base: int
    bonus: int

    @property
    def total(self) -> int:
        return self.base + self.bonus


def in_turn(scoring: Scoring, zero_bid: ZeroBid, bid: int, taken: int, hand_size: int) -> Made:
    """The bid-in-turn games (Oh Hell, Elevator, the 60-card game), as the ``scoring`` and
    ``zero_bid`` options say.

    >>> in_turn(Scoring.EXACT, ZeroBid.STANDARD, 3, 3, 5)
    Made(rule=<Rule.TEN_PLUS_BID: 'ten-plus-bid'>, base=10, bonus=3)
    >>> in_turn(Scoring.SQUARED, ZeroBid.STANDARD, 3, 1, 5).total
    -4
    """
    exact = bid == taken
    # Both matches cover every member, without a fallback: a new scoring or zero_bid value makes
    # mypy report a missing return here.
    if exact and bid == 0:
        match zero_bid:
            case ZeroBid.STANDARD:
                pass  # as the scoring says
            case ZeroBid.FIVE:
                return Made(Rule.ZERO_FIVE, 5, 0)
            case ZeroBid.FIVE_PLUS_HAND:
                return Made(Rule.ZERO_FIVE_PLUS_HAND, 5, hand_size)
            case other:
                assert_never(other)
    match scoring:
        case Scoring.EXACT:
            return Made(Rule.TEN_PLUS_BID, 10, bid) if exact else Made(Rule.MISSED_NOTHING, 0, 0)
        case Scoring.TRICKS_PLUS_BONUS:
            if exact:
                return Made(Rule.TRICKS_PLUS_TEN, taken, 10)
            return Made(Rule.TRICKS_ONLY, taken, 0)
        case Scoring.TRICKS_PLUS_FIVE:
            if exact:
                return Made(Rule.TRICKS_PLUS_FIVE, taken, 5)
            return Made(Rule.TRICKS_ONLY, taken, 0)
        case Scoring.SQUARED:
            if exact:
                return Made(Rule.TEN_PLUS_BID_SQUARED, 10, bid * bid)
            return Made(Rule.MINUS_DIFFERENCE_SQUARED, -((bid - taken) ** 2), 0)
        case Scoring.TWENTY_PLUS_TENS:
            if exact:
                return Made(Rule.TWENTY_PLUS_TENS, 20, 10 * taken)
            return Made(Rule.MINUS_TENS, -10 * abs(bid - taken), 0)
        case Scoring.TRICKS_ALWAYS:
            if exact:
                return Made(Rule.TWENTY_PLUS_TENS, 20, 10 * taken)
            return Made(Rule.TENS_MINUS_TENS, 10 * taken, -10 * abs(bid - taken))
        case unknown:
            assert_never(unknown)


def made_by(settings: Settings, bid: int, taken: int, hand_size: int) -> Made:
    """The points a bid made in a game of ``settings`` (a bid-and-trick game), in parts: as its
    family scores them (``GameFamily.made``)."""
    return settings.family.made(settings, bid, taken, hand_size)
