"""The API's one error shape, ``{"error": {"code", "message", "field"}}``, and the handlers that
turn the store's and the engine's exceptions into it (docs/api.md, the status tables).

The platform's app-level handlers (unknown routes, 405, 413, 429, 500; ``companion.http.security``)
answer in the same shape, so a client sees it whatever went wrong.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import HTTPException

from companion import rules
from companion.api.serialize import game_json, json_response
from companion.storage import idempotency, store

#: The ``code`` for each HTTP status that is not a rule break (422 takes the engine's code).
STATUS_CODES = {
    400: "invalid",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    409: "version-conflict",
    413: "too-large",
    415: "invalid",
    429: "rate-limited",
    431: "too-large",
    500: "server-error",
    503: "unavailable",
    507: "storage-full",
}


class ApiError(Exception):
    """Raised by the views for a request the API refuses before the engine sees it."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers or {}


def error_body(code: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "field": field}}


def api_error(status: int, code: str, message: str, field: str | None = None) -> Response:
    """The JSON error response every part of the API answers with.

    >>> api_error(404, "not-found", "no game has that id").status_code
    404
    """
    return json_response(error_body(code, message, field), status)


def _api_error(error: ApiError) -> Response:
    response = api_error(error.status, error.code, error.message, error.field)
    response.headers.update(error.headers)
    return response


def _rule_error(error: rules.RuleError) -> Response:
    return api_error(422, error.code, error.message, error.field)


def _shape_error(error: rules.ShapeError) -> Response:
    return api_error(400, "invalid", error.message, error.field)


def _game_not_found(_error: store.GameNotFound) -> Response:
    return api_error(404, "not-found", "no game has that id")


def _round_not_found(error: rules.RoundNotFound) -> Response:
    # The number is said back only when it is one: a token put in its place is never echoed.
    number = str(error.args[0]) if error.args else ""
    if re.fullmatch(r"[0-9]{1,9}", number):
        return api_error(404, "not-found", f"round {number} has not been played", "number")
    return api_error(404, "not-found", "a round is named by its number", "number")


def _version_conflict(error: store.VersionConflict) -> Response:
    body = error_body(
        "version-conflict",
        f"the game has moved on to version {error.game.version}: here it is as it is now",
        "version",
    )
    body["game"] = game_json(error.game)
    return json_response(body, 409)


def _malformed_key(error: idempotency.MalformedKey) -> Response:
    return api_error(400, "invalid", str(error), "Idempotency-Key")


def _key_reused(_error: idempotency.KeyReused) -> Response:
    return api_error(422, "idempotency-key",
                     "this Idempotency-Key was used already with another write: nothing changed",
                     "Idempotency-Key")


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    code = STATUS_CODES.get(status, "invalid" if 400 <= status < 500 else "server-error")
    # A 429 says which budget is spent (companion.http.creation_limit, its description).
    message = {413: f"the body is larger than {_size(request.max_content_length)}"}.get(
        status, error.description or error.name)
    response = api_error(status, code, message)
    for name, value in error.get_headers():
        if name.lower() in ("retry-after", "allow"):
            response.headers[name] = value
    return response


def _size(limit: int | None) -> str:
    """A body's limit as the docs say it: 64 KiB, 16 MiB."""
    if limit is None:
        return "the limit"
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 2**10} KiB"


def register(bp: Blueprint) -> None:
    """Every error raised inside an API view answers in the API's shape."""
    bp.register_error_handler(ApiError, _api_error)
    bp.register_error_handler(rules.RuleError, _rule_error)
    bp.register_error_handler(rules.ShapeError, _shape_error)
    bp.register_error_handler(store.GameNotFound, _game_not_found)
    bp.register_error_handler(rules.RoundNotFound, _round_not_found)
    bp.register_error_handler(store.VersionConflict, _version_conflict)
    bp.register_error_handler(idempotency.MalformedKey, _malformed_key)
    bp.register_error_handler(idempotency.KeyReused, _key_reused)
    bp.register_error_handler(HTTPException, _http_error)
    # By status too: Flask asks the handlers of a status (the app's pages', companion.http.security)
    # before those of a class, so without these the API's own words for them went unsaid.
    for status in (413, 429, 431):
        bp.register_error_handler(status, _http_error)
