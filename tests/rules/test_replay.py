"""The one fold of stored in-turn games against applying their entries one by one.

``fold`` is how every read replays a stored game (a fast replay of Oh Hell and Elevator, once
beside it, is gone); it must give exactly what ``apply``, entry after entry, gives: the same
state for legal entries, the same refusal for an illegal one, whatever the options, the player
count or how bids were grouped.

Since the fold is ``apply`` entry after entry, these properties guard that it stays so: a few
dozen games each, where the second fold once needed hundreds.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.rules import (Bids, Card, Entry, GameState, RuleError, ShapeError, Suit, Tricks,
                              apply, fold, new_game)
from companion.rules.entries import Beg, Hand

from .builders import bids, start, tricks
from .model import Model
from .strategies import arbitrary_entry, filler_entry, legal_entry, played_games

IN_TURN = st.sampled_from(["oh-hell", "elevator"])


def _told(fold_with: Any, settings: Any, entries: list[Entry]) -> object:
    """The state, or the refusal with everything a person or the API is told about it."""
    try:
        return fold_with(settings, entries)
    except RuleError as error:
        return ("rule", error.code, error.reason, error.field, error.seat, error.message,
                error.params)
    except ShapeError as error:
        return ("shape", error.field, error.message)


def step_by_step(settings: Any, entries: list[Entry]) -> GameState:
    """The state ``apply`` makes, one entry at a time, from a new game."""
    state = new_game(settings)
    for entry in entries:
        state = apply(state, entry)
    return state


def outcome(settings: Any, entries: list[Entry]) -> object:
    """What applying each entry in turn says."""
    return _told(step_by_step, settings, entries)


def replayed(settings: Any, entries: list[Entry]) -> object:
    """What ``fold`` says."""
    return _told(fold, settings, entries)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_prefix_of_a_legal_game_replays_to_the_state_each_entry_makes(data: st.DataObject) -> None:
    played = data.draw(played_games(data.draw(IN_TURN)))
    for k, state in enumerate(played.states):
        assert fold(played.settings, played.entries[:k]) == state
        assert step_by_step(played.settings, played.entries[:k]) == state


def _odd_entry(n: int) -> st.SearchStrategy[Entry]:
    """Entries no well-formed request makes: wrong lengths, true/false, cards, hands."""
    value = st.none() | st.integers(-1, 12) | st.booleans() | st.just(Card(3, Suit.SPADES))
    return st.one_of(
        st.builds(Bids, st.lists(value, min_size=max(n - 1, 0), max_size=n + 1).map(tuple)),
        st.builds(Tricks, st.lists(st.integers(-1, 12) | st.booleans(),
                                   min_size=max(n - 1, 0), max_size=n + 1).map(tuple)),
        st.just(Hand(0, Beg.STAND, 0, 0, None, 0)),
    )


@st.composite
def _near_legal(draw: st.DrawFn, model: Model) -> Entry:
    """The next legal entry with one thing wrong, the way a hand slips: the dealer on the
    hooked number, a bid changed, a value off by one or moved, true for 1, one value too many
    or too few."""
    entry = draw(legal_entry(model))
    values: list[Any] = list(entry.bids if isinstance(entry, Bids) else entry.tricks)  # type: ignore[union-attr]
    seat = draw(st.integers(0, model.n - 1))
    slip = draw(st.sampled_from(["hook", "off-by-one", "bool", "move", "changed", "longer",
                                 "shorter"]))
    if slip == "hook" and isinstance(entry, Bids) and model.waiting[-1:] == [model.dealer]:
        others = sum(b for b in model.bids if isinstance(b, int))
        values = [None] * model.n
        values[model.dealer] = model.hand_size - others
    elif slip == "off-by-one":
        values[seat] = (values[seat] or 0) + draw(st.sampled_from([-1, 1]))
    elif slip == "bool" and any(v in (0, 1) for v in values):
        at = next(s for s, v in enumerate(values) if v in (0, 1) and v is not None)
        values[at] = bool(values[at])
    elif slip == "longer":
        values.append(0 if isinstance(entry, Tricks) else None)
    elif slip == "shorter" and (0 in values or None in values):
        values.remove(0 if 0 in values else None)
    elif slip == "move" and isinstance(entry, Tricks):
        other = draw(st.integers(0, model.n - 1))
        values[seat] -= 1
        values[other] += 1
    elif slip == "changed" and isinstance(entry, Bids):
        done = [s for s, b in enumerate(model.bids) if isinstance(b, int)]
        if done:
            values[done[0]] = model.bids[done[0]] + 1  # type: ignore[operator]
    return Bids(tuple(values)) if isinstance(entry, Bids) else Tricks(tuple(values))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_an_illegal_entry_anywhere_is_refused_exactly_as_applying_it_would(data: st.DataObject) -> None:
    played = data.draw(played_games(data.draw(IN_TURN)))
    at = data.draw(st.integers(0, len(played.entries)))
    model = Model(played.settings)
    for entry in played.entries[:at]:
        model.apply(entry)
    n = len(played.settings.players)
    if model.finished:
        bad = data.draw(_odd_entry(n) | st.builds(Tricks, st.just((0,) * n)))
    else:
        bad = data.draw(_near_legal(model) | arbitrary_entry(model) | _odd_entry(n))
    keep_after = data.draw(st.booleans())
    entries = [*played.entries[:at], bad, *(played.entries[at:] if keep_after else [])]
    assert replayed(played.settings, entries) == outcome(played.settings, entries)


def _after(state: GameState, entry: Entry) -> object:
    """The round, totals and entries ``entry`` makes of ``state``, or its refusal in full."""
    try:
        after = apply(state, entry)
    except RuleError as error:
        return ("rule", error.code, error.reason, error.field, error.seat, error.message,
                error.params)
    return after.current, after.rounds, after.scores, after.status, after.entry_rounds


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_a_bid_alone_is_judged_as_with_the_rounds_earlier_bids_repeated(data: st.DataObject) -> None:
    # ``apply`` takes a short way for the one awaited bid entered alone (turn_bids._bid); with
    # the round's earlier bids repeated the same bid goes the whole way. Every value, legal or
    # not (the hooked number, out of range), must be judged alike both ways.
    played = data.draw(played_games(data.draw(IN_TURN)))
    model = played.model
    assume(not model.finished and not model.accepted)
    seat = model.waiting[0]
    for value in range(-1, model.hand_size + 2):
        alone: list[Any] = [None] * model.n
        alone[seat] = value
        repeated: list[Any] = list(model.bids)
        repeated[seat] = value
        assert (_after(played.state, Bids(tuple(alone)))
                == _after(played.state, Bids(tuple(repeated)))), (seat, value, model.bids)


def test_a_whole_round_in_one_entry_and_repeated_bids_fold_as_applied() -> None:
    # docs/rules.md section 2: bids go round from the dealer's left; a corrected round is stored as
    # one entry with every bid, and a form may repeat the bids already made.
    state = start("oh-hell", players=3, first_dealer=0)
    settings = state.settings
    entries: list[Entry] = [bids(None, 2, None), bids(None, 2, 3), bids(4, 2, 3), tricks(3, 3, 4)]
    assert fold(settings, entries).rounds[0].points == (0, 0, 0)
    assert fold(settings, entries) == step_by_step(settings, entries)


def test_the_dealers_hooked_number_is_refused_with_the_hook_rule() -> None:
    # Seed 001: with 10 cards and the others' bids at 7, the dealer may not bid 3.
    settings = start("oh-hell", players=4, first_dealer=3).settings
    entries: list[Entry] = [bids(2, None, None, None), bids(None, 3, None, None),
                            bids(None, None, 2, None), bids(None, None, None, 3)]
    error = replayed(settings, entries)
    assert isinstance(error, tuple) and error[:3] == ("rule", "hook", "hook")
    assert error == outcome(settings, entries)


def _every_next_entry(model: Model) -> list[Entry]:
    """Every single bid the next bidder could be said to make (legal or not, true and false
    included), or every split of the tricks with each value off by one and as a bool; and
    each with one value too many or too few."""
    n, size = model.n, model.hand_size
    if not model.accepted:
        seat = model.waiting[0]
        made: list[Entry] = []
        for value in [*range(-1, size + 2), True, False]:
            bids_ = [None] * n
            bids_[seat] = value  # type: ignore[call-overload]
            made.append(Bids(tuple(bids_)))
        made += [Bids(tuple(bids_[:-1])), Bids((*bids_, None)), Bids((*bids_, 0))]  # n ± 1
        return made
    splits: list[Entry] = []
    for first in range(-1, size + 2):
        for second in range(-1, size + 2):
            rest = size - first - second
            for third in (rest, rest + 1, True, False):
                splits.append(Tricks((first, second, third, *[0] * (n - 3))))  # type: ignore[arg-type]
    splits += [Tricks((size, *[0] * (n - 2))), Tricks((size, *[0] * n))]  # n ± 1 values
    return splits


def _judged_alike(settings: Any, entries: list[Entry]) -> None:
    """The same outcome both ways."""
    assert replayed(settings, entries) == outcome(settings, entries), entries


def _one_legal_bid(model: Model) -> Bids:
    """The next bidder alone bids 0 (1 when 0 is the dealer's hooked number)."""
    seat = model.waiting[0]
    values: list[int | None] = [None] * model.n
    values[seat] = 1 if seat == model.dealer and model.hook == 0 else 0
    return Bids(tuple(values))


@pytest.mark.slow
def test_every_bid_and_every_split_of_the_tricks_is_judged_as_applying_it_would() -> None:
    # docs/rules.md sections 2, 3 and 6: bids 0..hand size, the hook (always, never, not last),
    # tricks adding up to the hand size; every value tried at every turn of short games.
    for ruleset in ("oh-hell", "elevator"):
        for hook in ("always", "never", "not-last"):
            state = start(ruleset, players=3, first_dealer=1, max_hand=3,
                          **({"hook": hook} if ruleset == "oh-hell" else {}))
            played = state.settings, list(state.entries)
            model = Model(state.settings)
            entries: list[Entry] = []
            while not model.finished:
                for entry in _every_next_entry(model):
                    _judged_alike(played[0], [*entries, entry])
                entry = _one_legal_bid(model) if not model.accepted else filler_entry(model)
                entries.append(entry)
                model.apply(entry)
            # After the last round, nothing more: the last tricks again, a bid.
            _judged_alike(played[0], [*entries, entries[-1]])
            _judged_alike(played[0], [*entries, bids(0, None, None)])
