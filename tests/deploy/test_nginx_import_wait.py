"""README.md's nginx example waits for an import's answer: replaying the largest document takes
about a minute on a small machine (bench/README.md, "The import door"), and nginx's default
``proxy_read_timeout`` (60 s) answered 504 meanwhile, the table made all the same and its
token lost. Run here in front of two stand-in app servers that take each import path's whole
body (16 MiB), then answer only after nginx's default timeout has passed."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import IMPORT_PATHS

from .stack import UNVERIFIED, StandIn, read_whole_body, readme_nginx_before

pytestmark = pytest.mark.server

MIB = 1024 * 1024
#: Past nginx's default proxy_read_timeout (60 s): how long the stand-in takes to answer.
REPLAY = 63.0


class _Slow(StandIn):
    """A stand-in app server replaying an import: reads the body, answers after ``REPLAY`` s."""

    def do_POST(self) -> None:
        received = read_whole_body(self)
        time.sleep(REPLAY)
        self.answer(201, {"length": received})


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[int]:
    with readme_nginx_before(tmp_path, _Slow) as port:
        yield port


def test_the_readmes_nginx_waits_for_a_long_import(proxy: int) -> None:
    answers: dict[str, tuple[int, bytes]] = {}

    def post(path: str) -> None:
        connection = http.client.HTTPSConnection("127.0.0.1", proxy, context=UNVERIFIED,
                                                 timeout=REPLAY + 60)
        try:
            connection.request("POST", path, body=b"x" * (16 * MIB),
                               headers={"Content-Type": "application/json"})
            answer = connection.getresponse()
            answers[path] = (answer.status, answer.read())
        finally:
            connection.close()

    both = [threading.Thread(target=post, args=(path,)) for path in sorted(IMPORT_PATHS)]
    for thread in both:
        thread.start()
    for thread in both:
        thread.join()
    for path in IMPORT_PATHS:
        status, body = answers[path]
        assert status == 201, (path, status, body[:200])  # not nginx's 504 at 60 s
        assert json.loads(body) == {"length": 16 * MIB}
