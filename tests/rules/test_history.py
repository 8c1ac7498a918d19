"""Undo and corrections (docs/rules.md section 5: every entry can be undone, any past round corrected,
everything after it recomputed from the stored entries)."""

from __future__ import annotations

import pytest

from companion.rules import (
    Bids,
    Phase,
    RoundNotFound,
    RuleError,
    apply,
    correct_round,
    correction_problems,
    fold,
    result_entries,
    undo,
)

from .builders import bids, hand, start, tricks
from .expected import cards

# -- undo ---------------------------------------------------------------------------------------


def test_nothing_to_undo() -> None:
    with pytest.raises(RuleError) as caught:
        undo(start("oh-hell"))
    assert (caught.value.code, caught.value.reason) == ("phase", "nothing-to-undo")


def test_undo_steps_back_one_entry_at_a_time() -> None:
    """Oh Hell: the last bid entered can be undone (docs/rules.md section 2 "bidding")."""
    states = [start("oh-hell", 3)]
    for entry in (bids(None, 2, None), bids(None, None, 3), bids(4, None, None), tricks(4, 3, 3)):
        states.append(apply(states[-1], entry))
    assert states[-1].rounds and states[-1].current is not None and states[-1].current.number == 2
    for before, after in zip(reversed(states[:-1]), reversed(states[1:])):
        assert undo(after) == before
    back = undo(states[-1])
    assert back.current is not None and back.current.phase is Phase.TRICKS and back.scores == (0, 0, 0)


def test_undo_reopens_a_finished_game() -> None:
    state = start("seven-up", 2)
    for _ in range(7):
        state = apply(state, hand(game=0))
    assert state.finished
    reopened = undo(state)
    assert not reopened.finished and reopened.current is not None and reopened.scores == (6, 0)
    assert apply(reopened, hand(game=1)).scores == (6, 1)


def test_undo_an_oh_seven_failed_bid_takes_its_bonus_back() -> None:
    state = apply(start("oh-seven", 3), Bids(cards("4s 2h 1d")))
    assert state.scores == (1, 0, 0)
    back = undo(state)
    assert back.scores == (0, 0, 0) and back.current is not None and back.current.attempts == ()


# -- corrections ----------------------------------------------------------------------------------


def oh_hell_three_rounds():
    """Three players, dealer seat 0: rounds of 10, 9 and 8 cards, bids entered one at a time."""
    state = start("oh-hell", 3)
    for entry in (
        bids(None, 2, None), bids(None, None, 3), bids(4, None, None), tricks(4, 3, 3),  # 14, 0, 13
        bids(1, None, 1), bids(1, 1, 1), tricks(1, 1, 7),  # 11, 11, 0
        bids(0, 0, 0), tricks(0, 8, 0),  # 10, 0, 10
    ):
        state = apply(state, entry)
    return state


def test_result_entries() -> None:
    state = oh_hell_three_rounds()
    assert state.scores == (35, 11, 23)
    assert result_entries(state, 1) == [0, 1, 2, 3]
    assert result_entries(state, 2) == [4, 5, 6]
    assert result_entries(state, 3) == [7, 8]


def test_correct_a_past_round_recomputes_the_totals() -> None:
    state = oh_hell_three_rounds()
    corrected = correct_round(state, 1, [bids(4, 2, 3), tricks(4, 2, 4)])  # 14, 12, 0
    assert [r.points for r in corrected.rounds] == [(14, 12, 0), (11, 11, 0), (10, 0, 10)]
    assert corrected.scores == (35, 23, 10)
    assert corrected.entries[:2] == (bids(4, 2, 3), tricks(4, 2, 4))
    assert corrected.entries[2:] == state.entries[4:]
    assert corrected == fold(state.settings, corrected.entries)


def test_correct_an_oh_seven_round_keeps_its_failed_bids_and_bonus() -> None:
    state = start("oh-seven", 3)
    for entry in (Bids(cards("4s 2h 1d")), Bids(cards("5s 1h 0d")), tricks(5, 1, 1)):
        state = apply(state, entry)
    assert result_entries(state, 1) == [1, 2]
    assert state.scores == (1 + 7, 3, -1)
    corrected = correct_round(state, 1, [Bids(cards("5s 1h 0d")), tricks(4, 1, 2)])
    assert corrected.rounds[0].attempts == state.rounds[0].attempts
    assert corrected.scores == (1 - 1, 3, -2)
    with pytest.raises(RuleError) as caught:  # the failed bid's cards stay set aside
        correct_round(state, 1, [Bids(cards("4s 1h 0d")), tricks(4, 1, 2)])
    assert caught.value.code == "card-reused"


@pytest.mark.parametrize(
    ("players", "forcing", "sum_seven"),
    [
        pytest.param(3, "4s 2h 1d", True, id="RULES-1-trigger-1-sum-7"),
        pytest.param(5, "5s 5s 0d 0h 0c", False, id="RULES-1-trigger-2-shared-high"),
    ],
)
def test_a_correction_whose_bids_force_a_rebid_says_so(players: int, forcing: str, sum_seven: bool) -> None:
    """docs/rules.md section 1: bids that force a rebid are never a round's accepted bids."""
    state = start("oh-seven", players)
    accepted = "5s 1h 0d" if players == 3 else "5s 2h 0d 0h 1c"
    taken = (5, 1, 1) if players == 3 else (5, 1, 0, 0, 1)
    for entry in (Bids(cards(accepted)), tricks(*taken)):
        state = apply(state, entry)
    with pytest.raises(RuleError) as caught:
        correct_round(state, 1, [Bids(cards(forcing)), tricks(*taken)])
    error = caught.value
    assert (error.code, error.reason, error.field) == ("phase", "correction-rebid", "bids")
    assert error.params["sum_seven"] is sum_seven and error.params["round"] == 1


def test_a_correction_that_breaks_the_rules_itself_is_refused() -> None:
    state = oh_hell_three_rounds()
    with pytest.raises(RuleError) as caught:
        correct_round(state, 2, [bids(1, 1, 1), tricks(1, 1, 1)])
    assert caught.value.code == "tricks-total" and "later_round" not in caught.value.params
    with pytest.raises(RuleError) as caught:
        correct_round(state, 2, [bids(1, 1, 7)])  # the dealer of 9 cards: 1 + 1 + 7
    assert caught.value.code == "hook"


def test_a_correction_that_makes_a_later_entry_illegal_is_refused() -> None:
    """Seven-Up: giving seat 0 more points in hand 5 would end the game there, so hand 6 and 7
    could not have been played."""
    state = start("seven-up", 2)
    for _ in range(4):
        state = apply(state, hand(game=0))
    for entry in (hand(game=1), hand(game=1), hand(high=0, low=0, game=0)):
        state = apply(state, entry)
    assert state.finished and state.scores == (7, 2) and len(state.rounds) == 7
    with pytest.raises(RuleError) as caught:
        correct_round(state, 5, [hand(high=0, low=0, jack=0, game=0)])
    error = caught.value
    assert (error.code, error.reason, error.params["later_round"]) == ("phase", "finished", 6)
    assert error.message.startswith("this correction would make round 6 invalid")
    corrected = correct_round(state, 5, [hand(game=0)])  # 5-1 after round 6; high, low: 7
    assert corrected.finished and corrected.scores == (7, 1) and len(corrected.rounds) == 7
    assert corrected.winning_award is not None and corrected.winning_award.point == "low"


def test_a_correction_must_make_exactly_the_round() -> None:
    state = oh_hell_three_rounds()
    for replacement in ([], [bids(1, 1, 1)], [bids(4, 2, 3), tricks(4, 2, 4), bids(1, 1, 1)]):
        with pytest.raises(RuleError) as caught:
            correct_round(state, 1, replacement)
        assert (caught.value.code, caught.value.reason) == ("phase", "correction-incomplete")
    with pytest.raises(RuleError) as caught:
        correct_round(state, 3, [bids(0, 0, 0)])  # the last round left without its tricks
    assert (caught.value.code, caught.value.reason) == ("phase", "correction-incomplete")
    with pytest.raises(RuleError) as caught:
        correct_round(state, 1, [])
    assert (caught.value.code, caught.value.reason) == ("phase", "correction-incomplete")


def test_a_replacement_may_not_take_in_the_next_round() -> None:
    """Oh-Seven rounds all have 7 cards: a correction of round 1 holding round 1 *and* a new
    round 2 would slide the old round 2 into round 3 unnoticed — refused."""
    state = start("oh-seven", 2)
    for _ in range(2):
        state = apply(state, Bids(cards("1s 1h")))
        state = apply(state, tricks(1, 6))
    two_rounds = [Bids(cards("2s 2h")), tricks(2, 5), Bids(cards("3s 3h")), tricks(3, 4)]
    with pytest.raises(RuleError) as caught:
        correct_round(state, 1, two_rounds)
    assert (caught.value.code, caught.value.reason) == ("phase", "correction-incomplete")
    with pytest.raises(RuleError) as caught:
        correct_round(state, 1, [Bids(cards("2s 2h"))])  # round 2's tricks would finish round 1
    assert (caught.value.code, caught.value.reason) == ("phase", "correction-incomplete")


@pytest.mark.parametrize("number", [0, 5, 99, -1])
def test_round_not_found(number: int) -> None:
    with pytest.raises(RoundNotFound):
        correct_round(oh_hell_three_rounds(), number, [bids(0, 0, 0), tricks(0, 7, 0)])


@pytest.mark.parametrize("started", [False, True])
def test_the_round_being_played_is_not_corrected_but_entered(started: bool) -> None:
    state = oh_hell_three_rounds()
    if started:
        state = apply(state, bids(None, 1, None))
    with pytest.raises(RuleError) as caught:
        correct_round(state, 4, [bids(1, 1, 1), tricks(3, 2, 2)])
    assert (caught.value.code, caught.value.reason) == ("phase", "round-open")


# -- every problem of a correction at once -------------------------------------------------------


def _first(state, number, replacement) -> RuleError:
    with pytest.raises(RuleError) as caught:
        correct_round(state, number, replacement)
    return caught.value


def test_correction_problems_are_the_hooked_bid_and_the_tricks_total_together() -> None:
    """Round 2 (9 cards, seat 1 deals): the dealer's 7 makes the bids 9 (docs/rules.md section 2,
    the hook), and the tricks add up to 3: both refused in one answer, the hook first, as the
    one error correct_round raises."""
    state = oh_hell_three_rounds()
    replacement = [bids(1, 7, 1), tricks(1, 1, 1)]
    found = correction_problems(state, 2, replacement)
    assert [(e.code, e.field, e.seat) for e in found] == [("hook", "bids", 1),
                                                         ("tricks-total", "tricks", None)]
    assert found[0] is not None and _first(state, 2, replacement).reason == found[0].reason
    assert found[1].params["total"] == 3 and found[1].params["hand_size"] == 9


def test_correction_problems_of_a_legal_correction_are_none() -> None:
    state = oh_hell_three_rounds()
    assert correction_problems(state, 2, [bids(1, 1, 1), tricks(1, 1, 7)]) == []


def test_correction_problems_of_a_later_round_are_the_one_correct_round_raises() -> None:
    """The replacement is legal itself: what it breaks later is judged on the folded game."""
    state = start("seven-up", 2)
    for _ in range(4):
        state = apply(state, hand(game=0))
    for entry in (hand(game=1), hand(game=1), hand(high=0, low=0, game=0)):
        state = apply(state, entry)
    replacement = [hand(high=0, low=0, jack=0, game=0)]
    found = correction_problems(state, 5, replacement)
    assert [(e.code, e.reason) for e in found] == [("phase", "finished")]
    assert found[0].params["later_round"] == _first(state, 5, replacement).params["later_round"]


def test_correction_problems_of_oh_seven_cards_and_tricks() -> None:
    """One deck: two players on 3♠ (docs/rules.md section 1), and 4 tricks of a 7-card round."""
    state = start("oh-seven", 3)
    for entry in (Bids(cards("5s 1h 0d")), tricks(7, 0, 0)):
        state = apply(state, entry)
    replacement = [Bids(cards("3s 3s 0d")), tricks(2, 1, 1)]
    found = correction_problems(state, 1, replacement)
    assert [(e.code, e.seat) for e in found] == [("duplicate-card", 1), ("tricks-total", None)]
    assert found[0].params["seats"] == (0, 1)
    assert _first(state, 1, replacement).code == "duplicate-card"
