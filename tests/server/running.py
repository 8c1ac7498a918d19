"""The production server exactly as ``scripts/start`` runs it (gunicorn with gunicorn.conf.py:
its worker, deadlines, limits and logging), on a free loopback port, with its own instance
folder; and the hostile clients of ``bench/attacks.py``, loaded from there."""

from __future__ import annotations

import importlib.util
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load_attacks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_attacks", ROOT / "bench" / "attacks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


attacks = _load_attacks()


@dataclass
class Running:
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_a_home_machine() -> None:
    """Start the server with the open-file limit most systems give a process (1,024): raising
    it is the server's own job."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))


@contextmanager
def production_server(tmp_path: Path, **settings: str) -> Iterator[Running]:
    port = _free_port()
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path), "SECRET_KEY": "server-test",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite'}", "PORT": str(port),
           "LISTEN_ADDRESS": "127.0.0.1", "GAME_CREATION_LIMIT": "10000 per hour",
           # The attacks and the probes all come from 127.0.0.1: they measure the server's
           # room, not the cap on one address's connections (test_connections_per_address.py).
           "CONNECTIONS_PER_ADDRESS": "0", **settings}
    for name in ("WEB_CONCURRENCY", "TRUST_PROXY"):
        if name not in settings:
            env.pop(name, None)
    subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade"], cwd=ROOT,
                   env=env, check=True, capture_output=True, timeout=60)
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "wsgi:app"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=_as_a_home_machine)
    running = Running(port, log, process)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(running.url("/api/v1/rulesets"), timeout=1).close()
                break
            except OSError as error:
                if process.poll() is not None or time.monotonic() > deadline:
                    said = log.read_text(errors="replace")
                    raise RuntimeError("the server did not start: " + said) from error
                time.sleep(0.2)
        yield running
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 15)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=15)


def raw(port: int, data: bytes, timeout: float = 5.0,
        close_write: bool = False) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` as is on a fresh connection (``close_write``: then say it has all been
    sent); the answer's status, headers and body (read to the end: the server's own answers
    close the connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        if close_write:
            s.shutdown(socket.SHUT_WR)
        answer = b""
        while True:
            more = s.recv(65536)
            if not more:
                break
            answer += more
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ")[1]), headers, body


def raise_own_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
