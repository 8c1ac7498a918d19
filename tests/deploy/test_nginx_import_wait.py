"""README.md's nginx example waits for an import's answer: replaying the largest document takes
about a minute on a small machine (bench/README.md, "The import door"), and nginx's default
``proxy_read_timeout`` (60 s) answered 504 meanwhile, the table made all the same and its
token lost. Run here in front of two stand-in app servers that take each import path's whole
body (16 MiB), then answer only after nginx's default timeout has passed."""

from __future__ import annotations

import http.client
import json
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from companion.config import IMPORT_PATHS

from .stack import UNVERIFIED, free_port, nginx, nginx_conf, stop, wait_for_port

pytestmark = pytest.mark.server

MIB = 1024 * 1024
#: Past nginx's default proxy_read_timeout (60 s): how long the stand-in takes to answer.
REPLAY = 63.0


class _Slow(BaseHTTPRequestHandler):
    """A stand-in app server replaying an import: reads the body, answers after ``REPLAY`` s."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        received = 0
        while received < length:
            received += len(self.rfile.read(min(1 << 20, length - received)))
        time.sleep(REPLAY)
        body = json.dumps({"length": received}).encode()
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[int]:
    with ExitStack() as stack:
        servers = []
        for _ in range(2):
            server = ThreadingHTTPServer(("127.0.0.1", 0), _Slow)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            stack.callback(server.server_close)
            stack.callback(server.shutdown)
            servers.append(int(server.server_address[1]))
        port = free_port()
        conf = nginx_conf(tmp_path, port, tuple(servers))
        process = subprocess.Popen(
            [nginx(), "-c", str(conf), "-p", str(tmp_path), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        stack.callback(stop, process)
        wait_for_port(port, 30, "nginx", tmp_path / "error.log")
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
