"""The store's reads (``database.read_one``, on a pooled connection given back at once): each
sees every write at once and holds no snapshot between reads; an in-memory database's one
shared connection serves them all."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from flask_migrate import upgrade

from companion import create_app, database, store

from tests.api.client import Api


def _head(app: Flask, game_id: str) -> store.GameHead | None:
    with app.app_context():
        return store.game_head(game_id)


def test_a_read_sees_each_write_at_once_and_holds_no_snapshot(
        tmp_path: Path, make_app: Callable[..., Flask]) -> None:
    shared = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    writer_app, reader_app = make_app(SQLALCHEMY_DATABASE_URI=shared), make_app(SQLALCHEMY_DATABASE_URI=shared)
    writer = Api(writer_app.test_client())
    game = writer.create("oh-hell", ["Ana", "Ben", "Cleo"])
    for _ in range(3):
        head = _head(reader_app, game.id)
        assert head is not None and head.version == game.version
        # Between reads no connection holds a read snapshot: a checkpoint that must wait
        # for every reader (TRUNCATE) is not kept busy by it.
        with sqlite3.connect(tmp_path / "shared.sqlite") as other:
            busy, _log, _done = other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0
        writer.play_turn_round(game)
    head = _head(reader_app, game.id)
    assert head is not None and head.version == game.version


def test_no_such_game_is_none(app: Flask) -> None:
    assert _head(app, "no-such-game") is None
    assert _head(app, "no-such-game") is None


def test_an_in_memory_database_serves_every_read_on_its_one_connection() -> None:
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
