"""Backups that happen by themselves (README, "Backups"): while Companion serves on SQLite, a
consistent copy of its database in ``instance/backups/`` (``BACKUP_FOLDER``; ``off`` stops
them), one at start when the newest is over a day old, then one a day, the last
``BACKUP_KEEP`` (7) kept (0: every one; below 0 is refused at start, ``companion.config``).

- **Consistent**: SQLite's online backup API copies the database page by page from a snapshot,
  safe while scorekeepers write; the copy is written aside (``.partial``), flushed, then renamed
  into place, so a backup file is never half-written; one that fails (a full disk) removes
  what it wrote aside, SQLite's journal beside it too.
- **One process**: each server process (a gunicorn worker) asks for an exclusive ``fcntl`` lock
  on ``instance/companion.lock``, without waiting; the one that holds it makes the backups, the
  others ask again every ``RETRY`` seconds (a worker that dies lets its lock go).
- **Restore** (``flask --app wsgi backup restore FILE``, registered by ``companion.app``) puts
  a backup in place of the database only when it can take that same lock: while a server holds
  it, it refuses and says so.

PostgreSQL keeps its own backups (``pg_dump``, README): nothing here runs for it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

from logging import Logger
from typing import Protocol

from sqlalchemy.engine import make_url

#: Backups kept (the newest), a day between two, and how often a process that does not hold the
#: lock asks again (seconds).
KEEP = 7
EVERY = 24 * 60 * 60
RETRY = 60
#: The lock, in the instance folder, that says a server holds the database.
LOCK_NAME = "companion.lock"
PREFIX, SUFFIX = "companion-", ".sqlite"


class Held(RuntimeError):
    """Another process holds the lock: a server is running on this database."""


class Unusable(ValueError):
    """A file offered for a restore is no SQLite database, or a damaged one."""


class ServedApp(Protocol):
    """What the backups read of the app (a Flask app has it): no request, no HTTP."""

    config: Any
    instance_path: str
    logger: Logger


def database_file(app: ServedApp) -> Path | None:
    """The SQLite file the app serves (``None``: another database, or one in memory)."""
    url = make_url(str(app.config["SQLALCHEMY_DATABASE_URI"]))
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def folder(app: ServedApp) -> Path | None:
    """Where backups go (``BACKUP_FOLDER``, a path or relative to the instance folder), or
    ``None`` when they are off (``off``, or not SQLite)."""
    chosen = str(app.config.get("BACKUP_FOLDER", "backups")).strip()
    if chosen.lower() in ("", "off", "0", "false", "no") or database_file(app) is None:
        return None
    return Path(app.instance_path) / chosen


def backups_in(where: Path) -> list[Path]:
    """The backups in ``where``, oldest first (their names sort by time)."""
    return sorted(where.glob(f"{PREFIX}*{SUFFIX}"))


def _stamp(now: datetime) -> str:
    return now.strftime("%Y%m%dT%H%M%S.%fZ")


def make(source: Path, where: Path, keep: int = KEEP, now: datetime | None = None) -> Path:
    """A consistent copy of ``source`` in ``where``, written aside then renamed; the oldest
    beyond ``keep`` removed. Returns the new backup's path."""
    where.mkdir(parents=True, exist_ok=True)
    name = f"{PREFIX}{_stamp(now or datetime.now(timezone.utc))}{SUFFIX}"
    final = where / name
    partial = where / f".{name}.partial"
    _remove_partial(partial)
    try:
        reading = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            writing = sqlite3.connect(partial)
            try:
                reading.backup(writing)
                # One self-contained file: no write-ahead log beside it.
                writing.execute("PRAGMA journal_mode=DELETE")
            finally:
                writing.close()
        finally:
            reading.close()
        with open(partial, "rb+") as written:
            os.fsync(written.fileno())
        os.replace(partial, final)
    except BaseException:
        # A full disk (or anything else) must not leave a half-written copy beside the
        # backups for ever: the next day's try starts clean and the space comes back.
        _remove_partial(partial)
        raise
    _sync_folder(where)
    # ``keep`` 0 keeps every backup (README, "Configuration"); below 0 is refused at start.
    for old in backups_in(where)[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
    return final


def _remove_partial(partial: Path) -> None:
    """A copy written aside, with what SQLite may have left beside it (its rollback journal)."""
    for leftover in ("", "-journal", "-wal", "-shm"):
        partial.with_name(partial.name + leftover).unlink(missing_ok=True)


def _sync_folder(where: Path) -> None:
    fd = os.open(where, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def due(where: Path, now: float | None = None, every: float = EVERY) -> bool:
    """Whether a backup is due: none yet, or the newest older than ``every`` seconds."""
    found = backups_in(where)
    if not found:
        return True
    return (now if now is not None else time.time()) - found[-1].stat().st_mtime >= every


# --- the lock -----------------------------------------------------------------------------------

def lock_path(app: ServedApp) -> Path:
    return Path(app.instance_path) / LOCK_NAME


def try_lock(path: Path) -> IO[bytes] | None:
    """The lock's file, held (exclusively, by this process), or ``None`` when another holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "ab")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """The lock held for the block, or ``Held`` at once when a server holds it."""
    handle = try_lock(path)
    if handle is None:
        raise Held(f"a server holds the database ({path} is locked): stop it first")
    try:
        yield
    finally:
        handle.close()


# --- the loop of a serving process --------------------------------------------------------------

class Keeper:
    """A server process's part in the backups: it asks for the lock, and while it holds it,
    makes a backup whenever one is due. Runs in a thread (a greenlet under gevent)."""

    def __init__(self, app: ServedApp, every: float = EVERY, retry: float = RETRY,
                 keep: int = KEEP) -> None:
        self.app = app
        self.every, self.retry, self.keep = every, retry, keep
        self.lock: IO[bytes] | None = None
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="companion-backups", daemon=True)

    def start(self) -> Keeper:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        if self.thread.is_alive():
            self.thread.join(timeout=5)
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def turn(self) -> None:
        """One turn: take the lock if free; holding it, a backup if one is due."""
        if self.lock is None:
            self.lock = try_lock(lock_path(self.app))
        where, source = folder(self.app), database_file(self.app)
        if self.lock is None or where is None or source is None:
            return
        if due(where, every=self.every):
            made = make(source, where, self.keep)
            self.app.logger.info("backup: %s", made.name)

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                self.turn()
            except Exception:  # a full disk must not stop the next day's try
                self.app.logger.exception("backup failed")
            self.stopped.wait(self.retry if self.lock is None else min(self.retry * 60,
                                                                       self.every / 24))


def serve(app: ServedApp) -> Keeper | None:
    """Start the backups of a serving process (``gunicorn.conf.py``); none off SQLite."""
    if database_file(app) is None:
        return None
    keep = int(app.config.get("BACKUP_KEEP", KEEP))  # checked at start (companion.config)
    return Keeper(app, keep=keep).start()


def restore_file(backup: Path, target: Path) -> None:
    """``backup`` (checked whole by SQLite) in place of ``target``, written aside then renamed;
    ``target`` as it was kept as ``.before-restore``. The caller holds the lock."""
    check = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        result = check.execute("PRAGMA integrity_check").fetchone()
    except sqlite3.DatabaseError as error:
        raise Unusable(f"{backup} is not a SQLite database: {error}") from None
    finally:
        check.close()
    if result is None or result[0] != "ok":
        raise Unusable(f"{backup} is damaged: {result}")
    if target.exists():
        keep = sqlite3.connect(target)
        try:
            keep.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            keep.close()
        shutil.copy2(target, target.with_name(target.name + ".before-restore"))
    partial = target.with_name(f".{target.name}.partial")
    shutil.copyfile(backup, partial)
    with open(partial, "rb+") as written:
        os.fsync(written.fileno())
    for stale in ("-wal", "-shm"):
        target.with_name(target.name + stale).unlink(missing_ok=True)
    os.replace(partial, target)
