"""Fixtures for the API tests: a client that speaks the API, and a real server process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from .client import Api
from .live import Server, start_server, stop_server


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A real gunicorn server with three workers and its own instance folder."""
    running = start_server(tmp_path)
    yield running
    stop_server(running.process)
