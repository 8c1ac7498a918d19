"""Fixtures for the persistence tests: the API's real server process (``tests/api/live.py``)."""

from tests.api.conftest import server

__all__ = ["server"]
