"""The ``Idempotency-Key`` of an API creation or table write (docs/api.md, "Writes that are safe
to repeat"), in one line of each such endpoint; the keys themselves are ``companion.storage.idempotency``'s."""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, request

from companion.api import bodies
from companion.storage import idempotency


def keyed(scope: str, answer: Callable[[idempotency.Record], Response], *,
          game: bool = True, creation: bool = False, status: int = 200) -> None:
    """Check the request's key for a write about ``scope``, after the token and before the body.
    A replay is answered here (``idempotency.Replayed``: ``answer`` of the first write's record,
    with the first status); a new key is recorded with the write by the store, in its
    transaction.

    (A game's entry, undo or correction hands its key to ``storage.writes.open``.) A table's
    write: ``keyed(table.id, answer,
    game=False)``, its store write passing ``idempotency.rows_for_write(table.id, version)`` to
    ``database.write``. A creation: ``keyed(request.path, answer, creation=True, status=201)``,
    its store calling ``idempotency.add_creation`` before its commit."""
    sent = request.headers.get("Idempotency-Key")
    if sent is None:
        return  # no key: nothing read twice, nothing recorded
    idempotency.guard(
        scope, sent,
        idempotency.fingerprint(request.method, request.path, bodies.as_compared()),
        status=status, answer=lambda record: _with_status(answer(record), record.status),
        game_id=scope if game and not creation else None, creation=creation)


def _with_status(response: Response, status: int) -> Response:
    response.status_code = status
    return response
