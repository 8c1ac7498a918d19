"""``companion.server.worker.WholeBodies``, in this process: the app sees whole bodies only, a body
that stalls past the deadline is answered 408 (JSON under /api) and its connection given up."""

from __future__ import annotations

import io
import json
from typing import Any

import gevent
from flask import Flask, request
from werkzeug.test import EnvironBuilder

from companion.config import IMPORT_FORM_OVERHEAD
from companion.server.worker import WholeBodies
from tests.app.test_rate_limits import gunicorn_settings


class Trickle:
    """A request body that sends its first bytes, then stalls (as gunicorn's Body would)."""

    def __init__(self, first: bytes, stall: float) -> None:
        self.first, self.stall, self.failed, self.stalled_to_the_end = first, stall, False, False

    def read(self, size: int = -1) -> bytes:
        gevent.sleep(self.stall)
        self.stalled_to_the_end = True
        return self.first


def _call(app: Any, environ: dict[str, Any]) -> tuple[str, dict[str, str], bytes]:
    got: dict[str, Any] = {}

    def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        got["status"], got["headers"] = status, dict(headers)

    body = b"".join(app(environ, start))
    return got["status"], got["headers"], body


def _environ(path: str, body: Any, length: int) -> dict[str, Any]:
    environ = EnvironBuilder(path=path, method="POST", content_type="application/json").get_environ()
    environ["wsgi.input"], environ["CONTENT_LENGTH"] = body, str(length)
    return environ


def test_a_stalled_body_is_a_408_after_the_deadline(app: Flask) -> None:
    # The deadline cuts the read short: asserted by what happened, not by a clock, which a
    # loaded machine can stretch (the hub's cached time had once gone stale by 8 s).
    body = Trickle(b'{"ruleset"', stall=30)
    status, headers, payload = _call(WholeBodies(app, 0.2, 65536),
                                     _environ("/api/v1/games", body, 1000))
    assert not body.stalled_to_the_end
    assert status.startswith("408 ")
    assert json.loads(payload)["error"]["code"] == "invalid"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert body.failed  # gunicorn then closes the connection


def test_a_body_that_ends_short_is_a_400(app: Flask) -> None:
    status, _, payload = _call(WholeBodies(app, 1, 65536),
                               _environ("/api/v1/games", io.BytesIO(b'{"ruleset"'), 1000))
    assert status.startswith("400 ")
    assert json.loads(payload)["error"]["code"] == "invalid"


def test_a_whole_body_reaches_the_app(app: Flask) -> None:
    data = json.dumps({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}).encode()
    status, _, payload = _call(WholeBodies(app, 1, 65536),
                               _environ("/api/v1/games", io.BytesIO(data), len(data)))
    assert status.startswith("201 "), payload


class Slow:
    """A body that arrives in ``parts`` pieces, ``pause`` seconds apart (a phone's upload)."""

    def __init__(self, data: bytes, parts: int, pause: float) -> None:
        self.data, self.parts, self.pause, self.failed = data, parts, pause, False

    def read(self, size: int = -1) -> bytes:
        step = len(self.data) // self.parts + 1
        out = b""
        for start in range(0, len(self.data), step):
            gevent.sleep(self.pause)
            out += self.data[start:start + step]
        return out[:size]


def test_an_import_has_its_own_deadline_and_limit(app: Flask) -> None:
    """A 100 KiB document arriving over 0.6 s: past a game's 0.2 s deadline and 64 KiB, within
    an import's (here 2 s and 16 MiB)."""
    data = json.dumps({"format": "companion-export", "format_version": 1, "table": {
        "name": "Thursday cards"}, "games": [], "pad": "x" * 100_000}).encode()
    large = ({"/api/v1/tables/import": 16 * 1024 * 1024}, 2.0)
    status, _, payload = _call(WholeBodies(app, 0.2, 65536, large),
                               _environ("/api/v1/tables/import", Slow(data, 3, 0.2), len(data)))
    assert status.startswith("201 "), payload
    status, _, _ = _call(WholeBodies(app, 0.2, 65536, large),
                         _environ("/api/v1/tables", Slow(data, 3, 0.2), len(data)))
    assert not status.startswith("201 ")  # every other path keeps its 64 KiB and 0.2 s


def test_the_home_pages_file_has_room_for_its_wrapping(app: Flask) -> None:
    """The limits gunicorn.conf.py gives the import paths are the app's own: the home page's
    form, 16 MiB and room for its multipart wrapping; the API's, 16 MiB."""
    limits = gunicorn_settings().import_limits(app.config)
    assert limits == {"/api/v1/tables/import": 16 * 1024 * 1024,
                      "/import": 16 * 1024 * 1024 + IMPORT_FORM_OVERHEAD}
    for path, limit in limits.items():
        with app.test_request_context(path, method="POST"):
            assert request.max_content_length == limit
