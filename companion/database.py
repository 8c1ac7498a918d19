"""Database set-up (SQLite pragmas for the embedded default), and the ways ``store`` (and
``tables``, for a table's row) reach it, all on SQLAlchemy's public API: a read of one row, a
read of rows, a write that waits for SQLite's lock without blocking a worker, and the head read
of every request on the driver's cursor (``read_plain``, where the bench needs it)."""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence

from flask import Flask
from sqlalchemy import Executable, Select, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.sql.dml import UpdateBase

from .models import db
from .rules.memo import LRU

#: SQLITE_SYNCHRONOUS: how far a commit is flushed before the entry is acknowledged.
SYNCHRONOUS = ("NORMAL", "FULL", "EXTRA")
#: How long a statement waits for another connection's write lock (milliseconds).
BUSY_TIMEOUT_MS = 10_000


def _sqlite_pragmas(synchronous: str) -> Callable[[Any, Any], None]:
    # WAL lets the share-link readers read while a scorekeeper writes; the busy timeout makes a
    # second writer wait for the lock instead of failing. With WAL, synchronous=NORMAL keeps
    # every acknowledged entry through any crash of the app (the SIGKILL test) and never
    # corrupts the file, flushing the disk only at checkpoints: a power cut or a crash of the
    # machine may lose the last few entries. FULL flushes at every commit (0.3-5 ms each on
    # the test machine's disk, more than the rest of a write) and keeps them through that too.
    def connected(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
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


def read_one(statement: Executable, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The first row of ``statement``, or ``None``, on a pooled connection given back at once
    (no transaction held between requests; SQLAlchemy caches the compiled statement)."""
    with db.engine.connect() as connection:
        row = connection.execute(statement, params).first()
    return None if row is None else tuple(row)


def read_plain(statement: Select[Any], params: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The first row of ``statement``, whose columns need no processing by their types
    (integers, text: a game's version and token hash), run on the driver's cursor of a pooled
    connection (``Engine.raw_connection``), its SQL compiled once per engine.

    Every poll, page and write reads a game's head: through ``Connection.execute`` SQLAlchemy's
    cache-key walk and result machinery cost that read 100-200 µs, against a 304's whole
    250 µs (bench/README.md, issue 17). ``tests/store/test_reads.py`` fails when this stops
    giving exactly what ``read_one`` gives."""
    engine = db.engine
    sql, names = _PLAIN.get_or_make((engine, statement), lambda: _plain_sql(engine, statement))
    values: Any = params if names is None else [params[name] for name in names]
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        try:
            cursor.execute(sql, values)
            row = cursor.fetchone()
        finally:
            cursor.close()
    finally:
        connection.close()  # back to the pool, rolled back
    return None if row is None else tuple(row)


#: By engine and statement (a handful of statements, an engine per app: 64 at most), the SQL
#: and, for a positional parameter style, its parameters' names in order.
_PLAIN: LRU[tuple[Engine, Select[Any]], tuple[str, tuple[str, ...] | None]] = LRU(64)


def _plain_sql(engine: Engine, statement: Select[Any]) -> tuple[str, tuple[str, ...] | None]:
    compiled = statement.compile(dialect=engine.dialect)
    names = tuple(compiled.positiontup or ()) if engine.dialect.positional else None
    return str(compiled), names


def read_all(statement: Executable, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """Every row of ``statement``, as ``read_one`` reads one."""
    with db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(statement, params)]


def write(statement: UpdateBase, params: Mapping[str, Any],
          then: Sequence[tuple[UpdateBase, Mapping[str, Any]]] = ()) -> int:
    """Run one writing statement in a transaction of its own and commit it; its row count.
    ``then``: statements run in the same transaction when it changed a row (the write's
    Idempotency-Key, ``companion.idempotency``), committed with it or not at all.

    On SQLite, a writer that finds another process's write lock would wait inside the driver
    (SQLite's busy handler sleeps up to 100 ms at a time), and a gevent worker would serve no
    one meanwhile: with two workers entering scores, writes waited on each other. So the lock is
    tried without waiting (``PRAGMA busy_timeout=0`` on the connection for this write), and
    retried after short sleeps that let the worker serve its other requests (gevent makes
    ``time.sleep`` cooperative), for as long as the busy timeout."""
    engine = db.engine
    sqlite = engine.dialect.name == "sqlite"
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.0005
    while True:
        with engine.connect() as connection:
            if sqlite:
                connection.exec_driver_sql("PRAGMA busy_timeout=0")
            try:
                count = int(connection.execute(statement, params).rowcount)
                for extra, extra_params in then if count == 1 else ():
                    connection.execute(extra, extra_params)
                connection.commit()
                return count
            except OperationalError as error:
                connection.rollback()
                if not sqlite or "locked" not in str(error.orig) or time.monotonic() >= deadline:
                    raise
            finally:
                if sqlite:
                    connection.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
                    connection.rollback()  # the PRAGMA's own transaction, if it began one
        time.sleep(pause)
        pause = min(pause * 2, 0.01)
