"""A real server process (gunicorn) on a free loopback port, with its own instance folder."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    instance: Path
    process: subprocess.Popen[bytes]

    @property
    def database(self) -> Path:
        return self.instance / "companion.sqlite"


def server_environment(instance: Path) -> dict[str, str]:
    return {
        **os.environ,
        "COMPANION_INSTANCE": str(instance),
        "SECRET_KEY": "api-tests",
        "DATABASE_URL": f"sqlite:///{instance / 'companion.sqlite'}",
        "GAME_CREATION_LIMIT": "100000 per hour",
    }


def start_server(instance: Path, workers: int = 3) -> Server:
    """gunicorn with ``workers`` processes on a free loopback port, its database migrated."""
    env = server_environment(instance)
    subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade"], cwd=ROOT,
                   env=env, check=True, capture_output=True, timeout=60)
    port = free_port()
    log = open(instance / "server.log", "ab")
    process = subprocess.Popen(
        # gevent workers, as gunicorn.conf.py has them (the deployment's worker class).
        [sys.executable, "-m", "gunicorn", "-w", str(workers), "-k", "gevent",
         "-b", f"127.0.0.1:{port}", "--graceful-timeout", "2", "wsgi:app"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    log.close()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/api/v1/rulesets", timeout=1)
            return Server(url, instance, process)
        except OSError as error:
            if time.monotonic() > deadline or process.poll() is not None:
                stop_server(process)
                said = (instance / "server.log").read_text(errors="replace")
                raise RuntimeError("the server did not start: " + said) from error
            time.sleep(0.2)


def stop_server(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """Stop the server we started (its whole process group: the master and its workers)."""
    if process.poll() is None:
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)
