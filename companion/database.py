"""Database set-up: SQLite pragmas for the embedded default."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .models import db


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the share-link readers read while a scorekeeper writes; the busy timeout makes a
    # second writer wait for the lock instead of failing; FULL sync makes every acknowledged
    # write survive a crash of the process or the machine.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def init_app(app: Flask) -> None:
    db.init_app(app)
    with app.app_context():
        engine: Engine = db.engine
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
