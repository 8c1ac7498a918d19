"""Expected values written out by hand from docs/rules.md and the seeds, shared by the golden tests,
the model and the properties. Nothing here is computed by the engine."""

from __future__ import annotations

from companion.rules import Card, Suit

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo")

#: Player counts each ruleset accepts (docs/rules.md: Oh-Seven 2–9, Oh Hell and Elevator 3–7,
#: Seven-Up 2–4).
PLAYERS = {
    "oh-seven": (2, 3, 4, 5, 6, 7, 8, 9),
    "oh-hell": (3, 4, 5, 6, 7),
    "elevator": (3, 4, 5, 6, 7),
    "seven-up": (2, 3, 4),
}

_TEN = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_EIGHT = (8, 7, 6, 5, 4, 3, 2, 1)
_SEVEN = (7, 6, 5, 4, 3, 2, 1)

#: Oh Hell / Elevator hand sizes round by round (docs/rules.md sections 2 and 3; seeds 001, 003).
SCHEDULES: dict[str, dict[int, tuple[int, ...]]] = {
    "down-up": {
        3: (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        4: (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        5: (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        6: (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8),
        7: (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7),
    },
    "down": {3: _TEN, 4: _TEN, 5: _TEN, 6: _EIGHT, 7: _SEVEN},
    "up": {
        3: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        4: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        5: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        6: (1, 2, 3, 4, 5, 6, 7, 8),
        7: (1, 2, 3, 4, 5, 6, 7),
    },
    "up-down": {
        3: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
        4: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
        5: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
        6: (1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1),
        7: (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1),
    },
}

#: Oh-Seven card passing before each round's bids (docs/rules.md section 1; seeds 000, 002).
PASSING: dict[int, tuple[int, str] | None] = {
    1: None,
    2: (1, "left"),
    3: (2, "right"),
    4: (3, "left"),
    5: (2, "right"),
    6: (1, "left"),
    7: None,
}

#: ♠ > ♥ > ♦ > ♣ for equal Oh-Seven bid values (docs/rules.md section 1, "high bid").
SUIT_ORDER = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1, Suit.CLUBS: 0}

_SUITS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}


def card(text: str) -> Card:
    """``card("5h")`` is the five of hearts."""
    return Card(int(text[:-1]), _SUITS[text[-1]])


def cards(text: str) -> tuple[Card, ...]:
    """``cards("5h 3s 0c")``: one card per seat."""
    return tuple(card(word) for word in text.split())


ALL_CARDS = tuple(Card(value, suit) for value in range(8) for suit in Suit)
