"""A throw-away PostgreSQL cluster (Debian's ``postgresql`` package) on a loopback port, for
the tests that prove the app on the bigger deployment's database. ``scripts/test`` installs it."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade

from companion import create_app
from companion.storage.models import db

pytestmark = pytest.mark.server


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail("PostgreSQL is not installed: scripts/test installs Debian's postgresql package")
    return Path(found[-1]).parent


def _as_postgres(command: list[str]) -> list[str]:
    # initdb and postgres refuse to run as root: run them as the package's postgres user.
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """``postgresql://`` URL of a fresh cluster, stopped and removed after the session."""
    bin_dir = _binaries()
    root = Path(tempfile.mkdtemp(prefix="companion-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    port = _free_port()
    subprocess.run(
        _as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", "companion", "--auth=trust",
                      "-E", "UTF8", "--no-sync"]),
        check=True, capture_output=True,
    )
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-o", options,
                      "-w", "start"]),
        check=True, capture_output=True,
    )
    try:
        deadline = time.monotonic() + 30
        while subprocess.run([str(bin_dir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)],
                             capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                pytest.fail("PostgreSQL did not start: " + (root / "log").read_text())
            time.sleep(0.2)
        subprocess.run([str(bin_dir.parent / "bin" / "createdb"), "-h", "127.0.0.1", "-p", str(port),
                        "-U", "companion", "companion"], check=True, capture_output=True)
        yield f"postgresql://companion@127.0.0.1:{port}/companion"
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_app(postgres_url: str) -> Callable[[], Flask]:
    """Makes an app on the throw-away cluster, as each app server would be (its own caches and
    connections, the same database): call it once per server."""
    def make() -> Flask:
        return create_app({
            "TESTING": True,
            "SECRET_KEY": "pg-tests",
            "SQLALCHEMY_DATABASE_URI": postgres_url.replace("postgresql://", "postgresql+psycopg://"),
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        })
    return make


@pytest.fixture
def pg_app(postgres_app: Callable[[], Flask]) -> Iterator[Flask]:
    """One app on a migrated database, migrated down again after the test."""
    app = postgres_app()
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        downgrade(revision="base")
