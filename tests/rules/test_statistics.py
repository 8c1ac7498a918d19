"""Statistics (docs/rules.md section 1 "Statistics"; seed 002 "Statistiche"), worked by hand."""

from __future__ import annotations

import pytest

from companion.rules import Bids, Suit, apply, statistics

from .builders import bids, hand, start, tricks
from .expected import cards


def test_oh_seven_statistics() -> None:
    """Two players. Round 1: a failed bid 4♠ 3♥ (not counted), then 0♠ 5♥, tricks 1, 6.
    Round 2: 2♦ 2♣, tricks 2, 5."""
    state = start("oh-seven", 2)
    for entry in (Bids(cards("4s 3h")), Bids(cards("0s 5h")), tricks(1, 6), Bids(cards("2d 2c")), tricks(2, 5)):
        state = apply(state, entry)
    assert [r.points for r in state.rounds] == [(-1 + 1, -1), (4, -3)]
    stats = statistics(state)
    assert stats is not None
    assert (stats.players, stats.rounds) == (2, 2)
    assert stats.average_zero_bid_rate == pytest.approx(0.25)  # mean of 1/2 and 0/2
    assert stats.average_top_bid == pytest.approx(3.5)  # 5♥ and 2♦
    assert stats.trump_rate == {Suit.SPADES: 0.0, Suit.HEARTS: 0.5, Suit.DIAMONDS: 0.5, Suit.CLUBS: 0.0}
    seat0, seat1 = stats.per_player
    assert (seat0.seat, seat0.rounds) == (0, 2)
    assert seat0.points_per_round == pytest.approx(2.0)
    assert seat0.average_bid == pytest.approx(1.0)  # 0 and 2: the failed 4♠ does not count
    assert seat0.zero_bid_rate == pytest.approx(0.5)
    assert seat0.top_bid_rate == pytest.approx(0.5)  # high bidder in round 2
    assert (seat0.success_rate, seat0.overshoot_rate, seat0.deficit_rate) == (0.5, 0.5, 0.0)
    assert seat1.points_per_round == pytest.approx(-2.0)
    assert seat1.average_bid == pytest.approx(3.5)
    assert seat1.zero_bid_rate == 0.0
    assert seat1.top_bid_rate == pytest.approx(0.5)  # high bidder in round 1
    assert (seat1.success_rate, seat1.overshoot_rate, seat1.deficit_rate) == (0.0, 1.0, 0.0)


def test_oh_hell_statistics() -> None:
    """Four players, dealer seat 3, ten cards: bids 3, 3, 0, 3; tricks 3, 4, 0, 3. Every player
    who made the highest bid counts as top bidder (there is no single high bidder)."""
    state = start("oh-hell", 4, first_dealer=3)
    state = apply(apply(state, bids(3, 3, 0, 3)), tricks(3, 4, 0, 3))
    assert state.rounds[0].points == (13, 0, 10, 13)
    stats = statistics(state)
    assert stats is not None and stats.trump_rate is None
    assert stats.average_zero_bid_rate == pytest.approx(0.25)
    assert stats.average_top_bid == pytest.approx(3.0)
    rows = [
        (p.points_per_round, p.average_bid, p.zero_bid_rate, p.top_bid_rate, p.success_rate,
         p.overshoot_rate, p.deficit_rate)
        for p in stats.per_player
    ]
    assert rows == [
        (13.0, 3.0, 0.0, 1.0, 1.0, 0.0, 0.0),
        (0.0, 3.0, 0.0, 1.0, 0.0, 1.0, 0.0),
        (10.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0),
        (13.0, 3.0, 0.0, 1.0, 1.0, 0.0, 0.0),
    ]


def test_a_deficit() -> None:
    state = start("elevator", 3)
    state = apply(apply(state, bids(5, 4, 0)), tricks(2, 4, 4))
    stats = statistics(state)
    assert stats is not None
    assert [p.deficit_rate for p in stats.per_player] == [1.0, 0.0, 0.0]
    assert [p.overshoot_rate for p in stats.per_player] == [0.0, 0.0, 1.0]


@pytest.mark.parametrize("ruleset", ["oh-seven", "oh-hell", "elevator"])
def test_before_any_round_rates_are_none(ruleset: str) -> None:
    stats = statistics(start(ruleset, 3))
    assert stats is not None and stats.rounds == 0 and stats.players == 3
    assert (stats.average_zero_bid_rate, stats.average_top_bid, stats.trump_rate) == (None, None, None)
    for player in stats.per_player:
        assert (player.points_per_round, player.average_bid, player.zero_bid_rate, player.top_bid_rate,
                player.success_rate, player.overshoot_rate, player.deficit_rate) == (None,) * 7


def test_seven_up_has_no_bid_statistics() -> None:
    assert statistics(apply(start("seven-up", 2), hand(game=0))) is None


def test_oh_seven_rebid_bonus_is_counted_per_player() -> None:
    """The failed 4♠ 3♥ (sum 7) gave Ana, its high bidder, +1: her rebid bonus."""
    state = start("oh-seven", 2)
    for entry in (Bids(cards("4s 3h")), Bids(cards("0s 5h")), tricks(1, 6)):
        state = apply(state, entry)
    stats = statistics(state)
    assert stats is not None
    assert [p.rebid_bonus for p in stats.per_player] == [1, 0]


def test_seven_up_statistics() -> None:
    """Two teams (Ana & Cleo against Ben & Dev), Ana deals first. Hand 1 (Ana deals, Ben is
    eldest): a redeal with one turned jack (Ana's team), then Ben stands; high and low Ben, jack
    Cleo, game Dev. Hand 2 (Ben deals, Cleo eldest): Cleo begs, Ben gives one; high Ana, low Dev,
    jack not dealt, game tied (nobody)."""
    from companion.rules import seven_up_statistics

    state = start("seven-up", 4)
    for entry in (hand(jacks=1, redeal=True, game=None), hand(high=1, low=1, jack=2, game=3),
                  hand(high=0, low=3, game="tie", beg="give")):
        state = apply(state, entry)
    stats = seven_up_statistics(state)
    assert stats is not None and statistics(state) is None
    assert (stats.players, stats.hands, stats.redeals, stats.beg_rate) == (4, 2, 1, 0.5)
    team_a, team_b = stats.per_side
    assert team_a.seats == (0, 2) and team_b.seats == (1, 3)
    assert (team_a.high, team_a.low, team_a.jack, team_a.game, team_a.gifts, team_a.jacks_turned) == (1, 0, 1, 0, 1, 1)
    assert (team_b.high, team_b.low, team_b.jack, team_b.game, team_b.gifts, team_b.jacks_turned) == (1, 2, 0, 1, 0, 0)
    assert state.side_scores == (4, 4)


def test_seven_up_statistics_are_seven_ups_alone() -> None:
    from companion.rules import seven_up_statistics

    assert seven_up_statistics(start("oh-hell", 3)) is None
    empty = seven_up_statistics(start("seven-up", 2))
    assert empty is not None and (empty.hands, empty.redeals, empty.beg_rate) == (0, 0, None)
