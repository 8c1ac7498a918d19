"""The home setup (``bash scripts/start``: gunicorn with gunicorn.conf.py, no proxy in front)
keeps answering while clients stall: 16 uploads that promise 1,000 bytes and send one once held
every gunicorn thread, and nobody else was answered. Also, as gunicorn
serves the API: a long request line under /api/v1 is the API's JSON 404, not gunicorn's 414."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .home_server import (ANSWER_WITHIN, STALLED, Home, stalled_upload, start_home_server, stop,
                          timed)


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Home]:
    running, process = start_home_server(tmp_path)
    try:
        yield running
    finally:
        stop(process)


@pytest.mark.server
def test_stalled_uploads_do_not_stop_others_being_answered(home: Home) -> None:
    stalled = [stalled_upload(home, path) for path in ("/api/v1/games", "/new") * (STALLED // 2)]
    # And a few that never finish their headers.
    for _ in range(4):
        slow = socket.create_connection(("127.0.0.1", home.port), timeout=5)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        stalled.append(slow)
    try:
        time.sleep(1.0)  # let every worker take them up
        created = urllib.request.Request(
            home.url("/api/v1/games"), method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}).encode())
        answers = [timed(home.url("/api/v1/rulesets")), timed(home.url("/")), timed(created)]
        assert [status for status, _, _ in answers] == [200, 200, 201]
        for _status, seconds, _ in answers:
            assert seconds < ANSWER_WITHIN, f"answered after {seconds:.1f} s"
    finally:
        for client in stalled:
            client.close()


@pytest.mark.server
def test_a_long_request_line_under_the_api_is_a_json_404(home: Home) -> None:
    for length in (4100, 5000, 8000):
        status, _, body = timed(home.url("/api/v1/games/" + "a" * length))
        assert status == 404
        assert json.loads(body)["error"]["code"] == "not-found"


@pytest.mark.server
def test_behind_a_proxy_the_server_is_not_reachable_past_it(tmp_path: Path) -> None:
    """TRUST_PROXY=1: a client on the network cannot send its own X-Forwarded-For to the app
    port (the proxy on this machine still can, on 127.0.0.1)."""
    outside = _outside_address()
    if outside is None:
        pytest.skip("this machine has no address besides loopback")
    running, process = start_home_server(tmp_path, TRUST_PROXY="1")
    try:
        assert timed(running.url("/offline"))[0] == 200
        with pytest.raises(OSError):
            socket.create_connection((outside, running.port), timeout=2).close()
    finally:
        stop(process)


def _outside_address() -> str | None:
    """An IPv4 address of this machine other than loopback, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") else address
