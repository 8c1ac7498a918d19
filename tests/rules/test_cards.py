"""Oh-Seven bid cards and suits (docs/rules.md section 1 "high bid": ♠ > ♥ > ♦ > ♣)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules import Card, RuleError, ShapeError, Suit, apply, from_token

from .builders import bids, start
from .expected import ALL_CARDS, SUIT_ORDER, card


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [("5h", "5d"), ("5s", "5h"), ("5d", "5c"), ("1c", "0s"), ("7c", "6s"), ("0s", "0c")],
)
def test_beats(stronger: str, weaker: str) -> None:
    assert card(stronger).beats(card(weaker)) and not card(weaker).beats(card(stronger))
    assert card(stronger).strength > card(weaker).strength


def test_a_card_does_not_beat_itself() -> None:
    assert not card("3h").beats(card("3h"))


@pytest.mark.parametrize("suit", list(Suit))
def test_suit_rank_and_symbol(suit: Suit) -> None:
    assert suit.rank == SUIT_ORDER[suit]
    assert str(Card(4, suit)) == "4" + {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}[suit.value]
    assert suit.symbol in str(Card(4, suit))


def test_winners_before_the_end() -> None:
    state = apply(start("oh-hell", 3), bids(None, 1, None))
    assert state.winners == () and not state.finished


# --- the deck and the tokens the pages send (docs/rules.md section 1, "players") -------------

#: One deck written out by hand: 32 cards, values 0 to 7 in ♠ ♥ ♦ ♣, laid out a suit at a time.
DECK = tuple(card(f"{value}{suit}") for suit in "shdc" for value in range(8))


def test_the_deck_is_32_cards_a_suit_at_a_time() -> None:
    from companion.rules import deck

    assert deck() == DECK
    assert len(set(deck())) == 32 and set(deck()) == set(ALL_CARDS)


@pytest.mark.parametrize(("written", "token"), [("3s", "3-spades"), ("0c", "0-clubs"),
                                                ("7h", "7-hearts"), ("5d", "5-diamonds")])
def test_a_card_token_is_its_value_and_suit(written: str, token: str) -> None:
    assert card(written).token == token
    assert from_token(token) == {"value": card(written).value, "suit": card(written).suit.value}


@given(st.sampled_from(ALL_CARDS), st.integers(0, 8))
def test_every_token_reads_back_as_its_card(picked: Card, seat: int) -> None:
    from companion.rules.entries import card as read_card

    assert read_card(from_token(picked.token), seat) == picked


@pytest.mark.parametrize("token", ["", "x", "8-spades", "3-stars", "3", "-spades", "٣-spades",
                                   "9" * 5000 + "-hearts"])
def test_a_token_that_is_no_card_goes_on_for_the_engine_to_refuse(token: str) -> None:
    from companion.rules.entries import card as read_card

    with pytest.raises((RuleError, ShapeError)):
        read_card(from_token(token), 0)
