"""Fixtures: the app factory with a throw-away database (the Flask tutorial's conftest).

``make_app`` is the one place a test app is made: ``app`` is ``make_app()``, and a test that
needs other settings (CSRF on, rate limits, a proxy…) asks ``make_app(SETTING=value)``.

What every test app costs is paid once per worker (pytest-xdist runs a session in each): the
migrations run once, into a template database that each test gets a copy of, and each page's
Jinja template is compiled once. The migrations themselves are tested on their own, up and down
(tests/store/test_migrations.py and the migration tests beside the features they added).
"""

from __future__ import annotations

import itertools
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from hypothesis import settings as hypothesis_settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy.engine import make_url

from companion import create_app
from companion.storage.models import db


#: The folders whose tests drive a real browser or a real server: ``slow``, left out of the quick
#: loop. (tests/postgres is named here: the ``pytestmark`` of its conftest.py reaches no module,
#: and one of them starts an app server.)
SLOW_FOLDERS = {"browser", "server", "deploy", "postgres"}


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by this mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Those tests, and any marked ``server``, are ``slow``: together they take longer than the
    whole quick loop (``bash scripts/test -m "not slow"``) may.

    They once ran in turn on one worker (an ``xdist_group``); pytest 9.2 names a test by a
    structured id that pytest-xdist 3.8 does not amend, so no group holds any more, and they
    have run on both workers, each worker with its own server and Chromium: their waits overlap,
    and each is timed with room for a busy machine."""
    for item in items:
        folder = item.path.relative_to(config.rootpath).parts[1]
        if folder in SLOW_FOLDERS or item.get_closest_marker("server"):
            item.add_marker(pytest.mark.slow)


# No Hypothesis deadline (200 ms by default), here as in most of the suite's own settings: on a
# machine shared with other work an example now and then takes longer for reasons of its own,
# and a property that holds failed as "unreliable" (seen on a reveal example: 446 ms, then 3).
hypothesis_settings.register_profile("companion", deadline=None)
hypothesis_settings.load_profile("companion")

#: The settings of every test app, before the test's own.
TEST_SETTINGS: dict[str, Any] = {
    "TESTING": True,
    "SECRET_KEY": "test-secret",
    "WTF_CSRF_ENABLED": False,
    "RATELIMIT_ENABLED": False,
}


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, shared by every app of this worker. Each new app has its own
    Jinja environment, which compiled every page it rendered again: about half the time of a
    test that renders a few pages. Jinja checks each template's source against its checksum
    before using its code; every test app is made by ``create_app``, so all of them compile a
    source alike (the same extensions and options)."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite database brought up to the head revision by the real migrations, as the start
    command applies them: made once per worker, copied for each test app."""
    template = tmp_path_factory.mktemp("schema") / "migrated.sqlite"
    app = create_app({**TEST_SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{template}"})
    with app.app_context():
        upgrade()
        db.engine.dispose()
    # Everything into the file itself (the app's SQLite runs in WAL mode), so that a copy of the
    # file alone is the whole database.
    with closing(sqlite3.connect(template)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return template


@pytest.fixture
def make_app(tmp_path: Path, migrated_database: Path) -> Callable[..., Flask]:
    """``make_app(TRUST_PROXY=True)``: the test app with these settings changed, its own
    database (unless ``SQLALCHEMY_DATABASE_URI`` names one, e.g. two apps sharing it)."""
    numbers = itertools.count()

    def make(**settings: Any) -> Flask:
        url = settings.get("SQLALCHEMY_DATABASE_URI",
                           f"sqlite:///{tmp_path / f'test-{next(numbers)}.sqlite'}")
        file = make_url(url).database if url.startswith("sqlite:///") else None
        new_file = file is not None and file != ":memory:" and not Path(file).exists()
        if new_file:
            shutil.copyfile(migrated_database, file)
        app = create_app({**TEST_SETTINGS, "SQLALCHEMY_DATABASE_URI": url, **settings})
        app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
        if not new_file:  # a database that is there already: brought to the head revision
            with app.app_context():
                upgrade()
        return app

    return make


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Iterator[Flask]:
    yield make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
