"""A body cached per version, compressed once per encoding (Flask-Compress's cache).

The HTTP side of ``companion.storage.caches``: which answer carries a body cached by
``(game, version)`` (a watcher's page, the API's state), and the ``compressed`` cache of its
compressed forms, which Flask-Compress asks by ``COMPRESS_CACHE_KEY``.
"""

from __future__ import annotations

from flask import Request, g
from werkzeug.wrappers import Response

from companion.storage.caches import cache


def send_as_cached(response: Response, key: str) -> Response:
    """Mark ``response`` as carrying a body cached per version under ``key`` (a watcher's page,
    the API's state): its compressed forms are made once per encoding and cached beside it."""
    response.companion_cached_as = key  # type: ignore[attr-defined]
    return response


def compressing(response: Response) -> None:
    """Called just before Flask-Compress sees ``response``: which cached body it is, if any."""
    g.companion_cached_as = getattr(response, "companion_cached_as", "")


def compressed_key(_request: Request) -> str:
    """Flask-Compress's ``COMPRESS_CACHE_KEY``: the cached body's key, or "" for any other."""
    return str(g.get("companion_cached_as", ""))


class CompressedBodies:
    """Flask-Compress's cache (``COMPRESS_CACHE_BACKEND``), asked for ``"<encoding>;<key>"``.

    Compressing a watcher's 70 KB page costs more than answering the request (brotli 5: half a
    millisecond), and every watching phone would pay it again for the same bytes. A body cached by
    ``(game, version)`` is compressed once per encoding and cached in the app's ``compressed``
    cache; any other answer (key "") is compressed for its request, as without a cache."""

    def get(self, key: str) -> bytes | None:
        if key.endswith(";"):
            return None
        found = cache("compressed").get(key)
        return found if isinstance(found, bytes) else None

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            cache("compressed").put(key, value)
