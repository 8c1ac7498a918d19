"""Reading request bodies: JSON objects with known fields of the right JSON types (API 400).
Whether the values are allowed by the rules is the engine's question (API 422).

A body is UTF-8 JSON (docs/api.md), no deeper than ``MAX_DEPTH``, and a number with no fraction is
an integer however it is written (``1``, ``1.0``, ``1e2``): JSON Schema, and so the OpenAPI
description, counts ``1.0`` as an integer, so the server does too.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.api.error_shape import ApiError
from companion.rules import FAMILIES, POINTS_MOST, TIE, Beg
from companion.rules.families import GameFamily
from companion.rules.errors import shown
from companion.rules.schema import SEAT, WHOLE_DIGITS, WHOLE_MAX, Schema, ref
from companion.storage import turns


# --- The bodies, declared once: ``json_object`` reads them, ``api.openapi`` describes them ----


@dataclass(frozen=True)
class Field:
    """One field of a body: its JSON Schema, and whether a body must hold it."""

    schema: Schema
    required: bool = True


@dataclass(frozen=True, eq=False)  # one object per body: compared, and hashed, as itself
class Body:
    """A request body: the fields it may hold (any other is refused, 400, and the description
    says ``additionalProperties: false``), under its name among the description's schemas."""

    name: str
    fields: Mapping[str, Field]

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.fields)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(name for name, field in self.fields.items() if field.required)


@dataclass(frozen=True, eq=False)
class EntryWrite:
    """``POST /games/<id>/<path>``: the write of one entry kind of the engine
    (``rules.ENTRY_KINDS``), the body it reads, and the words that describe it. Which games take
    it is the engine's (each family's ``entry_kinds``)."""

    kind: str
    path: str
    body: Body
    summary: str
    description: str = ""
    #: Whether a round's correction (``PUT /games/<id>/rounds/<n>``) carries it: "we stop
    #: here" ends a game rather than make a round.
    corrects: bool = True


INTEGER: Schema = {"type": "integer", "maximum": WHOLE_MAX}
SEAT_OR_NULL: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": WHOLE_MAX}
VERSION = Field({**INTEGER, "description": "the version of the game this write is based on"})


#: A bid card, where bids are cards: only ``value`` and ``suit`` (their values are the engine's).
CARD = Body("CardBid", {"value": Field(INTEGER), "suit": Field({"type": ["string", "null"]},
                                                               required=False)})
#: The bids games make in words (Spades' nil and blind nil), as their families declare them.
WORD_BIDS = sorted({word for family in FAMILIES.values() for word in family.word_bids},
                   key=lambda word: (len(word), word))
_BID = {"description": "a card where the bids are cards; elsewhere a number, or null for a "
                       "player who has not bid; in Spades also \"nil\" or \"blind-nil\"",
        "oneOf": [INTEGER, {"type": "string", "enum": WORD_BIDS}, {"type": "null"},
                  ref(CARD.name)]}
#: Where the table records the trump with its bids (the family's ``records_trump``): a suit or
#: none, optional; for any other game the field is unknown (400).
TRUMP = Field({"type": "string", "enum": ["spades", "hearts", "diamonds", "clubs", "none"],
               "description": "optional, where the game records the trump (a suit, or none "
                              "for no trump); sent for any other game: 400 invalid. A suit in "
                              "the last round, or a second, different trump in a round: 422 "
                              "trump"}, required=False)
BIDS = Body("BidsBody", {"version": VERSION, "bids": Field({"type": "array", "items": _BID}),
                         "trump": TRUMP})
TRICKS = Body("TricksBody", {"version": VERSION,
                             "tricks": Field({"type": "array", "items": INTEGER})})
#: A hand names every field but ``redeal`` (docs/api.md), ``null`` where nobody won the point.
HAND = Body("HandBody", {
    "version": VERSION,
    "jacks_turned": Field({**INTEGER, "description": "jacks turned up for the dealer (0 when "
                                                     "none)"}),
    "beg": Field({"type": "string", "enum": [b.value for b in Beg],
                  "description": "stand, give or run"}),
    "high": Field(SEAT_OR_NULL),
    "low": Field(SEAT_OR_NULL),
    "jack": Field({**SEAT_OR_NULL, "description": "null: the jack of trumps was not in play"}),
    "game": Field({"anyOf": [SEAT, {"type": "null"}, {"const": TIE}],
                   "description": "the seat that made game, or tie; null only in a redealt hand "
                                  "(a hand that was played and names nobody is refused: 422 "
                                  "hand)"}),
    "redeal": Field({"type": "boolean",
                     "description": "the hand was redealt: only jacks_turned counts"},
                    required=False),
})
#: The score pad: a round's points, per side (per seat without teams); the range is a rule (422).
POINTS = Body("PointsBody", {"version": VERSION, "points": Field({
    "type": "array", "items": INTEGER,
    "description": f"one whole number per seat, or per side with teams pairs; each from "
                   f"-{POINTS_MOST} to {POINTS_MOST} (else 422 points-range); with zero_sum "
                   f"adding up to 0 (else 422 points-total)"})})
#: The score pad: "we stop here".
FINISH = Body("FinishBody", {"version": VERSION})
UNDO = Body("UndoBody", {"version": VERSION})

#: Every entry's write, in a round's order; the routes, the correction's body and the export's
#: entries are made from this list.
ENTRY_WRITES = (
    EntryWrite("bids", "bids", BIDS, "Enter bids",
               "Per seat. Where the bids are cards: every player's card at once; a bid that "
               "forces a rebid is accepted and recorded in attempts. Elsewhere: null for a "
               "player who has not bid yet, so one bid at a time or all at once."),
    EntryWrite("tricks", "tricks", TRICKS, "Enter tricks taken, per seat"),
    EntryWrite("hand", "hands", HAND, "Enter a hand"),
    EntryWrite("points", "points", POINTS, "Enter a round's points",
               f"Every side's points for the round at once. A wrong length or a number that is "
               f"not whole: 400 invalid; out of -{POINTS_MOST}..{POINTS_MOST}: 422 "
               f"points-range; a zero_sum pad's points not adding up to 0: 422 points-total; a "
               f"finished game or a card game: 422 phase."),
    EntryWrite("finish", "finish", FINISH, "Finish the game: we stop here",
               "Ends the game after its last round (finished_by scorekeeper). Before the first "
               "round, when finished, or in a card game: 422 phase. An undo reopens it.",
               corrects=False),
)
ENTRY_WRITE = {write.kind: write for write in ENTRY_WRITES}
#: The bodies a family reads its own way (``GameFamily.own_bodies``), by family id and kind.
OWN_BODIES: Mapping[tuple[str, str], Body] = {
    (family.id, kind): Body(own.name, {"version": VERSION, **{
        name: Field(schema, required=name in own.required)
        for name, schema in own.fields.items()}})
    for family in FAMILIES.values() for kind, own in family.own_bodies.items()}


def entry_body(write: EntryWrite, family: GameFamily) -> Body:
    """The body of ``write`` in a game of ``family``: its own, or the one every game shares."""
    return OWN_BODIES.get((family.id, write.kind), write.body)


def write_bodies(write: EntryWrite) -> tuple[Body, ...]:
    """Every body ``write`` may take, the shared one first, each once."""
    return (write.body, *dict.fromkeys(
        body for (_family, kind), body in OWN_BODIES.items() if kind == write.kind))


#: A round's correction: the fields of every entry that makes a round's result.
ROUND = frozenset({"version"}).union(*(b.names for w in ENTRY_WRITES if w.corrects
                                       for b in write_bodies(w)))

NEW_GAME = Body("NewGame", {
    "ruleset": Field({"type": "string"}),  # its enum is the registry's, added by the description
    "players": Field({"type": "array", "items": {"type": "string", "minLength": 1},
                      "minItems": 2, "maxItems": 12}),
    "first_dealer": Field(SEAT_OR_NULL, required=False),
    "options": Field({"type": ["object", "null"]}, required=False),  # described from the registry
    "title": Field({"type": ["string", "null"], "description": "a score pad only: what the "
                    "table calls the game, 1-40 characters after trimming, checked as a name; a "
                    "bad one, or one sent for a card game: 422 ruleset with field title"},
                   required=False),
    "table": Field({"type": "string", "description": "a table's id: the game belongs to it "
                    "(send the table's edit token as bearer)"}, required=False),
})
NEW_TABLE = Body("NewTable", {"name": Field({"type": "string",
                                             "description": "1–40 characters after trimming"})})
JOIN = Body("JoinBody", {"game": Field({"type": "string"}), "edit_token": Field(
    {"type": "string", "description": "the game's edit token"})})
RENAME = Body("RenameBody", {"from": Field({"type": "string"}), "to": Field({"type": "string"})})
#: Every closed body, as the description lists it.
BODIES = (NEW_GAME, CARD, *(b for w in ENTRY_WRITES for b in write_bodies(w)), UNDO, NEW_TABLE,
          JOIN, RENAME)


def as_compared() -> Any:
    """The body as an Idempotency-Key compares two writes: its parsed JSON (read as
    ``json_object`` reads it: ``1.0`` is 1), else its bytes, before any check of its shape."""
    raw = request.environ[_READ] = _body()  # a body sent without a length is read once
    try:
        return ["json", json.loads(raw.decode("utf-8-sig"), parse_float=_number,
                                   parse_constant=_no_constant)]
    except (ValueError, RecursionError):  # not JSON (UnicodeDecodeError is a ValueError)
        return ["bytes", raw.hex()]


_READ = "companion.body"


def invalid(message: str, field: str | None = None) -> ApiError:
    return ApiError(400, "invalid", message, field)


#: The deepest nesting any body needs is 3 (a bid card in the list of bids); a little room.
MAX_DEPTH = 8
#: The charsets a body may name: UTF-8, or ASCII, which is UTF-8 too.
UTF_8 = ("utf-8", "utf8", "us-ascii", "ascii")


def json_object(fields: Body | Collection[str] | None, required: Collection[str] | None = None,
                depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The request's JSON object, holding only ``fields`` (a body's, as declared; ``None``: any)
    and every one of ``required`` (by default the body's required fields), nested at most
    ``depth`` deep."""
    known: Collection[str] | None = fields.names if isinstance(fields, Body) else fields
    needed: Collection[str] = (fields.required if isinstance(fields, Body) else ()) \
        if required is None else required
    if not request.is_json:
        raise invalid("send a JSON object with Content-Type: application/json")
    if request.mimetype_params.get("charset", "utf-8").lower() not in UTF_8:
        raise invalid("the body must be UTF-8")
    raw = _body()
    try:
        text = raw.decode("utf-8-sig")  # a UTF-8 byte order mark may be ignored (RFC 8259)
    except UnicodeDecodeError:  # UTF-16 and UTF-32 too, which json.loads would guess
        raise invalid("the body must be UTF-8") from None
    try:
        body = json.loads(text, parse_float=_number, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # bad JSON, too deep to parse, too many digits
        raise invalid("the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise invalid("the body must be a JSON object")
    if _depth(body, depth) > depth:
        # Before any value is looked at: messages name values, and repr of a value nested ~1,000
        # deep raises RecursionError.
        raise invalid(f"the body is nested more than {depth} levels deep")
    for name in body if known is not None else ():
        if known is not None and name not in known:
            raise invalid(f"unknown field {shown(name)}; expected " + ", ".join(sorted(known)),
                          name)
    for name in sorted(needed):
        if name not in body:
            raise invalid(f"{name} is missing", name)
    return body


def _number(text: str) -> int | float:
    """A JSON number with a fraction or an exponent: an ``int`` when it is exactly whole
    (``1.0``, ``1e2``; not ``1.0000000000000001``, which a float would round to 1)."""
    exact = Decimal(text)  # exact, with no context: 1e999999999 is fine until it is rounded
    if exact.adjusted() < WHOLE_DIGITS and exact == exact.to_integral_value():
        return int(exact)
    return float(text)


def _no_constant(text: str) -> None:
    raise ValueError(f"{text} is not JSON")  # Python's json reads NaN and Infinity; JSON has none


def _depth(value: Any, most: int = MAX_DEPTH) -> int:
    """How deeply containers nest in ``value`` (a scalar is 0, ``[]`` is 1), without recursion."""
    deepest, stack, walked = 0, [(value, 1)], 0
    while stack:
        item, level = stack.pop()
        walked += 1
        if not walked % 4096:  # an import's millions of values, between other requests
            turns.turn()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > most:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


def raw() -> bytes:
    """The request's body as it came (413 past the route's limit), before anything parses it."""
    return _body()


def _body() -> bytes:
    """The raw body, refused (413) past the limit whether or not it came with a length: a
    chunked body has none, and werkzeug would quietly cut it at the limit."""
    if _READ in request.environ:
        return bytes(request.environ[_READ])
    limit = request.max_content_length
    if limit is None or request.content_length is not None:
        return request.get_data()  # a declared length over the limit was refused already
    if not request.environ.get("wsgi.input_terminated"):
        return b""  # no length and no end marker: werkzeug reads nothing either
    raw = request.environ["wsgi.input"].read(limit + 1)
    if len(raw) > limit:
        raise RequestEntityTooLarge()
    return bytes(raw)


def integer(body: dict[str, Any], name: str) -> int:
    """A whole number (``true`` is not; ``1.0`` was read as 1)."""
    value = body.get(name)
    if type(value) is not int:
        raise invalid(f"{name} must be a whole number", name)
    return value


def cards_checked(body: dict[str, Any]) -> None:
    """Oh-Seven bid cards hold only ``value`` and ``suit`` (their values are the engine's)."""
    bids = body.get("bids")
    if not isinstance(bids, list):
        return
    for seat, bid in enumerate(bids):
        if isinstance(bid, dict):
            for name in bid:
                if name not in CARD.fields:
                    raise invalid(f"bids[{seat}] has an unknown field {shown(name)}; a card is "
                                  "{value, suit}", f"bids[{seat}]")
