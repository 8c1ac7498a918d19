"""The migrations s22_tables and s29_tables_updated_at both ways, on a database that already
holds games and tables: on SQLite and on PostgreSQL (the throw-away cluster of tests/postgres)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from companion import create_app, rules
from companion.storage import store, table_store, transfer
from companion.storage.models import db
from tests.postgres.conftest import postgres_url  # noqa: F401  (the cluster fixture)

BEFORE = "f28f393e8cd9"
REVISION = "s22_tables"


def _app(url: str) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "migrations", "SQLALCHEMY_DATABASE_URI": url,
                       "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})


def _games_of_today(count: int) -> None:
    """Games written as today's schema holds them (no table_id column yet)."""
    settings = json.dumps({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"],
                           "first_dealer": 0, "options": {}})
    for i in range(count):
        db.session.execute(text(
            "insert into games (id, ruleset, settings, entries, version, edit_token_hash, "
            "created_at, updated_at) values (:id, 'oh-hell', :settings, '[]', 1, :hash, "
            "'2026-11-30 20:00:00', '2026-11-30 20:00:00')"),
            {"id": f"old-game-{i}", "settings": settings, "hash": "0" * 64})
    db.session.commit()


def round_trip(app: Flask) -> None:
    with app.app_context():
        upgrade(revision=BEFORE)
        _games_of_today(3)
        upgrade(revision=REVISION)
        found = inspect(db.engine)
        assert "table_id" in {c["name"] for c in found.get_columns("games")}
        assert "ix_games_table_id" in {i["name"] for i in found.get_indexes("games")}
        assert {c["name"] for c in found.get_columns("tables")} == {
            "id", "name", "edit_token_hash", "version", "renames", "changed_game", "created_at"}
        upgrade()  # the later migrations too: the store's models are today's
        # The games of before are there, at no table, and may join one.
        old = store.load_game("old-game-0")
        assert old.table_id is None and old.settings.players == ("Ana", "Ben", "Cleo")
        table, _token = table_store.create_table("Thursday")
        assert table_store.join(table, old)
        joined = store.load_game("old-game-0")
        assert joined.table_id == table.id
        # A write to a game of the table moves the table's version in the same transaction.
        version = table_store.table_version(table.id)
        store.add_entry(joined, joined.version, rules.Bids((None, 0, None)))
        assert table_store.table_version(table.id) == version + 1  # type: ignore[operator]
        assert table_store.table_state(table_store.load_table(table.id)).figures.games == 1
        db.session.remove()
        downgrade(revision=BEFORE)
        found = inspect(db.engine)
        assert "tables" not in found.get_table_names()
        assert "table_id" not in {c["name"] for c in found.get_columns("games")}
        count = db.session.execute(text("select count(*) from games")).scalar_one()
        assert count == 3
        db.session.remove()
        downgrade(revision="base")


def test_sqlite_both_ways(tmp_path: Path) -> None:
    round_trip(_app(f"sqlite:///{tmp_path / 'migrations.sqlite'}"))


@pytest.mark.server
def test_postgresql_both_ways(postgres_url: str) -> None:  # noqa: F811
    round_trip(_app(postgres_url.replace("postgresql://", "postgresql+psycopg://")))


UPDATED_BEFORE = "s22_idempotency_rematch"
UPDATED = "s29_tables_updated_at"


def updated_at_both_ways(app: Flask) -> None:
    """s29_tables_updated_at on a database holding a table with a game: each existing table's
    last change is its making, the column is NOT NULL, and going down leaves the rest."""
    with app.app_context():
        upgrade(revision=UPDATED_BEFORE)
        _games_of_today(2)
        db.session.execute(text(
            "insert into tables (id, name, edit_token_hash, version, renames, created_at) "
            "values ('old-table', 'Thursday', :hash, 3, '[]', '2026-11-30 19:00:00')"),
            {"hash": "0" * 64})
        db.session.execute(text("update games set table_id = 'old-table' where id = 'old-game-0'"))
        db.session.commit()
        upgrade(revision=UPDATED)
        column = {c["name"]: c for c in inspect(db.engine).get_columns("tables")}["updated_at"]
        assert column["nullable"] is False
        old = table_store.load_table("old-table")
        assert old.updated_at == old.created_at
        assert transfer.table_export(old)["exported"] == "2026-11-30T19:00:00Z"
        # From now on, the table's every change dates it.
        table_store.rename_table(old, "Friday")
        assert table_store.load_table("old-table").updated_at > old.created_at
        made, _token = table_store.create_table("New")
        assert made.updated_at == made.created_at
        db.session.remove()
        downgrade(revision=UPDATED_BEFORE)
        assert "updated_at" not in {c["name"] for c in inspect(db.engine).get_columns("tables")}
        assert db.session.execute(text(
            "select name, version from tables where id = 'old-table'")).one() == ("Friday", 4)
        assert db.session.execute(text(
            "select table_id from games where id = 'old-game-0'")).scalar_one() == "old-table"
        db.session.remove()
        downgrade(revision="base")


def test_tables_updated_at_on_sqlite(tmp_path: Path) -> None:
    updated_at_both_ways(_app(f"sqlite:///{tmp_path / 'updated.sqlite'}"))


@pytest.mark.server
def test_tables_updated_at_on_postgresql(postgres_url: str) -> None:  # noqa: F811
    updated_at_both_ways(_app(postgres_url.replace("postgresql://", "postgresql+psycopg://")))
