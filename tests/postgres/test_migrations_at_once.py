"""Several servers started at once on one empty PostgreSQL database all run the migrations:
they take turns (an advisory lock in migrations/env.py), and every one of them starts, where
one of two died on a table the other had just created (``DuplicateTable "games"``)."""

from __future__ import annotations

import multiprocessing
import traceback
from typing import Any

import psycopg
import pytest
from flask_migrate import upgrade

from companion import create_app

pytestmark = pytest.mark.server

SERVERS = 3
ROUNDS = 3


def _start(url: str, ready: Any, failures: Any) -> None:
    """What a server's start does first: its app, then the migrations, at the same moment as
    the others."""
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": "at-once", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": url.replace("postgresql://",
                                                                 "postgresql+psycopg://")})
        ready.wait(30)
        with app.app_context():
            upgrade()
    except BaseException:
        failures.put(traceback.format_exc(limit=3))
        raise


def test_servers_started_at_once_on_an_empty_database_all_start(postgres_url: str) -> None:
    forked = multiprocessing.get_context("fork")
    for attempt in range(ROUNDS):
        name = f"at_once_{attempt}"
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")
            admin.execute(f"CREATE DATABASE {name}")
        url = postgres_url.rsplit("/", 1)[0] + f"/{name}"
        ready, failures = forked.Barrier(SERVERS), forked.Queue()
        servers = [forked.Process(target=_start, args=(url, ready, failures))
                   for _ in range(SERVERS)]
        for server in servers:
            server.start()
        for server in servers:
            server.join(60)
        said = [failures.get(timeout=5) for server in servers if server.exitcode != 0]
        assert said == [], f"round {attempt}: " + "\n".join(said)
        with psycopg.connect(url) as connection:
            version = connection.execute("SELECT version_num FROM alembic_version").fetchall()
            tables = {row[0] for row in connection.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert len(version) == 1 and {"games", "tables", "idempotency_keys"} <= tables
