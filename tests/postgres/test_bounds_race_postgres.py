"""The races of ``tests/tables/test_bounds_race.py`` on PostgreSQL, where the table's row is
held by ``SELECT … FOR UPDATE``: two app servers on one database, each adding one more game to
a table with one place left; one is written, the other refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.tables.test_bounds_race import (  # noqa: F401  (collected here too, on PostgreSQL)
    race,
    test_two_joins_racing_for_a_tables_last_place_make_one,
    test_two_new_games_racing_for_a_tables_last_place_make_one,
    test_two_new_games_racing_for_a_tables_last_player_seat_one,
)

pytestmark = pytest.mark.server


@pytest.fixture
def servers(pg_app: Flask, postgres_app: Callable[[], Flask]) -> list[FlaskClient]:
    """Two app servers on the one PostgreSQL database."""
    return [pg_app.test_client(), postgres_app().test_client()]
