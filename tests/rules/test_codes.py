"""Every 422 code of docs/api.md's table, raised by the engine with that code (one row a code)."""

from __future__ import annotations

from typing import Callable

import pytest

from companion.rules import CODES, Bids, Points, RuleError, Suit, apply, new_settings

from .builders import bids, hand, seven_up_at, start, tricks
from .expected import cards

CASES: dict[str, Callable[[], object]] = {
    "ruleset": lambda: new_settings("whist", ["A", "B", "C"]),
    "players": lambda: new_settings("oh-hell", ["A", "B"]),
    "phase": lambda: apply(start("oh-hell"), tricks(10, 0, 0, 0)),
    "bid-range": lambda: apply(start("oh-hell"), bids(None, 11, None, None)),
    "hook": lambda: apply(start("oh-hell", 4, first_dealer=3), bids(3, 3, 3, 1)),
    "card-reused": lambda: apply(apply(start("oh-seven", 3), Bids(cards("4s 2h 1d"))), Bids(cards("4s 0h 1c"))),
    "duplicate-card": lambda: apply(start("oh-seven", 4), Bids(cards("3s 3s 0h 1c"))),
    "tricks-total": lambda: apply(apply(start("oh-hell", 3), bids(0, 1, 2)), tricks(1, 1, 1)),
    "tricks-range": lambda: apply(apply(start("oh-hell", 3), bids(0, 1, 2)), tricks(11, -1, 0)),
    "seat": lambda: new_settings("oh-hell", ["A", "B", "C"], first_dealer=3),
    "gift-would-win": lambda: apply(seven_up_at([0, 6]), hand(game="tie", beg="give")),
    "hand": lambda: apply(start("seven-up", 2), hand(low=1, game=0)),
    "points-range": lambda: apply(start("score-pad", 2), Points((100_001, 0))),
    "points-total": lambda: apply(start("score-pad", 3, zero_sum=True), Points((1, 0, 0))),
    "blind-nil": lambda: apply(start("spades", 4), Bids((None, "blind-nil", None, None))),
    # Ben and Dev bid 2 each: 4, short of the minimum 5.
    "side-bid": lambda: apply(start("spades", 4, min_side_bid=5), bids(None, 2, 2, 2)),
    "trump": lambda: apply(apply(start("wizard", 3), Bids((None, 0, None), Suit.HEARTS)),
                           Bids((None, None, 0), Suit.CLUBS)),
}


def test_every_code_has_a_case() -> None:
    assert set(CASES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_code(code: str) -> None:
    with pytest.raises(RuleError) as caught:
        CASES[code]()
    error = caught.value
    assert error.code == code
    assert error.message and str(error) == error.message
    assert repr(error) == f"RuleError({code!r}, {error.message!r})"
