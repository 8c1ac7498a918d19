"""Who deals round N and who bids first (docs/rules.md sections 1–4), asked of
``companion.rules.seating``, and every family's rounds agreeing with it, played or replayed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Settings, fold, new_settings, seating
from companion.rules.families import family_of

from .strategies import Played, game_settings, played_games
from .expected import NAMES

#: (game, players, first dealer, round) -> (dealer, bidding order): the deal passes one seat to
#: the left each round, play goes round from the dealer's left, the dealer last.
SEATING = [
    ("oh-seven", 4, 0, 1, 0, (1, 2, 3, 0)),
    ("oh-seven", 4, 0, 2, 1, (2, 3, 0, 1)),
    ("oh-seven", 4, 0, 5, 0, (1, 2, 3, 0)),
    ("oh-seven", 9, 8, 2, 0, (1, 2, 3, 4, 5, 6, 7, 8, 0)),
    ("oh-hell", 3, 2, 1, 2, (0, 1, 2)),
    ("oh-hell", 3, 2, 2, 0, (1, 2, 0)),
    ("oh-hell", 3, 2, 4, 2, (0, 1, 2)),
    ("elevator", 5, 1, 3, 3, (4, 0, 1, 2, 3)),
    ("elevator", 7, 0, 13, 5, (6, 0, 1, 2, 3, 4, 5)),
    ("seven-up", 2, 1, 1, 1, (0, 1)),
    ("seven-up", 2, 1, 2, 0, (1, 0)),
    ("seven-up", 4, 0, 3, 2, (3, 0, 1, 2)),
]


@pytest.mark.parametrize("game, players, first, number, dealer, order", SEATING)
def test_who_deals_and_who_bids_first(game: str, players: int, first: int, number: int,
                                      dealer: int, order: tuple[int, ...]) -> None:
    table = new_settings(game, list(NAMES[:players]), first)
    assert seating.dealer(table, number) == dealer
    assert seating.bidding_order(dealer, players) == order
    assert seating.eldest(dealer, players) == order[0]
    round_ = family_of(table).start_round(table, number)
    assert (round_.dealer, round_.bidding_order) == (dealer, order)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(game_settings(), st.integers(1, 25))
def test_every_familys_round_starts_as_seating_says(table: Settings, number: int) -> None:
    family = family_of(table)
    total = family.total_rounds(table)
    if total is not None and number > total:
        number = total
    round_ = family.start_round(table, number)
    dealer = seating.dealer(table, number)
    players = len(table.players)
    assert round_.dealer == dealer
    assert round_.bidding_order == seating.bidding_order(dealer, players)
    if round_.eldest is not None:  # Seven-Up
        assert round_.eldest == round_.leader == seating.eldest(dealer, players)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(played_games())
def test_every_played_round_was_dealt_as_seating_says(game: Played) -> None:
    """Through ``apply`` and through the replay (fold) alike."""
    state = fold(game.settings, game.entries)
    players = len(game.settings.players)
    for round_ in (*state.rounds, *((state.current,) if state.current else ())):
        dealer = seating.dealer(game.settings, round_.number)
        assert round_.dealer == dealer
        assert round_.bidding_order == seating.bidding_order(dealer, players)
