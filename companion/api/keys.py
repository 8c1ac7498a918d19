"""The ``Idempotency-Key`` of an API creation or table write (docs/api.md, "Writes that are safe
to repeat"): read from the request here, handed to the store as an argument; the keys themselves
are ``companion.storage.idempotency``'s. (A game's entry, undo or correction hands its key to
``storage.writes.open``.)

An endpoint checks its key after the token and before the body, answers a replay at once, and
passes the key to its store write, which records it in its transaction and returns the first
write's record when its twin won the race::

    key = keys.key(request.path, creation=True, status=201)
    if (again := keys.first_answer(key, created_again)) is not None:
        return again
    ...  # the body
    done = store.create_game(..., key=key)
    if isinstance(done, idempotency.Replayed):
        return keys.replayed(done, created_again)
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, request

from companion.api import bodies
from companion.http import replays
from companion.storage import idempotency

#: What a replay answers, from the first write's record: the game or table as it is now.
Answer = Callable[[idempotency.Record], Response]


def key(scope: str, *, creation: bool = False, status: int = 200) -> idempotency.Key | None:
    """The request's key for a write about ``scope`` (a table's id, or a creation's path),
    checked (``MalformedKey``: 400); ``None`` without one. The write is compared by its method,
    path and parsed body. ``status``: what the write answers (a creation's 201)."""
    return idempotency.key_for(
        scope, request.headers.get("Idempotency-Key"),
        lambda: idempotency.fingerprint(request.method, request.path, bodies.as_compared()),
        status=status, creation=creation)


def first_answer(key_: idempotency.Key | None, answer: Answer) -> Response | None:
    """The answer of the write made before under ``key_`` when it was this very one
    (``KeyReused``, 422, when another), else ``None``: the write goes on."""
    found = idempotency.first_write(key_)
    return None if found is None else replayed(found, answer)


def replayed(done: idempotency.Replayed, answer: Answer) -> Response:
    """A replay's answer: ``answer`` of the first write's record, with its status, marked
    ``Idempotent-Replayed: true``."""
    return replays.marked(answer(done.record), done.record.status)
