"""Reading request bodies: JSON objects with known fields of the right JSON types (API 400).
Whether the values are allowed by the rules is the engine's question (API 422).

A body is UTF-8 JSON (docs/api.md), no deeper than ``MAX_DEPTH``, and a number with no fraction is
an integer however it is written (``1``, ``1.0``, ``1e2``): JSON Schema, and so the OpenAPI
description, counts ``1.0`` as an integer, so the server does too.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from decimal import Decimal
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.api.error_shape import ApiError
from companion.rules.errors import shown

#: The fields of each body; ``additionalProperties`` is false in the OpenAPI description too.
NEW_GAME = frozenset({"ruleset", "players", "first_dealer", "options", "table", "title"})
BIDS = frozenset({"version", "bids"})
TRICKS = frozenset({"version", "tricks"})
HAND = frozenset({"version", "jacks_turned", "beg", "high", "low", "jack", "game", "redeal"})
#: A hand names every field but ``redeal`` (docs/api.md), ``null`` where nobody won the point.
HAND_REQUIRED = ("jacks_turned", "beg", "high", "low", "jack", "game")
UNDO = frozenset({"version"})
#: The score pad: a round's points; "we stop here".
POINTS = frozenset({"version", "points"})
FINISH = frozenset({"version"})
ROUND = frozenset({"version", "bids", "tricks", "points"})
CARD = frozenset({"value", "suit"})


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


def json_object(fields: Collection[str] | None, required: Collection[str] = (),
                depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The request's JSON object, holding only ``fields`` (``None``: any) and every one of
    ``required``, nested at most ``depth`` deep."""
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
    for name in body if fields is not None else ():
        if name not in fields:
            raise invalid(f"unknown field {shown(name)}; expected " + ", ".join(sorted(fields)),
                          name)
    for name in sorted(required):
        if name not in body:
            raise invalid(f"{name} is missing", name)
    return body


#: Whole numbers written with a fraction or an exponent are read as integers up to this many
#: digits (far beyond any seat, count or version); past it they stay floats, which no field takes.
WHOLE_DIGITS = 15


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
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
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
                if name not in CARD:
                    raise invalid(f"bids[{seat}] has an unknown field {shown(name)}; a card is "
                                  "{value, suit}", f"bids[{seat}]")
