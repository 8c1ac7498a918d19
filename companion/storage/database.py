"""Database set-up (SQLite pragmas for the embedded default), and the ways ``store`` (and
``tables``, for a table's row) reach it, all on SQLAlchemy's public API: a read of one row, a
read of rows, a write that waits for SQLite's lock without blocking a worker, and the head read
of every request on the driver's cursor of a few connections held out of the pool
(``read_plain``, ``Readers``: where the bench needs it)."""

from __future__ import annotations

import os
import threading
import time
import weakref
from typing import Any, Callable, Mapping, Sequence

from flask import Flask, current_app
from sqlalchemy import Executable, Select, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import SingletonThreadPool, StaticPool
from sqlalchemy.sql.dml import UpdateBase

from companion.rules.memo import LRU
from companion.storage.models import db

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
    if str(app.config.get("SQLALCHEMY_DATABASE_URI", "")).startswith("postgresql"):
        # Every time is read in UTC (docs/api.md writes them with a "Z") whatever the database's
        # own TimeZone: a session in another zone handed back "-05:00".
        options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
        connect = options.setdefault("connect_args", {})
        connect["options"] = (str(connect.get("options", "")) + " -c timezone=UTC").strip()
    db.init_app(app)
    with app.app_context():
        engine: Engine = db.engine
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas(synchronous))


def app_config() -> Mapping[str, Any]:
    """The configuration of the app in context (the one whose database this is): the storage
    reaches its app here alone, never through a request (``idempotency`` seals under its
    ``SECRET_KEY``, ``caches`` are sized by it), so a write needs an app context, not a request."""
    return current_app.config


def app_extension(name: str) -> Any:
    """What the app in context keeps under ``name`` (put there by the ``init_app`` of its
    module): per-app state, so that two apps in one process (tests) never share it."""
    return current_app.extensions[name]


def read_one(statement: Executable, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The first row of ``statement``, or ``None``, on a pooled connection given back at once
    (no transaction held between requests; SQLAlchemy caches the compiled statement)."""
    with db.engine.connect() as connection:
        row = connection.execute(statement, params).first()
    return None if row is None else tuple(row)


def read_plain(statement: Select[Any], params: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The first row of ``statement``, whose columns need no processing by their types
    (integers, text: a game's version and token hash), run on the driver's cursor of one of the
    engine's ``Readers``, its SQL compiled once per engine.

    Every poll, page and write reads a game's head: through ``Connection.execute``, SQLAlchemy's
    cache-key walk and result machinery cost that read 100-200 µs, and the pool's checkout and
    return 30-50 µs more, against a 304's whole 250 µs (bench/README.md, "Two doors, one memo").
    ``tests/store/test_reads.py`` fails when this stops giving exactly what ``read_one`` gives."""
    engine = db.engine
    sql, names = _PLAIN.get_or_make((engine, statement), lambda: _plain_sql(engine, statement))
    values: Any = params if names is None else [params[name] for name in names]
    return _readers(engine).fetch_one(sql, values)


def _readers(engine: Engine) -> Readers:
    """The app's held read connections (made on first use, closed by ``engine.dispose()``)."""
    found = current_app.extensions.get("companion.readers")
    if not isinstance(found, Readers) or found.engine_id != id(engine):
        made = Readers(engine)
        event.listen(engine, "engine_disposed", lambda _engine: made.close())
        current_app.extensions["companion.readers"] = found = made
    return found


class Readers:
    """A few of the engine's driver connections, taken out of its pool and held for one-row reads
    in autocommit (a game's version, on every poll).

    The pool's checkout and return (its bookkeeping, events and the rollback on return) cost four
    times the indexed read itself; these connections hold no transaction between reads, so they
    need none of it. Each read takes an idle connection or makes one, up to ``SIZE`` at once;
    beyond that (a driver that lets other greenlets run while it waits) it uses the pool as
    usual. A connection that fails is closed, never held, and the read is made again through the
    pool; after a fork the parent's connections are left to the parent; ``engine.dispose()``
    closes them.
    """

    SIZE = 4

    def __init__(self, engine: Engine) -> None:
        self._engine = weakref.proxy(engine)  # the app keeps its readers, they do not keep it
        self.engine_id = id(engine)
        # A pool of one shared connection (an in-memory SQLite database) must keep it.
        self._size = 0 if isinstance(engine.pool, (StaticPool, SingletonThreadPool)) else self.SIZE
        self._lock = threading.Lock()
        self._idle: list[Any] = []
        self._open = 0
        self._pid = os.getpid()

    def fetch_one(self, sql: str, params: Any) -> tuple[Any, ...] | None:
        """The first row of ``sql`` (compiled for this engine's driver), or ``None``."""
        connection = self._take()
        if connection is None:
            return _fetch_one_pooled(self._engine, sql, params)
        try:
            row = _first_row(connection, sql, params)
        except Exception:
            # Gone stale (PostgreSQL restarted, say): the pool, which pings what it hands out,
            # answers this one read.
            self._drop(connection)
            return _fetch_one_pooled(self._engine, sql, params)
        except BaseException:
            self._drop(connection)
            raise
        with self._lock:
            self._idle.append(connection)
        return row

    def _take(self) -> Any:
        with self._lock:
            if self._pid != os.getpid():  # forked: those are the parent's to use and close
                self._idle, self._open, self._pid = [], 0, os.getpid()
            if self._idle:
                return self._idle.pop()
            if self._open >= self._size:
                return None
            self._open += 1
        try:
            pooled = self._engine.raw_connection()
            connection = pooled.dbapi_connection
            pooled.detach()  # ours now: the pool forgets it and makes another when it needs one
            if hasattr(connection, "autocommit") and self._engine.dialect.name != "sqlite":
                connection.autocommit = True  # PostgreSQL: no transaction left open between reads
            return connection
        except BaseException:
            with self._lock:
                self._open -= 1
            raise

    def _drop(self, connection: Any) -> None:
        with self._lock:
            self._open -= 1
        try:
            connection.close()
        except Exception:
            pass  # a broken connection may refuse even to close: it is gone either way

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
            self._open -= len(idle)
        for connection in idle:
            connection.close()


def _fetch_one_pooled(engine: Engine, sql: str, params: Any) -> tuple[Any, ...] | None:
    connection = engine.raw_connection()
    try:
        return _first_row(connection, sql, params)
    finally:
        connection.close()  # back to the pool, rolled back


def _first_row(connection: Any, sql: str, params: Any) -> tuple[Any, ...] | None:
    cursor = connection.cursor()
    try:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    finally:
        cursor.close()  # the statement ends: SQLite's read snapshot goes with it
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
    Idempotency-Key, ``companion.storage.idempotency``), committed with it or not at all.

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
