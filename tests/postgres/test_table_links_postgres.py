"""A game put at a table from its page, on PostgreSQL: a table made with its first game in one
transaction (the table's row flushed before the game's points at it, as the foreign key
wants), a join whose form key is recorded with it, and a refused one that leaves nothing."""

from __future__ import annotations

import secrets

import pytest
from flask import Flask

from companion.storage.models import Table, db
from tests.api.client import Api
from tests.tables.conftest import ONE_CARD, Tables

pytestmark = pytest.mark.server


def test_keep_and_join_on_postgresql(pg_app: Flask) -> None:
    client = pg_app.test_client()
    at_table = Tables(client, Api(client))
    first = at_table.api.create("oh-hell", ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    at_table.play_one_card(first, 1)
    assert client.get(f"/g/{first.id}/keep/{first.token}").status_code == 303
    kept = client.post(f"/g/{first.id}/keep-table", data={
        "name": "Thursday cards", "idempotency_key": secrets.token_urlsafe(16)})
    assert kept.status_code == 303
    table_id = kept.headers["Location"].rsplit("/", 1)[1]

    second = at_table.api.create("oh-hell", ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    assert client.get(f"/g/{second.id}/keep/{second.token}").status_code == 303
    sent = secrets.token_urlsafe(16)
    for _time in range(2):  # sent twice: joined once
        joined = client.post(f"/g/{second.id}/join-table",
                             data={"table": table_id, "idempotency_key": sent})
        assert joined.status_code == 303
    assert joined.headers["Idempotent-Replayed"] == "true"
    assert [g["id"] for g in at_table.get(table_id)["games"]] == [second.id, first.id]

    refused = client.post(f"/g/{first.id}/keep-table", data={"name": "Another"})
    assert refused.status_code == 422  # at a table already: no second table made
    with pg_app.app_context():
        assert db.session.query(Table).count() == 1
