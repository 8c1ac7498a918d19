"""A full disk (SQLite's "database or disk is full", PostgreSQL's 53100 disk_full) is a 507
``storage-full``: nothing changed, and no "send the same request again" (a 503 made the
phone's queue retry for ever). The disk is filled for real, as far as SQLite can tell: its
``max_page_count`` held at the pages the database has."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from sqlalchemy import event, text

from companion.storage.models import db

PLAYERS = ["Ana", "Ben", "Cleo"]


def fill_the_disk(app: Flask) -> None:
    """From now on SQLite finds the disk full whenever ``app`` writes: its ``max_page_count``
    held at the pages the database has, and before each write statement a page more asked for
    (a row too large for the room left in the pages: a new game may fit in a page's free
    bytes, which a disk really full would hold no more than this)."""
    with app.app_context():
        engine = db.engine
        with engine.connect() as connection:
            connection.execute(text("CREATE TABLE disk_filler (x)"))
            connection.commit()
            pages = connection.execute(text("PRAGMA page_count")).scalar()

        @event.listens_for(engine, "connect")
        def full(dbapi_connection: object, _record: object) -> None:
            cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
            cursor.execute(f"PRAGMA max_page_count={pages}")
            cursor.close()

        @event.listens_for(engine, "before_cursor_execute")
        def a_page_more(_connection: object, cursor: sqlite3.Cursor, statement: str,
                        *_args: object) -> None:
            if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
                cursor.execute("INSERT INTO disk_filler VALUES (zeroblob(100000))")

        engine.dispose()


def games(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(text("SELECT count(*) FROM games")).scalar() or 0)


@pytest.fixture
def full(make_app: Callable[..., Flask]) -> Iterator[Flask]:
    app = make_app(PROPAGATE_EXCEPTIONS=False)
    client = app.test_client()
    for _ in range(2):
        made = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": PLAYERS})
        assert made.status_code == 201
    fill_the_disk(app)
    yield app


def test_a_write_on_a_full_disk_is_a_507_storage_full(full: Flask) -> None:
    before = games(full)
    answer = full.test_client().post("/api/v1/games", json={"ruleset": "oh-hell",
                                                            "players": PLAYERS})
    assert answer.status_code == 507, answer.get_data(as_text=True)
    assert "Retry-After" not in answer.headers
    error = answer.get_json()["error"]
    assert error["code"] == "storage-full" and error["field"] is None
    assert "nothing was changed" in error["message"]
    assert "same Idempotency-Key" not in error["message"]
    assert games(full) == before  # nothing changed


@pytest.mark.parametrize("language, title", [("en", "Nothing was saved"),
                                             ("fr", "Rien n’a été enregistré"),
                                             ("it", "Non è stato salvato nulla")])
def test_a_page_on_a_full_disk_says_so_in_the_visitors_language(
        make_app: Callable[..., Flask], language: str, title: str) -> None:
    app = make_app(PROPAGATE_EXCEPTIONS=False, WTF_CSRF_ENABLED=False)
    fill_the_disk(app)
    client = app.test_client()
    answer = client.post("/new", headers={"Accept-Language": language}, data={
        "ruleset": "oh-hell", "first_dealer": "0", "players-0": "Ana", "players-1": "Ben",
        "players-2": "Cleo"})
    assert answer.status_code == 507
    assert answer.mimetype == "text/html"
    assert title in answer.get_data(as_text=True)
    assert games(app) == 0  # nothing changed


class _PostgresDiskFull(Exception):
    sqlstate = "53100"


class _PostgresTooManyConnections(Exception):
    sqlstate = "53300"


@pytest.mark.parametrize("error, full_", [
    (_PostgresDiskFull("could not extend file: No space left on device"), True),
    (_PostgresTooManyConnections("too many clients"), False),
    (Exception("database is locked"), False),
    (Exception("database or disk is full"), True),
])
def test_a_full_disk_is_told_apart_from_a_database_out_of_reach(error: Exception,
                                                                 full_: bool) -> None:
    from companion.http.security import storage_full

    assert storage_full(error) is full_
