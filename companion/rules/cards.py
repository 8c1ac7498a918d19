"""Suits and cards, as the table names them, and the Oh-Seven deck as the pages hand it round:
its cards in order and the token a tapped card sends (docs/rules.md section 1, "players")."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import RuleError
from .typed import small_number

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


class NoTrump(enum.Enum):
    """A round played without trump, as recorded (a Jester turned up, or no card left to turn
    in the 60-card game's last round, docs/rules.md section 9)."""

    NONE = "none"


#: A round's trump as the table records it: a suit, or none.
Trump = Suit | NoTrump


def trump_named(name: object) -> Trump | None:
    """The trump a body names (a suit's name, or ``"none"``), ``None`` for any other value."""
    for kind in (Suit, NoTrump):
        for member in kind:
            if member.value == name:
                return member
    return None


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

    @property
    def token(self) -> str:
        """The card as one tap sends it: ``3-spades`` (``from_token`` reads it back).

        >>> Card(3, Suit.SPADES).token
        '3-spades'
        """
        return f"{self.value}{TOKEN_SEPARATOR}{self.suit.value}"


#: Between a token's value and its suit; no suit name holds it.
TOKEN_SEPARATOR = "-"


def deck() -> tuple[Card, ...]:
    """One Oh-Seven deck, in the order the card picker lays it out: a suit at a time, strongest
    first (♠ ♥ ♦ ♣), each from 0 to 7. Two decks (5 players or more) hold the same cards twice.

    >>> cards = deck()
    >>> len(cards), str(cards[0]), str(cards[7]), str(cards[-1])
    (32, '0♠', '7♠', '7♣')
    """
    return tuple(Card(value, suit) for suit in Suit for value in range(LOWEST, HIGHEST + 1))


def from_token(token: str) -> dict[str, object]:
    """A tapped token as a card's JSON (``{value, suit}``) for ``parse_entry`` to judge: the
    engine refuses what is no card at its field (a value outside 0–7, an unknown suit), so a
    token is only split here, never checked.

    >>> from_token("3-spades"), from_token("9-stars")
    ({'value': 3, 'suit': 'spades'}, {'value': 9, 'suit': 'stars'})
    >>> from_token("x")
    {'value': 'x', 'suit': ''}
    """
    value, _separator, suit = token.partition(TOKEN_SEPARATOR)
    # Only plain digits become a number (a very long run of them stays text: int() of it fails).
    number = small_number(value)
    return {"value": value if number is None else number, "suit": suit}


def check_bid_value(value: int, seat: int) -> None:
    """Refuse an Oh-Seven bid card outside 0–7 (``RuleError('bid-range')``)."""
    if not LOWEST <= value <= HIGHEST:
        raise RuleError(
            "bid-range", f"a bid card's value is {LOWEST}–{HIGHEST}, not {value}",
            reason="card-value", field="bids", seat=seat, value=value, lowest=LOWEST,
            highest=HIGHEST,
        )
