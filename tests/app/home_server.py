"""The server exactly as ``scripts/start`` runs it: gunicorn with gunicorn.conf.py (its worker
class, limits and logging), on a free port of every address, with its own instance folder."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The slow-client test: this many stalled uploads, and others answered this fast.
STALLED = 16
ANSWER_WITHIN = 3.0


@dataclass
class Home:
    port: int
    log: Path

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_home_server(tmp_path: Path, **settings: str) -> tuple[Home, subprocess.Popen[bytes]]:
    """The server exactly as scripts/start runs it (its settings from gunicorn.conf.py)."""
    port = _free_port()
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path), "SECRET_KEY": "home-test",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite'}", "PORT": str(port),
           **settings}
    for name in ("WEB_CONCURRENCY", "GUNICORN_THREADS", "TRUST_PROXY", "LISTEN_ADDRESS"):
        if name not in settings:
            env.pop(name, None)
    flask = [sys.executable, "-m", "flask", "--app", "wsgi"]
    subprocess.run([*flask, "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True,
                   timeout=60)
    log = tmp_path / "gunicorn.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "wsgi:app"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    home = Home(port, log)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(home.url("/offline"), timeout=1).close()
            return home, process
        except OSError as error:
            if process.poll() is not None or time.monotonic() > deadline:
                stop(process)
                said = log.read_text(errors="replace")
                raise RuntimeError("the server did not start: " + said) from error
            time.sleep(0.2)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, 15)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait(timeout=15)


def stalled_upload(home: Home, path: str) -> socket.socket:
    """A client that promises a 1,000-byte body, sends one byte, and waits."""
    client = socket.create_connection(("127.0.0.1", home.port), timeout=5)
    client.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                   "application/json\r\nContent-Length: 1000\r\n\r\n{".encode())
    return client


def timed(request: urllib.request.Request | str) -> tuple[int, float, bytes]:
    began = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, time.monotonic() - began, response.read()
    except urllib.error.HTTPError as error:
        return error.code, time.monotonic() - began, error.read()
