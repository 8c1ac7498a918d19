"""The pages' side of export and import: the download links, and "Bring a table from a file" on
the home page (a new table this phone keeps; a refused file said at its field, in French)."""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from companion.storage.models import db

from .conftest import ONE_CARD, Tables


def _document(at_table: Tables, games: int = 12) -> tuple[str, dict[str, Any]]:
    table_id, token = at_table.create()
    for number in range(games):
        game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
        at_table.play_one_card(game, number % 3)
    return table_id, at_table.client.get(f"/api/v1/tables/{table_id}/export").get_json()


def _send(client: FlaskClient, document: Any, key: str = "", **headers: str) -> Any:
    data = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/import", data={"file": (io.BytesIO(data), "thursday.json"),
                                        "idempotency_key": key},
                       content_type="multipart/form-data", headers=headers)


def _tables(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(text("SELECT count(*) FROM tables")).scalar_one())


def test_the_pages_offer_the_downloads(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f'href="/api/v1/tables/{table_id}/export" download' in page
    assert "Download everything" in page
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert f'href="/api/v1/games/{game.id}/export" download>Download this game' in page
    french = client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Tout télécharger" in french


def test_a_file_brought_from_the_home_page_is_a_table_this_phone_keeps(
        app: Flask, client: FlaskClient, at_table: Tables) -> None:
    table_id, document = _document(at_table, games=3)
    home = client.get("/").get_data(as_text=True)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', home)
    assert key is not None and "Bring a table from a file" in home
    answer = _send(client, document, key.group(1))
    assert answer.status_code == 303
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != table_id
    assert client.get(f"/api/v1/tables/{new_id}/games.csv").get_data() == \
        client.get(f"/api/v1/tables/{table_id}/games.csv").get_data()
    assert f'href="/t/{new_id}"' in client.get("/").get_data(as_text=True)  # this phone keeps it
    again = _send(client, document, key.group(1))  # a second tap: the same table
    assert again.status_code == 303 and again.headers["Location"].endswith(new_id)
    assert _tables(app) == 2


def test_a_broken_file_is_refused_at_its_field_in_french(app: Flask, client: FlaskClient,
                                                         at_table: Tables) -> None:
    _table_id, document = _document(at_table)
    before = _tables(app)
    broken = copy.deepcopy(document)
    broken["games"][9]["entries"][1] = {"kind": "tricks", "tricks": [1, 1, 0]}
    answer = _send(client, broken, Accept_Language="fr")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    error = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>', page)
    assert error is not None, page
    assert error.group(1).startswith("Partie 10, saisie 2 : ")
    assert 'aria-invalid="true" aria-describedby="import-file-error import-file-hint"' in page
    for bad, words in ((b"{not json", "pas un document JSON"),
                       (json.dumps({**document, "format_version": 2}).encode(), "plus récent"),
                       (b"", "Choisis un fichier")):
        answer = _send(client, bad, Accept_Language="fr")
        assert answer.status_code == 422
        assert words in answer.get_data(as_text=True)
    assert _tables(app) == before


def test_a_score_pad_file_comes_back_under_its_title_or_says_its_rule_in_french(
        app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/v1/games", json={
        "ruleset": "score-pad", "players": ["Ana", "Ben", "Cleo"], "title": "Rummy",
        "options": {"zero_sum": True}})
    game = made.get_json()["game"]
    token = made.get_json()["edit_token"]
    for points in ([5, -2, -3], [-1, 0, 1]):
        game = client.post(f"/api/v1/games/{game['id']}/points",
                           json={"version": game["version"], "points": points},
                           headers={"Authorization": f"Bearer {token}"}).get_json()
    document = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    before = _tables(app)
    broken = copy.deepcopy(document)
    broken["games"][0]["entries"][1]["points"] = [-1, 0, 2]
    answer = _send(client, broken, Accept_Language="fr")
    assert answer.status_code == 422
    error = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>',
                      answer.get_data(as_text=True))
    assert error is not None
    assert error.group(1).startswith("Partie 1, saisie 2 : Le total fait 1 ; ")
    assert _tables(app) == before
    answer = _send(client, document)
    assert answer.status_code == 303
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    table = client.get(f"/api/v1/tables/{new_id}").get_json()
    assert table["name"].startswith("Rummy · ")
    assert table["games"][0]["title"] == "Rummy"
