"""On PostgreSQL: an id that cannot be one is a 404 (not a ``DataError``'s 500), times come out
in UTC whatever the database's time zone, and two creations racing one key with other bodies
get 422."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import psycopg
import pytest
from flask import Flask
from flask_migrate import upgrade

from companion import create_app
from companion.storage.models import db
from tests.api.test_idempotency import race_one_key

pytestmark = pytest.mark.server


def test_a_nul_in_an_id_is_a_404_on_postgresql(pg_app: Flask) -> None:
    client = pg_app.test_client()
    for bad in ("ab%00cd", "ab%0Acd"):
        for path in (f"/g/{bad}", f"/g/{bad}/live", f"/g/{bad}/standings.png",
                     f"/g/{bad}/keep/AbCdEf123", f"/g/AbCdEf123/keep/{bad}", f"/t/{bad}",
                     f"/api/v1/games/{bad}", f"/api/v1/tables/{bad}",
                     f"/api/v1/tables/AbCdEf123?before={bad}"):
            assert client.get(path).status_code in (400, 404), path
        # An id in a query string: the rules page for the game whose "?" was tapped.
        assert client.get(f"/rules/oh-hell?game={bad}").status_code == 200


@pytest.fixture
def elsewhere(postgres_url: str) -> Iterator[Flask]:
    """The app on a database of the cluster whose TimeZone is New York's."""
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute("CREATE DATABASE companion_new_york")
        admin.execute("ALTER DATABASE companion_new_york SET timezone TO 'America/New_York'")
    url = postgres_url.rsplit("/", 1)[0] + "/companion_new_york"
    app = create_app({"TESTING": True, "SECRET_KEY": "pg-tests", "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url.replace("postgresql://",
                                                             "postgresql+psycopg://")})
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute("DROP DATABASE companion_new_york")


def test_times_are_utc_whatever_the_databases_time_zone(elsewhere: Flask) -> None:
    client = elsewhere.test_client()
    made = client.post("/api/v1/tables", json={"name": "Thursday cards"}).get_json()
    table_id, token = made["table"]["id"], made["edit_token"]
    assert made["table"]["created_at"].endswith("Z"), made["table"]["created_at"]
    game = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"],
                                              "table": table_id},
                       headers={"Authorization": f"Bearer {token}"})
    assert game.status_code == 201
    table = client.get(f"/api/v1/tables/{table_id}").get_json()
    assert table["created_at"].endswith("Z") and table["games"][0]["started"].endswith("Z")
    sheet = client.get(f"/api/v1/tables/{table_id}/games.csv").get_data(as_text=True)
    assert sheet.splitlines()[1].startswith('"' + table["games"][0]["started"] + '"')
    with elsewhere.app_context():
        zone = db.session.execute(db.text("SHOW TIME ZONE")).scalar()
    assert zone == "UTC"  # each connection of the app's pool is set to UTC


def test_creations_racing_one_key_get_422_on_postgresql(
        postgres_app: Callable[[], Flask], pg_app: Flask,
        monkeypatch: pytest.MonkeyPatch) -> None:
    phones = [pg_app.test_client(), postgres_app().test_client()]  # two app servers
    for path, bodies in (
            ("/api/v1/games", ({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]},
                               {"ruleset": "oh-hell", "players": ["Dan", "Eve", "Fay"]})),
            ("/api/v1/tables", ({"name": "Thursday cards"}, {"name": "Friday cards"}))):
        won, lost = race_one_key(phones, path, bodies, monkeypatch)
        assert won.status_code == 201
        assert lost.status_code == 422, lost.get_data(as_text=True)
        assert lost.get_json()["error"]["code"] == "idempotency-key"
