"""Entries: what the table announces, in the order it happens. The engine folds them into state.

Entries are checked for shape when they are read (``ShapeError``: wrong type or length, an API
400; each game family reads its own kinds with the helpers here, ``families.parse_entry``) and
for the rules when they are applied (``RuleError``, an API 422).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import enum
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping, Union

from .cards import Card, Suit, Trump, check_bid_value
from .errors import RuleError, shown
from .memo import WeighsOnce
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

#: A bid: a number, ``None`` for one not made yet, an Oh-Seven card, or a bid a game names in
#: words (Spades' ``"nil"`` and ``"blind-nil"``: docs/api.md, "More games").
Bid = Union[int, None, Card, str]


@dataclass(frozen=True)
class Bids(WeighsOnce):
    """Bids indexed by seat. Oh-Seven: every player's card. In-turn games: ``None`` for a player
    who has not bid yet, so one bid at a time or the whole round at once are both entries."""

    bids: tuple[Bid, ...]
    #: The trump the table recorded with these bids, where the game records one (docs/rules.md
    #: section 9); ``None``: not recorded.
    trump: Trump | None = None


@dataclass(frozen=True)
class Tricks(WeighsOnce):
    """Tricks taken, indexed by seat."""

    tricks: tuple[int, ...]


@dataclass(frozen=True)
class Hand(WeighsOnce):
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


@dataclass(frozen=True)
class Points(WeighsOnce):
    """The score pad: a round's points, one whole number per side (per seat without teams),
    as the table announces them (docs/rules.md section 8)."""

    points: tuple[int, ...]


@dataclass(frozen=True)
class Finish(WeighsOnce):
    """The score pad: "we stop here", the scorekeeper ends the game after a round."""


class OwnEntry(WeighsOnce, ABC):
    """An entry of a game's own shape (Belote's hand), which only that game's files read: a
    frozen dataclass naming its ``kind`` (one of ``ENTRY_KINDS``) and writing its stored form,
    which its family's ``parse_entry`` reads back. Generic code asks no more of it; a subclass
    that leaves either out cannot be made."""

    __slots__ = ()

    @property
    @abstractmethod
    def kind(self) -> str:
        """Its kind, one of ``ENTRY_KINDS``."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The stored form, ``kind`` included."""


Entry = Union[Bids, Tricks, Hand, Points, Finish, OwnEntry]

ENTRY_KINDS = ("bids", "tricks", "hand", "points", "finish")


def whole(value: object, field: str) -> int:
    """A whole number (``True`` is not one), or a ``ShapeError`` naming ``field``."""
    if type(value) is not int:
        raise ShapeError(field, f"{field} must be a whole number, not {shown(value)}")
    return value


def seat_list(settings: Settings, value: object, field: str) -> list[object]:
    """A list with one value per seat, or a ``ShapeError``."""
    if not isinstance(value, list):
        raise ShapeError(field, f"{field} must be a list with one value per seat")
    if len(value) != len(settings.players):
        raise ShapeError(
            field, f"{field} has {len(value)} values; this game has {len(settings.players)} seats"
        )
    return value


def card(value: object, seat: int) -> Card:
    """An Oh-Seven bid card from ``{value, suit}``."""
    field = f"bids[{seat}]"
    if not isinstance(value, Mapping):
        raise ShapeError(field, f"{field} must be a card: {{value, suit}}")
    number = whole(value.get("value"), f"{field}.value")
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


def tricks(settings: Settings, body: Mapping[str, Any]) -> Tricks:
    """Tricks taken, one whole number per seat."""
    raw = seat_list(settings, body.get("tricks"), "tricks")
    return Tricks(tuple(whole(v, f"tricks[{i}]") for i, v in enumerate(raw)))


def _optional_seat(settings: Settings, value: object, field: str) -> int | None:
    if value is None:
        return None
    seat = whole(value, field)
    if seat not in settings.seats:
        raise RuleError(
            "seat", f"{field}: {seat} is not a seat in this game (0–{len(settings.players) - 1})",
            reason="seat", field=field, value=seat, last=len(settings.players) - 1,
        )
    return seat


#: What a hand's field is when its body leaves it out: ``hand`` reads them so, and an export
#: leaves out a field at this value (an export is never longer than what it may come back as).
HAND_DEFAULTS: Mapping[str, Any] = MappingProxyType({
    "jacks_turned": 0, "beg": "stand", "high": None, "low": None, "jack": None, "game": None,
    "redeal": False})


def hand(settings: Settings, body: Mapping[str, Any]) -> Hand:
    """A Seven-Up hand from its fields (``HAND_DEFAULTS`` for those left out)."""
    body = {**HAND_DEFAULTS, **body}
    jacks = whole(body["jacks_turned"], "jacks_turned")
    redeal = body["redeal"]
    if not isinstance(redeal, bool):
        raise ShapeError("redeal", "redeal must be true or false")
    beg_name = body["beg"]
    if not isinstance(beg_name, str):
        raise ShapeError("beg", "beg must be stand, give or run")
    try:
        beg = Beg(beg_name)
    except ValueError:
        raise ShapeError("beg", f"beg must be stand, give or run, not {shown(beg_name)}") from None
    game = body["game"]
    if game != TIE:
        game = _optional_seat(settings, game, "game")
    return Hand(
        jacks_turned=jacks,
        beg=beg,
        high=_optional_seat(settings, body["high"], "high"),
        low=_optional_seat(settings, body["low"], "low"),
        jack=_optional_seat(settings, body["jack"], "jack"),
        game=game,
        redeal=redeal,
    )


def field_of(entry: Entry) -> str:
    """The entry kind, as the input it came from is named."""
    if isinstance(entry, Bids):
        return "bids"
    if isinstance(entry, Tricks):
        return "tricks"
    if isinstance(entry, Points):
        return "points"
    if isinstance(entry, Finish):
        return "finish"
    if isinstance(entry, OwnEntry):
        return entry.kind
    return "hand"


def wrong_kind(settings: Settings, kind: str) -> RuleError:
    """The refusal of an entry kind the game does not record (Seven-Up has no bids)."""
    return RuleError(
        "phase", f"{settings.ruleset.name} has no {kind} entries", reason="entry-kind",
        field=kind, kind=kind, game=settings.ruleset.name,
    )


_WHOLE = frozenset({int})
_BID_TYPES = frozenset({int, type(None)})


def check_per_seat(settings: Settings, entry: Bids | Tricks, cards: bool) -> None:
    """Hold bids and tricks built in Python to the shape parsing guarantees: one value per seat,
    whole numbers (``None`` for a bid not made yet), or cards (``cards``) for Oh-Seven's bids
    (a ``ShapeError`` otherwise)."""
    field, values = ("bids", entry.bids) if isinstance(entry, Bids) else ("tricks", entry.tricks)
    if len(values) != len(settings.players):
        raise ShapeError(
            field, f"{field} has {len(values)} values; this game has {len(settings.players)} seats"
        )
    if not cards or isinstance(entry, Tricks):
        # Whole numbers (and bids not made yet) throughout, the common case, in one pass in C;
        # otherwise the loop below finds the first value that is not one.
        if set(map(type, values)) <= (_BID_TYPES if isinstance(entry, Bids) else _WHOLE):
            return
    for seat, value in enumerate(values):
        if isinstance(entry, Tricks) or not cards:
            fits = type(value) is int or (value is None and isinstance(entry, Bids))
        else:
            fits = isinstance(value, Card) and type(value.value) is int and isinstance(value.suit, Suit)
        if not fits:
            raise ShapeError(f"{field}[{seat}]", f"{field}[{seat}] cannot be {shown(value)}")


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """The stored form of an entry; ``entry_from_json`` reads it back."""
    if isinstance(entry, Bids):
        stored: dict[str, Any] = {
            "kind": "bids",
            "bids": [
                {"value": b.value, "suit": b.suit.value} if isinstance(b, Card) else b
                for b in entry.bids
            ],
        }
        if entry.trump is not None:
            stored["trump"] = entry.trump.value
        return stored
    if isinstance(entry, Tricks):
        return {"kind": "tricks", "tricks": list(entry.tricks)}
    if isinstance(entry, Points):
        return {"kind": "points", "points": list(entry.points)}
    if isinstance(entry, Finish):
        return {"kind": "finish"}
    if isinstance(entry, OwnEntry):
        return entry.to_json()
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
