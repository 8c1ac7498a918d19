"""The import door on the production server (docs/api.md, the 503 row; README, "Configuration",
``IMPORTS_IN_FLIGHT``): a worker holding as many import bodies as it may answers the next import
503 ``unavailable`` with ``Retry-After`` without keeping its body (128 connections each holding a
16 MiB body took two workers to 1.25 and 1.27 GB), and an import's replay gives the worker's
other requests their turns (``companion.storage.turns``): one import used to hold the worker's
loop until it was done, past gunicorn's 30 s timeout for a large one, and the master killed the
worker with every connection on it."""

from __future__ import annotations

import http.client
import io
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from companion.config import IMPORT_FORM_OVERHEAD
from companion.http import import_door
from companion.server.worker import WholeBodies

from .running import Running, production_server
from .test_whole_bodies import _call, _environ

PATH = "/api/v1/tables/import"
LARGE = ({PATH: 16 * 1024 * 1024, "/import": 16 * 1024 * 1024 + IMPORT_FORM_OVERHEAD}, 5.0)


def _document(games: int, rounds: int = 3) -> bytes:
    pad = {"ruleset": "score-pad", "title": None, "options": {}, "players": ["Ana", "Ben"],
           "first_dealer": 0, "started": "2026-11-26T19:02:11Z",
           "entries": [{"kind": "points", "points": [1, -1]}] * rounds}
    return json.dumps({"format": "companion-export", "format_version": 1,
                       "exported": "2026-12-03T20:15:00Z",
                       "table": {"name": "Thursday cards", "renames": []},
                       "games": [pad] * games}).encode()


class Watched:
    """A request body that notes the largest piece the server asked for at once."""

    def __init__(self, data: bytes) -> None:
        self.body, self.failed, self.largest = io.BytesIO(data), False, 0

    def read(self, size: int = -1) -> bytes:
        self.largest = max(self.largest, size if size >= 0 else 1 << 62)
        return self.body.read(size)


# --- in this process: the server's middleware ---------------------------------------------------

def test_a_full_door_answers_503_without_keeping_the_body(app: Flask) -> None:
    data = _document(20)
    import_door.DOOR.held += 2
    try:
        body = Watched(data)
        status, headers, payload = _call(WholeBodies(app, 1.0, 65536, LARGE),
                                         _environ(PATH, body, len(data)))
        assert status.startswith("503 "), payload[:300]
        error = json.loads(payload)["error"]
        assert error["code"] == "unavailable" and "imports" in error["message"]
        assert int(headers["Retry-After"]) >= 1
        assert headers["X-Content-Type-Options"] == "nosniff"  # the app's own answer
        assert body.largest <= 64 * 1024  # read and thrown away as it came, never kept whole
        assert not body.failed  # all of it read: the connection may go on
        environ = _environ("/import", io.BytesIO(b"x" * 1000), 1000)
        environ["CONTENT_TYPE"] = "multipart/form-data; boundary=x"
        status, headers, payload = _call(WholeBodies(app, 1.0, 65536, LARGE), environ)
        assert status.startswith("503 ") and int(headers["Retry-After"]) >= 1
        said = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>',
                         payload.decode())
        assert said is not None and said.group(1).startswith("The server is bringing in other")
    finally:
        import_door.DOOR.held -= 2
    assert import_door.DOOR.held == 0


def test_the_server_takes_the_place_the_view_would(make_app: Any) -> None:
    """With one place, an import the server let in is not refused again by its view, and the
    place is free once it is answered."""
    app = make_app(IMPORTS_IN_FLIGHT=1)
    data = _document(3)
    status, _, payload = _call(WholeBodies(app, 1.0, 65536, LARGE),
                               _environ(PATH, io.BytesIO(data), len(data)))
    assert status.startswith("201 "), payload[:300]
    assert import_door.DOOR.held == 0


# --- a real server: gunicorn, one worker ----------------------------------------------------



@pytest.fixture(scope="module")
def one_import(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with production_server(tmp_path_factory.mktemp("door"), WEB_CONCURRENCY="1",
                           IMPORTS_IN_FLIGHT="1") as running:
        yield running


def _post(port: int, path: str, data: bytes, timeout: float = 120
          ) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", path, body=data, headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


@pytest.mark.server
def test_an_import_past_the_workers_places_is_a_503(one_import: Running) -> None:
    data = _document(5)
    half = len(data) // 2
    with socket.create_connection(("127.0.0.1", one_import.port), timeout=30) as first:
        first.sendall(f"POST {PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(data)}\r\n\r\n".encode() + data[:half])
        time.sleep(0.5)  # the worker has begun to read it: its one place is taken
        status, headers, payload = _post(one_import.port, PATH, data)
        assert status == 503, payload[:300]
        assert json.loads(payload)["error"]["code"] == "unavailable"
        assert int(headers["retry-after"]) >= 1
        first.sendall(data[half:])
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += first.recv(65536)
        assert answer.startswith(b"HTTP/1.1 201 "), answer[:300]
    status, _, payload = _post(one_import.port, PATH, data)  # the place is free again
    assert status == 201, payload[:300]


@pytest.mark.server
def test_the_worker_answers_others_while_it_replays_an_import(one_import: Running) -> None:
    data = _document(10_000)  # the most games a table holds: seconds of replay, even quick
    done: dict[str, Any] = {}

    def bring() -> None:
        done["began"] = time.monotonic()
        done["status"] = _post(one_import.port, PATH, data)[0]
        done["ended"] = time.monotonic()

    importing = threading.Thread(target=bring)
    importing.start()
    waits = []
    time.sleep(0.3)  # the body is in: the replay has begun
    while importing.is_alive():
        asked = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", one_import.port, timeout=60)
        connection.request("GET", "/api/v1/rulesets")
        assert connection.getresponse().status == 200
        connection.close()
        if importing.is_alive():
            waits.append(time.monotonic() - asked)
        time.sleep(0.05)
    importing.join()
    assert done["status"] == 201
    assert done["ended"] - done["began"] > 1.5, "too quick to show anything: a larger document"
    assert len(waits) >= 5, waits
    # Measured: 6,000 games imported in 2.8 s, 11 reads meanwhile, the longest 0.20 s. Before,
    # the one read sent during the import waited for all of it.
    assert max(waits) < 1.5, waits
