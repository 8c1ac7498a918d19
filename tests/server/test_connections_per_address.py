"""One client address holds at most ``CONNECTIONS_PER_ADDRESS`` connections of a worker: one
more is closed before anything is read, while another address is served as usual, and an
address whose connections close gets its room back."""

from __future__ import annotations

import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .running import Running, production_server

CAP = 4


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with production_server(tmp_path_factory.mktemp("capped"), WEB_CONCURRENCY="1",
                           CONNECTIONS_PER_ADDRESS=str(CAP)) as running:
        yield running


def _idle(port: int, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    return s


def _answered(port: int, source: str) -> bool:
    """A whole request on a fresh connection from ``source``: answered, or closed unread."""
    with socket.create_connection(("127.0.0.1", port), timeout=5,
                                  source_address=(source, 0)) as s:
        try:
            s.sendall(b"GET /api/v1/rulesets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return s.recv(12).startswith(b"HTTP/1.1 200")
        except (ConnectionResetError, BrokenPipeError):
            return False


def test_one_address_holds_at_most_its_share(capped: Running) -> None:
    held = [_idle(capped.port, "127.0.0.5") for _ in range(CAP)]
    try:
        time.sleep(0.3)  # the worker has taken them all
        assert not _answered(capped.port, "127.0.0.5")
        assert _answered(capped.port, "127.0.0.6")
        assert urllib.request.urlopen(capped.url("/api/v1/rulesets"), timeout=5).status == 200
    finally:
        for s in held:
            s.close()
    deadline = time.monotonic() + 5
    while not _answered(capped.port, "127.0.0.5"):
        assert time.monotonic() < deadline, "the address never got its room back"
        time.sleep(0.1)


def test_behind_a_proxy_there_is_no_cap(tmp_path: Path) -> None:
    with production_server(tmp_path, WEB_CONCURRENCY="1", CONNECTIONS_PER_ADDRESS=str(CAP),
                           TRUST_PROXY="1") as running:
        held = [_idle(running.port, "127.0.0.1") for _ in range(CAP + 2)]
        try:
            time.sleep(0.3)
            assert _answered(running.port, "127.0.0.1")
        finally:
            for s in held:
                s.close()
