"""Backups that happen by themselves (companion/storage/backups.py): a consistent copy while
writes go on, the newest seven kept, one process making them, a restore refused while a server
holds the database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from flask import Flask

from companion.storage import backups

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def _own(app: Flask, tmp_path: Path) -> Flask:
    """The test app with an instance folder of its own (its backups and its lock)."""
    app.instance_path = str(tmp_path / "instance")
    return app


def _game(client: object) -> tuple[str, str]:
    made = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": PLAYERS})  # type: ignore[attr-defined]
    assert made.status_code == 201
    return made.get_json()["game"]["id"], made.get_json()["edit_token"]


@pytest.mark.slow
def test_a_backup_taken_while_eight_threads_write_holds_every_acknowledged_entry(
        make_app: Callable[..., Flask], tmp_path: Path) -> None:
    app = _own(make_app(), tmp_path)
    source = backups.database_file(app)
    assert source is not None
    acknowledged: dict[str, int] = {}
    guard = threading.Lock()
    stop = threading.Event()
    errors: list[str] = []

    def scorekeeper() -> None:
        client = app.test_client()
        game_id, token = _game(client)
        headers = {"Authorization": f"Bearer {token}"}
        version = 1
        while not stop.is_set():
            # A bid, then its undo: the game moves on without ever ending.
            for path, body in (("bids", {"bids": [None, 1, None, None]}), ("undo", {})):
                answer = client.post(f"/api/v1/games/{game_id}/{path}",
                                     json={"version": version, **body}, headers=headers)
                if answer.status_code != 200:
                    errors.append(answer.get_data(as_text=True))
                    return
                version = answer.get_json()["version"]
                with guard:
                    acknowledged[game_id] = version

    threads = [threading.Thread(target=scorekeeper) for _ in range(8)]
    for thread in threads:
        thread.start()
    # Every scorekeeper has had a write acknowledged (however busy the machine), then some more.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not errors:
        with guard:
            if len(acknowledged) == 8 and all(v > 1 for v in acknowledged.values()):
                break
        time.sleep(0.05)
    time.sleep(0.2)
    with guard:  # every write acknowledged before the backup starts
        before = dict(acknowledged)
    made = backups.make(source, Path(app.instance_path) / "backups")
    time.sleep(0.2)
    stop.set()
    for thread in threads:
        thread.join()
    assert not errors, errors[:1]
    assert len(before) == 8 and all(version > 1 for version in before.values())
    copy = sqlite3.connect(made)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = dict(copy.execute("SELECT id, version FROM games").fetchall())
    finally:
        copy.close()
    for game_id, version in before.items():
        assert stored[game_id] >= version
    assert not list(made.parent.glob(".*.partial"))  # written aside, then renamed


def test_the_newest_seven_are_kept(tmp_path: Path) -> None:
    source = tmp_path / "db.sqlite"
    sqlite3.connect(source).execute("CREATE TABLE t (x)").connection.close()
    where = tmp_path / "backups"
    start = datetime(2026, 12, 1, tzinfo=timezone.utc)
    made = [backups.make(source, where, now=start + timedelta(days=day)) for day in range(9)]
    assert backups.backups_in(where) == made[2:]


def test_a_backup_is_due_at_start_when_the_newest_is_over_a_day_old(tmp_path: Path) -> None:
    where = tmp_path / "backups"
    assert backups.due(where)  # none yet
    source = tmp_path / "db.sqlite"
    sqlite3.connect(source).close()
    newest = backups.make(source, where)
    assert not backups.due(where)
    a_day_ago = time.time() - backups.EVERY - 60
    os.utime(newest, (a_day_ago, a_day_ago))
    assert backups.due(where)


HOLD = """
import fcntl, sys, time
handle = open(sys.argv[1], "ab")
fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
print("held", flush=True)
time.sleep(60)
"""


def test_one_process_holds_the_lock_and_the_restore_waits_for_it(
        make_app: Callable[..., Flask], tmp_path: Path) -> None:
    app = _own(make_app(), tmp_path)
    client = app.test_client()
    game_id, _token = _game(client)
    where = backups.folder(app)
    assert where is not None and where == Path(app.instance_path) / "backups"
    runner = app.test_cli_runner()
    made = runner.invoke(args=["backup", "now"])
    assert made.exit_code == 0, made.output
    backup = backups.backups_in(where)[-1]
    client.delete(f"/api/v1/games/{game_id}")  # a change after the backup

    other = subprocess.Popen([sys.executable, "-c", HOLD, str(backups.lock_path(app))],
                             stdout=subprocess.PIPE)
    try:
        assert other.stdout is not None and other.stdout.readline() == b"held\n"
        keeper = backups.Keeper(app)
        os.utime(backup, (0, 0))  # a backup is due, but another process holds the lock
        keeper.turn()
        assert keeper.lock is None and len(backups.backups_in(where)) == 1
        refused = runner.invoke(args=["backup", "restore", str(backup)])
        assert refused.exit_code != 0
        assert "a server holds the database" in refused.output
    finally:
        other.kill()
        other.wait()
    keeper.turn()  # free now: this process takes it and makes the backup that is due
    assert keeper.lock is not None and len(backups.backups_in(where)) == 2
    refused = runner.invoke(args=["backup", "restore", str(backup)])
    assert refused.exit_code != 0  # held by this process's keeper now
    keeper.stop()
    with app.app_context():
        from companion.storage.models import db
        db.engine.dispose()
    restored = runner.invoke(args=["backup", "restore", str(backup)])
    assert restored.exit_code == 0, restored.output
    assert client.get(f"/api/v1/games/{game_id}").status_code == 200  # as it was backed up


def test_off_and_postgresql_make_none(make_app: Callable[..., Flask]) -> None:
    assert backups.folder(make_app(BACKUP_FOLDER="off")) is None
    app = make_app()
    app.config["SQLALCHEMY_DATABASE_URI"] = "postgresql+psycopg://x@localhost/companion"
    assert backups.folder(app) is None and backups.serve(app) is None


class _FullDisk:
    """A source connection whose backup fills the disk halfway: the copy written aside has
    begun (and SQLite's rollback journal beside it) when ``database or disk is full`` comes."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real

    def backup(self, target: sqlite3.Connection) -> None:
        self.real.backup(target)
        target.execute("BEGIN")
        target.execute("CREATE TABLE half_written (x)")
        target.execute("INSERT INTO half_written VALUES (zeroblob(100000))")
        raise sqlite3.OperationalError("database or disk is full")

    def close(self) -> None:
        self.real.close()


def test_a_backup_that_fills_the_disk_leaves_nothing_written_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "db.sqlite"
    sqlite3.connect(source).execute("CREATE TABLE t (x)").connection.close()
    where = tmp_path / "backups"
    real_connect = sqlite3.connect
    left_aside: list[str] = []

    def connect(database: object, *args: object, **kwargs: object) -> object:
        connection = real_connect(database, *args, **kwargs)  # type: ignore[arg-type]
        if str(database).startswith("file:"):  # the source, read only
            return _FullDisk(connection)
        return connection

    monkeypatch.setattr(backups.sqlite3, "connect", connect)
    real_backup = _FullDisk.backup

    def backup_and_look(self: _FullDisk, target: sqlite3.Connection) -> None:
        try:
            real_backup(self, target)
        finally:  # what the failure found on the disk, so that the test shows both were there
            left_aside.extend(sorted(p.name for p in where.iterdir()))

    monkeypatch.setattr(_FullDisk, "backup", backup_and_look)
    with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):
        backups.make(source, where)
    assert any(name.endswith(".partial") for name in left_aside)
    assert any(name.endswith(".partial-journal") for name in left_aside)
    assert list(where.iterdir()) == []  # neither the copy nor its journal left for ever


def test_a_failed_backup_does_not_stop_the_next_one(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "db.sqlite"
    sqlite3.connect(source).execute("CREATE TABLE t (x)").connection.close()
    where = tmp_path / "backups"
    with monkeypatch.context() as patched:
        patched.setattr(backups.os, "fsync", _disk_full)
        with pytest.raises(OSError):
            backups.make(source, where)
    assert list(where.iterdir()) == []
    made = backups.make(source, where)
    assert backups.backups_in(where) == [made]


def _disk_full(fd: int) -> None:
    raise OSError(28, "No space left on device")


def test_backup_keep_0_keeps_every_backup(tmp_path: Path) -> None:
    source = tmp_path / "db.sqlite"
    sqlite3.connect(source).execute("CREATE TABLE t (x)").connection.close()
    where = tmp_path / "backups"
    start = datetime(2026, 12, 1, tzinfo=timezone.utc)
    made = [backups.make(source, where, keep=0, now=start + timedelta(days=day))
            for day in range(9)]
    assert backups.backups_in(where) == made
