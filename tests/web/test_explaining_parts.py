"""A score's "why" says the engine's parts (docs/rules.md sections 1, 2 and 6): whatever
``rules.scoring`` makes of a bid, the sentence shows those numbers, none of its own."""

from __future__ import annotations

import pytest
from flask import Flask

from companion import rules
from companion.rules import BidScore, Outcome, Rule
from companion.web.shared.explaining import bid_lines


def score(rule: Rule, bid: int, taken: int, base: int, bonus: int) -> BidScore:
    return BidScore(seat=0, bid=bid, card=None, taken=taken, outcome=Outcome.EXACT,
                    difference=0, hand_size=7, rule=rule, base=base, bonus=bonus,
                    made=base + bonus, rebids=(), total=base + bonus)


@pytest.mark.parametrize(("rule", "base", "bonus", "said"), [
    # The parts the engine gives today (scoring.in_turn, card_bids.oh_seven)...
    (Rule.TRICKS_PLUS_TEN, 3, 10, "bid 3, took 3: exact, 3 + 10 = 13"),
    (Rule.TRICKS_PLUS_FIVE, 3, 5, "bid 3, took 3: exact, 3 + 5 = 8"),
    (Rule.BID_PLUS_TWO, 3, 2, "bid 3, took 3: exact, 3 + 2 = 5"),
    (Rule.TEN_PLUS_BID_SQUARED, 10, 9, "bid 3, took 3: exact, 10 + 3² = 19"),
    # ...and other parts, as a changed rule would give: the sentence follows them.
    (Rule.TRICKS_PLUS_TEN, 3, 7, "bid 3, took 3: exact, 3 + 7 = 10"),
    (Rule.TRICKS_PLUS_FIVE, 3, 4, "bid 3, took 3: exact, 3 + 4 = 7"),
    (Rule.BID_PLUS_TWO, 3, 3, "bid 3, took 3: exact, 3 + 3 = 6"),
    (Rule.TEN_PLUS_BID_SQUARED, 20, 9, "bid 3, took 3: exact, 20 + 3² = 29"),
])
def test_an_exact_bid_says_the_engines_parts(app: Flask, rule: Rule, base: int, bonus: int,
                                             said: str) -> None:
    settings = rules.new_settings("oh-hell", ["Ana", "Ben", "Cleo"])
    with app.test_request_context():
        assert bid_lines(settings, score(rule, 3, 3, base, bonus)) == [said]


@pytest.mark.parametrize(("rule", "base", "bonus", "said"), [
    (Rule.ZERO_FIVE, 5, 0, "bid 0, took 0: exact zero: 5"),
    (Rule.ZERO_FIVE, 6, 0, "bid 0, took 0: exact zero: 6"),
    (Rule.ZERO_FIVE_PLUS_HAND, 5, 7, "bid 0, took 0: exact zero: 5 + 7 cards = 12"),
    (Rule.ZERO_FIVE_PLUS_HAND, 4, 7, "bid 0, took 0: exact zero: 4 + 7 cards = 11"),
])
def test_an_exact_zero_says_the_engines_parts(app: Flask, rule: Rule, base: int, bonus: int,
                                              said: str) -> None:
    settings = rules.new_settings("oh-hell", ["Ana", "Ben", "Cleo"])
    with app.test_request_context():
        assert bid_lines(settings, score(rule, 0, 0, base, bonus)) == [said]


def test_the_parts_in_french(app: Flask) -> None:
    settings = rules.new_settings("oh-hell", ["Ana", "Ben", "Cleo"])
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        lines = bid_lines(settings, score(Rule.ZERO_FIVE_PLUS_HAND, 0, 0, 5, 7))
    assert lines[0].replace("\u00a0", " ").endswith("zéro réussi : 5 + 7 cartes = 12")


@pytest.mark.parametrize("rebid_sum", [7, 9])
def test_a_forced_rebid_says_the_engines_sum(app: Flask, monkeypatch: pytest.MonkeyPatch,
                                             rebid_sum: int) -> None:
    """The sum that forces a rebid is Oh-Seven's (card_bids.REBID_SUM, docs/rules.md section 1),
    in the "why" as on the rules page."""
    from companion.rules import Card, RebidBonus, Suit, card_bids

    monkeypatch.setattr(card_bids, "REBID_SUM", rebid_sum)
    settings = rules.new_settings("oh-seven", ["Ana", "Ben", "Cleo"])
    bonus = RebidBonus(points=1, deal=0, high_bid=Card(4, Suit.SPADES), high_bidders=(0,),
                       sum_seven=True, shared_high=False)
    base = score(Rule.BID_PLUS_TWO, 3, 3, 3, 2)
    with app.test_request_context():
        lines = bid_lines(settings, BidScore(**{**base.__dict__, "rebids": (bonus,), "total": 6}))
    assert f"+1: the bids added up to {rebid_sum}, Ana's 4♠ was high (forced rebid)" in lines
