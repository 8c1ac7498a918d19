"""README.md's deployment, as written, on this machine's loopback: PostgreSQL, redis, two app
servers started at once by ``scripts/start`` on the empty database, and nginx running the
README's own example in front of them. Through the proxy: a game played across both servers
with no stale read; a write answered 503 while PostgreSQL restarts, sent again under its key
and applied once; the creation limit holding under a burst of 16; one ETag for a page whichever
server answers; share links that keep the proxy's port. And ``nginx -t`` on the README's
example. Everything started is stopped by its pid; the whole takes well under two minutes."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from .stack import (
    ROOT, Answer, Postgres, binary, call, free_port, nginx, nginx_conf, readme_nginx, stop,
    wait_for_port,
)

pytestmark = pytest.mark.server

GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}
LIMIT = 5


def _gunicorn_keepalive() -> float:
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    assert spec and spec.loader
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return float(conf.keepalive)


def test_the_readmes_nginx_example_passes_nginx_t(tmp_path: Path) -> None:
    conf = nginx_conf(tmp_path)
    checked = subprocess.run([nginx(), "-t", "-c", str(conf), "-p", str(tmp_path)],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    example = readme_nginx()
    # Upstream connections closed before the app closes them (else a request sent on one the
    # app is closing gets a 502), and the Host the phone sent, port included.
    upstream_idle = re.search(r"upstream companion \{[^}]*keepalive_timeout (\d+)s;", example)
    assert upstream_idle and float(upstream_idle.group(1)) < _gunicorn_keepalive()
    assert "proxy_set_header Host $http_host;" in example
    assert re.search(r"limit_conn companion_clients \d+;", example)


@dataclass
class Deployment:
    proxy: int
    servers: tuple[int, int]
    logs: tuple[Path, Path]
    processes: tuple[subprocess.Popen[bytes], subprocess.Popen[bytes]]
    postgres: Postgres
    run: Path

    def through(self, method: str, path: str, body: object = None, **options: object) -> Answer:
        return call(self.proxy, method, path, body, **options)  # type: ignore[arg-type]


def _start_servers(tmp_path: Path, run: Path, postgres: Postgres, redis: int, stack: ExitStack
                   ) -> tuple[tuple[int, int], tuple[Path, Path], tuple[subprocess.Popen[bytes], ...]]:
    ports = (free_port(), free_port())
    base = {key: value for key, value in os.environ.items()
            if key not in ("WEB_CONCURRENCY", "LISTEN_ADDRESS", "CONTROL_SOCKET")}
    processes, logs = [], []
    for number, port in enumerate(ports):
        instance = tmp_path / f"server-{number}"
        instance.mkdir()
        env = {**base, "COMPANION_INSTANCE": str(instance), "PORT": str(port),
               "SECRET_KEY": "two-servers", "DATABASE_URL": postgres.url, "TRUST_PROXY": "1",
               "RATELIMIT_STORAGE_URI": f"redis://127.0.0.1:{redis}/0",
               "GAME_CREATION_LIMIT": f"{LIMIT} per hour", "WEB_CONCURRENCY": "2",
               "XDG_RUNTIME_DIR": str(run)}
        log = instance / "server.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(["bash", "scripts/start"], cwd=ROOT, env=env, stdout=out,
                                       stderr=subprocess.STDOUT, start_new_session=True)
        stack.callback(stop, process)
        processes.append(process)
        logs.append(log)
    for port, log, process in zip(ports, logs, processes):
        wait_for_port(port, 90, "an app server started by scripts/start", log)
        assert process.poll() is None, log.read_text()
    return ports, (logs[0], logs[1]), tuple(processes)


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[Deployment]:
    # What scripts/start would install is there before the clock starts (scripts/test installed
    # the project, redis's client library among the test tools): two first starts at once
    # would both run pip.
    subprocess.run(["bash", "-c", 'source scripts/lib.sh && install_project ""'], cwd=ROOT,
                   check=True, capture_output=True, timeout=600)
    with ExitStack() as stack:
        # Where gunicorn puts its control sockets: a short path (a socket's is at most 107 bytes).
        run = Path(tempfile.mkdtemp(prefix="companion-run-"))
        stack.callback(shutil.rmtree, run, True)
        # Outside pytest's folders, which the postgres user may not enter.
        postgres = Postgres(Path(tempfile.mkdtemp(prefix="companion-deploy-pg-")))
        stack.callback(shutil.rmtree, postgres.root, True)
        stack.callback(postgres.stop, "immediate")
        postgres.create()
        redis = free_port()
        redis_server = subprocess.Popen(
            [binary("redis-server", "/usr/bin/redis-server"), "--port", str(redis), "--bind",
             "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        stack.callback(stop, redis_server)
        wait_for_port(redis, 30, "redis-server")
        servers, logs, processes = _start_servers(tmp_path, run, postgres, redis, stack)
        proxy = free_port()
        (tmp_path / "nginx").mkdir()
        conf = nginx_conf(tmp_path / "nginx", proxy, servers)
        proxy_server = subprocess.Popen(
            [nginx(), "-c", str(conf), "-p", str(tmp_path / "nginx"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        stack.callback(stop, proxy_server)
        wait_for_port(proxy, 30, "nginx", tmp_path / "nginx" / "error.log")
        yield Deployment(proxy, servers, logs, (processes[0], processes[1]), postgres, run)


def _write(deployment: Deployment, game: dict[str, str], path: str, body: dict[str, object],
           key: str | None = None) -> Answer:
    headers = {"Authorization": f"Bearer {game['token']}"}
    if key:
        headers["Idempotency-Key"] = key
    return deployment.through("POST", f"/api/v1/games/{game['id']}/{path}", body,
                              headers=headers)


def _served(log: Path, game_id: str) -> int:
    return log.read_text(errors="replace").count(f"/games/{game_id}")


def test_two_servers_behind_the_readmes_nginx(deployment: Deployment) -> None:
    began = time.monotonic()
    # Both started at once on an empty database, and both serve.
    for port in deployment.servers:
        assert call(port, "GET", "/", tls=False).status == 200

    # A game played across both servers: every read after a write says that write.
    created = deployment.through("POST", "/api/v1/games", GAME)
    assert created.status == 201, created.body
    game = {"id": created.json()["game"]["id"], "token": created.json()["edit_token"]}
    version = created.json()["game"]["version"]
    for step in range(8):
        path, body = (("bids", {"bids": [0, 0, 0]}) if step % 2 == 0 else ("undo", {}))
        written = _write(deployment, game, path, {"version": version, **body})
        assert written.status == 200, written.body
        version += 1
        assert written.json()["version"] == version
        for _ in range(4):
            read = deployment.through("GET", f"/api/v1/games/{game['id']}")
            assert read.status == 200 and read.json()["version"] == version
    assert all(_served(log, game["id"]) > 0 for log in deployment.logs)

    # One page, one ETag, whichever server answers; and its share link keeps the proxy's port.
    host = f"127.0.0.1:{deployment.proxy}"
    forwarded = {"Host": host, "X-Forwarded-Proto": "https", "X-Forwarded-For": "127.0.0.1"}
    tags = {call(port, "GET", f"/g/{game['id']}", headers=forwarded, tls=False).headers["etag"]
            for port in deployment.servers}
    assert len(tags) == 1
    (tag,) = tags
    again = [deployment.through("GET", f"/g/{game['id']}", headers={"If-None-Match": tag})
             for _ in range(6)]
    assert [answer.status for answer in again] == [304] * 6
    page = deployment.through("GET", f"/g/{game['id']}")
    assert f"https://{host}/g/{game['id']}" in page.text

    # PostgreSQL restarts: a write meets a 503 with Retry-After (not a 500 the phone gives up
    # on), is sent again under its key once the database is back, and is applied once.
    deployment.postgres.stop()
    key = "restart-write-0123456789"
    refused = _write(deployment, game, "bids", {"version": version, "bids": [0, 0, 0]}, key)
    assert refused.status == 503 and int(refused.headers["retry-after"]) > 0
    assert refused.json()["error"]["code"] == "unavailable"
    assert deployment.through("GET", f"/g/{game['id']}").status == 503
    deployment.postgres.start()
    deadline = time.monotonic() + 30
    while (answer := _write(deployment, game, "bids", {"version": version, "bids": [0, 0, 0]},
                            key)).status == 503 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert answer.status == 200, answer.body
    replay = _write(deployment, game, "bids", {"version": version, "bids": [0, 0, 0]}, key)
    assert replay.status == 200 and replay.headers.get("idempotent-replayed") == "true"
    assert deployment.through("GET", f"/api/v1/games/{game['id']}").json()["version"] == version + 1

    # A burst of 16 creations from one address, spread over both servers and their workers:
    # exactly the limit gets through (redis counts for all of them).
    start = threading.Barrier(16)
    statuses: list[int] = []

    def create() -> None:
        start.wait()
        statuses.append(deployment.through("POST", "/api/v1/games", GAME,
                                           source="127.0.0.9").status)

    burst = [threading.Thread(target=create) for _ in range(16)]
    for thread in burst:
        thread.start()
    for thread in burst:
        thread.join(60)
    assert sorted(statuses) == [201] * LIMIT + [429] * (16 - LIMIT)

    # One control socket each: stopping one server leaves the other's.
    sockets = sorted(path.name for path in deployment.run.rglob("*.ctl"))
    assert sockets == sorted(f"companion-127.0.0.1-{port}.ctl" for port in deployment.servers)
    stop(deployment.processes[0])
    assert [path.name for path in deployment.run.rglob("*.ctl")] == [
        f"companion-127.0.0.1-{deployment.servers[1]}.ctl"]
    assert time.monotonic() - began < 90  # bounded: every wait above has its own deadline
