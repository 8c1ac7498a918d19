"""Entries: what the table announces, in the order it happens. The engine folds them into state.

Entries are checked for shape here (``ShapeError``: wrong type or length, an API 400) and for the
rules when they are applied (``RuleError``, an API 422).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, Union

from .cards import Card, Suit, check_bid_value
from .errors import RuleError, shown
from .registry import Family
from .settings import Settings


class ShapeError(ValueError):
    """Input of the wrong type or shape (not a rule): ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class Beg(enum.Enum):
    """Seven-Up: what the eldest and the dealer did with the turn-up."""

    STAND = "stand"  # the eldest stands: the turned suit is trump
    GIVE = "give"  # the eldest begs and the dealer gives one point
    RUN = "run"  # the eldest begs and the dealer runs the cards


TIE = "tie"  # Seven-Up: equal card points for game

Bid = Union[int, None, Card]


@dataclass(frozen=True)
class Bids:
    """Bids indexed by seat. Oh-Seven: every player's card. In-turn games: ``None`` for a player
    who has not bid yet, so one bid at a time or the whole round at once are both entries."""

    bids: tuple[Bid, ...]


@dataclass(frozen=True)
class Tricks:
    """Tricks taken, indexed by seat."""

    tricks: tuple[int, ...]


@dataclass(frozen=True)
class Hand:
    """A Seven-Up hand: jacks turned for the dealer, the beg, and who won each point.

    ``high``/``low``/``jack`` are seats or ``None`` (no trump in play; jack not dealt);
    ``game`` is a seat, ``"tie"`` or ``None``. A ``redeal`` hand counts only its turned jacks.
    """

    jacks_turned: int
    beg: Beg
    high: int | None
    low: int | None
    jack: int | None
    game: int | str | None
    redeal: bool = False


Entry = Union[Bids, Tricks, Hand]

ENTRY_KINDS = ("bids", "tricks", "hand")


def _int(value: object, field: str) -> int:
    if type(value) is not int:
        raise ShapeError(field, f"{field} must be a whole number, not {shown(value)}")
    return value


def _seat_list(settings: Settings, value: object, field: str) -> list[object]:
    if not isinstance(value, list):
        raise ShapeError(field, f"{field} must be a list with one value per seat")
    if len(value) != len(settings.players):
        raise ShapeError(
            field, f"{field} has {len(value)} values; this game has {len(settings.players)} seats"
        )
    return value


def _card(value: object, seat: int) -> Card:
    field = f"bids[{seat}]"
    if not isinstance(value, Mapping):
        raise ShapeError(field, f"{field} must be a card: {{value, suit}}")
    number = _int(value.get("value"), f"{field}.value")
    suit_name = value.get("suit")
    if suit_name is not None and not isinstance(suit_name, str):
        raise ShapeError(f"{field}.suit", f"{field}.suit must be a suit name")
    check_bid_value(number, seat)
    try:
        suit = Suit(suit_name)
    except ValueError:
        raise RuleError(
            "bid-range", f"the bid card {number} needs a suit: spades, hearts, diamonds or clubs",
            reason="card-suit", field="bids", seat=seat, value=number,
        ) from None
    return Card(number, suit)


def _optional_seat(settings: Settings, value: object, field: str) -> int | None:
    if value is None:
        return None
    seat = _int(value, field)
    if seat not in settings.seats:
        raise RuleError(
            "seat", f"{field}: {seat} is not a seat in this game (0–{len(settings.players) - 1})",
            reason="seat", field=field, value=seat, last=len(settings.players) - 1,
        )
    return seat


def parse_entry(settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
    """An entry from JSON-like input (the API's bodies, the stored form, the forms' data).

    >>> s = __import__("companion.rules", fromlist=["new_settings"]).new_settings(
    ...     "oh-hell", ["Ana", "Ben", "Cleo"])
    >>> parse_entry(s, "bids", {"bids": [1, None, 0]})
    Bids(bids=(1, None, 0))
    """
    if kind == "bids":
        raw = _seat_list(settings, body.get("bids"), "bids")
        if settings.family is Family.CARD_BIDS:
            return Bids(tuple(_card(v, seat) for seat, v in enumerate(raw)))
        if settings.family is Family.TURN_BIDS:
            return Bids(tuple(None if v is None else _int(v, f"bids[{i}]") for i, v in enumerate(raw)))
    elif kind == "tricks":
        if settings.family is not Family.SEVEN_UP:
            raw = _seat_list(settings, body.get("tricks"), "tricks")
            return Tricks(tuple(_int(v, f"tricks[{i}]") for i, v in enumerate(raw)))
    elif kind == "hand":
        if settings.family is Family.SEVEN_UP:
            return _parse_hand(settings, body)
    else:
        raise ShapeError("kind", f"unknown entry kind {shown(kind)}")
    raise RuleError(
        "phase", f"{settings.ruleset.name} has no {kind} entries", reason="entry-kind",
        field=kind, kind=kind, game=settings.ruleset.name,
    )


def _parse_hand(settings: Settings, body: Mapping[str, Any]) -> Hand:
    jacks = _int(body.get("jacks_turned", 0), "jacks_turned")
    redeal = body.get("redeal", False)
    if not isinstance(redeal, bool):
        raise ShapeError("redeal", "redeal must be true or false")
    beg_name = body.get("beg", "stand")
    if not isinstance(beg_name, str):
        raise ShapeError("beg", "beg must be stand, give or run")
    try:
        beg = Beg(beg_name)
    except ValueError:
        raise ShapeError("beg", f"beg must be stand, give or run, not {shown(beg_name)}") from None
    game = body.get("game")
    if game != TIE:
        game = _optional_seat(settings, game, "game")
    return Hand(
        jacks_turned=jacks,
        beg=beg,
        high=_optional_seat(settings, body.get("high"), "high"),
        low=_optional_seat(settings, body.get("low"), "low"),
        jack=_optional_seat(settings, body.get("jack"), "jack"),
        game=game,
        redeal=redeal,
    )


def check_shape(settings: Settings, entry: Entry) -> None:
    """Hold bids and tricks built in Python to the shape ``parse_entry`` guarantees: one value
    per seat, of the game's kind (a ``ShapeError`` otherwise)."""
    if isinstance(entry, Hand):
        return
    field, values = ("bids", entry.bids) if isinstance(entry, Bids) else ("tricks", entry.tricks)
    if len(values) != len(settings.players):
        raise ShapeError(
            field, f"{field} has {len(values)} values; this game has {len(settings.players)} seats"
        )
    for seat, value in enumerate(values):
        if isinstance(entry, Tricks) or settings.family is not Family.CARD_BIDS:
            fits = type(value) is int or (value is None and isinstance(entry, Bids))
        else:
            fits = isinstance(value, Card) and type(value.value) is int and isinstance(value.suit, Suit)
        if not fits:
            raise ShapeError(f"{field}[{seat}]", f"{field}[{seat}] cannot be {shown(value)}")


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """The stored form of an entry; ``entry_from_json`` reads it back."""
    if isinstance(entry, Bids):
        return {
            "kind": "bids",
            "bids": [
                {"value": b.value, "suit": b.suit.value} if isinstance(b, Card) else b
                for b in entry.bids
            ],
        }
    if isinstance(entry, Tricks):
        return {"kind": "tricks", "tricks": list(entry.tricks)}
    return {
        "kind": "hand",
        "jacks_turned": entry.jacks_turned,
        "beg": entry.beg.value,
        "high": entry.high,
        "low": entry.low,
        "jack": entry.jack,
        "game": entry.game,
        "redeal": entry.redeal,
    }


def entry_from_json(settings: Settings, data: Mapping[str, Any]) -> Entry:
    return parse_entry(settings, str(data.get("kind")), data)
