"""Settings the platform relies on: the instance secret key and SQLite's pragmas."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import text

from companion import config, create_app
from companion.storage.models import db


def _app_in(instance: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'db.sqlite'}"})


def test_the_instance_secret_key_is_generated_once_and_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _app_in(tmp_path / "home", monkeypatch)
    key_file = tmp_path / "home" / "secret_key"
    assert key_file.is_file()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = first.config["SECRET_KEY"]
    assert len(key) >= 64
    assert _app_in(tmp_path / "home", monkeypatch).config["SECRET_KEY"] == key
    assert _app_in(tmp_path / "elsewhere", monkeypatch).config["SECRET_KEY"] != key
    assert [p.name for p in (tmp_path / "home").iterdir() if p.name.startswith("secret_key")] == [
        "secret_key"
    ]


def test_a_given_secret_key_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    app = create_app({"SECRET_KEY": "given", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert app.config["SECRET_KEY"] == "given"
    assert not (tmp_path / "secret_key").exists()


def test_sqlite_pragmas(app: Flask) -> None:
    with app.app_context():
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 10000
            assert connection.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL


@pytest.mark.parametrize("given, level", [("full", 2), ("EXTRA", 3), ("normal", 1)])
def test_sqlite_synchronous_follows_its_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                given: str, level: int) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", given)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'sync.sqlite'}")
    app = create_app()
    with app.app_context():
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA synchronous")).scalar() == level


def test_an_unknown_sqlite_synchronous_is_refused_at_start(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", "OFF; DROP TABLE game")
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS must be one of NORMAL, FULL, EXTRA"):
        create_app()


def test_the_environment_sets_the_platform_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    monkeypatch.setenv("TRUST_PROXY", "true")
    monkeypatch.setenv("FORCE_HTTPS", "0")
    monkeypatch.setenv("GAME_CREATION_LIMIT", "5 per hour")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["TRUST_PROXY"] is True
    assert app.config["FORCE_HTTPS"] is False
    assert app.config["GAME_CREATION_LIMIT"] == "5 per hour"
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("env.sqlite")


def test_postgres_urls_use_psycopg_3() -> None:
    assert config._database_uri("postgres://u:p@db/companion") == "postgresql+psycopg://u:p@db/companion"
    assert config._database_uri("postgresql://db/c") == "postgresql+psycopg://db/c"


@pytest.mark.parametrize("keep", ["-1", "-7", "seven", "2.5", ""])
def test_a_backup_keep_below_0_or_not_a_number_is_refused_at_start(
        keep: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("BACKUP_KEEP", keep)
    with pytest.raises(ValueError, match="BACKUP_KEEP must be a whole number"):
        create_app()


@pytest.mark.parametrize(("keep", "number"), [("0", 0), ("3", 3), (" 12 ", 12)])
def test_backup_keep_from_the_environment_is_a_number(
        keep: str, number: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("BACKUP_KEEP", keep)
    assert create_app().config["BACKUP_KEEP"] == number
