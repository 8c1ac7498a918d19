"""``companion.server.worker.WholeBodies``, in this process: the app sees whole bodies only, a body
that stalls past the deadline is answered 408 (JSON under /api) and its connection given up."""

from __future__ import annotations

import io
import json
from typing import Any

import gevent
from flask import Flask
from werkzeug.test import EnvironBuilder

from companion.server.worker import WholeBodies


class Trickle:
    """A request body that sends its first bytes, then stalls (as gunicorn's Body would)."""

    def __init__(self, first: bytes, stall: float) -> None:
        self.first, self.stall, self.failed = first, stall, False

    def read(self, size: int = -1) -> bytes:
        gevent.sleep(self.stall)
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
    body = Trickle(b'{"ruleset"', stall=5)
    began = gevent.get_hub().loop.now()
    status, headers, payload = _call(WholeBodies(app, 0.2, 65536),
                                     _environ("/api/v1/games", body, 1000))
    assert gevent.get_hub().loop.now() - began < 2
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
