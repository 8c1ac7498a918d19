"""Fixtures: the app factory with a throw-away database (the Flask tutorial's conftest).

``make_app`` is the one place a test app is made: ``app`` is ``make_app()``, and a test that
needs other settings (CSRF on, rate limits, a proxy…) asks ``make_app(SETTING=value)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from flask_migrate import upgrade


#: The folders whose tests drive a real browser or a real server: timed by the clock (an answer
#: within 2 s, a stalled client closed after its deadline), they assume no second browser or
#: server competes with them for this machine's cores.
ONE_AT_A_TIME = {"browser", "server", "deploy"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With pytest-xdist's ``--dist loadgroup`` (scripts/test runs two workers), those tests,
    and any marked ``server``, share one group, so one worker runs them in turn while the other
    runs the rest."""
    for item in items:
        folder = item.path.relative_to(config.rootpath).parts[1]
        if folder in ONE_AT_A_TIME or item.get_closest_marker("server"):
            item.add_marker(pytest.mark.xdist_group("one-at-a-time"))


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., Flask]:
    """``make_app(TRUST_PROXY=True)``: the test app with these settings changed, its own
    database (unless ``SQLALCHEMY_DATABASE_URI`` names one, e.g. two apps sharing it)."""
    numbers = itertools.count()

    def make(**settings: Any) -> Flask:
        database = tmp_path / f"test-{next(numbers)}.sqlite"
        app = create_app({
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **settings,
        })
        with app.app_context():
            upgrade()  # the real migrations, as the start command applies them
        return app

    return make


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Iterator[Flask]:
    yield make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
