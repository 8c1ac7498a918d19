"""A database that cannot be reached (a PostgreSQL restart, an outage) is a 503 with
Retry-After, in the API's error shape under /api and the app's translated page elsewhere: a
phone waits it out and sends the same write again under its key, where a 500 made it give up."""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Callable

import pytest
from flask import Flask

from companion import create_app
from companion.storage import database

GAME_ID = "AbCdEfGhIjKlMnOpQrStUv"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def unreachable() -> Flask:
    """The app on a PostgreSQL server that is not there (nothing listens on its port)."""
    return create_app({
        "TESTING": True, "SECRET_KEY": "outage", "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False, "PROPAGATE_EXCEPTIONS": False,
        "SQLALCHEMY_DATABASE_URI": f"postgresql+psycopg://companion@127.0.0.1:{_closed_port()}/x",
    })


def _is_unavailable(response: object) -> None:
    assert response.status_code == 503  # type: ignore[attr-defined]
    assert response.headers["Retry-After"] == "3"  # type: ignore[attr-defined]


@pytest.mark.parametrize("method, path, body", [
    ("GET", f"/api/v1/games/{GAME_ID}", None),
    ("POST", "/api/v1/games", {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}),
    ("POST", f"/api/v1/games/{GAME_ID}/bids", {"version": 1, "bids": [0, 0, 0]}),
    ("POST", "/api/v1/tables", {"name": "Thursday"}),
])
def test_the_api_answers_503_in_its_error_shape(unreachable: Flask, method: str, path: str,
                                                body: object) -> None:
    response = unreachable.test_client().open(path, method=method, json=body,
                                              headers={"Authorization": "Bearer " + "t" * 32})
    _is_unavailable(response)
    error = response.get_json()["error"]
    assert error["code"] == "unavailable" and error["field"] is None
    assert "Idempotency-Key" in error["message"]


@pytest.mark.parametrize("language, title", [("en", "Back in a moment"),
                                             ("fr", "De retour dans un instant"),
                                             ("it", "Torna tra un momento")])
def test_a_page_answers_503_in_the_visitors_language(unreachable: Flask, language: str,
                                                     title: str) -> None:
    client = unreachable.test_client()
    for response in (client.get(f"/g/{GAME_ID}", headers={"Accept-Language": language}),
                     client.post("/new", headers={"Accept-Language": language}, data={
                         "ruleset": "oh-hell", "first_dealer": "0", "players-0": "Ana",
                         "players-1": "Ben", "players-2": "Cleo"})):
        _is_unavailable(response)
        assert response.mimetype == "text/html"
        assert title in response.get_data(as_text=True)


def test_the_drivers_own_error_is_a_503_too(make_app: Callable[..., Flask],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # A connection held out of the pool (database.Readers) meets the driver's error unwrapped.
    app = make_app(PROPAGATE_EXCEPTIONS=False)

    def gone(*_args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(database, "read_plain", gone)
    _is_unavailable(app.test_client().get(f"/api/v1/games/{GAME_ID}"))
    _is_unavailable(app.test_client().get(f"/g/{GAME_ID}/live"))
