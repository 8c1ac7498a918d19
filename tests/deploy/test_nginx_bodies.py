"""README.md's nginx example lets an import through: nginx refuses a body over
``client_max_body_size`` itself (1 MiB by default), so behind the documented proxy every import
over 1 MiB was refused before the app saw it. Run here in front of two stand-in app servers
that count what reaches them: each import path takes exactly the app's own limit for it
(``companion.config.import_body_limit``: 16 MiB, the home page's form 64 KiB more), with the
headers the example sets; one byte more, nginx's 413; every other path keeps nginx's 1 MiB."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import IMPORT_PATHS, import_body_limit

from .stack import UNVERIFIED, StandIn, read_whole_body, readme_nginx_before

pytestmark = pytest.mark.server

MIB = 1024 * 1024
#: The app's default IMPORT_MAX_CONTENT_LENGTH (companion/config.py).
DOCUMENT = 16 * MIB


class _Counting(StandIn):
    """A stand-in app server: reads the whole body, answers what it got."""

    def do_POST(self) -> None:
        received = read_whole_body(self)
        self.answer(200, {"length": received, "host": self.headers.get("Host"),
                          "proto": self.headers.get("X-Forwarded-Proto")})


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[int]:
    with readme_nginx_before(tmp_path, _Counting) as port:
        yield port


def _post(port: int, path: str, size: int) -> tuple[int, bytes]:
    connection = http.client.HTTPSConnection("127.0.0.1", port, context=UNVERIFIED, timeout=30)
    try:
        connection.request("POST", path, body=b"x" * size,
                           headers={"Content-Type": "application/octet-stream"})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_the_readmes_nginx_lets_each_import_through_up_to_the_apps_limit(proxy: int) -> None:
    for path in sorted(IMPORT_PATHS):
        limit = import_body_limit(path, DOCUMENT)
        assert limit is not None
        status, body = _post(proxy, path, limit)
        assert status == 200, (path, body[:200])
        reached = json.loads(body)
        assert reached == {"length": limit, "host": f"127.0.0.1:{proxy}", "proto": "https"}
        status, _body = _post(proxy, path, limit + 1)
        assert status == 413, path  # nginx's own: the app would refuse it too
    # Every other body keeps nginx's default (the app's own limit is 64 KiB).
    assert _post(proxy, "/api/v1/games", MIB)[0] == 200
    assert _post(proxy, "/api/v1/games", MIB + 1)[0] == 413
    assert _post(proxy, "/t", 2 * MIB)[0] == 413
