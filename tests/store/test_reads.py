"""The polls' version reads (``database.read_plain``) on driver connections held outside the
pool (``database.Readers``): exactly what SQLAlchemy reads;
one connection serves read after read, sees every write at once, holds no snapshot between
reads, is replaced when it breaks, and is closed with the engine; an in-memory database's one
shared connection is never taken out of its pool."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event
from sqlalchemy.engine import Engine

from companion import create_app
from companion.storage import database, store
from companion.storage.models import db
from tests.api.client import Api


def _engine(app: Flask) -> Engine:
    with app.app_context():
        return db.engine


@contextmanager
def connections(engine: Engine) -> Iterator[tuple[list[Any], list[Any]]]:
    """The driver connections the engine makes inside the block, and its pool's checkouts.
    Every connection from before is closed first, so the block's reads start from none."""
    made: list[Any] = []
    checkouts: list[Any] = []

    def connected(dbapi_connection: Any, _record: Any) -> None:
        made.append(dbapi_connection)

    def checked_out(dbapi_connection: Any, *_args: Any) -> None:
        checkouts.append(dbapi_connection)

    engine.dispose()
    event.listen(engine, "connect", connected)
    event.listen(engine, "checkout", checked_out)
    try:
        yield made, checkouts
    finally:
        event.remove(engine, "connect", connected)
        event.remove(engine, "checkout", checked_out)


def _head(app: Flask, game_id: str) -> store.GameHead | None:
    with app.app_context():
        return store.game_head(game_id)


def test_one_kept_connection_serves_every_poll_past_the_pool(app: Flask) -> None:
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    with connections(_engine(app)) as (made, checkouts):
        heads = [_head(app, game.id) for _ in range(50)]
    assert all(h is not None and h.version == game.version for h in heads)
    assert len(made) == 1, made  # made once, through the pool (its one checkout), then held
    assert len(checkouts) == 1, checkouts


def test_a_kept_connection_sees_each_write_at_once_and_holds_no_snapshot(
        tmp_path: Path, make_app: Callable[..., Flask]) -> None:
    shared = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    writer_app, reader_app = make_app(SQLALCHEMY_DATABASE_URI=shared), make_app(SQLALCHEMY_DATABASE_URI=shared)
    writer = Api(writer_app.test_client())
    game = writer.create("oh-hell", ["Ana", "Ben", "Cleo"])
    for _ in range(3):
        head = _head(reader_app, game.id)
        assert head is not None and head.version == game.version
        # Between reads the held connection holds no read snapshot: a checkpoint that must wait
        # for every reader (TRUNCATE) is not kept busy by it.
        with sqlite3.connect(tmp_path / "shared.sqlite") as other:
            busy, _log, _done = other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0
        writer.play_turn_round(game)
    head = _head(reader_app, game.id)
    assert head is not None and head.version == game.version


def test_no_such_game_is_none_on_a_kept_connection(app: Flask) -> None:
    assert _head(app, "no-such-game") is None
    assert _head(app, "no-such-game") is None


def test_a_broken_kept_connection_is_dropped_and_the_read_made_through_the_pool(app: Flask) -> None:
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    with connections(_engine(app)) as (made, checkouts):
        assert _head(app, game.id) is not None
        made[0].close()  # as a server restart would leave it
        head = _head(app, game.id)
        assert head is not None and head.version == game.version
        assert len(checkouts) == 2  # the first connection's making, then the pooled read
        assert _head(app, game.id) is not None
    assert len(made) >= 2  # the broken one was never used again


def test_engine_dispose_closes_the_kept_connections(app: Flask) -> None:
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    with connections(_engine(app)) as (made, _checkouts):
        assert _head(app, game.id) is not None
    _engine(app).dispose()
    with pytest.raises(sqlite3.ProgrammingError):
        made[0].execute("select 1")


def test_after_a_fork_the_parents_connection_is_left_to_the_parent(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    with connections(_engine(app)) as (made, _checkouts):
        assert _head(app, game.id) is not None
        parent = database.os.getpid()
        monkeypatch.setattr(database.os, "getpid", lambda: parent + 1)  # now "the child"
        assert _head(app, game.id) is not None
        assert len(made) == 2  # the child made its own
    assert made[0].execute("select 1").fetchone() == (1,)  # the parent's is still open


def test_beyond_the_kept_connections_reads_use_the_pool(
        make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database.Readers, "SIZE", 0)
    app = make_app()
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    with connections(_engine(app)) as (_made, checkouts):
        for _ in range(3):
            head = _head(app, game.id)
            assert head is not None and head.version == game.version
    assert len(checkouts) == 3


def test_an_in_memory_database_keeps_its_one_connection_in_its_pool() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "memory", "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    with app.app_context():
        upgrade()
    api = Api(app.test_client())
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    for _ in range(3):  # the tables are still there: the connection was not taken away
        assert api.get(game)["version"] == game.version
        api.play_turn_round(game)


def test_the_head_read_on_the_drivers_cursor_is_what_sqlalchemy_reads(app: Flask) -> None:
    """``database.read_plain`` runs a compiled statement on the driver's cursor: it must give
    exactly the row ``Connection.execute`` gives (fails when SQLAlchemy changes under it)."""
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    with app.app_context():
        for game_id in (game.id, "no-such-game"):
            params = {"game_id": game_id}
            assert database.read_plain(store._HEAD, params) == database.read_one(store._HEAD, params)
        head = store.game_head(game.id)
        assert head is not None and head.version == game.version
        assert head.token_matches(game.token)
