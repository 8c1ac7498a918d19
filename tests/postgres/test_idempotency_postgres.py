"""Idempotency keys and the recorded rematch on PostgreSQL: the key is written in the write's
own transaction there too (``database.write`` through SQLAlchemy), seen by a second app server,
and the migration goes down again."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade

from companion.storage import store
from companion.storage.models import IdempotencyKey, db

pytestmark = pytest.mark.server



@pytest.fixture
def pg_apps(postgres_app: Callable[[], Flask]) -> Iterator[tuple[Flask, Flask]]:
    first, second = postgres_app(), postgres_app()
    with first.app_context():
        upgrade()
    yield first, second
    for app in (first, second):
        with app.app_context():
            db.session.remove()
    with first.app_context():
        downgrade(revision="base")


def test_keys_replay_on_another_app_server(pg_apps: tuple[Flask, Flask]) -> None:
    first, second = (app.test_client() for app in pg_apps)
    creation_key, bid_key = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
    body = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}
    created = first.post("/api/v1/games", json=body, headers={"Idempotency-Key": creation_key})
    assert created.status_code == 201
    answer = created.get_json()
    game_id, token = answer["game"]["id"], answer["edit_token"]
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": bid_key}
    bids = {"version": 1, "bids": [0, 0, 0]}
    assert first.post(f"/api/v1/games/{game_id}/bids", json=bids, headers=headers).status_code == 200

    again = second.post(f"/api/v1/games/{game_id}/bids", json=bids, headers=headers)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["version"] == 2
    other = second.post(f"/api/v1/games/{game_id}/bids", json={**bids, "bids": [1, 0, 0]},
                        headers=headers)
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency-key"
    replayed = second.post("/api/v1/games", json=body, headers={"Idempotency-Key": creation_key})
    assert replayed.status_code == 201 and replayed.get_json()["edit_token"] == token
    with pg_apps[1].app_context():
        assert db.session.query(IdempotencyKey).filter_by(scope=game_id).count() == 1
        store.record_rematch(game_id, "the-rematch")
        moved = store.load_game(game_id)
        assert moved.version == 3 and moved.rematch_id == "the-rematch"
        store.delete_game(game_id)  # its keys go with it
        assert db.session.query(IdempotencyKey).filter_by(scope=game_id).count() == 0
