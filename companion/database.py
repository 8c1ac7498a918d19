"""Database set-up (SQLite pragmas for the embedded default), the write that waits for SQLite's
lock without blocking a worker, and the driver connections kept for the polls' one-row reads."""

from __future__ import annotations

import os
import threading
import time
import weakref
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import SingletonThreadPool, StaticPool
from sqlalchemy.sql.dml import UpdateBase

from .models import db

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


class Readers:
    """A few of the engine's driver connections, taken out of its pool and kept for one-row reads
    in autocommit (a game's version, on every poll).

    The pool's checkout and return (its bookkeeping, events and the rollback on return) cost four
    times the indexed read itself; these connections hold no transaction between reads, so they
    need none of it. Each read takes an idle connection or makes one, up to ``SIZE`` at once;
    beyond that (a driver that lets other greenlets run while it waits) it uses the pool as
    usual. A connection that fails is closed, never kept, and the read is made again through the
    pool; after a fork the parent's connections are left to the parent; ``engine.dispose()``
    closes them.
    """

    SIZE = 4

    def __init__(self, engine: Engine) -> None:
        self._engine = weakref.proxy(engine)  # the engine keeps its readers, not the other way
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


_READERS: weakref.WeakKeyDictionary[Engine, Readers] = weakref.WeakKeyDictionary()


def readers(engine: Engine) -> Readers:
    """The engine's kept read connections (made on first use, closed by ``engine.dispose()``)."""
    found = _READERS.get(engine)
    if found is None:
        found = _READERS[engine] = Readers(engine)
        event.listen(engine, "engine_disposed", lambda _engine: found.close())
    return found


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


class JSONText(NamedTuple):
    """A JSON column's value with its text made beforehand (``json.dumps(value)``, as
    SQLAlchemy writes JSON to SQLite): SQLite stores the text as it is, other databases bind the
    value through their own processor."""

    value: Any
    text: str


def write(statement: UpdateBase, params: Mapping[str, Any],
          then: Sequence[tuple[UpdateBase, Mapping[str, Any]]] = ()) -> int:
    """Run one writing statement in a transaction of its own and commit it; its row count.
    ``then``: statements run in the same transaction when it changed a row (the write's
    Idempotency-Key, ``companion.idempotency``), committed with it or not at all.

    On SQLite, a writer that finds another process's write lock would wait inside the driver
    (SQLite's busy handler sleeps up to 100 ms at a time), and a gevent worker would serve no
    one meanwhile: with two workers entering scores, writes waited on each other. So the lock is
    tried without waiting, and retried after short sleeps that let the worker serve its other
    requests (gevent makes ``time.sleep`` cooperative), for as long as the busy timeout.

    There the statement runs on the driver's connection: compiled once per engine, each value
    through its column type's own bind processor (the JSON and dates stored are SQLAlchemy's),
    without the execution machinery, which cost a write as much as the statement and its commit;
    a ``JSONText`` is bound as its text. A refusal is raised as SQLAlchemy raises it."""
    engine = db.engine
    if engine.dialect.name != "sqlite":
        params = {k: v.value if isinstance(v, JSONText) else v for k, v in params.items()}
        with engine.begin() as connection:
            count = int(connection.execute(statement, params).rowcount)  # type: ignore[attr-defined]
            for extra, extra_params in then if count == 1 else ():
                connection.execute(extra, extra_params)
            return count
    sql, order = _compiled(engine, statement)
    values = tuple(_bound(params[name], process) for name, process in order)
    more = [_positional(engine, extra, extra_params) for extra, extra_params in then]
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.0005
    while True:
        pooled = engine.raw_connection()
        try:
            driver = pooled.driver_connection
            assert driver is not None
            driver.execute("PRAGMA busy_timeout=0")
            try:
                count = int(driver.execute(sql, values).rowcount)
                for extra_sql, extra_values in more if count == 1 else ():
                    driver.execute(extra_sql, extra_values)
                driver.commit()
                return count
            except engine.dialect.loaded_dbapi.OperationalError as error:
                driver.rollback()
                if "locked" not in str(error) or time.monotonic() >= deadline:
                    raise DBAPIError.instance(sql, values, error, engine.dialect.loaded_dbapi.Error,
                                              dialect=engine.dialect) from error
            finally:
                driver.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        finally:
            pooled.close()  # back to the pool
        time.sleep(pause)
        pause = min(pause * 2, 0.01)


def _positional(engine: Engine, statement: UpdateBase,
                params: Mapping[str, Any]) -> tuple[str, tuple[Any, ...]]:
    sql, order = _compiled(engine, statement)
    return sql, tuple(_bound(params[name], process) for name, process in order)


def _bound(value: Any, process: Callable[[Any], Any] | None) -> Any:
    if isinstance(value, JSONText):
        return value.text
    return value if process is None else process(value)


def _compiled(engine: Engine, statement: UpdateBase) -> tuple[str, list[tuple[str, Any]]]:
    """The statement's SQL for the engine's dialect, and its parameters in order, each with its
    type's bind processor (``None`` for a value bound as it is)."""
    per_engine = _COMPILED.setdefault(engine, {})
    found = per_engine.get(statement)
    if found is None:
        dialect = engine.dialect
        compiled = statement.compile(dialect=dialect)
        assert compiled.positiontup is not None  # SQLite's parameters are positional
        order = [(name, compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect))
                 for name in compiled.positiontup]
        found = per_engine[statement] = (str(compiled), order)
    return found


#: Per engine (weakly, as the readers: a test's app and its engine come and go), per statement.
_COMPILED: weakref.WeakKeyDictionary[Engine, dict[UpdateBase, tuple[str, list[tuple[str, Any]]]]] = (
    weakref.WeakKeyDictionary())
