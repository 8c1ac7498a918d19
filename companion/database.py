"""Database set-up: SQLite pragmas for the embedded default."""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping, NamedTuple

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
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


class JSONText(NamedTuple):
    """A JSON column's value with its text made beforehand (``json.dumps(value)``, as
    SQLAlchemy writes JSON to SQLite): SQLite stores the text as it is, other databases bind the
    value through their own processor."""

    value: Any
    text: str


def write(statement: UpdateBase, params: Mapping[str, Any]) -> int:
    """Run one writing statement in a transaction of its own and commit it; its row count.

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
            return int(connection.execute(statement, params).rowcount)  # type: ignore[attr-defined]
    sql, order = _compiled(engine, statement)
    values = tuple(_bound(params[name], process) for name, process in order)
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


def _bound(value: Any, process: Callable[[Any], Any] | None) -> Any:
    if isinstance(value, JSONText):
        return value.text
    return value if process is None else process(value)


def _compiled(engine: Engine, statement: UpdateBase) -> tuple[str, list[tuple[str, Any]]]:
    """The statement's SQL for the engine's dialect, and its parameters in order, each with its
    type's bind processor (``None`` for a value bound as it is)."""
    found = _COMPILED.get((engine, statement))
    if found is None:
        dialect = engine.dialect
        compiled = statement.compile(dialect=dialect)
        assert compiled.positiontup is not None  # SQLite's parameters are positional
        order = [(name, compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect))
                 for name in compiled.positiontup]
        found = _COMPILED[(engine, statement)] = (str(compiled), order)
    return found


_COMPILED: dict[tuple[Engine, UpdateBase], tuple[str, list[tuple[str, Any]]]] = {}
