"""Reading request bodies: JSON objects with known fields of the right JSON types (API 400).
Whether the values are allowed by the rules is the engine's question (API 422)."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from .errors import ApiError

#: The fields of each body; ``additionalProperties`` is false in the OpenAPI description too.
NEW_GAME = frozenset({"ruleset", "players", "first_dealer", "options"})
BIDS = frozenset({"version", "bids"})
TRICKS = frozenset({"version", "tricks"})
HAND = frozenset({"version", "jacks_turned", "beg", "high", "low", "jack", "game", "redeal"})
#: A hand names every field but ``redeal`` (API.md), ``null`` where nobody won the point.
HAND_REQUIRED = ("jacks_turned", "beg", "high", "low", "jack", "game")
UNDO = frozenset({"version"})
ROUND = frozenset({"version", "bids", "tricks"})
CARD = frozenset({"value", "suit"})


def invalid(message: str, field: str | None = None) -> ApiError:
    return ApiError(400, "invalid", message, field)


def json_object(fields: Collection[str], required: Collection[str] = ()) -> dict[str, Any]:
    """The request's JSON object, holding only ``fields`` and every one of ``required``."""
    if not request.is_json:
        raise invalid("send a JSON object with Content-Type: application/json")
    raw = _body()
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):  # bad UTF-8 or JSON, too deep, too many digits
        raise invalid("the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise invalid("the body must be a JSON object")
    for name in body:
        if name not in fields:
            raise invalid(f"unknown field {name!r}; expected " + ", ".join(sorted(fields)), name)
    for name in sorted(required):
        if name not in body:
            raise invalid(f"{name} is missing", name)
    return body


def _body() -> bytes:
    """The raw body, refused (413) past the limit whether or not it came with a length: a
    chunked body has none, and werkzeug would quietly cut it at the limit."""
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
    """A whole number (``true`` and ``1.0`` are not)."""
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
                    raise invalid(f"bids[{seat}] has an unknown field {name!r}; a card is "
                                  "{value, suit}", f"bids[{seat}]")
