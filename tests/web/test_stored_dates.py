"""Any date a game may hold renders (docs/api.md, "Bounds"): a game stored before starts were
bounded, whose start is the calendar's first day or its last, shows on every page of its own
and of its table, for the scorekeeper and the watcher alike."""

from __future__ import annotations

from datetime import datetime

import pytest
from flask import Flask
from sqlalchemy import text as sql

from companion.storage.models import db
from tests.web.conftest import Scorekeeper, text


@pytest.mark.parametrize("moment", [datetime(1, 1, 1, 0, 0, 0),
                                    datetime(9999, 12, 31, 23, 59, 59, 999999)])
def test_a_game_started_at_the_calendars_end_renders(app: Flask, start: object,
                                                     moment: datetime) -> None:
    keeper: Scorekeeper = start("oh-hell", ["Ana", "Ben", "Cleo"])  # type: ignore[operator]
    with app.app_context():  # as an import before the bounds left it: a new version, so no
        db.session.execute(sql("UPDATE games SET created_at = :at, version = version + 1 "
                               "WHERE id = :id"), {"at": moment, "id": keeper.id})
        db.session.commit()
    page = keeper.client.get(f"/g/{keeper.id}")
    assert page.status_code == 200
    assert f"{moment.year}" in text(page)
    watcher = app.test_client()
    for url in (f"/g/{keeper.id}", f"/g/{keeper.id}/live",
                f"/g/{keeper.id}/delete", f"/api/v1/games/{keeper.id}",
                f"/api/v1/games/{keeper.id}/export", "/"):
        assert keeper.client.get(url).status_code == 200, url
    assert watcher.get(f"/g/{keeper.id}").status_code == 200


@pytest.mark.parametrize("moment", [datetime(1, 1, 1, 0, 0, 0),
                                    datetime(9999, 12, 31, 23, 59, 59, 999999)])
def test_a_table_whose_game_started_at_the_calendars_end_renders(app: Flask,
                                                                 moment: datetime) -> None:
    phone = app.test_client()
    made = phone.post("/api/v1/tables", json={"name": "Thursday cards"}).get_json()
    table_id, token = made["table"]["id"], made["edit_token"]
    game = phone.post("/api/v1/games", json={"ruleset": "oh-hell", "players": ["Ana", "Ben",
                                                                              "Cleo"],
                                             "table": table_id},
                      headers={"Authorization": f"Bearer {token}"}).get_json()["game"]
    with app.app_context():
        db.session.execute(sql("UPDATE games SET created_at = :at, version = version + 1 "
                               "WHERE id = :id"), {"at": moment, "id": game["id"]})
        db.session.execute(sql("UPDATE tables SET version = version + 1 WHERE id = :id"),
                           {"id": table_id})
        db.session.commit()
    assert phone.get(f"/t/{table_id}/keep/{token}").status_code == 303
    for url in (f"/t/{table_id}", f"/t/{table_id}/live", f"/t/{table_id}/standings.png",
                f"/g/{game['id']}", f"/g/{game['id']}/standings.png", "/",
                f"/api/v1/tables/{table_id}", f"/api/v1/tables/{table_id}/statistics",
                f"/api/v1/tables/{table_id}/games.csv", f"/api/v1/tables/{table_id}/export",
                f"/api/v1/games/{game['id']}/export"):
        assert phone.get(url).status_code == 200, url
    assert str(moment.year) in text(phone.get(f"/t/{table_id}"))
