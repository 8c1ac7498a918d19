"""Answers written as they are made (docs/api.md: the score sheets and the exports "may come
without ``Content-Length``"): a generator of text, sent in pieces of about ``PIECE`` bytes, so a
worker holds one piece of a 20 MB export at a time, never the whole text.

The generator runs after the view has returned, each piece made in an app context pushed
for it alone: it may read the database and the caches as it goes, never the request. No context
is held between pieces (Flask's ``stream_with_context`` holds the request's from the view on,
and a body left unread, a client gone, would pop it out of turn when collected).

Flask-Compress compresses such an answer piece by piece (``COMPRESS_STREAMS``, brotli or gzip:
``COMPRESS_ALGORITHM_STREAMING``) and never caches it: its cache of compressed bodies
(``companion.http.compressed``) is for the bodies cached per version, never for these.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from flask import Flask, Response, current_app

#: How much text is gathered before it is sent: big enough that a long list is a few hundred
#: writes to the socket, not one per row; small beside a worker's memory.
PIECE = 16 * 1024


def pieces(parts: Iterable[str]) -> Iterator[bytes]:
    """``parts`` joined into pieces of at least ``PIECE`` characters (the last one shorter), in
    UTF-8. A lone surrogate (a rename's ``from`` is kept as it was sent) is written as the JSON
    escape it came as (``\\ud800``), never refused half-way through an answer."""
    held: list[str] = []
    size = 0
    for part in parts:
        held.append(part)
        size += len(part)
        if size >= PIECE:
            yield "".join(held).encode("utf-8", "backslashreplace")
            held, size = [], 0
    if held:
        yield "".join(held).encode("utf-8", "backslashreplace")


def _in_app_context(app: Flask, parts: Iterable[str]) -> Iterator[bytes]:
    made = pieces(parts)
    while True:
        with app.app_context():
            piece = next(made, None)
        if piece is None:
            return
        yield piece


def streamed(parts: Iterable[str], mimetype: str) -> Response:
    """A 200 whose body is ``parts``, sent as they come (no ``Content-Length``). ``parts`` is
    read only as the body is sent: a generator's work starts then."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    return Response(_in_app_context(app, parts), mimetype=mimetype)


__all__ = ["PIECE", "pieces", "streamed"]
