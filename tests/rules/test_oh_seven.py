"""Golden tables for Oh-Seven (docs/rules.md section 1; seeds 000 and 002)."""

from __future__ import annotations

import pytest

from companion.rules import Bids, Phase, RuleError, Suit, apply, decks, new_settings

from .builders import bids, hand, play_to_round, start, tricks
from .expected import PASSING, cards

# -- players, decks, rounds -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [pytest.param(n, 1, id=f"seed-000-{n}-players-one-deck") for n in (2, 3, 4)]
    + [pytest.param(n, 2, id=f"seed-000-{n}-players-two-decks") for n in (5, 6, 7, 8, 9)],
)
def test_decks_by_player_count(players: int, expected: int) -> None:
    assert decks(players) == expected
    # Two players bidding the same card: an entry mistake with one deck, possible with two.
    words = ["0c", "0c"] if players == 2 else "6s 0c 0c 0d 0d 0h 0h 0s 0s".split()[:players]
    entry = Bids(cards(" ".join(words)))
    state = start("oh-seven", players)
    if expected == 1:
        with pytest.raises(RuleError) as caught:
            apply(state, entry)
        assert caught.value.code == "duplicate-card"
    else:
        after = apply(state, entry)
        assert after.current is not None and after.current.phase is Phase.TRICKS


@pytest.mark.parametrize(
    ("players", "ok"), [(1, False), (2, True), (9, True), (10, False)], ids=lambda v: f"RULES-1-{v}"
)
def test_player_counts(players: int, ok: bool) -> None:
    names = [f"P{i}" for i in range(players)]
    if ok:
        assert len(new_settings("oh-seven", names).players) == players
    else:
        with pytest.raises(RuleError) as caught:
            new_settings("oh-seven", names)
        assert caught.value.code == "players"


def test_seven_rounds_of_seven_cards_and_the_deal_passes_left() -> None:
    state = start("oh-seven", 3, first_dealer=1)
    assert state.total_rounds == 7
    dealers = []
    for number in range(1, 8):
        assert state.current is not None and state.current.number == number
        assert state.current.hand_size == 7
        dealers.append(state.current.dealer)
        assert state.current.bidding_order == tuple((state.current.dealer + 1 + k) % 3 for k in range(3))
        state = play_to_round(state, number + 1)
    assert dealers == [1, 2, 0, 1, 2, 0, 1]
    assert state.finished and len(state.rounds) == 7


# -- card passing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        pytest.param(1, None, id="seed-000-round-1-none"),
        pytest.param(2, (1, "left", [(0, 1), (1, 2), (2, 3), (3, 0)]), id="seed-000-round-2-1-left"),
        pytest.param(3, (2, "right", [(0, 3), (1, 0), (2, 1), (3, 2)]), id="seed-000-round-3-2-right"),
        pytest.param(4, (3, "left", [(0, 1), (1, 2), (2, 3), (3, 0)]), id="seed-000-round-4-3-left"),
        pytest.param(5, (2, "right", [(0, 3), (1, 0), (2, 1), (3, 2)]), id="seed-000-round-5-2-right"),
        pytest.param(6, (1, "left", [(0, 1), (1, 2), (2, 3), (3, 0)]), id="seed-000-round-6-1-left"),
        pytest.param(7, None, id="seed-000-round-7-none"),
    ],
)
def test_card_passing_for_four_players(number: int, expected: tuple[int, str, list[tuple[int, int]]] | None) -> None:
    """Each player is told whom they pass to: left = seat + 1, right = seat - 1."""
    state = play_to_round(start("oh-seven", 4, first_dealer=2, card_passing=True), number)
    passing = state.current.passing  # type: ignore[union-attr]
    if expected is None:
        assert passing is None
        return
    count, direction, pairs = expected
    assert passing is not None and (passing.count, passing.direction) == (count, direction)
    assert [(p.giver, p.receiver) for p in passing.passes] == pairs
    assert {p.count for p in passing.passes} == {count}


@pytest.mark.parametrize("players", range(2, 10))
def test_card_passing_every_player_count(players: int) -> None:
    state = start("oh-seven", players, card_passing=True)
    for number in range(1, 8):
        passing = state.current.passing  # type: ignore[union-attr]
        if PASSING[number] is None:
            assert passing is None
        else:
            count, direction = PASSING[number]  # type: ignore[misc]
            step = 1 if direction == "left" else -1
            assert passing is not None
            assert [(p.giver, p.receiver, p.count) for p in passing.passes] == [
                (seat, (seat + step) % players, count) for seat in range(players)
            ]
        state = play_to_round(state, number + 1)


def test_card_passing_is_off_by_default() -> None:
    state = start("oh-seven", 4)
    for number in range(1, 8):
        assert state.current is not None and state.current.passing is None
        state = play_to_round(state, number + 1)


# -- the high bid, trump and leader -------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "bid", "high", "leader"),
    [
        pytest.param(4, "5h 5d 2s 0c", "5h", 0, id="RULES-1-hearts-over-diamonds"),
        pytest.param(4, "3c 3s 0h 0d", "3s", 1, id="RULES-1-spades-over-clubs"),
        pytest.param(4, "2d 2c 2h 2s", "2s", 3, id="RULES-1-spades-top-suit"),
        pytest.param(4, "1c 1d 6h 0s", "6h", 2, id="RULES-1-value-first"),
        pytest.param(4, "4c 3s 1h 0d", "4c", 0, id="RULES-1-value-beats-suit"),
        pytest.param(4, "0s 0h 0d 0c", "0s", 0, id="RULES-1-all-zero"),
        pytest.param(3, "7c 6s 5h", "7c", 0, id="RULES-1-seven-of-clubs"),
        pytest.param(2, "1d 2c", "2c", 1, id="RULES-1-two-players"),
        pytest.param(5, "6s 6h 0c 0d 0h", "6s", 0, id="seed-000-same-value-other-suit-not-shared"),
        pytest.param(5, "5s 5s 7h 0c 0d", "7h", 2, id="seed-002-shared-card-not-high"),
    ],
)
def test_high_bid_trump_and_leader(players: int, bid: str, high: str, leader: int) -> None:
    state = apply(start("oh-seven", players, first_dealer=players - 1), Bids(cards(bid)))
    current = state.current
    assert current is not None and current.phase is Phase.TRICKS
    assert current.bids == cards(bid)
    assert current.high_bid == cards(high)[0]
    assert current.trump is cards(high)[0].suit
    assert current.leader == leader
    assert current.attempts == () and current.rebid_bonus == (0,) * players


# -- forced rebids --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "bid", "sum_seven", "shared", "bonus"),
    [
        pytest.param(4, "4s 2h 1d 0c", True, False, (1, 0, 0, 0), id="seed-000-trigger-1-sum-7"),
        pytest.param(4, "3c 3s 1h 0d", True, False, (0, 1, 0, 0), id="seed-002-trigger-1-suit-breaks-tie"),
        pytest.param(2, "0s 7h", True, False, (0, 1), id="RULES-1-trigger-1-two-players"),
        pytest.param(5, "6s 6s 0c 0d 0h", False, True, (1, 1, 0, 0, 0), id="seed-000-trigger-2-shared-high"),
        pytest.param(9, "1c 1c 2d 0s 0s 0h 0h 0d 0d", False, False, None, id="seed-000-shared-low-card-no-trigger"),
        pytest.param(5, "3s 3s 1h 0d 0c", True, True, (1, 1, 0, 0, 0), id="RULES-1-both-triggers-one-bonus"),
        pytest.param(6, "0h 1c 0d 3d 3d 0s", True, True, (0, 0, 0, 1, 1, 0), id="RULES-1-both-triggers-seats-3-and-4"),
        pytest.param(6, "0h 2c 0d 5d 5d 0s", False, True, (0, 0, 0, 1, 1, 0), id="RULES-1-trigger-2-seats-3-and-4"),
    ],
)
def test_forced_rebid(players: int, bid: str, sum_seven: bool, shared: bool, bonus: tuple[int, ...] | None) -> None:
    state = start("oh-seven", players)
    after = apply(state, Bids(cards(bid)))
    current = after.current
    assert current is not None
    if bonus is None:  # accepted
        assert current.phase is Phase.TRICKS and current.attempts == ()
        return
    assert current.phase is Phase.BIDDING and current.bids is None
    (attempt,) = current.attempts
    assert (attempt.sum_seven, attempt.shared_high) == (sum_seven, shared)
    assert attempt.bids == cards(bid) and attempt.deal == 0
    assert attempt.bonus == tuple(s for s, b in enumerate(bonus) if b)
    assert current.rebid_bonus == bonus
    assert after.scores == bonus  # the +1 is scored at once
    assert current.set_aside == tuple((c,) for c in cards(bid))
    assert current.number == 1 and current.redeals == 0


# -- cards set aside, duplicates --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "failed", "rebid", "code", "seat", "reason"),
    [
        pytest.param(3, ["4s 2h 1d"], "4s 0h 1c", "card-reused", 0, "card-reused", id="RULES-1-one-deck-same-player"),
        pytest.param(3, ["4s 2h 1d"], "5s 4s 1c", "card-reused", 1, "card-gone",
                     id="RULES-1-one-deck-card-in-another-hand"),
        pytest.param(3, ["4s 2h 1d"], "5s 0h 6c", None, None, None, id="RULES-1-one-deck-new-cards"),
        pytest.param(5, ["4s 2h 1d 0c 0h"], "4s 2h 1d 0c 0h", None, None, None, id="RULES-1-two-decks-second-copy"),
        pytest.param(5, ["4s 2h 1d 0c 0h", "4s 2h 1d 0c 0h"], "4s 1h 3d 0d 0s", "card-reused", 0, "card-reused",
                     id="RULES-1-two-decks-at-most-twice"),
        pytest.param(5, ["4s 2h 1d 0c 0h", "4s 2h 1d 0c 0h"], "5s 4s 3d 0d 0s", "card-reused", 1, "card-gone",
                     id="RULES-1-two-decks-both-copies-in-one-hand"),
        pytest.param(5, ["4s 2h 1d 0c 0h"], "6s 4s 3d 0d 0s", None, None, None, id="RULES-1-two-decks-other-copy"),
        pytest.param(4, [], "3s 3s 0h 1c", "duplicate-card", 1, "duplicate-card", id="RULES-1-one-deck-duplicate"),
        pytest.param(2, [], "0c 0c", "duplicate-card", 1, "duplicate-card",
                     id="RULES-1-one-deck-duplicate-two-players"),
        pytest.param(5, [], "2c 2c 2c 0h 1s", "duplicate-card", 2, "duplicate-card-decks",
                     id="RULES-1-two-decks-hold-two-copies-not-three"),
    ],
)
def test_cards_set_aside(players: int, failed: list[str], rebid: str, code: str | None, seat: int | None,
                         reason: str | None) -> None:
    state = start("oh-seven", players)
    for bid in failed:
        state = apply(state, Bids(cards(bid)))
        assert state.current is not None and state.current.phase is Phase.BIDDING
    if code is None:
        assert apply(state, Bids(cards(rebid))).current is not None
        return
    with pytest.raises(RuleError) as caught:
        apply(state, Bids(cards(rebid)))
    assert (caught.value.code, caught.value.seat, caught.value.reason) == (code, seat, reason)


# -- redeal after seven failed bids -------------------------------------------------------------------

#: Two players, one deck: seat 0 bids k♠ and seat 1 (7-k)♥, k = 0..6: seven sums of 7.
SEVEN_FAILURES = [f"{k}s {7 - k}h" for k in range(7)]


def test_redeal_after_seven_failed_bids() -> None:
    """docs/rules.md section 1 "redeal": bonuses kept, set-aside cards cleared, same round and
    dealer, the round's passing happens again."""
    state = play_to_round(start("oh-seven", 2, card_passing=True), 2)
    before = state.scores
    for bid in SEVEN_FAILURES:
        state = apply(state, Bids(cards(bid)))
    current = state.current
    assert current is not None
    assert (current.number, current.dealer, current.phase) == (2, 1, Phase.BIDDING)
    assert current.redeals == 1
    assert current.set_aside == ((), ())
    assert len(current.attempts) == 7 and {a.deal for a in current.attempts} == {0}
    # High bidders: 7♥ 6♥ 5♥ 4♥ for seat 1, then 4♠ 5♠ 6♠ for seat 0.
    assert current.rebid_bonus == (3, 4)
    assert tuple(s - b for s, b in zip(state.scores, before)) == (3, 4)
    assert current.passing is not None and (current.passing.count, current.passing.direction) == (1, "left")
    # A new deal: a failed bid now belongs to deal 1, and 3♠ (set aside in deal 0) is free again.
    state = apply(state, Bids(cards("5s 2h")))
    assert state.current is not None and state.current.attempts[-1].deal == 1
    assert state.current.rebid_bonus == (4, 4)
    assert state.current.set_aside == (cards("5s"), cards("2h"))
    state = apply(state, Bids(cards("3s 1h")))
    state = apply(state, tricks(3, 4))
    scored = state.rounds[-1]
    assert scored.number == 2 and scored.redeals == 1 and len(scored.attempts) == 8
    assert scored.points == (5 + 4, -3 + 4)  # bid 3 took 3, bid 1 took 4, plus bonuses
    assert tuple(s - b for s, b in zip(state.scores, before)) == (9, 1)
    assert state.current is not None and state.current.number == 3 and state.current.rebid_bonus == (0, 0)


# -- scoring, tricks, end ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "taken", "points"),
    [
        pytest.param(3, 3, 5, id="seed-000-made-bid-plus-2"),
        pytest.param(0, 0, 2, id="seed-000-zero-made"),
        pytest.param(7, 7, 9, id="seed-000-seven-made"),
        pytest.param(3, 1, -2, id="seed-000-under"),
        pytest.param(1, 4, -3, id="seed-002-over"),
        pytest.param(0, 2, -2, id="seed-002-zero-missed"),
        pytest.param(7, 0, -7, id="seed-000-seven-missed"),
    ],
)
def test_round_score(bid: int, taken: int, points: int) -> None:
    """Two players: seat 0 bids ``bid`` (spades), seat 1 bids 0 or 1 (hearts), never a sum of 7."""
    other = 1 if bid == 7 else 0
    state = apply(start("oh-seven", 2), Bids(cards(f"{bid}s {other}h")))
    state = apply(state, tricks(taken, 7 - taken))
    assert state.rounds[0].points is not None and state.rounds[0].points[0] == points


@pytest.mark.parametrize(
    ("taken", "code"),
    [
        pytest.param((4, 4, 0), "tricks-total", id="RULES-1-tricks-add-up-to-7-over"),
        pytest.param((3, 3, 0), "tricks-total", id="RULES-1-tricks-add-up-to-7-under"),
        pytest.param((8, -1, 0), "tricks-range", id="RULES-1-tricks-0-7"),
    ],
)
def test_tricks_errors(taken: tuple[int, ...], code: str) -> None:
    state = start("oh-seven", 3)
    with pytest.raises(RuleError) as caught:
        apply(state, tricks(*taken))
    assert (caught.value.code, caught.value.reason) == ("phase", "tricks-before-bids")
    state = apply(state, Bids(cards("1s 1h 1d")))
    with pytest.raises(RuleError) as caught:
        apply(state, tricks(*taken))
    assert caught.value.code == code
    with pytest.raises(RuleError) as caught:
        apply(state, Bids(cards("2s 1h 1d")))
    assert (caught.value.code, caught.value.reason) == ("phase", "bids-complete")
    with pytest.raises(RuleError) as caught:
        apply(state, hand(game=0))
    assert (caught.value.code, caught.value.reason) == ("phase", "entry-kind")


@pytest.mark.parametrize(
    ("bid", "code"),
    [
        pytest.param("8s 0h 0d", "bid-range", id="API-value-over-7"),
        pytest.param("-1s 0h 0d", "bid-range", id="API-value-below-0"),
    ],
)
def test_bid_card_range(bid: str, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        apply(start("oh-seven", 3), Bids(cards(bid)))
    assert caught.value.code == code


def test_the_game_ends_after_round_7_and_equal_totals_share_the_place() -> None:
    """Three players; every round all bid 1 and take 3, 2, 2: everyone misses by the same."""
    state = start("oh-seven", 3)
    for _ in range(7):
        state = apply(state, Bids(cards("1s 1h 1d")))
        state = apply(state, tricks(3, 2, 2))
    assert state.finished and state.scores == (-14, -7, -7)
    assert [(s.seats, s.rank) for s in state.standings] == [((1,), 1), ((2,), 1), ((0,), 3)]
    assert state.winners == (1, 2)
    assert {r.trump for r in state.rounds} == {Suit.SPADES}
    with pytest.raises(RuleError) as caught:
        apply(state, Bids(cards("1s 1h 1d")))
    assert caught.value.code == "phase"


def test_redeal_with_two_decks() -> None:
    """Five players, two decks: seats 0 and 1 share the high card seven times (trigger 2), the
    others bid each of their low cards twice — both copies — until every card is used."""
    highs = ["7s", "7h", "7d", "7c", "6s", "6h", "6d"]
    lows = [[f"{value}{suit}" for suit in "sshhddc"] for value in (0, 1, 2)]
    state = start("oh-seven", 5)
    for k, high in enumerate(highs):
        state = apply(state, Bids(cards(f"{high} {high} {lows[0][k]} {lows[1][k]} {lows[2][k]}")))
        current = state.current
        assert current is not None and current.attempts[-1].shared_high
        assert current.attempts[-1].high_bidders == (0, 1)
        if k == 1:  # a third 0♠ for seat 2 is one too many
            with pytest.raises(RuleError) as caught:
                apply(state, Bids(cards("5s 4s 0s 1h 2h")))
            assert (caught.value.code, caught.value.seat) == ("card-reused", 2)
    current = state.current
    assert current is not None
    assert (current.number, current.redeals, current.set_aside) == (1, 1, ((),) * 5)
    assert current.rebid_bonus == (7, 7, 0, 0, 0) and state.scores == (7, 7, 0, 0, 0)
    state = apply(state, Bids(cards("6s 0s 0s 0h 0h")))  # a new deal: every card is back
    assert state.current is not None and state.current.phase is Phase.TRICKS
    state = apply(state, tricks(1, 0, 0, 6, 0))
    assert state.rounds[0].points == (-5 + 7, 2 + 7, 2, -6, 2)


# -- the facts the rules page asks of the engine (docs/rules.md section 1) ---------------------------


def test_the_facts_the_rules_page_says() -> None:
    from companion.rules import card_bids

    assert (card_bids.ROUNDS, card_bids.HAND_SIZE) == (7, 7)  # "7 rounds; 7 cards dealt"
    assert card_bids.REBID_SUM == 7  # "forced rebid, first cause"
    assert card_bids.REBID_BONUS == 1  # "the high bidder scores +1 at once"
    assert card_bids.ONE_DECK_PLAYERS == 4  # "one deck ... for 2–4 players; two for 5–9"
    assert {n: card_bids.PASSING.get(n) for n in PASSING} == PASSING  # "card passing"


def test_the_rebid_bonus_is_what_a_forced_rebid_scores() -> None:
    state = apply(start("oh-seven", 4), bids(*cards("1s 2s 3s 1h")))  # 7: Cleo's 3♠ is high
    assert state.scores == (0, 0, 1, 0)
