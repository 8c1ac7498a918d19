"""The offline answers a page ships (``rules.offline_round``) are the engine's: from the current
state of any game, every candidate entry the phone could make is judged by ``apply``, and the
answers looked up for it say the same."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.rules import (
    Bids,
    GameState,
    Phase,
    Points,
    RuleError,
    Tricks,
    apply,
    every_round,
    offline_answers,
    pad_end,
    reveal_answers,
)
from companion.rules.entries import Entry

from .strategies import Played, legal_entry, played_games
from .strategies import _card_bids as card_bids


def _refused(state: GameState, entry: Entry) -> RuleError | None:
    try:
        apply(state, entry)
    except RuleError as error:
        return error
    return None


def _split(data: st.DataObject, total: int, seats: list[int], most: int) -> dict[int, int]:
    """``total`` over ``seats``, at most ``most`` each, drawn."""
    counts = {seat: 0 for seat in seats}
    order = data.draw(st.permutations(seats))
    for at, seat in enumerate(order):
        room = most * (len(order) - at - 1)  # what the seats after this one can still take
        counts[seat] = data.draw(st.integers(max(0, total - room), min(most, total)))
        total -= counts[seat]
    assert total == 0
    return counts


def _check_bids(state: GameState, data: st.DataObject) -> None:
    """Every total the others can still reach, every bid of the dealer: refused for the hook
    exactly on the shipped number, accepted otherwise."""
    answers = offline_answers(state)
    current = state.current
    assert answers is not None and current is not None and current.bids is not None
    size, dealer = current.hand_size, current.dealer
    made = sum(b for b in current.bids if isinstance(b, int))
    waiting = [s for s in current.bidding_order if current.bids[s] is None and s != dealer]
    for total in range(made, made + size * len(waiting) + 1):
        bids = list(current.bids)
        for seat, bid in _split(data, total - made, waiting, size).items():
            bids[seat] = bid
        before = apply(state, Bids(tuple(bids))) if waiting else state
        for bid in range(size + 1):
            dealer_bids = [None] * len(bids)
            dealer_bids[dealer] = bid
            error = _refused(before, Bids(tuple(dealer_bids)))
            assert (error is not None and error.code == "hook") == (
                bid == answers.forbidden_bids[total]), (total, bid, error)
            assert error is None or error.code == "hook"


def _tricks_due(played: Played, data: st.DataObject) -> GameState:
    state, model = played.state, played.model
    while state.current is not None and state.current.phase is not Phase.TRICKS:
        entry = data.draw(legal_entry(model))
        state = apply(state, entry)
        model.apply(entry)
    return state


def _check_tricks(due: GameState, shipped: object, data: st.DataObject) -> None:
    """Every total of the others', every count of the last player: accepted exactly on the
    shipped count; every player after the entered ones at 0: accepted exactly when shipped."""
    current = due.current
    assert current is not None and current.phase is Phase.TRICKS
    n, size = len(due.settings.players), current.hand_size
    last_seat = data.draw(st.integers(0, n - 1))
    others = [s for s in range(n) if s != last_seat]
    for total in range(size * (n - 1) + 1):
        counts = _split(data, total, others, size)
        for count in range(size + 1):
            tricks = tuple(count if s == last_seat else counts[s] for s in range(n))
            accepted = _refused(due, Tricks(tricks)) is None
            assert accepted == (count == shipped.last_tricks[total]), (total, tricks)  # type: ignore[attr-defined]
        entered = data.draw(st.integers(1, max(1, n - 2)))
        first = _split(data, total, others[:entered], size * (n - 1))
        zeros = tuple(first.get(s, 0) for s in range(n))
        if max(zeros) <= size:
            accepted = _refused(due, Tricks(zeros)) is None
            assert accepted == (shipped.rest_tricks[total] == 0), (total, zeros)  # type: ignore[attr-defined]


def _check_reveal(played: Played, data: st.DataObject) -> None:
    """Cards the phone could reveal, from the current deal: the engine forces a rebid exactly
    when the shipped answers say so, and the strongest card's suit is trump."""
    state, model = played.state, played.model
    reveal = reveal_answers(state)
    assert reveal is not None
    for aim in ("seven", "shared", "any", "any"):  # a forced total, a shared card, any cards
        chosen = list(data.draw(card_bids(model, aim)).bids)
        try:
            after = apply(state, Bids(tuple(chosen)))
        except RuleError:
            continue
        tokens = [card.token for card in chosen]
        strongest = max(tokens, key=reveal.order.index)
        value = dict(zip(reveal.order, reveal.values))
        rebid = reveal.rebid_totals[sum(value[t] for t in tokens)] or (
            reveal.shared_high_rebids and tokens.count(strongest) > 1)
        assert after.current is not None
        assert rebid == (after.current.number == state.current.number  # type: ignore[union-attr]
                         and after.current.phase is Phase.BIDDING), chosen
        if not rebid:
            assert after.current.trump is reveal.suits[reveal.order.index(strongest)]


def _check_pad_end(state: GameState, data: st.DataObject) -> None:
    """Each side's shipped least points, and one below, and drawn points: the engine ends the
    game exactly when the answers say."""
    end = pad_end(state)
    assert end is not None
    sides = len(state.settings.sides)
    zero_sum = state.settings.typed.zero_sum
    tried: list[list[int]] = [[data.draw(st.integers(-50, 50)) for _ in range(sides)]]
    for side, reach in enumerate(end.reaching):
        for points in ({reach, reach - 1} if reach is not None else {100_000}):
            tried.append([points if s == side else 0 for s in range(sides)])
    for points in tried:
        if zero_sum:  # the next side takes the rest, as little as that moves it
            points = list(points)
            at = (next((s for s, p in enumerate(points) if p), 0) + 1) % sides
            points[at] -= sum(points)
        if any(abs(p) > 100_000 for p in points):
            continue
        ends = end.last_round or any(
            reach is not None and p >= reach for p, reach in zip(points, end.reaching))
        assert apply(state, Points(tuple(points))).finished is ends, (points, end)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played=played_games(), data=st.data())
def test_the_shipped_answers_are_what_apply_says_of_every_candidate(
        played: Played, data: st.DataObject) -> None:
    state = played.state
    current = state.current
    assume(current is not None)
    assert current is not None
    family = state.settings.family.value
    if family == "seven-up":
        assert offline_answers(state) is None and reveal_answers(state) is None
        assert pad_end(state) is None and every_round(state.settings) == ()
        return
    if family == "score-pad":
        assert offline_answers(state) is None and reveal_answers(state) is None
        _check_pad_end(state, data)
        return
    assert pad_end(state) is None
    shipped = offline_answers(state)
    assert shipped is not None
    if family == "turn-bids":
        # The whole game's answers carry this round's as the page ships them.
        assert every_round(state.settings)[current.number - 1] == shipped
        if current.phase is Phase.BIDDING:
            _check_bids(state, data)
    if family == "card-bids" and current.phase is Phase.BIDDING:
        _check_reveal(played, data)
    _check_tricks(_tricks_due(played, data), shipped, data)
