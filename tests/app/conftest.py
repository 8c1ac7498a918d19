"""Variants of the app with other settings than the shared ``app`` fixture's."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_migrate import upgrade

from companion import create_app


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., Flask]:
    """``make_app(TRUST_PROXY=True)``: the test app with these settings changed, its own database."""
    numbers = itertools.count()

    def make(**settings: Any) -> Flask:
        config = {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / f'variant-{next(numbers)}.sqlite'}",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **settings,
        }
        app = create_app(config)
        with app.app_context():
            upgrade()
        return app

    return make
