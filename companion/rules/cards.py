"""Suits and cards, as the table names them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import RuleError

#: Oh-Seven cards are numbered 0–7.
LOWEST, HIGHEST = 0, 7


class Suit(enum.Enum):
    """The four suits. Oh-Seven breaks equal bid values by suit: ♠ > ♥ > ♦ > ♣."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def rank(self) -> int:
        """Higher is stronger: spades 3, hearts 2, diamonds 1, clubs 0."""
        return _SUIT_RANK[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]


_SUIT_RANK = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1, Suit.CLUBS: 0}
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


@dataclass(frozen=True, order=False)
class Card:
    """An Oh-Seven bid card: a value 0–7 and a suit.

    >>> Card(5, Suit.HEARTS).beats(Card(5, Suit.DIAMONDS))
    True
    """

    value: int
    suit: Suit

    @property
    def strength(self) -> tuple[int, int]:
        return (self.value, self.suit.rank)

    def beats(self, other: Card) -> bool:
        return self.strength > other.strength

    def __str__(self) -> str:
        return f"{self.value}{self.suit.symbol}"


def check_bid_value(value: int, seat: int) -> None:
    """Refuse an Oh-Seven bid card outside 0–7 (``RuleError('bid-range')``)."""
    if not LOWEST <= value <= HIGHEST:
        raise RuleError(
            "bid-range", f"a bid card's value is {LOWEST}–{HIGHEST}, not {value}",
            reason="card-value", field="bids", seat=seat, value=value,
        )
