"""The engine's answers to what the table asks (interfaces agreed with the web layer): what is
due next, what a seat may still bid, the last player's tricks, running totals and leaders, and
Seven-Up's points to win, chips, hands and counting out."""

from __future__ import annotations

import pytest

from companion.rules import (
    Card,
    Hook,
    Step,
    Suit,
    apply,
    bids_open,
    bids_so_far,
    cards_open,
    chips,
    hook_lifted,
    last_tricks,
    next_step,
    redealt,
    seven_up,
    tricks_to_share,
)

from .builders import bids, hand, play_to_round, seven_up_at, start, tricks
from .expected import ALL_CARDS

# -- what is due next ---------------------------------------------------------------------------


def test_next_step_in_turn_games() -> None:
    state = start("oh-hell", 3, **{"schedule": "up"})  # 1 card, dealer seat 0
    assert next_step(state) is Step.BID
    state = apply(state, bids(None, 0, 0))
    assert next_step(state) is Step.BID
    state = apply(state, bids(0, None, None))
    assert next_step(state) is Step.TRICKS and tricks_to_share(state) == 1
    state = play_to_round(state, 99)
    assert next_step(state) is Step.FINISHED and tricks_to_share(state) is None


def test_next_step_oh_seven_passing_is_due_before_each_deal() -> None:
    """docs/rules.md section 1: passing before bidding in rounds 2–6, again after a redeal, never
    before a rebid."""
    state = start("oh-seven", 2, card_passing=True)
    assert next_step(state) is Step.BID  # round 1 passes nothing
    state = play_to_round(state, 2)
    assert next_step(state) is Step.PASS_CARDS
    forced = apply(state, bids(Card(4, Suit.SPADES), Card(3, Suit.HEARTS)))  # sum 7: rebid
    assert forced.current is not None and forced.current.attempts
    assert next_step(forced) is Step.BID and not redealt(forced)
    assert next_step(start("seven-up", 2)) is Step.HAND


def test_redealt_after_seven_failed_bids() -> None:
    state = start("oh-seven", 2, card_passing=True)
    state = play_to_round(state, 2)
    pairs = [(Card(v, Suit.SPADES), Card(7 - v, Suit.HEARTS)) for v in range(7)]
    for first, second in pairs:
        state = apply(state, bids(first, second))
    assert state.current is not None and state.current.redeals == 1
    assert redealt(state) and next_step(state) is Step.PASS_CARDS


# -- what a seat may bid ----------------------------------------------------------------------------


def test_bids_open_is_the_turn_of_one_seat_with_the_hook() -> None:
    """docs/rules.md section 2, the seed's example: 4 players, 5 cards, bids 1, 2, 0: not 2."""
    state = play_to_round(start("oh-hell", 4, **{"schedule": "up"}), 5)
    state = apply(state, bids(None, 1, 2, 0))  # dealer seat 0 bids last
    assert state.current is not None and state.current.hand_size == 5
    assert bids_open(state, 0) == (0, 1, 3, 4, 5)
    assert bids_open(state, 1) == ()  # not their turn
    assert bids_so_far(state) == 3
    assert hook_lifted(state) is None


@pytest.mark.parametrize(("hook", "round_", "lifted"), [
    # docs/rules.md section 6: never, the dealer bids freely; not-last, no hook in the last round.
    ("never", 1, Hook.NEVER),
    ("not-last", 1, None),
    ("not-last", 10, Hook.NOT_LAST),
])
def test_hook_option_frees_the_dealer(hook: str, round_: int, lifted: Hook | None) -> None:
    state = play_to_round(start("oh-hell", 3, **{"schedule": "up", "hook": hook}), round_)
    assert state.current is not None and state.current.number == round_
    assert hook_lifted(state) is lifted
    size = state.current.hand_size
    state = apply(state, bids(None, size, 0))
    expected = tuple(range(size + 1)) if lifted else tuple(b for b in range(size + 1) if b != 0)
    assert bids_open(state, 0) == expected


def test_bids_open_only_for_in_turn_games() -> None:
    assert bids_open(start("oh-seven", 2), 1) == () and bids_so_far(start("oh-seven", 2)) is None
    assert hook_lifted(start("oh-seven", 2)) is None


def test_cards_open_leave_out_set_aside_cards() -> None:
    """docs/rules.md section 1: one deck, a card put forward in a failed bid of this deal is in its
    bidder's hand, so nobody may bid it; two decks, a card set aside twice."""
    state = start("oh-seven", 2)
    assert set(cards_open(state, 0)) == set(ALL_CARDS)
    state = apply(state, bids(Card(4, Suit.SPADES), Card(3, Suit.HEARTS)))
    for seat in (0, 1):
        assert set(cards_open(state, seat)) == set(ALL_CARDS) - {Card(4, Suit.SPADES),
                                                                 Card(3, Suit.HEARTS)}
    five = start("oh-seven", 5)
    five = apply(five, bids(Card(4, Suit.CLUBS), Card(3, Suit.CLUBS), Card(0, Suit.CLUBS),
                            Card(0, Suit.CLUBS), Card(0, Suit.DIAMONDS)))  # sum 7
    assert Card(0, Suit.CLUBS) not in cards_open(five, 4)  # set aside twice: both copies
    assert Card(4, Suit.CLUBS) in cards_open(five, 0)  # once: the other copy is free
    assert cards_open(start("oh-hell", 3), 0) == ()


# -- the last player's tricks --------------------------------------------------------------------


@pytest.mark.parametrize(("entered", "last"), [
    ((None, 1, 2), 2),  # 5 cards: 5 − 3
    ((0, None, 5), 0),
    ((3, 3, None), None),  # the others already took more than were played
    ((None, None, 1), None),  # two left
    ((1, 2, 2), None),  # none left
])
def test_last_tricks(entered: tuple[int | None, ...], last: int | None) -> None:
    state = play_to_round(start("oh-hell", 3, **{"schedule": "up"}), 5)
    state = apply(state, bids(1, 1, 1))  # dealer 1 bids last; total 3 of 5
    assert last_tricks(state, entered) == last


def test_last_tricks_only_when_tricks_are_due() -> None:
    assert last_tricks(start("oh-hell", 3), (None, 1, 2)) is None


# -- running totals and leaders -----------------------------------------------------------------


def test_running_totals_and_leaders_after_each_round() -> None:
    """docs/rules.md section 2's worked example scores 11, 0, 10, 11: a shared lead."""
    state = play_to_round(start("oh-hell", 4, **{"schedule": "up"}), 5)
    before = state.running_totals[-1]
    state = apply(state, bids(None, 1, 2, 0))
    state = apply(state, bids(1, None, None, None))
    state = apply(state, tricks(1, 1, 3, 0))
    assert len(state.running_totals) == len(state.leaders_after) == len(state.rounds) == 5
    assert state.running_totals[-1] == tuple(b + p for b, p in zip(before, (11, 11, 0, 10)))
    assert state.leaders_after[-1] == tuple(
        s for s, t in enumerate(state.running_totals[-1]) if t == max(state.running_totals[-1]))
    assert state.leaders == state.leaders_after[-1]
    assert start("oh-hell", 4).leaders == ()


def test_leaders_count_a_rebid_bonus_scored_in_the_round() -> None:
    state = apply(start("oh-seven", 3), bids(Card(4, Suit.SPADES), Card(3, Suit.HEARTS),
                                             Card(0, Suit.CLUBS)))
    assert state.running_totals == () and state.leaders == (0,)


def test_seven_up_totals_are_per_team() -> None:
    state = seven_up_at([2, 1], teams=True)
    assert state.running_totals == ((1, 0), (2, 0), (2, 1))
    assert state.leaders_after == ((0,), (0,), (0,))


# -- Seven-Up ------------------------------------------------------------------------------------


def test_points_and_jacks_to_win() -> None:
    state = seven_up_at([5, 2])  # dealer of hand 8 is seat 1 (first dealer 0, 7 hands played)
    assert state.current is not None and state.current.dealer == 1
    assert seven_up.points_to_win(state, 0) == 2 and seven_up.points_to_win(state, 1) == 5
    assert seven_up.jacks_to_win(state) is None  # five jacks: a pack has four
    near = seven_up_at([2, 5])
    assert seven_up.jacks_to_win(near) == 2
    won = apply(near, hand(jacks=2, beg="run", redeal=True))
    assert won.finished and seven_up.jacks_to_win(won) is None


@pytest.mark.parametrize(
    ("scores", "target", "winning"),
    [
        pytest.param([2, 5], 7, (2, 3, 4), id="RULES-4-winning-dealer-needs-2"),
        pytest.param([1, 6], 7, (1, 2, 3, 4), id="RULES-4-winning-a-turned-jack-wins"),
        pytest.param([5, 2], 7, (), id="RULES-4-winning-a-pack-has-four-jacks"),
        pytest.param([0, 3], 7, (4,), id="RULES-4-winning-four-jacks"),
        pytest.param([0, 7], 10, (3, 4), id="RULES-4-target-10"),
    ],
)
def test_which_counts_of_turned_jacks_win(scores: list[int], target: int,
                                          winning: tuple[int, ...]) -> None:
    """Hand 8 (or 7) is dealt by seat 1 here: the jacks it turns score for side 1 first of all
    (docs/rules.md section 4, "winning": turned jacks are counted before anything else)."""
    state = seven_up_at(scores, target=target)
    assert state.current is not None and state.current.dealer == 1
    table = seven_up.jacks_win_by_count(state)
    assert table == tuple(jacks in winning for jacks in range(5))
    assert all(seven_up.jacks_win(state, jacks) is won for jacks, won in enumerate(table))
    for jacks in range(5):  # the engine, fed those jacks, agrees that they end the game
        after = apply(state, hand(jacks=jacks, beg="run", redeal=True))
        assert after.finished is (jacks in winning)


def test_counting_order_is_rules_section_4() -> None:
    assert seven_up.COUNTING_ORDER == ("jack-turned", "gift", "high", "low", "jack", "game")


def test_chips_hand_rows_and_counting_out() -> None:
    """Seed 004 keeps score with chips: one per point to score, the rest in the pot."""
    state = seven_up_at([6, 5])
    assert [(c.left, c.scored) for c in chips.chips(state)] == [(1, 6), (2, 5)]
    assert chips.counting_out(state) == ()
    # High to side 1 (its 6th), low to side 0 (its 7th: wins), jack and game not counted.
    end = apply(state, hand(high=1, low=0, jack=1, game=1))
    assert end.finished
    steps = chips.counting_out(end)
    assert [(s.award.point, s.score, s.wins) for s in steps] == [
        ("high", 6, False), ("low", 7, True), ("jack", None, False), ("game", None, False)]
    assert [(c.left, c.scored, c.new) for c in chips.chips(end)] == [(0, 7, 1), (1, 6, 1)]
    rows = chips.hand_rows(end)
    assert len(rows) == len(end.rounds) and rows[-1].totals == (7, 6)
    assert rows[-1].gained == (1, 1) and rows[-1].played
    assert [a.seat for a in rows[-1].points["jack"]] == [1] and not rows[-1].points["jack"][0].counted


def test_a_hand_ended_by_turned_jacks_was_not_played() -> None:
    state = seven_up_at([6, 0])  # six hands: seat 0 deals the seventh
    assert state.current is not None and state.current.dealer == 0
    end = apply(state, hand(jacks=1, game=None))
    assert end.finished
    row = chips.hand_rows(end)[-1]
    assert not row.played and [a.point for a in row.jacks] == ["jack-turned"]


def test_chips_count_a_redeal_in_the_hand_being_played() -> None:
    """A redeal's turned jack is scored at once: the chips show it before the hand is played."""
    assert [(c.left, c.scored, c.new) for c in chips.chips(start("seven-up", 2))] == [
        (7, 0, 0), (7, 0, 0)]
    state = apply(start("seven-up", 2), hand(jacks=1, beg="run", redeal=True))
    assert state.current is not None and state.current.number == 1
    assert [(c.scored, c.new) for c in chips.chips(state)] == [(1, 1), (0, 0)]


def test_entry_kinds_by_family() -> None:
    from companion.rules import entry_kinds

    assert entry_kinds(start("oh-hell", 3).settings) == ("bids", "tricks")
    assert entry_kinds(start("oh-seven", 2).settings) == ("bids", "tricks")
    assert entry_kinds(start("seven-up", 2).settings) == ("hand",)
