"""Oh-Seven bid cards and suits (docs/rules.md section 1 "high bid": ♠ > ♥ > ♦ > ♣)."""

from __future__ import annotations

import pytest

from companion.rules import Card, Suit, apply

from .builders import bids, start
from .tables import SUIT_ORDER, card


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
