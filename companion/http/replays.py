"""A write answered again under its ``Idempotency-Key`` (docs/api.md, "Writes that are safe to
repeat"): the storage hands back the first write's record as a value
(``companion.storage.idempotency.Replayed``, ``companion.storage.writes.Replayed``); the API and
the pages answer it as the success, marked ``Idempotent-Replayed: true``, which the creation
limit reads (a replay spends nothing)."""

from __future__ import annotations

from typing import TypeVar

from werkzeug.wrappers import Response

#: The header a replayed answer carries.
REPLAYED = "Idempotent-Replayed"

Answer = TypeVar("Answer", bound=Response)


def marked(response: Answer, status: int | None = None) -> Answer:
    """``response`` as a replay's answer: marked so, with the first answer's ``status`` when
    one is given."""
    if status is not None:
        response.status_code = status
    response.headers[REPLAYED] = "true"
    return response
