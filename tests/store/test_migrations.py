"""The migrations on their own: from an empty SQLite database up to the head revision one at a
time, down again one at a time to nothing, and up again; at the head the schema is the one the
models describe (Alembic's comparison of the two finds no difference).

Every other test's database is a copy of one that the migrations made once per worker
(tests/conftest.py), so this is where they run step by step; the migrations that move rows are
tested with rows in them beside the features they added (tests/tables/test_migration.py,
tests/api/test_idempotency_migration.py, on PostgreSQL too)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import current_app
from flask_migrate import downgrade, upgrade

from companion import create_app
from companion.storage.models import db


def _revision() -> str | None:
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _schema() -> dict[str, Any]:
    """Every table's columns (name, type, nullable), indexes and foreign keys."""
    inspector = sa.inspect(db.engine)
    return {table: (
        [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)],
        sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
               for i in inspector.get_indexes(table)),
        sorted((tuple(f["constrained_columns"]), f["referred_table"])
               for f in inspector.get_foreign_keys(table)),
    ) for table in sorted(inspector.get_table_names())}


def test_each_migration_up_and_down_from_nothing_and_the_head_is_the_models(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "migrations", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'migrations.sqlite'}"})
    with app.app_context():
        script = ScriptDirectory.from_config(current_app.extensions["migrate"].migrate.get_config())
        revisions = [r.revision for r in reversed(list(script.walk_revisions()))]  # oldest first
        assert len(revisions) >= 5 and revisions[-1] == script.get_current_head()

        schemas = []
        for revision in revisions:
            upgrade(revision=revision)
            assert _revision() == revision
            schemas.append(_schema())
        with db.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(
                connection, opts={"compare_type": True}), db.metadata) == []

        # Down one at a time: each step gives back the schema its revision had on the way up.
        for below, schema in zip(reversed(revisions[:-1]), reversed(schemas[:-1])):
            downgrade(revision=below)
            assert _revision() == below and _schema() == schema
        downgrade(revision="base")
        assert _revision() is None
        assert set(sa.inspect(db.engine).get_table_names()) <= {"alembic_version"}

        upgrade()
        assert _revision() == revisions[-1] and _schema() == schemas[-1]
