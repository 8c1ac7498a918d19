"""The migration s22_tables both ways, on a database that already holds games: on SQLite (batch
mode) and on PostgreSQL (the throw-away cluster of tests/postgres)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from companion import create_app, rules
from companion.storage import store, table_store
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
