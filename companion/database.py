"""Database set-up: SQLite pragmas for the embedded default."""

from __future__ import annotations

from typing import Any, Callable

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .models import db

#: SQLITE_SYNCHRONOUS: how far a commit is flushed before the entry is acknowledged.
SYNCHRONOUS = ("NORMAL", "FULL", "EXTRA")


def _sqlite_pragmas(synchronous: str) -> Callable[[Any, Any], None]:
    # WAL lets the share-link readers read while a scorekeeper writes; the busy timeout makes a
    # second writer wait for the lock instead of failing. With WAL, synchronous=NORMAL keeps
    # every acknowledged entry through any crash of the app (the SIGKILL test) and never
    # corrupts the file, flushing the disk only at checkpoints: a power cut or a crash of the
    # machine may lose the last few entries. FULL flushes at every commit (about one write in
    # three on a laptop's disk is spent waiting for it) and keeps them through that too.
    def connected(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.close()

    return connected


def init_app(app: Flask) -> None:
    synchronous = str(app.config.get("SQLITE_SYNCHRONOUS", "NORMAL")).strip().upper()
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be one of {', '.join(SYNCHRONOUS)}, "
                         f"not {app.config.get('SQLITE_SYNCHRONOUS')!r}")
    db.init_app(app)
    with app.app_context():
        engine: Engine = db.engine
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas(synchronous))
