"""Golden tables for Oh Hell and Elevator (docs/rules.md sections 2 and 3; seeds 001 and 003)."""

from __future__ import annotations

import pytest

from companion.rules import Phase, RuleError, apply, legal_bids, new_settings, schedule

from .builders import bids, hand, play_to_round, start, tricks
from .expected import NAMES, SCHEDULES

IN_TURN = ("oh-hell", "elevator")


def at_hand_size(ruleset: str, size: int, players: int = 4, **options: object):
    """A game at the round dealt ``size`` cards, with the dealer in the last seat so that the
    bidding order is seat 0, 1, 2, … (schedule ``up``: round ``size`` has ``size`` cards)."""
    first_dealer = (players - 1 - (size - 1)) % players
    state = start(ruleset, players, first_dealer, schedule="up", **options)
    state = play_to_round(state, size)
    assert state.current is not None
    assert (state.current.hand_size, state.current.dealer) == (size, players - 1)
    return state


# -- the seed's worked example ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "options", "points"),
    [
        pytest.param("oh-hell", {}, (11, 0, 10, 11), id="seed-001-exact"),
        pytest.param("oh-hell", {"scoring": "tricks-plus-bonus"}, (11, 3, 10, 11), id="RULES-2-tricks-plus-bonus"),
        pytest.param("elevator", {}, (11, 3, 10, 11), id="RULES-3-elevator"),
    ],
)
def test_seed_001_hook_example(ruleset: str, options: dict[str, object], points: tuple[int, ...]) -> None:
    """4 players, 5 cards: bids 1, 2, 0; the dealer may not bid 2, bids 1; tricks 1, 3, 0, 1."""
    state = at_hand_size(ruleset, 5, **options)
    before = state.scores
    for seat, bid in enumerate((1, 2, 0)):
        assert state.current is not None and state.current.next_bidder == seat
        assert state.current.forbidden_bid is None
        state = apply(state, bids(*(bid if s == seat else None for s in range(4))))
    current = state.current
    assert current is not None and current.next_bidder == 3 and current.forbidden_bid == 2
    assert legal_bids(current) == (0, 1, 3, 4, 5)
    with pytest.raises(RuleError) as caught:
        apply(state, bids(None, None, None, 2))
    assert caught.value.code == "hook" and caught.value.seat == 3
    assert caught.value.message == "dealer may not bid 2: bids would total 5 = cards in hand"
    state = apply(state, bids(None, None, None, 1))
    assert state.current is not None and state.current.phase is Phase.TRICKS
    assert state.current.bids == (1, 2, 0, 1)
    state = apply(state, tricks(1, 3, 0, 1))
    assert state.rounds[-1].points == points
    assert tuple(a - b for a, b in zip(state.scores, before)) == points


# -- the hook ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", IN_TURN)
@pytest.mark.parametrize(
    ("size", "others", "forbidden"),
    [
        pytest.param(5, (1, 2, 0), 2, id="seed-001"),
        pytest.param(5, (2, 2, 2), None, id="RULES-2-over-the-hand-dealer-free"),
        pytest.param(5, (3, 2, 0), 0, id="RULES-2-hooked-zero"),
        pytest.param(5, (0, 0, 0), 5, id="RULES-2-hooked-hand-size"),
        pytest.param(1, (0, 0, 0), 1, id="RULES-2-one-card-hooked-one"),
        pytest.param(1, (1, 0, 0), 0, id="RULES-2-one-card-hooked-zero"),
        pytest.param(1, (1, 1, 0), None, id="RULES-2-one-card-dealer-free"),
        pytest.param(10, (3, 3, 3), 1, id="seed-003-example"),
    ],
)
def test_hook(ruleset: str, size: int, others: tuple[int, ...], forbidden: int | None) -> None:
    state = apply(at_hand_size(ruleset, size), bids(*others, None))
    current = state.current
    assert current is not None and current.forbidden_bid == forbidden
    assert legal_bids(current) == tuple(b for b in range(size + 1) if b != forbidden)
    for bid in range(size + 1):
        if bid == forbidden:
            with pytest.raises(RuleError) as caught:
                apply(state, bids(None, None, None, bid))
            assert caught.value.code == "hook"
        else:
            assert apply(state, bids(None, None, None, bid)).current.phase is Phase.TRICKS  # type: ignore[union-attr]
    # The whole round at once is held to the same rule.
    if forbidden is not None:
        with pytest.raises(RuleError) as caught:
            apply(at_hand_size(ruleset, size), bids(*others, forbidden))
        assert caught.value.code == "hook"


# -- scoring ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "scoring", "bid", "taken", "points"),
    [
        pytest.param("oh-hell", "exact", 3, 3, 13, id="RULES-2-exact-made"),
        pytest.param("oh-hell", "exact", 1, 1, 11, id="seed-001-exact-one"),
        pytest.param("oh-hell", "exact", 0, 0, 10, id="seed-001-exact-zero"),
        pytest.param("oh-hell", "exact", 2, 3, 0, id="seed-001-one-over"),
        pytest.param("oh-hell", "exact", 3, 1, 0, id="RULES-2-exact-under"),
        pytest.param("oh-hell", "exact", 0, 2, 0, id="RULES-2-exact-zero-missed"),
        pytest.param("oh-hell", "exact", 10, 10, 20, id="RULES-2-exact-all-ten"),
        pytest.param("oh-hell", "tricks-plus-bonus", 3, 3, 13, id="RULES-2-tpb-made"),
        pytest.param("oh-hell", "tricks-plus-bonus", 2, 3, 3, id="RULES-2-tpb-missed"),
        pytest.param("oh-hell", "tricks-plus-bonus", 0, 0, 10, id="RULES-2-tpb-zero"),
        pytest.param("oh-hell", "tricks-plus-bonus", 4, 1, 1, id="RULES-2-tpb-under"),
        pytest.param("elevator", None, 3, 3, 13, id="RULES-3-bid-3-took-3"),
        pytest.param("elevator", None, 2, 3, 3, id="RULES-3-bid-2-took-3"),
        pytest.param("elevator", None, 0, 0, 10, id="seed-003-zero-made"),
        pytest.param("elevator", None, 0, 4, 4, id="seed-003-tricks-only"),
    ],
)
def test_round_score(ruleset: str, scoring: str | None, bid: int, taken: int, points: int) -> None:
    """Three players, ten cards, dealer seat 0: seat 1 bids ``bid`` and takes ``taken``."""
    options = {"scoring": scoring} if scoring else {}
    state = start(ruleset, 3, **options)
    dealer_bid = 1 if bid == 10 else 0  # never the hooked number 10 - bid
    state = apply(state, bids(dealer_bid, bid, 0))
    state = apply(state, tricks(10 - taken, taken, 0))
    assert state.rounds[0].points is not None and state.rounds[0].points[1] == points
    assert state.scores[1] == points


# -- hand sizes, dealer, bidding order, end -------------------------------------------------


@pytest.mark.parametrize("ruleset", IN_TURN)
@pytest.mark.parametrize("shape", sorted(SCHEDULES))
@pytest.mark.parametrize("players", (3, 4, 5, 6, 7))
def test_schedule(ruleset: str, shape: str, players: int) -> None:
    """docs/rules.md sections 2 and 3: the hand size of every round, for every schedule option."""
    expected = SCHEDULES[shape][players]
    settings = new_settings(ruleset, list(NAMES[:players]), 1, {"schedule": shape})
    assert schedule(settings) == expected
    state = start(ruleset, players, 1, schedule=shape)
    assert state.total_rounds == len(expected)
    for number, size in enumerate(expected, start=1):
        current = state.current
        assert current is not None and current.number == number
        assert current.hand_size == size
        assert current.dealer == (1 + number - 1) % players  # passes left every round
        state = play_to_round(state, number + 1)
    assert state.finished and state.current is None
    assert [r.hand_size for r in state.rounds] == list(expected)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        pytest.param(3, 19, id="RULES-2-3-players"),
        pytest.param(4, 19, id="RULES-2-4-players-19-rounds"),
        pytest.param(5, 19, id="RULES-2-5-players"),
        pytest.param(6, 15, id="RULES-2-6-players-15-rounds"),
        pytest.param(7, 13, id="RULES-2-7-players-13-rounds"),
    ],
)
@pytest.mark.parametrize("ruleset", IN_TURN)
def test_default_schedule_length(ruleset: str, players: int, rounds: int) -> None:
    assert start(ruleset, players).total_rounds == rounds


@pytest.mark.parametrize("ruleset", IN_TURN)
def test_bidding_in_turn_from_the_dealers_left(ruleset: str) -> None:
    """docs/rules.md section 2 "bidding" and "lead": from the dealer's left, the dealer last."""
    state = start(ruleset, 4, first_dealer=2)
    current = state.current
    assert current is not None
    assert current.bidding_order == (3, 0, 1, 2)
    assert (current.next_bidder, current.leader) == (3, 3)
    state = apply(state, bids(None, None, None, 4))
    assert state.current is not None and state.current.next_bidder == 0
    state = apply(state, bids(2, 1, None, None))  # two bids in turn in one entry
    assert state.current is not None and state.current.next_bidder == 2
    state = apply(state, bids(2, 1, 0, 4))  # the whole list, the earlier bids repeated
    state = apply(state, tricks(2, 1, 3, 4))
    assert state.current is not None
    assert (state.current.dealer, state.current.bidding_order) == (3, (0, 1, 2, 3))


@pytest.mark.parametrize(
    ("entry", "code", "reason"),
    [
        pytest.param(bids(None, None, 1, None), "phase", "out-of-turn", id="RULES-2-in-turn"),
        pytest.param(bids(None, 1, None, 1), "phase", "out-of-turn", id="RULES-2-dealer-last"),
        pytest.param(bids(2, None, None, None), "phase", "already-bid", id="RULES-2-no-change-after-next"),
        pytest.param(bids(0, None, None, None), "phase", "no-bid", id="API-nothing-new"),
        pytest.param(bids(None, None, None, None), "phase", "no-bid", id="API-empty"),
        pytest.param(bids(None, -1, None, None), "bid-range", "bid-range", id="RULES-2-below-zero"),
        pytest.param(bids(None, 11, None, None), "bid-range", "bid-range", id="RULES-2-over-hand-size"),
        pytest.param(tricks(10, 0, 0, 0), "phase", "tricks-before-bids", id="API-tricks-before-bids"),
        pytest.param(hand(game=0), "phase", "entry-kind", id="API-no-hands"),
    ],
)
def test_bidding_errors(entry: object, code: str, reason: str) -> None:
    """Four players, ten cards, dealer seat 3; seat 0 has bid 0."""
    state = apply(start("oh-hell", 4, first_dealer=3), bids(0, None, None, None))
    with pytest.raises(RuleError) as caught:
        apply(state, entry)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.reason) == (code, reason)


@pytest.mark.parametrize(
    ("taken", "code"),
    [
        pytest.param((5, 5, 0, 1), "tricks-total", id="RULES-2-over"),
        pytest.param((3, 3, 0, 1), "tricks-total", id="RULES-2-under"),
        pytest.param((11, -1, 0, 0), "tricks-range", id="RULES-2-range"),
        pytest.param((-1, 5, 5, 1), "tricks-range", id="RULES-2-negative"),
    ],
)
def test_tricks_errors(taken: tuple[int, ...], code: str) -> None:
    state = apply(start("oh-hell", 4, first_dealer=3), bids(0, 1, 2, 0))
    with pytest.raises(RuleError) as caught:
        apply(state, tricks(*taken))
    assert caught.value.code == code
    with pytest.raises(RuleError) as caught:
        apply(apply(state, tricks(3, 3, 3, 1)), tricks(*taken))
    assert caught.value.code == "phase"  # next round: bids first


def test_equal_totals_share_the_win() -> None:
    """docs/rules.md section 2 "end" and 5: ranks 1, 1, 3. Everyone bids 0 every round; one player
    takes every trick in turn (seat 1 in four of the ten rounds, the others in three)."""
    state = start("oh-hell", 3, schedule="down")
    for number in range(1, 11):
        size = 11 - number
        state = apply(state, bids(0, 0, 0))
        taken = [0, 0, 0]
        taken[number % 3] = size
        state = apply(state, tricks(*taken))
    assert state.finished and state.current is None
    assert state.scores == (70, 60, 70)
    assert [(s.seats, s.score, s.rank) for s in state.standings] == [
        ((0,), 70, 1), ((2,), 70, 1), ((1,), 60, 3)
    ]
    assert state.winners == (0, 2)
    with pytest.raises(RuleError) as caught:
        apply(state, bids(0, 0, 0))
    assert (caught.value.code, caught.value.reason) == ("phase", "finished")


@pytest.mark.parametrize(
    ("ruleset", "players", "ok"),
    [
        ("oh-hell", 2, False), ("oh-hell", 3, True), ("oh-hell", 7, True), ("oh-hell", 8, False),
        ("elevator", 2, False), ("elevator", 3, True), ("elevator", 7, True), ("elevator", 8, False),
    ],
    ids=lambda v: str(v),
)
def test_player_counts(ruleset: str, players: int, ok: bool) -> None:
    """docs/rules.md sections 2 and 3: 3–7 players."""
    names = list(NAMES[:players]) + [f"P{i}" for i in range(players - len(NAMES))]
    if ok:
        assert len(new_settings(ruleset, names).players) == players
    else:
        with pytest.raises(RuleError) as caught:
            new_settings(ruleset, names)
        assert (caught.value.code, caught.value.reason) == ("players", "player-count")


def test_elevator_is_scored_tricks_plus_bonus_and_offers_no_scoring_option() -> None:
    settings = new_settings("elevator", ["A", "B", "C"])
    assert settings.options == {"scoring": "tricks-plus-bonus", "schedule": "down-up",
                                "hook": "always", "max_hand": None, "zero_bid": "standard"}
    with pytest.raises(RuleError) as caught:
        new_settings("elevator", ["A", "B", "C"], options={"scoring": "exact"})
    assert (caught.value.code, caught.value.reason) == ("ruleset", "option-unknown")
