"""Properties over any legal game (Hypothesis): totals, the hook, Oh-Seven's sums, a finished
game, undo, tricks, fold and corrections, each held for every game the strategies draw."""

from __future__ import annotations

from functools import reduce

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.rules import (
    CURRENT_GIFT_RULE,
    TIE,
    Beg,
    Bids,
    Card,
    Hand,
    Phase,
    RuleError,
    apply,
    correct_round,
    fold,
    gift_receivers,
    legal_bids,
    result_entries,
    undo,
)

from .model import Model
from .strategies import Played, arbitrary_entry, legal_entry, played_games

PROPERTY = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

#: Hypothesis properties over played games: left out of the quick loop.
pytestmark = pytest.mark.slow


@PROPERTY
@given(played_games())
def test_totals_are_the_sum_of_round_points(game: Played) -> None:
    """Scores equal the sum of the round points, plus the bonuses of the round being played."""
    state = game.state
    current_bonus = state.current.points_so_far if state.current else (0,) * len(state.settings.players)
    for seat in state.settings.seats:
        expected = sum(r.points[seat] for r in state.rounds if r.points) + current_bonus[seat]
        assert state.scores[seat] == expected
    assert list(state.side_scores) == game.model.totals


@pytest.mark.parametrize("ruleset", ["oh-hell", "elevator"])
@PROPERTY
@given(data=st.data())
def test_the_dealers_legal_bids_never_include_the_hooked_number(ruleset: str, data: st.DataObject) -> None:
    """Play on to the dealer's bid: every legal bid is accepted, the hooked number refused."""
    game = data.draw(played_games(ruleset))
    state, model = game.state, game.model
    while not model.finished and model.waiting != [model.dealer]:
        entry = data.draw(legal_entry(model))
        state = apply(state, entry)
        model.apply(entry)
    if model.finished:
        return
    current = state.current
    assert current is not None and current.next_bidder == current.dealer
    others = sum(b for b in current.bids or () if isinstance(b, int))
    hooked = current.hand_size - others
    if not model.hook_holds:  # docs/rules.md section 6: no hook this game, or this last round
        assert current.forbidden_bid is None
        assert legal_bids(current) == tuple(range(current.hand_size + 1))
        return
    assert hooked not in legal_bids(current)
    assert current.forbidden_bid == (hooked if hooked >= 0 else None)
    for bid in range(current.hand_size + 1):
        bids = tuple(bid if seat == current.dealer else None for seat in state.settings.seats)
        if bid in legal_bids(current):
            assert apply(state, Bids(bids)).current is not None
        else:
            with pytest.raises(RuleError) as caught:
                apply(state, Bids(bids))
            assert caught.value.code == "hook"


@PROPERTY
@given(played_games(ruleset="oh-seven"), st.data())
def test_no_accepted_oh_seven_bids_sum_to_seven(game: Played, data: st.DataObject) -> None:
    """Bids summing to 7 (or sharing the high card) never become a round's bids."""
    state = game.state
    if state.current is not None and state.current.phase is Phase.BIDDING:
        entry = data.draw(legal_entry(game.model) | arbitrary_entry(game.model))
        try:
            after = apply(state, entry)
        except RuleError:
            after = state
        state = after
    rounds = list(state.rounds) + ([state.current] if state.current else [])
    for round_ in rounds:
        if round_.bids is not None:
            cards = [c for c in round_.bids if isinstance(c, Card)]
            assert sum(c.value for c in cards) != 7
            assert cards.count(max(cards, key=lambda c: c.strength)) == 1
        for attempt in round_.attempts:
            assert attempt.sum_seven or attempt.shared_high


@PROPERTY
@given(played_games(complete=True), st.data())
def test_a_finished_game_accepts_no_entry(game: Played, data: st.DataObject) -> None:
    state = game.state
    assert state.finished and state.current is None
    live = Model(game.settings)  # an entry that would be legal in a fresh game
    entry = data.draw(legal_entry(live) | arbitrary_entry(live))
    with pytest.raises(RuleError) as caught:
        apply(state, entry)
    assert caught.value.code == "phase"


@PROPERTY
@given(played_games(), st.data())
def test_undo_after_apply_is_the_identity(game: Played, data: st.DataObject) -> None:
    state = game.state
    if game.model.finished:
        assert undo(state) == game.states[-2]
        return
    entry = data.draw(legal_entry(game.model))
    assert undo(apply(state, entry)) == state


@PROPERTY
@given(played_games())
def test_tricks_add_up_to_the_hand_size_in_scored_rounds(game: Played) -> None:
    for round_ in game.state.rounds:
        if round_.tricks is not None:
            assert sum(round_.tricks) == round_.hand_size
        else:
            assert game.settings.ruleset.id == "seven-up"


@PROPERTY
@given(played_games())
def test_fold_equals_successive_apply(game: Played) -> None:
    folded = fold(game.settings, game.entries)
    assert folded == reduce(apply, game.entries, game.states[0])
    assert folded == game.state
    assert folded.entries == tuple(game.entries)


@PROPERTY
@given(played_games(), st.data())
def test_correcting_a_round_with_its_own_entries_changes_nothing(game: Played, data: st.DataObject) -> None:
    state = game.state
    if not state.rounds:
        return
    number = data.draw(st.integers(1, len(state.rounds)))
    own = [state.entries[i] for i in result_entries(state, number)]
    assert correct_round(state, number, own) == state


@PROPERTY
@given(played_games("seven-up", complete=True))
def test_a_gift_given_never_puts_a_receiver_out(game: Played) -> None:
    """docs/rules.md section 4, after Foster's *Complete Hoyle* ("the dealer cannot give a player
    enough to put him out"): offered before every hand of a game, a gift is refused exactly when
    a receiver stands one point from the target, and when it is given no receiver reaches the
    target by it. A three-player game begun under the first edition is the exception (its
    own golden rows in test_seven_up.py)."""
    settings = game.settings
    assume(settings.gift_rule is CURRENT_GIFT_RULE or len(settings.players) != 3)
    target = settings.typed.target
    for before in game.states:
        current = before.current
        if current is None:
            continue
        receivers = gift_receivers(settings, current)
        out = [seat for seat in receivers
               if before.side_scores[settings.side_of(seat)] + 1 >= target]
        try:
            after = apply(before, Hand(0, Beg.GIVE, None, None, None, TIE))
        except RuleError as error:
            assert out and error.code == "gift-would-win" and error.seat == out[0]
            continue
        assert not out
        gifts = [a for a in after.rounds[-1].awards if a.point == "gift"]
        assert sorted(a.seat for a in gifts) == sorted(receivers)
        for award in gifts:
            assert award.counted and before.side_scores[award.side] + 1 < target
        assert after.winning_award is None or after.winning_award.point != "gift"
